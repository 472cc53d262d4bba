"""What a club prints for a tournament, page by page, in the reader's language: a
movement card for each table (:func:`movement_cards`) and a sheet for each deal of each
étui (:func:`etui_sheets`). Each page is a title and its lines; ``atout tournament``
prints them as text, or writes them as a PDF (one page each), from the same pages.

>>> from atout.tournament.club import new_tournament
>>> t = new_tournament([f"P{i}" for i in range(1, 9)], 2, 1, duplicate=True,
...                    secret=bytes(32), name="demo")
>>> card = movement_cards(t, "en")[0]
>>> card.title
'Table 1'
>>> card.lines[:3]
('Round 1, étui 1', '  seat 1: P1 (1) → round 2: table 1', '  seat 2: P2 (2) → round 2: table 1')
>>> etui_sheets(t, "en")[0].lines[1]
'  seat 1: 15 4 Ex   J♠ 10♠   10♥ 8♥ 7♥ 4♥   N♣ J♣ 9♣ 8♣ 5♣   Q♦ 9♦ 8♦ 5♦'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from atout.cards import Card, CardSet
from atout.i18n import N_, said
from atout.tournament.club import Tournament

__all__ = ["Page", "etui_sheets", "hand_text", "heading", "movement_cards"]


@dataclass(frozen=True)
class Page:
    """A page: its title and its lines (a line that starts with spaces is indented)."""

    title: str
    lines: tuple[str, ...]


def heading(t: Tournament, lang: str) -> str:
    """What the tournament is, on one line."""
    from atout.tournament.errors import plural

    def counted(count: int, one: str, many: str) -> str:
        return said(lang, many if plural(lang, count) else one, count=count)

    rounds = counted(t.rounds, N_("{count} round"), N_("{count} rounds"))
    if t.duplicate:
        etuis = counted(t.donnes, N_("étuis of {count} deal"), N_("étuis of {count} deals"))
        return said(
            lang, N_("{name}: duplicate, {players} players, {rounds}, {etuis}"),
            name=t.name, players=len(t.players), rounds=rounds, etuis=etuis,
        )  # fmt: skip
    many = plural(lang, t.donnes)
    donnes = N_("{rounds} of {count} donnes") if many else N_("{rounds} of {count} donne")
    return said(
        lang, N_("{name}: donnes libres, {players} players, {rounds}"),
        name=t.name, players=len(t.players),
        rounds=said(lang, donnes, rounds=rounds, count=t.donnes),
    )  # fmt: skip


def movement_cards(t: Tournament, lang: str) -> list[Page]:
    """One card a table: each round, who sits there (by seat for a duplicate, with the
    étui it plays) and where each goes next; for a duplicate, where the étui goes."""
    pages = []
    for table in range(len(t.tables[0])):
        lines: list[str] = []
        for r, tables in enumerate(t.tables):
            play = tables[table]
            if t.duplicate:
                lines.append(
                    said(lang, N_("Round {round}, étui {etui}"), round=r + 1, etui=play.etui + 1)
                )
            else:
                lines.append(said(lang, N_("Round {round}"), round=r + 1))
            for seat, p in enumerate(play.players):
                who = f"{t.players[p]} ({p + 1})"
                if t.duplicate:
                    who = said(lang, N_("seat {seat}: {who}"), seat=seat + 1, who=who)
                lines.append(f"  {who} → {_next(t, lang, p, r)}")
            if t.duplicate:
                lines.append(
                    "  "
                    + said(lang, N_("étui {etui}"), etui=play.etui + 1)
                    + " → "
                    + _etui_next(t, lang, play.etui, r)
                )
        pages.append(Page(said(lang, N_("Table {table}"), table=table + 1), tuple(lines)))
    return pages


def _next(t: Tournament, lang: str, player: int, r: int) -> str:
    if r + 1 == t.rounds:
        return said(lang, N_("end"))
    return said(
        lang, N_("round {round}: table {table}"), round=r + 2, table=t.where(player, r + 1) + 1
    )


def _etui_next(t: Tournament, lang: str, etui: int, r: int) -> str:
    for later in range(r + 1, t.rounds):
        for table, play in enumerate(t.tables[later]):
            if play.etui == etui:
                return said(
                    lang, N_("round {round}: table {table}"), round=later + 1, table=table + 1
                )
    return said(lang, N_("end"))


def hand_text(cards: Iterable[Card], lang: str) -> str:
    """The cards as a player holds them: trumps from the 21 down, the Excuse, then
    ♠ ♥ ♣ ♦ each from the King down, each group apart, in the reader's card names."""
    groups: list[list[str]] = []
    last: object = None
    for card in CardSet(cards).sorted_for_hand():
        group = "trump" if card.is_trump or card.is_excuse else card.suit
        if group != last:
            groups.append([])
            last = group
        groups[-1].append(card.display(lang))
    return "   ".join(" ".join(group) for group in groups)


def _played_at(t: Tournament, lang: str, etui: int) -> str:
    """Where étui ``etui`` is played: ``table 1 in round 1, table 4 in round 2``."""
    return ", ".join(
        said(lang, N_("table {table} in round {round}"), round=r + 1, table=table + 1)
        for r, tables in enumerate(t.tables)
        for table, play in enumerate(tables)
        if play.etui == etui
    )


def etui_sheets(t: Tournament, lang: str) -> list[Page]:
    """One sheet a deal of each étui (duplicate only): each seat's cards as
    :func:`hand_text` writes them, the chien apart, the dealer, and the tables that
    play it, to pre-deal real cards."""
    pages = []
    for e, deals in enumerate(t.etuis):
        for k, deal in enumerate(deals):
            lines = [
                said(
                    lang,
                    N_("{players} players, dealer: seat {dealer}"),
                    players=len(deal.hands),
                    dealer=deal.dealer + 1,
                )
            ]
            for seat, hand in enumerate(deal.hands):
                lines.append(
                    "  "
                    + said(
                        lang, N_("seat {seat}: {cards}"), seat=seat + 1, cards=hand_text(hand, lang)
                    )
                )
            lines.append("  " + said(lang, N_("chien: {cards}"), cards=hand_text(deal.chien, lang)))
            lines.append(said(lang, N_("Played at: {tables}"), tables=_played_at(t, lang, e)))
            title = said(lang, N_("Étui {etui}, deal {deal}"), etui=e + 1, deal=k + 1)
            pages.append(Page(title, tuple(lines)))
    return pages
