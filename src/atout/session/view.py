"""A seat's observation as JSON: what the web table sends to one seat.

Cards are in the canonical notation of docs/reference/formats.md (``T21``, ``KS``, ``EX``); the page
shows them in the reader's language. Nothing here adds to what
:meth:`atout.session.Table.observation` lets the seat see.
"""

from __future__ import annotations

from typing import Any

from atout.cards import Card, CardSet
from atout.chien import ecart_trumps_at_most, why_not_in_ecart
from atout.dealing import CUTS
from atout.i18n import N_
from atout.session.actions import CutPack, action_to_json
from atout.session.table import SheetRow, TableObservation
from atout.state import VOID_RULES
from atout.table import Variant

__all__ = ["observation_json", "sheet_json"]


def _cards(cards: Any) -> list[str]:
    return [str(card) for card in cards]


def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


def sheet_json(rows: tuple[SheetRow, ...]) -> list[dict[str, Any]]:
    return [
        {
            "number": row.number,
            "dealer": row.dealer,
            "void": row.void,
            "void_rule": VOID_RULES[row.void] if row.void else None,
            "taker": row.taker,
            "contract": row.contract,
            "called": _card(row.called),
            "partner": row.partner,
            "result": row.result.as_record() if row.result else None,
            "breakdown": row.result.breakdown.as_json() if row.result else None,
            "totals": list(row.totals),
        }
        for row in rows
    ]


def variant_json(players: int) -> dict[str, int]:
    """The sizes of the variant a page needs (D7, D9), from :class:`~atout.table.Variant`:
    the pages keep no table of their own."""
    variant = Variant.for_players(players)
    return {
        "hand_size": variant.hand_size,
        "chien_size": variant.chien_size,
        "packet_size": variant.packet_size,
    }


def packets_json(players: int, dealer: int | None) -> dict[str, Any]:
    """D6–D7 for a page: the packets' size and the seat that receives each packet in
    the order dealt (:attr:`~atout.table.Variant.packet_hands`, counted from the
    dealer's right neighbour; empty while no dealer is known)."""
    variant = Variant.for_players(players)
    seats = [] if dealer is None else [(dealer + 1 + h) % players for h in variant.packet_hands]
    return {"size": variant.packet_size, "seats": seats}


def observation_json(obs: TableObservation) -> dict[str, Any]:
    """The observation as one JSON object (see the web table's protocol)."""
    return {
        "seat": obs.seat,
        "players": obs.players,
        "deals": obs.deals,
        "number": obs.number,
        "seq": obs.seq,
        "to_act": list(obs.to_act),
        "options": _options_json(obs),
        "deal": _deal_json(obs),
        "game": _game_json(obs),
        "hands": None if obs.hands is None else [_cards(h.sorted_for_hand()) for h in obs.hands],
        "sheet": sheet_json(obs.sheet),
        "totals": list(obs.totals),
        "over": obs.over,
        "next_dealer": obs.next_dealer,
    }


def _options_json(obs: TableObservation) -> list[dict[str, Any]]:
    """What the seat may do; a cut is one option with its bounds (D5), not 70."""
    options: list[dict[str, Any]] = []
    cut = False
    for option in obs.options:
        if isinstance(option, CutPack):
            cut = True
            continue
        data = action_to_json(option)
        if data["type"] == "contribute":
            data.pop("value")
        options.append(data)
    if cut:
        options.append({"type": "cut", "seat": obs.seat, "min": CUTS[0], "max": CUTS[-1]})
    return options


def _deal_json(obs: TableObservation) -> dict[str, Any]:
    deal = obs.deal
    return {
        "phase": deal.phase.value,
        "dealer": deal.dealer,
        "shuffler": deal.shuffler,
        "cutter": deal.cutter,
        "draws": [[seat, _cards(cards)] for seat, cards in deal.draws],
        "cut": deal.cut,
        "dealt": list(deal.dealt),
        "chien": deal.chien,
        "petit_sec": None
        if deal.petit_sec is None
        else {"seat": deal.petit_sec[0], "hand": _cards(deal.petit_sec[1].sorted_for_hand())},
        "barred": sorted(deal.barred),
        "commitment": deal.commitment,
        "contributed": sorted(deal.contributed),
        "packets": packets_json(obs.players, deal.dealer),
    }


def _game_json(obs: TableObservation) -> dict[str, Any] | None:
    game = obs.game
    if game is None:
        return None
    view: dict[str, Any] = {
        "phase": game.phase.value,
        "current": game.current_player,
        "dealer": game.dealer,
        "hand": _cards(game.hand.sorted_for_hand()),
        "bids": [[b.seat, b.contract.value if b.contract else "pass"] for b in game.bids],
        "barred": sorted(game.barred),
        "taker": game.taker,
        "contract": game.contract.value if game.contract else None,
        "called": _card(game.called),
        "partner": game.partner,
        "chien": None if game.chien is None else _cards(game.chien),
        "ecart": None if game.ecart is None else _cards(game.ecart),
        "ecart_trumps_shown": _cards(game.ecart_trumps_shown),
        "chelem": game.chelem,
        "poignees": [[p.seat, p.level, _cards(p.cards)] for p in game.poignees],
        "tricks": [
            {"leader": t.leader, "cards": [[s, str(c)] for s, c in t.cards], "winner": t.winner}
            for t in game.tricks
        ],
    }
    if game.phase.value == "ecart" and obs.seat is not None and obs.seat == game.taker:
        view["ecart_rules"] = ecart_rules(game.hand, obs.players, len(game.ecart or ()))
    return view


ECART_REFUSALS = (
    N_("E2: a King may not go to the écart"),
    N_("E2: a bout (the Petit, the 21, the Excuse) may not go to the écart"),
    N_("E2: a trump may go to the écart only when nothing else is possible"),
)
"""The refusals :func:`ecart_rules` hands to a page, which shows them in its language."""


def ecart_rules(hand: CardSet, players: int, made: int) -> dict[str, Any]:
    """E2 for a page that lets the taker choose the écart card by card: the cards that
    may not go there and why, and how many trumps it may hold (only when the hand has
    too few plain cards; trumps put there are shown, E3)."""
    left = Variant.for_players(players).chien_size - made
    refused = {}
    for card in hand:
        why = why_not_in_ecart(card, hand, left)
        if why is not None:
            refused[str(card)] = str(why)
    trumps = ecart_trumps_at_most(hand.mask, left)
    return {"size": left, "refused": refused, "trumps_at_most": trumps}
