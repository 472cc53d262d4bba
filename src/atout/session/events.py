"""The feed of a table: one event for each operation of its deals and donnes.

Every event is what happened, in the order it happened, with the id of the rule it
follows. An event is public unless it holds a card someone may not see: the pack's
order after the shuffle (D4) and the cards dealt face down (D6–D8) are seen by no one;
a card put in the écart (E1) only by the taker, unless it is a trump, which is shown
(E2), until the donne is over and the taker's pile is counted; the chien of a Garde
sans or contre (E3) by no one. :meth:`Event.for_seat` is what one seat (or a
spectator, ``None``) is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from atout.cards import Card
from atout.dealing import (
    CardDrawn,
    CardsPickedUp,
    ChienCardDealt,
    ChienShown,
    Cut,
    DealerChosen,
    DealVoided,
    FaultRecorded,
    Operation,
    PacketDealt,
    PetitSecAnnounced,
    Shuffled,
)
from atout.state import (
    VOID_RULES,
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    ChienRevealed,
    Discard,
    DonneScored,
    DonneVoided,
    GameOperation,
    PartnerRevealed,
    PoigneeShown,
    TrickTaken,
)

__all__ = ["Event", "deal_event", "donne_event", "table_event"]


@dataclass(frozen=True)
class Event:
    """``kind`` happened in donne ``donne`` (1, 2, …) under rule ``rule``. ``data`` is
    what everyone is told; ``private[seat]`` is what that seat is told besides."""

    seq: int
    donne: int
    kind: str
    rule: str
    data: Mapping[str, Any]
    private: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def for_seat(self, seat: int | None, all_cards: bool = False) -> dict[str, Any]:
        """The event as ``seat`` sees it (``None``: a spectator; ``all_cards``: one who
        may see every hand, as at an open table once the donne is over)."""
        told = {"seq": self.seq, "donne": self.donne, "kind": self.kind, "rule": self.rule}
        told.update(self.data)
        if all_cards:
            for extra in self.private.values():
                told.update(extra)
        elif seat is not None and seat in self.private:
            told.update(self.private[seat])
        return told


def _cards(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(card) for card in cards]


def deal_event(seq: int, donne: int, op: Operation, chien_dealt: int) -> Event:
    """The event of one operation of a deal; ``chien_dealt`` is the number of chien
    cards down after it."""
    data: dict[str, Any]
    if isinstance(op, CardDrawn):
        rule = "D3" if op.card.is_excuse else "D1"
        return Event(seq, donne, "card_drawn", rule, {"seat": op.seat, "card": str(op.card)})
    if isinstance(op, DealerChosen):
        data = {"dealer": op.dealer, "by_draw": op.by_draw}
        return Event(seq, donne, "dealer_chosen", "D2" if op.by_draw else "D17", data)
    if isinstance(op, Shuffled):
        return Event(seq, donne, "shuffled", "D4", {"seat": op.seat})
    if isinstance(op, Cut):
        return Event(seq, donne, "cut", "D5", {"seat": op.seat, "k": op.k})
    if isinstance(op, PacketDealt):
        data = {"seat": op.seat, "count": len(op.cards)}
        return Event(seq, donne, "packet_dealt", "D6", data)
    if isinstance(op, ChienCardDealt):
        return Event(seq, donne, "chien_card_dealt", "D8", {"chien": chien_dealt})
    if isinstance(op, ChienShown):
        return Event(seq, donne, "chien_shown", "D10", {"count": op.count})
    if isinstance(op, CardsPickedUp):
        return Event(seq, donne, "cards_picked_up", "D15", {})
    if isinstance(op, FaultRecorded):
        data = {
            "fault": op.kind,
            "by": op.by,
            "card": None if op.card is None else str(op.card),
            "voids": op.voids,
            "barred": list(op.barred),
            "hands_returned_unseen": op.hands_returned_unseen,
            "penalty": op.penalty,
        }
        return Event(seq, donne, "fault", op.rule, data)
    if isinstance(op, PetitSecAnnounced):
        data = {"seat": op.seat, "hand": _cards(op.hand.sorted_for_hand())}
        return Event(seq, donne, "petit_sec", "D16", data)
    assert isinstance(op, DealVoided), op
    data = {"reason": op.reason, "next_dealer": op.next_dealer, "barred": list(op.barred)}
    return Event(seq, donne, "deal_voided", "D16" if op.reason == "petit_sec" else "D12", data)


def donne_event(seq: int, donne: int, op: GameOperation, taker: int | None) -> Event:
    """The event of one operation of a donne; ``taker`` is the taker so far."""
    data: dict[str, Any]
    if isinstance(op, Bid):
        contract = op.contract.value if op.contract else "pass"
        return Event(seq, donne, "bid", "B1", {"seat": op.seat, "contract": contract})
    if isinstance(op, CallCard):
        return Event(seq, donne, "call", "B4", {"seat": op.seat, "card": str(op.card)})
    if isinstance(op, ChienRevealed):
        return Event(seq, donne, "chien_revealed", "E1", {"cards": _cards(op.cards)})
    if isinstance(op, Discard):
        shown = op.card.is_trump  # E2: a trump put in the écart is shown
        data = {"seat": op.seat, "card": str(op.card) if shown else None}
        private = {op.seat: {"card": str(op.card)}}
        return Event(seq, donne, "discard", "E2" if shown else "E1", data, private)
    if isinstance(op, ChelemDecision):
        return Event(seq, donne, "chelem", "A4", {"seat": op.seat, "announce": op.announce})
    if isinstance(op, PoigneeShown):
        data = {"seat": op.seat, "level": op.level, "cards": _cards(op.cards)}
        return Event(seq, donne, "poignee", "A1", data)
    if isinstance(op, CardPlayed):
        return Event(seq, donne, "card_played", "P1", {"seat": op.seat, "card": str(op.card)})
    if isinstance(op, TrickTaken):
        return Event(seq, donne, "trick_taken", "P5", {"winner": op.winner})
    if isinstance(op, PartnerRevealed):
        return Event(seq, donne, "partner_revealed", "B4", {"seat": op.seat})
    if isinstance(op, DonneVoided):
        return Event(seq, donne, "donne_voided", VOID_RULES[op.reason], {"reason": op.reason})
    assert isinstance(op, DonneScored), op
    data = {
        "taker": taker,
        "result": op.result.as_record(),
        "breakdown": op.result.breakdown.as_json(),
    }
    return Event(seq, donne, "donne_scored", "S4", data)


def table_event(seq: int, donne: int, kind: str, rule: str, **data: Any) -> Event:
    """An event of the table itself: a donne begins, a commitment, a contribution, the
    secret revealed, the match over."""
    return Event(seq, donne, kind, rule, data)
