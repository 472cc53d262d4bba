"""The terminal table's words and drawings: the cards, the status line, the trick in the
middle, a donne's result, the score sheet, the footer's keys."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.screen import Screen

from atout.bidding import Contract
from atout.cards import Card, CardSet
from atout.i18n import N_
from atout.score_text import number, score_bonuses, score_equation
from atout.scoring import Result
from atout.session import SheetRow, TableObservation
from atout.state import (
    GamePhase,
    Trick,
)
from atout.tui.session import (
    SaveError,
    TableSession,
)
from atout.tui.story import contract_name
from atout.tui.words import Seats, plural, tr

BID_KEYS = {
    "p": None,
    "1": Contract.PRISE,
    "2": Contract.GARDE,
    "3": Contract.GARDE_SANS,
    "4": Contract.GARDE_CONTRE,
}
SHORT_BIDS = {
    None: "Passe",
    Contract.PRISE: "Prise",
    Contract.GARDE: "Garde",
    Contract.GARDE_SANS: "G. sans",
    Contract.GARDE_CONTRE: "G. contre",
}


def bid_label(contract: Contract | None, ui: str) -> str:
    """A bid's button in the interface's language (short in French: *G. sans*)."""
    words = {
        None: tr(ui, "Pass", "bid button"),
        Contract.PRISE: tr(ui, "Prise", "bid button"),
        Contract.GARDE: tr(ui, "Garde", "bid button"),
        Contract.GARDE_SANS: tr(ui, "Garde sans", "bid button"),
        Contract.GARDE_CONTRE: tr(ui, "Garde contre", "bid button"),
    }
    return words[contract]


SUIT_STYLE = {0: "bold", 1: "bold red", 2: "bold red", 3: "bold"}

HELP = N_("""\
[b]Keys[/b]
  ← → Enter    choose a card and play it (←/→ skip the unmarked ones)
  mouse        click a card or a button
  p 1 2 3 4    bid: passe, prise, garde, garde sans, garde contre
  1 2 3 4      5 players, the taker: call the King on that button (B4)
  Enter u y    écart: put a card aside, take the last one back, confirm
  c  n         announce a chelem (when offered), or not
  s            show a poignée: choose its trumps (when offered)
  space        go on after a trick (a card chosen then waits for your
               turn); skip the deal's telling
  l            the last trick     m  the score sheet
  r            the rules          x  export the match (atout.game/1)
  ?            this help          q  save and quit

A bare number is a trump (21, 7), Ex the Excuse; a suit card has its
suit's sign (7♥, R♠ or K♠).
The cards you may play are marked ▲ (and bright), the others dim.
A refused card says why, with its rule (r opens the rules on it).
The chien's cards are underlined in the taker's hand.
Seats go counter-clockwise: seat 1 after yours is your right neighbour.
""")


PLAYABLE = "▲"
"""The sign under each card the person may play: seen without colours too (NO_COLOR)."""


def colours() -> bool:
    """Whether the terminal shows colours: not when ``NO_COLOR`` is set (no-color.org),
    as Textual reads it; the cards are then drawn in the terminal's own colour, which
    a monochrome screen shows bright, and the legal ones are marked by a sign."""
    return os.environ.get("NO_COLOR") is None


def card_text(card: Card, lang: str, legal: bool = True, marked: bool = False) -> Text:
    label = card.display(lang)
    if not colours():
        style = "bold"
    elif card.is_trump:
        style = "bold cyan"
    elif card.is_excuse:
        style = "bold magenta"
    else:
        style = SUIT_STYLE[card // 14]
    if not legal:
        style = "dim"
    if marked:
        style += " underline"
    return Text(label, style=style)


def donne_over(obs: TableObservation) -> bool:
    """The donne being shown is over (its row is on the score sheet)."""
    return bool(obs.sheet) and obs.sheet[-1].number == obs.number


def points_text(points: float, ui: str = "en") -> str:
    """Points as the reader writes them (``41,5`` in French)."""
    return number(points, ui)


def tiny(seats: Seats, seat: int) -> str:
    """A seat in three letters for the score sheet's columns."""
    if seat == seats.me:
        return tr(seats.ui, "You", "sheet")
    places = {3: ("", "R", "L"), 4: ("", "R", "A", "L"), 5: ("", "R", "FR", "FL", "L")}
    place = places[seats.players][seats.relative(seat)]
    if seats.ui == "fr":
        place = {"R": "D", "L": "G", "A": "F", "FR": "LD", "FL": "LG"}[place]
    return f"{place}{seat}"


def bonus_text(row: SheetRow) -> str:
    """The bonuses counted in the donne's score, in a few characters (b, p, c)."""
    result = row.result
    if result is None:
        return ""
    return score_bonuses(result.breakdown)


def sheet_rows(obs: TableObservation, seats: Seats) -> list[tuple[str, ...]]:
    """Each donne of the score sheet in words: number, dealer, taker (and partner),
    contract, failed mark, points, bouts, bonuses."""
    ui = seats.ui
    rows: list[tuple[str, ...]] = []
    for row in obs.sheet:
        taker = "—"
        if row.taker is not None:
            taker = tiny(seats, row.taker)
            if row.partner is not None and row.partner != row.taker:
                taker += "+" + tiny(seats, row.partner)
        if row.void is not None:
            contract = {"all_pass": tr(ui, "all pass"), "petit_sec": tr(ui, "petit sec")}.get(
                row.void, tr(ui, "void")
            )
        else:
            contract = SHORT_BIDS[Contract(row.contract)] if row.contract else ""
        result = row.result
        rows.append((
            str(row.number), tiny(seats, row.dealer), taker, contract,
            "✗" if result and not result.made else " ",  # in the row, whatever its width
            points_text(result.points, ui) if result else "",
            str(result.bouts) if result else "",
            bonus_text(row),
        ))  # fmt: skip
    return rows


def sheet_text(obs: TableObservation, seats: Seats, lang: str) -> Text:
    """The score sheet: each column as wide as its header and its longest entry, so
    that the dealer's column says *Dealer* (*Donneur*) and 5 players fit in 80 columns;
    a donne's bonuses wider than their column go on under it, the marks staying under
    their headers."""
    ui = seats.ui
    heads = (tr(ui, "Dealer"), tr(ui, "Taker"), tr(ui, "Contract"), tr(ui, "Bonus"))
    pts, b, totals = tr(ui, "Pts"), tr(ui, "B"), tr(ui, "Totals")
    rows = sheet_rows(obs, seats)
    dealer, taker, contract = (
        max([cell_len(heads[i]), *(cell_len(r[i + 1]) for r in rows)]) for i in range(3)
    )
    bonus = max([cell_len(heads[3]), *(cell_len(word) for r in rows for word in r[7].split())])
    contract = max(contract, cell_len(totals))
    head = f"{'#':>2} {heads[0]:<{dealer}} {heads[1]:<{taker}} {heads[2]:<{contract}} "
    head += f"{pts:>4} {b} {heads[3]:<{bonus}}"
    head += "".join(f"{tiny(seats, s):>6}" for s in range(obs.players))
    text = Text(tr(ui, "Score sheet") + "\n\n", style="bold")
    text.append(head + "\n", style="bold underline")
    indent = cell_len(head) - 6 * obs.players - bonus  # where the bonus column begins
    for row, words in zip(obs.sheet, rows, strict=True):
        number, by, took, bid, failed, points, bouts, bonuses = words
        first, *more = packed(bonuses, bonus)
        line = (
            f"{number:>2} {by:<{dealer}} {took:<{taker}} {bid:<{contract}}{failed}"
            f"{points:>4} {bouts:>1} {first:<{bonus}}"
        )
        marks = row.result.marks if row.result else (0,) * obs.players
        text.append(line + "".join(f"{mark:>+6d}" for mark in marks) + "\n")
        for rest in more:
            text.append(" " * indent + rest + "\n")
    line = f"{'':>2} {'':<{dealer}} {'':<{taker}} {totals:<{contract}} {'':>4} {'':>1} "
    line += f"{'':<{bonus}}" + "".join(f"{total:>+6d}" for total in obs.totals)
    text.append(line + "\n", style="bold")
    text.append("\n" + columns_legend(obs.players, seats) + "\n", style="italic")
    text.append(
        tr(
            ui,
            "Pts: the taker's camp's points; B: its bouts; b petit au bout, p poignée, "
            "c chelem; ✗ the contract failed.",
        ),
        style="italic",
    )
    return text


def columns_legend(players: int, seats: Seats) -> str:
    """What the score sheet's short seat names stand for: ``R1: Right 1, A2: Across
    2, L3: Left 3``."""
    others = [seats.seat_at(relative) for relative in range(1, players)]
    return ", ".join(
        tr(seats.ui, "{short}: {name}", short=tiny(seats, seat), name=seats.name(seat))
        for seat in others
    )


def packed(words: str, width: int) -> list[str]:
    """``words`` in lines of at most ``width`` cells (a word longer stays whole); one
    line, maybe empty, at least.

    >>> packed("b+10 p+20 c+200", 9)
    ['b+10 p+20', 'c+200']
    """
    lines = [""]
    for word in words.split():
        if lines[-1] and cell_len(lines[-1]) + 1 + cell_len(word) > width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    return lines


def length_text(value: tuple[str, int], ui: str) -> str:
    kind, number = value
    if kind == "deals":
        said = plural(ui, number, N_("{number} donne"), N_("{number} donnes"))
        return tr(ui, said, number=number)
    return tr(ui, "up to {number} marks", number=number)  # a total, in marks (S4)


def pause_text(value: float, ui: str) -> str:
    if value < 0:
        return tr(ui, "until a key")
    if value == 0:
        return tr(ui, "none")
    return tr(ui, "{seconds:g} s", seconds=value)


# Where each seat sits around the trick (rows, then left/centre/right), counted from the
# person's seat (0): counter-clockwise play puts the next seat on the right.
TABLE_PLACES = {
    3: [(None, None, None), (2, None, 1), (None, 0, None)],
    4: [(None, 2, None), (3, None, 1), (None, 0, None)],
    5: [(3, None, 2), (4, None, 1), (None, 0, None)],
}


def translate_footer(screen: Screen[Any], ui: str) -> None:
    """The footer's words in the interface language."""
    screen._bindings = screen._bindings.copy()
    table = screen._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [replace(b, description=footer_word(b.description, ui)) for b in bindings]


def footer_word(description: str, ui: str) -> str:
    """A key's word in the footer, short enough for the keys to fit in 80 columns."""
    short = {  # the footer's own words, shorter in French ("Marque", "Quitter"…)
        "Score sheet": lambda: tr(ui, "Scores", "footer"),
        "Save & quit": lambda: tr(ui, "Save & quit", "footer"),  # q saves, as the help says
        "New match": lambda: tr(ui, "New match", "footer"),
        "Statistics": lambda: tr(ui, "Statistics", "footer"),
    }
    if description in short:
        return short[description]()
    return tr(ui, description)


def not_saved_text(session: TableSession, error: SaveError, ui: str = "en") -> str:
    return tr(
        ui,
        "Not saved — {error}. The game goes on; {kept}.",
        error=error.text(ui),
        kept=kept_text(session, ui),
    )


def kept_text(session: TableSession, ui: str = "en") -> str:
    kept = session.saved_actions
    if kept is None:
        return tr(ui, "nothing of this match is saved")
    if kept == 1:
        return tr(ui, "the save keeps its last good state (1 action)")
    return tr(ui, "the save keeps its last good state ({kept} actions)", kept=kept)


def status_text(
    session: TableSession, obs: TableObservation, seats: Seats, telling: bool = False,
    width: int = 80,
) -> Text:  # fmt: skip
    """The status line: the donne, the dealer, the contract and taker, the card called,
    the partner; the seats by their full names when the line holds them in ``width``
    columns, else by their short ones (5 players: *Far R 2*)."""
    full = status_words(session, obs, seats, telling, seats.name)
    if cell_len(full) > width:
        full = status_words(session, obs, seats, telling, seats.short)
    return Text(full, style="bold reverse")


def status_words(
    session: TableSession, obs: TableObservation, seats: Seats, telling: bool,
    named: Callable[[int], str],
) -> str:  # fmt: skip
    ui, lang = seats.ui, session.settings.lang
    if session.settings.target:
        parts = [tr(ui, "Donne {number} · to {target} marks", number=obs.number,
                    target=session.settings.target)]  # fmt: skip
    else:
        parts = [tr(ui, "Donne {number}/{deals}", number=obs.number, deals=obs.deals)]
    game = obs.game
    if game is not None and not telling:
        parts.append(tr(ui, "dealer {name}", name=named(game.dealer)))
        if game.contract is not None and game.taker is not None:
            parts.append(
                tr(ui, "{contract} by {name}", contract=game.contract.label,
                   name=named(game.taker))
            )  # fmt: skip
        if game.called is not None:
            parts.append(tr(ui, "called {card}", card=game.called.display(lang)))
        if game.partner is not None and game.partner != game.taker:
            parts.append(tr(ui, "partner {name}", name=named(game.partner)))
        elif game.partner is not None:
            parts.append(tr(ui, "taker alone"))
        if game.barred:
            barred = ", ".join(named(s) for s in sorted(game.barred))
            parts.append(tr(ui, "barred: {seats}", seats=barred))
    return " · ".join(parts)


def scores_text(obs: TableObservation, seats: Seats) -> Text:
    scores = " · ".join(f"{seats.short(s)} {obs.totals[s]:+d}" for s in range(obs.players))
    return Text(tr(seats.ui, "Totals: {list}", list=scores), style="bold")


def split_tricks(tricks: tuple[Trick, ...]) -> tuple[Trick | None, Trick | None]:
    """The trick to draw in the middle (the finished one stays until the next card),
    and the one finished before it (drawn below once the next has begun)."""
    tricks = tuple(t for t in tricks if t.cards or t.winner is not None)
    if not tricks:
        return None, None
    current = tricks[-1]
    before = tricks[-2] if len(tricks) > 1 else None
    return current, before if current.winner is None else None


def places_text(
    players: int, seats: Seats, lang: str, current: Trick | None, to_act: int | None,
    cell_width: int = 10, spaced: int = 0,
) -> Text:  # fmt: skip
    """Each seat's name where it sits around the table, with the card it played to
    ``current``; ▶ marks ``to_act``; the trick's winner is drawn reversed. Each
    seat's column is ``cell_width`` wide; ``spaced``: the blank rows between the seats'
    rows (a tall window)."""
    text = Text()
    shown = dict(current.cards) if current else {}
    rows = [row for row in TABLE_PLACES[players] if any(place is not None for place in row)]
    for index, row in enumerate(rows):
        if spaced and index:
            text.append("\n" * spaced)
        for part in ("name", "card"):
            for place in row:
                cell = Text(" " * cell_width)
                seat = None if place is None else seats.seat_at(place)
                if seat is not None and part == "name":
                    marker = "▶" if to_act == seat else " "
                    cell = Text(f"{marker}{seats.short(seat):<{cell_width - 1}}")
                    cell.stylize("bold" if marker == "▶" else "")
                elif seat is not None and seat in shown:
                    won = current is not None and current.winner == seat
                    cell = Text("  ") + card_text(shown[seat], lang)
                    if won:
                        cell.stylize("reverse", 2)
                    cell.append(" " * max(0, cell_width - len(cell.plain)))
                text.append_text(cell)
            text.append("\n")
    return text


def trick_text(
    obs: TableObservation, seats: Seats, lang: str, picked: list[Card], telling: bool = False,
    cell_width: int = 10, spaced: int = 0,
) -> Text:  # fmt: skip
    """The middle of the table: each seat's name where it sits, with the card it
    played; ▶ marks the seat to play; the finished trick stays with its winner (the
    seats' columns ``cell_width`` wide, their rows ``spaced`` in a tall window)."""
    ui = seats.ui
    text = Text()
    game = obs.game
    if game is None:
        return text
    current, before = split_tricks(game.tricks)
    to_act = None if telling else game.current_player
    text.append_text(places_text(obs.players, seats, lang, current, to_act, cell_width, spaced))
    width = 3 * cell_width - 1  # a seat's full name where its line holds it

    def named(seat: int, message: str, **values: str) -> str:
        said = tr(ui, message, name=seats.name(seat), **values)
        return (
            said if cell_len(said) <= width else tr(ui, message, name=seats.short(seat), **values)
        )

    if current is not None:
        text.append(named(current.leader, N_("Led by {name}")) + "\n", "italic")
        if current.winner is not None:
            won = seats.says_within(current.winner, N_("Won by you"), N_("Won by {name}"), width)
            text.append(won + "\n", "bold green")
    if before is not None and before.winner is not None:
        cards = " ".join(c.display(lang) for _, c in before.cards)
        text.append(named(before.winner, N_("Last: {cards} → {name}"), cards=cards) + "\n", "dim")
    if game.chien is not None and not any(trick.cards for trick in game.tricks):
        # face up from the moment it is shown (E1) until the first card is played
        text.append(tr(ui, "Chien: ") + " ".join(c.display(lang) for c in game.chien) + "\n")
        if game.phase is GamePhase.ECART and game.taker == seats.me:
            # the cards on a line of their own: 6 cards fit the middle's width whole
            chosen = " ".join(c.display(lang) for c in picked) or "—"
            text.append(
                tr(ui, "Your écart ({count}/{size}):", count=len(picked), size=len(game.chien))
                + "\n "
                + chosen
                + "\n",
                "bold",
            )
    for poignee in game.poignees:
        level = tr(ui, poignee.level)
        text.append(named(poignee.seat, N_("{name}: {level} poignée"), level=level) + "\n")
    if game.chelem is not None:
        text.append(tr(ui, "Chelem announced") + "\n", style="bold")
    return text


def last_trick_text(trick: Trick, number: int, seats: Seats, lang: str) -> Text:
    ui = seats.ui
    text = Text(
        tr(ui, "Trick {number}, led by {name}:", number=number, name=seats.name(trick.leader))
        + "\n\n"
    )
    width = max(cell_len(seats.name(seat)) for seat, _ in trick.cards)
    for seat, card in trick.cards:  # the names in a column, a space at least before the card
        name = seats.name(seat)
        text.append(f"  {name}{' ' * (width - cell_len(name) + 2)}")
        text.append_text(card_text(card, lang))
        text.append("\n")
    won = seats.says(trick.winner or 0, N_("Won by you"), N_("Won by {name}"))
    text.append("\n" + won)
    return text


def void_text(
    obs: TableObservation, seats: Seats, title: str, lang: str, over: bool = False
) -> Text | None:
    """A void donne's result: the petit sec (D16), everyone passed (B3), a fault (D12);
    ``None`` for a donne played out. When the match is ``over`` no one deals next."""
    ui, row = seats.ui, obs.sheet[-1]
    if row.void == "petit_sec":
        petit = obs.deal.petit_sec
        holder, hand = (petit[0], petit[1]) if petit else (0, CardSet())
        who = seats.says(
            holder,
            N_("Petit sec (D16): you hold the Petit without any other trump or the Excuse:"),
            N_("Petit sec (D16): {name} holds the Petit without any other trump or the Excuse:"),
        )
        next_one = (
            "" if over else "\n\n" + tr(ui, "The dealer's right neighbour deals the next donne.")
        )
        return Text(
            tr(ui, "{title}: void.", title=title) + f"\n\n{who}\n{hand.display(lang)}" + next_one
        )
    if row.void == "all_pass" and over:
        return Text(tr(ui, "{title}: everyone passed; the donne is void (B3).", title=title))
    if row.void == "all_pass":
        return Text(
            tr(ui, "{title}: everyone passed; the donne is void (B3) and the next dealer deals.",
               title=title)
        )  # fmt: skip
    if row.result is None or row.taker is None or row.contract is None:
        return Text(tr(ui, "{title}: void after a fault (D12).", title=title))
    return None


def camps_text(result: Result, ui: str) -> Text:
    """Both camps' points and bouts against the target (S2), and the score (S3)."""
    text = Text()
    verdict = (
        tr(ui, "made by {n}", n=result.difference)
        if result.made
        else tr(ui, "failed by {n}", n=result.difference)
    )
    if result.points % 1:  # a half point, rounded up (S5)
        exact = points_text(abs(result.points - result.target), ui)
        verdict += tr(ui, " ({exact} rounded, S5)", exact=exact)
    camp = plural(
        ui,
        result.bouts,
        N_("Taker's camp: {points} points, {bouts} bout — target {target} (S2): {verdict}"),
        N_("Taker's camp: {points} points, {bouts} bouts — target {target} (S2): {verdict}"),
    )
    text.append(
        tr(ui, camp, points=points_text(result.points, ui), bouts=result.bouts,
           target=result.target, verdict=verdict) + "\n",
        "green" if result.made else "red",
    )  # fmt: skip
    defence = plural(
        ui,
        3 - result.bouts,
        N_("Defence: {points} points, {bouts} bout"),
        N_("Defence: {points} points, {bouts} bouts"),
    )
    text.append(
        tr(ui, defence, points=points_text(91 - result.points, ui), bouts=3 - result.bouts) + "\n"
    )
    equation = score_equation(result.breakdown, ui)
    text.append(tr(ui, "Score (S3): {sum}", sum=equation) + "\n")
    return text


def result_text(
    session: TableSession, obs: TableObservation, seats: Seats, totals: bool = True
) -> Text:
    """The donne just over: the contract, both camps' points and bouts, the bonuses,
    the taker's écart, and each seat's marks and (``totals``) total; the last donne's
    panel leaves the totals to the standings under it."""
    ui, lang = seats.ui, session.settings.lang
    row = obs.sheet[-1]
    if session.settings.target:
        title = tr(ui, "Donne {number}", number=row.number)
    else:
        title = tr(ui, "Donne {number} of {deals}", number=row.number, deals=obs.deals)
    said_void = void_text(obs, seats, title, lang, over=session.is_over)
    result = row.result
    if said_void is not None or result is None or row.taker is None or row.contract is None:
        return said_void or Text()
    contract = contract_name(row.contract, ui)
    head = tr(ui, "{title}: {contract} by {name}", title=title, contract=contract,
              name=seats.name(row.taker))  # fmt: skip
    if row.partner is not None and row.partner != row.taker:
        head += tr(ui, ", partner {name}", name=seats.name(row.partner))
    elif obs.players == 5:
        head += tr(ui, ", alone")
    text = Text(head + "\n\n", style="bold")
    text.append_text(camps_text(result, ui))
    game = session.observation().game
    ecart = list(game.ecart or ()) if game is not None else []
    if ecart:
        shown = " ".join(c.display(lang) for c in ecart)
        text.append(tr(ui, "The taker's écart: {cards}", cards=shown) + "\n")
    elif row.contract in ("garde_sans", "garde_contre"):
        text.append(tr(ui, "No écart: the chien stayed face down (E3).") + "\n")
    heads = tr(ui, "Seat"), tr(ui, "marks"), tr(ui, "total")
    names = [seats.name(seat) for seat in range(obs.players)]
    width = max(16, *(len(name) for name in names))  # the columns align in every language
    total = f" {heads[2]:>7}" if totals else ""
    text.append("\n" + f"{heads[0]:<{width}} {heads[1]:>7}{total}\n")
    for seat, mark in enumerate(result.marks):
        total = f" {row.totals[seat]:>+7d}" if totals else ""
        text.append(f"{names[seat]:<{width}} {mark:>+7d}{total}\n")
    return text


def standings(obs: TableObservation, seats: Seats) -> str:
    """Each seat's place and total, the totals right-aligned under each other."""
    totals = obs.totals
    order = sorted(range(obs.players), key=lambda s: -totals[s])
    lines = [tr(seats.ui, "Standings after the match:")]
    width = max(16, *(len(seats.name(s)) for s in order))
    digits = max(len(f"{total:+d}") for total in totals)
    lines += [
        f"  {place(totals, s)}. {seats.name(s):<{width}} {totals[s]:>+{digits}d}" for s in order
    ]
    return "\n".join(lines)


def own_line(text: str, name: str) -> str:
    """The person's row (``name``, then marks) in a result or the standings: the last
    line that gives ``name`` a number, ``""`` when there is none."""
    row = re.compile(rf"^\s*(?:\d+\.\s+)?{re.escape(name)}\s+[+-]\d")
    found = [line for line in text.splitlines() if row.match(line)]
    return found[-1] if found else ""


def place(totals: Sequence[int], seat: int) -> int:
    """``seat``'s place by its total: players with the same total share a place
    (2., 2., 2. — then 5.)."""
    return 1 + sum(total > totals[seat] for total in totals)
