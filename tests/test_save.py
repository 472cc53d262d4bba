"""The table's save loses nothing: a resumed match goes on exactly as it would have,
a damaged save is set aside and reported, never half-loaded, and two tables never
share one save."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import atout.tui.session as session_module
from atout.errors import InvalidRecordError
from atout.tui.session import SaveInUseError, Settings, TableSession

ROOT = Path(__file__).resolve().parent.parent


def step(session: TableSession) -> bool:
    """One move of the table as the app makes it: deal, a bot's action, or the
    person's (a fixed choice among the legal actions); ``False`` at the end."""
    donne = session.donne
    if session.is_over:
        return False
    if donne is None or donne.is_terminal():
        session.new_donne()
    elif session.bot_step() is None:
        legal = donne.legal_actions()
        session.act(legal[len(session.actions) * 7 % len(legal)])
    return True


def play_to_the_end(session: TableSession) -> TableSession:
    while step(session):
        pass
    return session


def saved_after(settings: Settings, seed: int, steps: int, path: Path) -> TableSession:
    session = TableSession(settings, seed)
    for _ in range(steps):
        step(session)
    session.attach(path)
    session.save()
    session.close()
    return session


MATCHES = [(players, bots) for players in (3, 4, 5) for bots in ("random", "heuristic")]


@pytest.mark.parametrize(("players", "bots"), MATCHES)
def test_a_resumed_match_plays_on_as_if_never_interrupted(
    tmp_path: Path, players: int, bots: str
) -> None:
    settings = Settings(players=players, bots=bots, deals=3, animate=False)
    reference = TableSession(settings, 1000 + players)
    steps = 0
    while step(reference):
        steps += 1
    splits = sorted({*range(1, steps + 1, 4), 2, 3, steps - 1, steps})
    path = tmp_path / "match.json"
    for split in splits:
        saved_after(settings, 1000 + players, split, path)
        resumed = TableSession.load(path)
        resumed.save_path = None  # played on in memory: a save a move would be slow
        play_to_the_end(resumed)
        assert resumed.actions == reference.actions, f"split at step {split}"
        assert resumed.match.totals() == reference.match.totals()
        resumed.close()


def test_a_save_holds_every_generator_state(tmp_path: Path) -> None:
    session = saved_after(Settings(bots="random"), 3, 40, tmp_path / "match.json")
    data = json.loads((tmp_path / "match.json").read_text())
    assert data["random"]["deal"][1] == list(session.deal_rng.getstate()[1])
    assert len(data["random"]["bots"]) == 4


def test_an_older_save_without_generator_states_still_resumes(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_after(Settings(bots="random"), 3, 40, path)
    data = json.loads(path.read_text())
    del data["random"]
    path.write_text(json.dumps(data))
    session = TableSession.load(path)
    session.save_path = None
    assert len(session.actions) == len(data["actions"])
    assert play_to_the_end(session).is_over


def test_a_save_without_the_states_action_count_resumes_as_before(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved_after(Settings(bots="random"), 3, 40, path)
    data = json.loads(path.read_text())
    assert data["random"].pop("actions") == len(data["actions"])
    path.write_text(json.dumps(data))
    session = TableSession.load(path)
    assert _state_of(session.bots[1]) == data["random"]["bots"][1][1]
    session.close()


def test_a_save_before_the_later_settings_resumes_with_their_defaults(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    saved = saved_after(Settings(players=3, bots="random", ui="en"), 5, 30, path)
    data = json.loads(path.read_text())
    for name in ("seat", "ui", "speed", "pause", "target"):
        del data["settings"][name]
    path.write_text(json.dumps(data))
    session = TableSession.load(path)
    assert session.settings == Settings(players=3, bots="random", ui=session.settings.ui)
    assert session.actions == saved.actions and session.human == 0
    session.close()


def _state_of(bot: Any) -> list[int]:
    return list(bot.rng.getstate()[1])


# -- damaged saves ---------------------------------------------------------------------


def good_save(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "good.json"
    saved_after(Settings(players=5, bots="random", deals=3), 9, 120, path)
    data: dict[str, Any] = json.loads(path.read_text())
    return data


DAMAGE: dict[str, Any] = {
    "nesting": "NEST",
    "5000 digits": ("seed", int("9" * 4000)),
    "seed 1e400": "SEED1E400",
    "seed NaN": "SEEDNAN",
    "seed a string": ("seed", "9"),
    "seed true": ("seed", True),
    "seed negative": ("seed", -1),
    "donnes 0": ("donnes", 0),
    "donnes more than the match": ("donnes", 4),
    "donnes one more than played": ("donnes+1", None),
    "donnes a float": ("donnes", 2.0),
    "actions an object": ("actions", {}),
    "actions missing": ("-actions", None),
    "action out of range": ("action.0", 99),
    "action donne negative": ("action.0", -1),
    "action donne a string": ("action.0", "0"),
    "action not a pair": ("action", [0]),
    "action not an object": ("action.1", "bid"),
    "action seat a string": ("action.seat", "1"),
    "action unknown type": ("action.type", "fold"),
    "action illegal": ("action.seat", 4),
    "settings not an object": ("settings", [5]),
    "settings empty": ("settings", {}),
    "settings without lang": ("-settings.lang", None),
    "settings unknown field": ("settings.colour", "red"),
    "players a string": ("settings.players", "5"),
    "players a float": ("settings.players", 5.0),
    "players true": ("settings.players", True),
    "deals a string": ("settings.deals", "3"),
    "animate a string": ("settings.animate", "yes"),
    "bots unknown": ("settings.bots", "genius"),
    "speed unknown": ("settings.speed", "warp"),
    "pause a string": ("settings.pause", "2"),
    "seat out of range": ("settings.seat", 7),
    "ui unknown": ("settings.ui", "de"),
    "target negative": ("settings.target", -5),
    "random not an object": ("random", 3),
    "random a bot short": ("random.bots", "SHORT"),
    "random word too big": ("random.word", 2**32),
    "random word a float": ("random.word", 1.5),
    "random deal not the seed's": ("random.deal", "OTHER"),
    "actions cut short": ("actions-1", None),
    "random actions a string": ("random.actions", "120"),
    "top level a list": "LIST",
    "format missing": ("-format", None),
    "not utf-8": "LATIN1",
    "truncated": "TRUNCATED",
}


def damaged_text(tmp_path: Path, damage: Any) -> bytes:
    data = good_save(tmp_path)
    text = json.dumps(data)
    if damage == "NEST":
        return ('{"format": "atout.save/1", "x": ' + "[" * 100_000 + "]" * 100_000 + "}").encode()
    if damage == "SEED1E400":
        return text.replace(f'"seed": {data["seed"]}', '"seed": 1e400').encode()
    if damage == "SEEDNAN":
        return text.replace(f'"seed": {data["seed"]}', '"seed": NaN').encode()
    if damage == "LIST":
        return json.dumps([data]).encode()
    if damage == "LATIN1":
        return text.replace('"fr"', '"fré"').encode("latin-1")
    if damage == "TRUNCATED":
        return text[: len(text) // 2].encode()
    key, value = damage
    action = data["actions"][5]
    if key == "seed" and isinstance(value, int) and value > 10**100:
        return text.replace(f'"seed": {data["seed"]}', '"seed": ' + "9" * 5000).encode()
    if key.startswith("-settings."):
        del data["settings"][key.split(".")[1]]
    elif key.startswith("-"):
        del data[key[1:]]
    elif key == "actions-1":
        data["actions"].pop()
    elif key == "donnes+1":
        data["donnes"] += 1
    elif key == "action":
        data["actions"][5] = value
    elif key.startswith("action."):
        field = key.split(".")[1]
        if field.isdigit():
            action[int(field)] = value
        else:
            action[1][field] = value
    elif key.startswith("settings."):
        data["settings"][key.split(".")[1]] = value
    elif key == "random.bots":
        data["random"]["bots"].pop()
    elif key == "random.word":
        data["random"]["bots"][1][1][3] = value
    elif key == "random.actions":
        data["random"]["actions"] = value
    elif key == "random.deal":
        data["random"]["deal"] = data["random"]["bots"][0]
    else:
        data[key] = value
    return json.dumps(data).encode()


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_every_damaged_save_is_refused_whole(tmp_path: Path, damage: Any) -> None:
    path = tmp_path / "match.json"
    path.write_bytes(damaged_text(tmp_path, damage))
    with pytest.raises(InvalidRecordError, match="match.json: (damaged|not a)"):
        TableSession.load(path)
    TableSession(Settings(), 1, path).close()  # the lock was let go


def test_a_save_cut_short_and_one_missing_settings_say_why(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_bytes(damaged_text(tmp_path, ("actions-1", None)))
    with pytest.raises(InvalidRecordError, match="cut short"):
        TableSession.load(path)
    path.write_bytes(damaged_text(tmp_path, ("settings", {})))
    with pytest.raises(InvalidRecordError, match="'players', 'bots', 'deals', 'animate', 'lang'"):
        TableSession.load(path)


FIFO_LOAD = """
import sys
from pathlib import Path
from atout.errors import InvalidRecordError
from atout.tui.session import Settings, TableSession, set_aside
path = Path(sys.argv[1])
try:
    TableSession.load(path)
except InvalidRecordError as error:
    print(error)
TableSession(Settings(), 1, path).close()  # the lock was let go
print(set_aside(path).name)
"""


def test_a_fifo_at_the_save_path_is_refused_at_once_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    os.mkfifo(path)
    command = [sys.executable, "-c", FIFO_LOAD, str(path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=5, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    error, moved = done.stdout.splitlines()
    assert "match.json: not a readable save (not a regular file" in error
    assert moved == "match.json.damaged"
    assert not path.exists() and (tmp_path / "match.json.damaged").is_fifo()


def test_the_good_save_used_for_damage_loads(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(good_save(tmp_path)))
    assert len(TableSession.load(path).actions) > 100


def test_a_save_too_large_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(good_save(tmp_path)))
    monkeypatch.setattr(session_module, "MAX_SAVE_BYTES", 1000)
    with pytest.raises(InvalidRecordError, match="larger than 1000 bytes"):
        TableSession.load(path)


# -- one table a save ------------------------------------------------------------------


def test_a_second_session_on_the_same_save_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    first = TableSession(Settings(), 1, path)
    for _ in range(30):
        step(first)
    before = path.read_bytes()
    with pytest.raises(SaveInUseError, match=f"in use by another atout play \\(pid {os.getpid()}"):
        TableSession(Settings(), 2, path)
    with pytest.raises(SaveInUseError):
        TableSession.load(path)
    assert path.read_bytes() == before
    first.close()
    assert TableSession.load(path).actions == first.actions


HOLDER = """
import sys, time
from pathlib import Path
from atout.tui.session import Settings, TableSession
session = TableSession(Settings(), 1, Path(sys.argv[1]))
session.new_donne()
print("ready", flush=True)
time.sleep(60)
"""


def test_a_session_in_another_process_is_refused_until_it_dies(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "ready\n"
        with pytest.raises(SaveInUseError, match=f"pid {holder.pid} on "):
            TableSession.load(path)
    finally:
        holder.kill()
        holder.wait()
    assert TableSession.load(path).donne_number == 1  # a killed table leaves no lock
