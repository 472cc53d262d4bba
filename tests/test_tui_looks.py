"""How the terminal table's panels read: the 5-player result's columns align in
French, the score sheet names the person in full, the petit sec is said to the
person as "vous avez", the log draws no scrollbar glyphs."""

from __future__ import annotations

import re
from pathlib import Path

from atout.bidding import Contract
from atout.cards import CardSet
from atout.scoring import score
from atout.session import SheetRow
from atout.tui.app import TarotApp
from atout.tui.session import TableSession
from atout.tui.texts import result_text, sheet_text
from atout.tui.words import Seats
from tests.test_tui import QUIET

SESSION = TableSession(QUIET, 1)
SESSION.new_donne()


def garde_row(players: int) -> SheetRow:
    result = score(players=players, taker=0, partner=None if players < 5 else 2,
                   contract=Contract.GARDE, taker_half_points=90, bouts=2, petit_au_bout=0,
                   poignee=0, chelem=0)  # fmt: skip
    return SheetRow(1, 1, None, 0, "garde", None, None, result, result.marks)


def test_the_five_player_result_columns_align_in_french() -> None:
    row = garde_row(5)
    obs = SESSION.observation()._replace(sheet=(row,), players=5, totals=row.totals)
    text = str(result_text(SESSION, obs, Seats(0, 5, "fr")))
    table = text.split("\n\n")[-1].strip("\n").splitlines()
    assert table[0].startswith("Place") and len(table) == 6
    ends = {len(line.rstrip()) for line in table}
    assert len(ends) == 1, table  # every line ends in the total's column
    marks = [re.search(r"([+-]\d+) +[+-]\d+$", line) for line in table[1:]]
    assert len({m.end(1) for m in marks if m}) == 1 and all(marks), table  # the marks too


def test_the_score_sheet_names_the_person_in_full() -> None:
    row = garde_row(4)
    obs = SESSION.observation()._replace(sheet=(row,), totals=row.totals)
    text = str(sheet_text(obs, Seats(0, 4, "fr"), "fr"))
    assert "Vous" in text and not re.search(r"\bVou\b", text)


def test_the_petit_sec_is_said_to_the_person() -> None:
    obs = SESSION.observation()
    hand = CardSet.parse("T1 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H 9H")
    row = SheetRow(1, 1, "petit_sec", None, None, None, None, None, (0, 0, 0, 0))
    obs = obs._replace(sheet=(row,), deal=obs.deal._replace(petit_sec=(0, hand)))
    text = str(result_text(SESSION, obs, Seats(0, 4, "fr")))
    assert "vous avez le Petit sans autre atout" in text and "Vous a " not in text
    other = str(result_text(SESSION, obs, Seats(1, 4, "en")))
    assert "Left 0 holds the Petit without any other trump" in other


async def test_the_log_draws_no_scrollbar(tmp_path: Path) -> None:
    app = TarotApp(QUIET, 3, tmp_path / "match.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        log = app.screen.query_one("#log")
        assert log.max_scroll_y > 0  # the log is longer than its room…
        assert log.scrollbar_size_vertical == 0  # …and draws no scrollbar glyphs
