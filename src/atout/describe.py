"""A deal told for people, step by step, with the rule behind each step.

The terminal's ``atout deal`` prints these lines; other interfaces can show them too.
"""

from __future__ import annotations

from atout.bidding import Contract
from atout.cards import Card, CardSet
from atout.dealing import (
    CardDrawn,
    ChienCardDealt,
    ChienShown,
    Cut,
    Deal,
    DealerChosen,
    DealVoided,
    FaultRecorded,
    Operation,
    PacketDealt,
    PetitSecAnnounced,
    Shuffled,
    bar_rule,
)
from atout.i18n import gettext
from atout.score_text import score_lines
from atout.scoring import Result
from atout.state import Donne

__all__ = ["describe_deal", "describe_donne", "describe_fault", "describe_result"]


def _seat(deal: Deal, seat: int) -> str:
    role = " (dealer)" if seat == deal.dealer else ""
    return f"seat {seat}{role}"


def _show(cards: tuple[Card, ...] | list[Card], lang: str) -> str:
    return " ".join(card.display(lang) for card in cards)


def describe_fault(deal: Deal, fault: FaultRecorded, lang: str = "fr") -> list[str]:
    """What a fault is and what follows from it (D10–D14)."""
    who = _seat(deal, fault.by)
    card = f" {fault.card.display(lang)} ({fault.card.name()})" if fault.card is not None else ""
    what = {
        "misdeal": f"{who} misdealt",
        "chien_count": f"{who} did not put exactly {deal.variant.chien_size} cards in the chien",
        "card_exposed": f"{who} turned{card} face up",
        "early_pickup": f"{who} touched his cards before the end of the deal",
    }[fault.kind]
    lines = [f"Fault ({fault.rule}): {what}."]
    if fault.kind == "early_pickup":
        penalty = f"a penalty of {fault.penalty} points" if fault.penalty else "a warning"
        lines.append(f"  The arbiter records {penalty}; the deal goes on (D11).")
    elif not fault.voids:
        lines.append("  The card is below the Valet: the deal goes on (D14).")
    else:
        lines.append(f"  The deal is void; seat {deal.dealer} deals again (D12).")
    if fault.hands_returned_unseen:
        lines.append("  The dealer is at fault: every player gives his hand back unseen (D13).")
    for seat in fault.barred:
        when = "on the new deal" if fault.voids else "on this deal"
        lines.append(f"  Seat {seat} may not bid {when} ({bar_rule(fault.kind)}).")
    return lines


def describe_deal(deal: Deal, lang: str = "fr", viewer: int | None = None) -> list[str]:
    """Every step of ``deal`` in order, then the hands, the chien and what comes next.

    With ``viewer``, the deal as that seat sees it (D19): the cards of the other seats
    and of the chien stay face down (``▮``), only the viewer's own hand is shown.
    """
    lines: list[str] = []
    if deal.draws:
        lines.append("Draw for the first dealer: each player draws a card face down (D1).")
    packets: list[str] = []
    for op in deal.operations:
        if isinstance(op, PacketDealt | ChienCardDealt):
            packets.append(_packet(deal, op, lang, viewer))
            continue
        if packets:
            lines += _rounds(deal, packets)
            packets = []
        lines += _step(deal, op, lang)
    if packets:
        lines += _rounds(deal, packets)
    if deal.void != "misdeal" and (deal.is_over or deal.petit_sec is not None):
        lines += _hands(deal, lang, viewer)
    if deal.void is None and deal.is_over:
        lines.append(
            f"No Petit sec (D16). Seat {deal.first_bidder} speaks first (B1) and leads the "
            f"first trick (D18); seat {deal.next_dealer} deals next (D17)."
        )
        if deal.barred_now:
            barred = ", ".join(map(str, sorted(deal.barred_now)))
            lines.append(f"Barred from bidding on this deal: seat {barred} (D12, D14).")
    return lines


def _step(deal: Deal, op: Operation, lang: str) -> list[str]:
    if isinstance(op, CardDrawn):
        excuse = " — the Excuse does not count: draws again (D3)" if op.card.is_excuse else ""
        return [f"  seat {op.seat} draws {op.card.display(lang)}{excuse}"]
    if isinstance(op, DealerChosen):
        if not op.by_draw:
            return [f"Seat {op.dealer} deals."]
        low = deal.draws[op.dealer][-1]
        return [
            f"  The lowest card, {low.display(lang)}, deals (D1–D2: suit cards below "
            f"trumps, then by rank, then ♣ < ♦ < ♥ < ♠): seat {op.dealer} deals."
        ]
    if isinstance(op, Shuffled):
        return [f"Seat {op.seat}, opposite the dealer, shuffles the pack (D4)."]
    if isinstance(op, Cut):
        return [
            f"Seat {op.seat}, the dealer's left neighbour, cuts {op.k} cards and leaves "
            f"{78 - op.k} (D5: more than 3 each way).",
            f"Seat {deal.dealer} deals {deal.variant.packet_size} by {deal.variant.packet_size}, "
            f"counter-clockwise from seat {deal.first_bidder} (D6–D7),",
            "and builds the chien card by card, never the first or the last card (D8).",
            "Each round, in order: [seat] packet, (chien card):",
        ]
    if isinstance(op, ChienShown):
        return [f"The dealer shows the chien: {op.count} cards (D10)."]
    if isinstance(op, FaultRecorded):
        return describe_fault(deal, op, lang)
    if isinstance(op, PetitSecAnnounced):
        return [
            f"Petit sec! Seat {op.seat} holds the Petit without any other trump or the "
            f"Excuse and shows his hand: {CardSet.display(op.hand, lang)} (D16)."
        ]
    if isinstance(op, DealVoided) and op.reason == "petit_sec":
        return [
            f"The deal is void before the bidding; seat {op.next_dealer} deals the next one (D16)."
        ]
    return []


def _packet(deal: Deal, op: PacketDealt | ChienCardDealt, lang: str, viewer: int | None) -> str:
    if isinstance(op, ChienCardDealt):
        return f"(chien {op.card.display(lang) if viewer is None else '▮'})"
    if viewer is not None and op.seat != viewer:
        return f"[{op.seat}] {'▮' * len(op.cards)}"
    return f"[{op.seat}] {_show(op.cards, lang)}"


def _rounds(deal: Deal, steps: list[str]) -> list[str]:
    lines, current, seen = [], [], 0
    for step in steps:
        current.append(step)
        if not step.startswith("(chien"):
            seen += 1
        if seen == deal.variant.players and not step.startswith("(chien"):
            lines.append("  " + "  ".join(current))
            current, seen = [], 0
    if current:
        lines.append("  " + "  ".join(current))
    return lines


def _hands(deal: Deal, lang: str, viewer: int | None = None) -> list[str]:
    if viewer is not None:
        hand = CardSet(deal.received[viewer])
        shown = "" if deal.petit_sec is None else _hands(deal, lang)[deal.petit_sec + 1]
        return [f"Your hand: {hand.display(lang)}", *([shown.strip()] if shown else [])]
    lines = ["Hands, sorted as players hold them (trumps, Excuse, then suits):"]
    for seat, cards in enumerate(deal.received):
        hand = CardSet(cards)
        label = f"{_seat(deal, seat)}:".ljust(18)
        trumps = hand.count_trumps()
        lines.append(
            f"  {label} {hand.display(lang)}  [{trumps} trump{'s' if trumps != 1 else ''}]"
        )
    lines.append(f"  {'chien:'.ljust(18)} {_show(deal.chien_cards, lang)}")
    return lines


def describe_donne(donne: Donne, number: int, lang: str = "fr") -> list[str]:
    """A readable account of one donne: deal, bidding, chien, play, result."""
    deal = donne.deal
    lines = [f"Donne {number}: seat {deal.dealer} deals ({donne.players} players)."]
    for fault in deal.faults:
        lines += describe_fault(deal, fault, lang)
    if deal.void == "petit_sec":
        return [
            *lines,
            f"  Petit sec held by seat {deal.petit_sec}: void; the next dealer deals (D16).",
        ]
    if deal.void == "misdeal":
        return [*lines, "  Void after a fault; the same dealer deals again (D12)."]
    if donne.barred:
        lines.append(
            f"  Barred from bidding: {', '.join(map(str, sorted(donne.barred)))} (D12, D14)."
        )
    bids = ", ".join(f"{b.seat} {b.contract.label if b.contract else 'passe'}" for b in donne.bids)
    lines.append(f"  Bids (B1): {bids}.")
    if donne.void == "all_pass":
        return [*lines, "  Everyone passed: void; the next dealer deals (B3)."]
    assert donne.contract is not None
    lines.append(
        f"  Seat {donne.taker} takes: {donne.contract.label} (×{donne.contract.multiplier})."
    )
    if donne.called is not None:
        partner = "alone" if donne.partner is None else f"partner seat {donne.partner}"
        lines.append(f"  Calls {donne.called.display(lang)} (B4): {partner}.")
    chien = _show(deal.chien_cards, lang)
    if donne.contract.chien_seen:
        lines.append(f"  Chien shown (E1): {chien}; écart: {_show(donne.ecart, lang)}.")
    else:
        side = "the taker" if donne.contract is Contract.GARDE_SANS else "the defence"
        lines.append(f"  Chien unseen, counted for {side} (E3): {chien}.")
    if donne.chelem is not None:
        lines.append(f"  Seat {donne.chelem} announces a chelem and leads (A4, A6).")
    for poignee in donne.poignees:
        lines.append(
            f"  Seat {poignee.seat} shows a {poignee.level} poignée (A1): "
            f"{_show(poignee.cards, lang)}."
        )
    for index, trick in enumerate(donne.tricks, 1):
        cards = "  ".join(f"{seat}:{card.display(lang)}" for seat, card in trick.cards)
        lines.append(f"  {index:>2}. {cards}  → {trick.winner}")
    if donne.result is not None:
        lines += describe_result(donne.result, lang)
    return lines


def describe_result(result: Result, lang: str = "fr") -> list[str]:
    """The result as a score sheet explains it, line by line with each line's rule, in
    ``lang`` (:func:`atout.score_text.score_lines`)."""
    lines = score_lines(
        result.breakdown, lang, lambda seat: gettext(lang, "Seat {n}").format(n=seat)
    )
    return [f"  {rule}  {text}" for rule, text in lines]
