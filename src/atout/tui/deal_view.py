"""The deal drawn on the table itself: the cards drawn for the first dealer at each
seat's place, who shuffles, where the pack is cut, the packets piling up before each
seat and the chien's cards going down; it stays on the table during the bidding, so the
draw, the shuffle and the cut do not scroll away with the log."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from atout.cards import Card
from atout.i18n import N_
from atout.tui.words import Seats, tr

__all__ = ["DealBoard", "board_text"]

# Where each seat sits around the table (rows, then left/centre/right), counted from
# the person's seat (0): as the trick is drawn (atout.tui.texts.TABLE_PLACES).
PLACES = {
    3: [(2, None, 1), (None, 0, None)],
    4: [(None, 2, None), (3, None, 1), (None, 0, None)],
    5: [(3, None, 2), (4, None, 1), (None, 0, None)],
}


@dataclass
class DealBoard:
    """What the deal has shown so far, event by event (the person's feed)."""

    players: int
    dealer: int | None = None
    drawn: dict[int, str] = field(default_factory=dict)
    shuffler: int | None = None
    cutter: int | None = None
    cut: int | None = None
    counts: dict[int, int] = field(default_factory=dict)
    chien: int = 0
    rule: str = "D1"
    over: bool = False

    def apply(self, event: Mapping[str, Any]) -> None:
        kind = event["kind"]
        if kind == "donne_started":
            first = event.get("donne", 1) == 1  # the draw shows who deals the first
            fresh = DealBoard(self.players, None if first else event.get("dealer"))
            self.__dict__.update(fresh.__dict__)
            return
        self.rule = str(event.get("rule") or self.rule)
        if kind == "card_drawn":
            self.drawn[event["seat"]] = event["card"]
        elif kind == "dealer_chosen":
            self.dealer = event["dealer"]
        elif kind == "shuffled":
            self.shuffler = event["seat"]
        elif kind == "cut":
            self.cutter, self.cut = event["seat"], event["k"]
        elif kind == "packet_dealt":
            self.counts[event["seat"]] = self.counts.get(event["seat"], 0) + event["count"]
        elif kind == "chien_card_dealt":
            self.chien += 1
        elif kind == "cards_picked_up":
            self.over = True


def seat_cell(board: DealBoard, seat: int, lang: str) -> Text:
    """What lies before ``seat``: its packets as they pile up, else the card it drew."""
    if seat in board.counts:
        return Text(f"  ▮ {board.counts[seat]}")
    if seat in board.drawn:
        return Text("  ") + Text(Card.parse(board.drawn[seat]).display(lang), style="bold")
    return Text("")


def board_text(
    board: DealBoard, seats: Seats, lang: str, telling: bool, to_act: int | None = None,
    cell_width: int = 10, spaced: int = 0,
) -> Text:  # fmt: skip
    """The table during the deal (``telling``) and the bidding: each seat's name and
    what lies before it, then the dealer, the shuffle, the cut and the chien, each with
    its rule; while the deal is told, which rule ``r`` opens; ▶ marks ``to_act``. Each
    seat's column is ``cell_width`` wide; ``spaced``: the blank rows between the seats'
    rows (a tall window)."""
    ui = seats.ui
    text = Text()
    for index, row in enumerate(PLACES[board.players]):
        if spaced and index:
            text.append("\n" * spaced)
        for part in ("name", "cell"):
            for place in row:
                seat = None if place is None else seats.seat_at(place)
                if seat is None:
                    cell = Text("")
                elif part == "name":
                    mark = "▶" if seat == to_act else "◆" if seat == board.dealer else " "
                    cell = Text(f"{mark}{seats.short(seat)}", style="" if mark == " " else "bold")
                else:
                    cell = seat_cell(board, seat, lang)
                cell.truncate(cell_width, pad=True)
                text.append_text(cell)
            text.append("\n")
    text.append_text(steps_text(board, seats, 3 * cell_width - 1))
    if telling:
        text.append(tr(ui, "r: the rule {rule} · space: skip", rule=board.rule) + "\n", "italic")
    return text


def steps_text(board: DealBoard, seats: Seats, width: int = 29) -> Text:
    """The steps of the deal done so far, one line each with its rule; a seat by its
    full name where the line holds it in ``width`` cells."""
    ui = seats.ui
    text = Text()
    if board.dealer is not None:
        dealer = N_("◆ dealer: {name} (D2)")
        text.append(seats.says_within(board.dealer, dealer, dealer, width) + "\n")
    if board.shuffler is not None:
        shuffled = N_("shuffled by you (D4)"), N_("shuffled by {name} (D4)")
        text.append(seats.says_within(board.shuffler, *shuffled, width) + "\n")
    if board.cutter is not None and board.cut is not None:
        cut = N_("your cut: {k} cards (D5)"), N_("cut by {name}: {k} cards (D5)")
        text.append(seats.says_within(board.cutter, *cut, width, k=board.cut) + "\n")
    if board.chien:
        text.append(tr(ui, "chien: {cards} (D8)", cards="▮" * board.chien) + "\n")
    return text
