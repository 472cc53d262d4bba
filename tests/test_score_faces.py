"""Every face explains a score from the one breakdown (atout.scoring.Breakdown): the
terminal's result panel, ``atout deal``'s account, the companion's page, PDF rows and
CSV, and the web table's formatter. In each face and language the terms printed add
up to the score printed, and to the engine's."""

from __future__ import annotations

import re

from atout.bidding import Contract
from atout.scoring import score
from atout.session.table import SheetRow
from atout.tui.app import result_text
from atout.tui.session import Settings, TableSession
from atout.tui.words import Seats

QUIET = Settings(animate=False, speed="fast", pause=0, ui="en")


def _score_line(text: str) -> str:
    return next(line for line in text.splitlines() if "(S3)" in line)


def _sum_of_terms(line: str) -> tuple[int, int]:
    """The terms of a printed S3 sum, added up, and the total printed after ``=``."""
    left, _, right = line.rpartition("=")
    multiplied = re.search(r"(-?)\((25(?: [+-] ?\d+)+[^)]*)\) × (\d+)", left)
    assert multiplied, line
    inside = sum(int(n.replace(" ", "")) for n in re.findall(r"[+-]? ?\d+", multiplied[2]))
    total = (-1 if multiplied[1] else 1) * inside * int(multiplied[3])
    rest = left[multiplied.end() :]
    total += sum(int(n.replace(" ", "")) for n in re.findall(r"[+-] \d+", rest))
    return total, int(right.split()[0])


def test_the_result_panel_multiplies_the_petit_au_bout() -> None:
    """A Garde with 50 points, 2 bouts and the petit au bout: (25 + 9) × 2 + 20 = 88,
    and every term the panel prints adds up to the 88 it prints."""
    session = TableSession(QUIET, 1)
    session.new_donne()
    result = score(players=4, taker=0, partner=None, contract=Contract.GARDE,
                   taker_half_points=100, bouts=2, petit_au_bout=10, poignee=0,
                   chelem=0)  # fmt: skip
    assert result.score == 88
    row = SheetRow(1, 0, None, 0, "garde", None, None, result, result.marks)
    obs = session.observation()._replace(sheet=(row,))
    for ui in ("en", "fr"):
        text = str(result_text(session, obs, Seats(0, 4, ui)))
        printed, total = _sum_of_terms(_score_line(text))
        assert (printed, total) == (88, 88), text
