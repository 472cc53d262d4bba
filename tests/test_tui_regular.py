"""What a regular player met at the terminal table (issue 24): the final standings'
keys, the result panel's words and layout, the statistics' French, narrow labels."""

from __future__ import annotations

import random
import re
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from atout.bidding import Contract
from atout.bots.explain import hint
from atout.scoring import Result, score
from atout.tui.app import PanelScreen, TarotApp
from atout.tui.texts import camps_text
from tests.test_tui import QUIET, new_app, play_until_result, screen_text


async def final_panel(tmp_path: Path, pilot: object, app: TarotApp) -> PanelScreen:
    await pilot.press("n")  # type: ignore[attr-defined]
    return await play_until_result(pilot, app)


async def test_the_final_standings_show_their_keys_and_each_works(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8, replace(QUIET, deals=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await final_panel(tmp_path, pilot, app)
        await pilot.pause()
        footer = screen_text(app)[-1]
        for key in ("x Export", "a Play again", "m Scores", "q Quit", "t Statistics"):
            assert key in footer, footer
        await pilot.press("t")
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        for key in ("l", "r"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, PanelScreen)
            note = str(app.screen.query_one("#panel-note").render())
            assert note.startswith("The match is over"), note


def half_point_result(points: float, bouts: int) -> Result:
    return score(players=4, taker=0, partner=None, contract=Contract.PRISE,
                 taker_half_points=int(2 * points), bouts=bouts, petit_au_bout=0,
                 poignee=0, chelem=0)  # fmt: skip


def test_a_rounded_half_point_says_s5() -> None:
    text = str(camps_text(half_point_result(63.5, 2), "fr"))
    assert "il en fallait 41 (S2) : fait de 23 (22,5 arrondi, S5)" in text, text
    text = str(camps_text(half_point_result(40.5, 2), "en"))
    assert "failed by 1 (0.5 rounded, S5)" in text, text
    text = str(camps_text(half_point_result(64.0, 2), "en"))
    assert "made by 23\n" in text and "S5" not in text, text


async def test_a_hint_counts_its_seconds_escape_cancels_it_and_it_is_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import atout.tui.table_comforts as comforts
    from atout.bots import BOTS
    from tests.test_tui_learn import new_app as learning_app
    from tests.test_tui_learn import play_cards, table

    asked: list[int] = []
    release = threading.Event()

    def slow_hint(game: Any, rng: Any, samples: int = 64, budget: float | None = None) -> Any:
        asked.append(samples)
        assert budget == comforts.HINT_BUDGET
        release.wait(10)
        return hint(game, rng, samples=4)

    monkeypatch.setattr(comforts, "hint", slow_hint)
    app = learning_app(tmp_path, seed=12)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await play_cards(pilot, app, 1)
        screen = table(app)
        await pilot.press("h")
        await pilot.pause(1.3)
        said = str(screen.query_one("#message").render())
        counted = re.search(r"Looking for a hint… (\d+) s \(Escape cancels\)", said)
        assert counted is not None and int(counted.group(1)) >= 1, said  # a busy machine: more
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.hinting
        assert "Hint cancelled." in str(screen.query_one("#message").render())
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        assert not [n for n in app._notifications if "Hint" in str(n.title)]
    search_fast = BOTS["search-fast"](random.Random(1))
    assert asked == [comforts.HINT_SAMPLES] == [search_fast.samples]  # type: ignore[attr-defined]


async def test_the_palette_has_no_screenshot_and_speaks_french(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8, replace(QUIET, ui="fr"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Quitter" in titles or any("Quitter" in t for t in titles), titles
        assert not [t for t in titles if "Screenshot" in t or "Capture" in t], titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"capture")
        await pilot.pause(0.5)
        assert "Capture" not in "\n".join(screen_text(app))


def test_the_statistics_speak_good_french() -> None:
    from atout.tui.history import Stats, stats_text

    def donne(number: int, role: str, contract: str, made: bool, mark: int) -> dict[str, Any]:
        return {"kind": "donne", "match": 7, "number": number, "players": 4, "bots": "search",
                "role": role, "contract": contract, "void": None, "made": made,
                "points": 40.0, "bouts": 1, "mark": mark, "time": 0}  # fmt: skip

    entries = [donne(1, "defence", "prise", False, 42), donne(2, "taker", "garde", True, 20),
               donne(3, "taker", "prise", False, -60)]  # fmt: skip
    text = str(stats_text(Stats.of((entries, 0)), "fr"))
    assert "gagnées : 0" in text and "gagnés" not in text, text
    assert "Meilleure donne : +42, Prise chutée, vous étiez en défense (" in text, text
    assert "Pire donne : -60, Prise chutée, vous étiez preneur (" in text, text
    english = str(stats_text(Stats.of(([donne(2, "taker", "garde", True, 20)], 0)), "en"))
    assert "Best donne: +20, Garde made, you were taker (" in english, english


async def test_a_failed_contract_keeps_its_mark_on_its_row_with_five_players(
    tmp_path: Path,
) -> None:
    from atout.bidding import Contract as Bid
    from atout.tui.app import SheetScreen
    from tests.test_tui import under

    for seed in range(8):
        app = new_app(tmp_path / str(seed), seed, replace(QUIET, players=5, deals=2))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("n")
            await play_until_result(pilot, app, take=Bid.GARDE_CONTRE)
            result = under(app).obs.sheet[-1].result
            if result is None or result.made:
                continue
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, SheetScreen)
            lines = screen_text(app)
            row = next(line for line in lines if "✗" in line)
            assert f"{result.marks[-1]:+d}" in row.split("✗")[1], row  # marks on the same row
            assert " 1 " in row.split("✗")[0], row
            return
    raise AssertionError("no failed contract")


async def test_the_result_panel_is_as_wide_as_its_lines(tmp_path: Path) -> None:
    """At 120×40 no line of the result is wrapped: "chute de" keeps its number."""
    from atout.bidding import Contract as Bid

    app = new_app(tmp_path, 0, replace(QUIET, deals=2, ui="fr"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app, take=Bid.GARDE)
        await pilot.pause()
        rows = screen_text(app)
        lines = [line for line in str(panel.text).splitlines() if line.strip()]
        assert any("chute de" in line or "fait de" in line for line in lines)
        assert max(len(line) for line in lines) > 72  # longer than the old panel's width
        for line in lines:
            assert any(line.strip() in row for row in rows), line
