"""The save seen from the table (Textual Pilot): a damaged save set aside and told, a
save another table holds refused, a disk that will not take the save told on a red
line while the game goes on, an export that fails told."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

import atout.tui.session as session_module
from atout.tui.app import PanelScreen, TableScreen, TarotApp, run
from atout.tui.session import SaveInUseError, Settings, TableSession, default_save_path
from tests.test_save import DAMAGE, damaged_text, saved_after, step
from tests.test_tui import SIZE, act_by_keys, message, table

QUIET = Settings(animate=False, speed="fast", pause=0)


def warning(app: TarotApp) -> str:
    line = app.screen.query_one("#warning")
    return str(line.render()) if line.display else ""


def notice(app: TarotApp) -> str:
    return str(app.screen.query_one("#notice").render())


async def human_moves(pilot: Any, app: TarotApp, count: int) -> None:
    for _ in range(200):
        await pilot.pause()
        if isinstance(app.screen, PanelScreen):
            await pilot.press("enter")
        elif count == 0:
            return
        elif table(app).hold:
            await pilot.press("space")
        elif table(app).session.human_to_act():
            await act_by_keys(pilot, app)
            count -= 1
    raise AssertionError("the person was not asked to act")


BRIEF = [
    "nesting",
    "5000 digits",
    "seed 1e400",
    "donnes 0",
    "actions an object",
    "action out of range",
    "players a string",
    "action seat a string",
]


@pytest.mark.parametrize("name", BRIEF)
async def test_a_damaged_save_is_set_aside_and_told(tmp_path: Path, name: str) -> None:
    path = tmp_path / "match.json"
    text = damaged_text(tmp_path, DAMAGE[name])
    path.write_bytes(text)
    app = TarotApp(QUIET, 1, path, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "could not be resumed" in notice(app) and "set aside as match.json.damaged" in (
            notice(app)
        )
    assert (tmp_path / "match.json.damaged").read_bytes() == text
    assert not path.exists()


async def test_a_save_another_table_holds_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    other = TableSession(QUIET, 3, path)
    for _ in range(20):
        step(other)
    before = path.read_bytes()
    app = TarotApp(QUIET, 4, path, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"in use by another atout play (pid {os.getpid()}" in notice(app)
        assert not app.screen.query("#new") and not app.screen.query("#resume")
        await pilot.press("n")
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
        await pilot.click("#quit")
    assert app.return_code == 1 and path.read_bytes() == before
    with pytest.raises(SaveInUseError, match="quit that table first"):
        run(QUIET, 4, True, path)
    other.close()


def fail_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)


async def test_a_full_disk_is_told_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "match.json"
    app = TarotApp(QUIET, 21, path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        await human_moves(pilot, app, 1)
        session = table(app).session
        good = path.read_bytes()
        fail_fsync(monkeypatch)
        await human_moves(pilot, app, 2)
        assert "Not saved — cannot write" in warning(app) and "No space left" in warning(app)
        assert session.saved_actions is not None and len(session.actions) > session.saved_actions
        assert path.read_bytes() == good and not (tmp_path / "match.json.tmp").exists()
        assert len(json.loads(good)["actions"]) == session.saved_actions
        monkeypatch.undo()
        await human_moves(pilot, app, 1)
        assert warning(app) == "" and session.saved_actions == len(session.actions)
        fail_fsync(monkeypatch)
        await pilot.press("q")
        await pilot.pause()
        assert "q again quits all the same" in message(app) and isinstance(app.screen, TableScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 1
    monkeypatch.undo()
    assert len(TableSession.load(path).actions) == session.saved_actions


async def test_atout_home_dev_null_plays_without_a_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ATOUT_HOME", "/dev/null")
    app = TarotApp(QUIET, 5, default_save_path())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "cannot keep a save in /dev/null: it is not a folder" in notice(app)
        await pilot.click("#new")
        await human_moves(pilot, app, 2)
        assert "Not saved — cannot keep a save in /dev/null" in warning(app)
        await pilot.press("q")
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 1


def read_only(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``folder`` as a read-only folder is, even for root: nothing new is written there."""
    folder.chmod(0o555)
    real_open, real_os_open = open, os.open

    def refused(path: Any) -> None:
        if Path(path).parent == folder:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    def guarded_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        refused(path)
        return real_open(path, *args, **kwargs)

    def guarded_os_open(path: Any, flags: int, *args: Any) -> int:
        if flags & os.O_CREAT and not Path(path).exists():
            refused(path)
        return real_os_open(path, flags, *args)

    monkeypatch.setattr(session_module, "open", guarded_open, raising=False)
    monkeypatch.setattr(os, "open", guarded_os_open)


async def test_a_read_only_folder_resumes_and_tells_it_cannot_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "home"
    folder.mkdir()
    path = folder / "match.json"
    saved_after(QUIET, 31, 12, path)
    good = path.read_bytes()
    kept = len(json.loads(good)["actions"])
    read_only(folder, monkeypatch)
    app = TarotApp(QUIET, None, path, resume=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await human_moves(pilot, app, 2)
            assert "Not saved — cannot write" in warning(app) and "Permission denied" in (
                warning(app)
            )
            assert f"({kept} actions)" in warning(app)
    finally:
        folder.chmod(0o755)
    assert path.read_bytes() == good


@pytest.mark.parametrize(
    ("folder", "why"), [("a-file", "Not a directory"), ("d" * 300, "File name too long")]
)
async def test_an_export_that_fails_is_told(tmp_path: Path, folder: str, why: str) -> None:
    (tmp_path / "a-file").write_text("")
    app = TarotApp(QUIET, 8, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        await human_moves(pilot, app, 1)
        await pilot.press("x")
        await pilot.pause()
        app.screen.query_one("#folder", Input).value = str(tmp_path / folder)
        await pilot.press("enter")
        await pilot.pause()
        path = tmp_path / folder / "atout-match-8.json"
        assert message(app) == f"Not exported ({why}): {path}"
        await human_moves(pilot, app, 1)
