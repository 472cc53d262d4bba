"""A deal told for people, step by step, with the rule behind each step.

The terminal's ``atout deal`` prints these lines; other interfaces can show them too.
Every sentence is in ``lang`` (``"fr"`` or ``"en"``, the reader's language) and names
the cards in ``cards`` (``"fr"``: ``R♠ D♥ C♦ V♣``; ``"en"``: ``K♠ Q♥ N♦ J♣``), which is
``lang`` unless given.

>>> from atout.dealing import Deal
>>> from atout.randomness import make_rng
>>> from atout.table import Rules, Variant
>>> deal = Deal.automatic(Variant.for_players(4), Rules(), make_rng(7), 0)
>>> describe_deal(deal, "fr")[:2]
['Le donneur est la place 0.', 'La place 2, en face du donneur, bat les cartes (D4).']
>>> describe_deal(deal, "en")[1]
'Seat 2, opposite the dealer, shuffles the pack (D4).'
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
from atout.i18n import gettext, said
from atout.score_text import score_lines
from atout.scoring import Result
from atout.state import Donne

__all__ = ["describe_deal", "describe_donne", "describe_fault", "describe_result"]


def _seat(deal: Deal, seat: int, lang: str) -> str:
    if seat == deal.dealer:
        return said(lang, "seat {seat} (dealer)", seat=seat)
    return said(lang, "seat {seat}", seat=seat)


def _show(cards: tuple[Card, ...] | list[Card], lang: str) -> str:
    return " ".join(card.display(lang) for card in cards)


def describe_fault(
    deal: Deal, fault: FaultRecorded, lang: str = "fr", cards: str | None = None
) -> list[str]:
    """What a fault is and what follows from it (D10–D14)."""
    names = cards or lang
    who = _seat(deal, fault.by, lang)
    card = f" {fault.card.display(names)} ({fault.card.name()})" if fault.card is not None else ""
    what = {
        "misdeal": said(lang, "{who} misdealt", who=who),
        "chien_count": said(
            lang,
            "{who} did not put exactly {count} cards in the chien",
            who=who,
            count=deal.variant.chien_size,
        ),
        "card_exposed": said(lang, "{who} turned{card} face up", who=who, card=card),
        "early_pickup": said(lang, "{who} touched his cards before the end of the deal", who=who),
    }[fault.kind]
    lines = [said(lang, "Fault ({rule}): {what}.", rule=fault.rule, what=what)]
    if fault.kind == "early_pickup":
        penalty = (
            said(lang, "a penalty of {points} points", points=fault.penalty)
            if fault.penalty
            else gettext(lang, "a warning")
        )
        lines.append(
            said(lang, "  The arbiter records {penalty}; the deal goes on (D11).", penalty=penalty)
        )
    elif not fault.voids:
        lines.append(gettext(lang, "  The card is below the Valet: the deal goes on (D14)."))
    else:
        lines.append(
            said(lang, "  The deal is void; seat {seat} deals again (D12).", seat=deal.dealer)
        )
    if fault.hands_returned_unseen:
        lines.append(
            gettext(
                lang, "  The dealer is at fault: every player gives his hand back unseen (D13)."
            )
        )
    for seat in fault.barred:
        rule = bar_rule(fault.kind)
        if fault.voids:
            line = said(
                lang, "  Seat {seat} may not bid on the new deal ({rule}).", seat=seat, rule=rule
            )
        else:
            line = said(
                lang, "  Seat {seat} may not bid on this deal ({rule}).", seat=seat, rule=rule
            )
        lines.append(line)
    return lines


def describe_deal(
    deal: Deal, lang: str = "fr", viewer: int | None = None, cards: str | None = None
) -> list[str]:
    """Every step of ``deal`` in order, then the hands, the chien and what comes next,
    in ``lang`` with the cards named in ``cards`` (``lang`` unless given).

    With ``viewer``, the deal as that seat sees it (D19): the cards of the other seats
    and of the chien stay face down (``▮``), only the viewer's own hand is shown.
    """
    names = cards or lang
    lines: list[str] = []
    if deal.draws:
        lines.append(
            gettext(lang, "Draw for the first dealer: each player draws a card face down (D1).")
        )
    packets: list[str] = []
    for op in deal.operations:
        if isinstance(op, PacketDealt | ChienCardDealt):
            packets.append(_packet(deal, op, names, viewer))
            continue
        if packets:
            lines += _rounds(deal, packets)
            packets = []
        lines += _step(deal, op, lang, names)
    if packets:
        lines += _rounds(deal, packets)
    if deal.void != "misdeal" and (deal.is_over or deal.petit_sec is not None):
        lines += _hands(deal, lang, names, viewer)
    if deal.void is None and deal.is_over:
        lines.append(
            said(
                lang,
                "No Petit sec (D16). Seat {first} speaks first (B1) and leads the first trick "
                "(D18); seat {next} deals next (D17).",
                first=deal.first_bidder,
                next=deal.next_dealer,
            )
        )
        if deal.barred_now:
            barred = ", ".join(map(str, sorted(deal.barred_now)))
            lines.append(
                said(
                    lang,
                    "Barred from bidding on this deal: seat {seats} (D12, D14).",
                    seats=barred,
                )
            )
    return lines


def _step(deal: Deal, op: Operation, lang: str, names: str) -> list[str]:
    """The lines telling one operation of the deal (the packets are told apart)."""
    if isinstance(op, CardDrawn | DealerChosen):
        return _draw_step(deal, op, lang, names)
    if isinstance(op, Shuffled):
        return [
            said(lang, "Seat {seat}, opposite the dealer, shuffles the pack (D4).", seat=op.seat)
        ]
    if isinstance(op, Cut):
        return _cut_step(deal, op, lang)
    if isinstance(op, ChienShown):
        return [said(lang, "The dealer shows the chien: {count} cards (D10).", count=op.count)]
    if isinstance(op, FaultRecorded):
        return describe_fault(deal, op, lang, names)
    if isinstance(op, PetitSecAnnounced):
        return [
            said(
                lang,
                "Petit sec! Seat {seat} holds the Petit without any other trump or the Excuse "
                "and shows his hand: {hand} (D16).",
                seat=op.seat,
                hand=CardSet.display(op.hand, names),
            )
        ]
    if isinstance(op, DealVoided) and op.reason == "petit_sec":
        return [
            said(
                lang,
                "The deal is void before the bidding; seat {seat} deals the next one (D16).",
                seat=op.next_dealer,
            )
        ]
    return []


def _draw_step(deal: Deal, op: CardDrawn | DealerChosen, lang: str, names: str) -> list[str]:
    """A card drawn for the dealer (D1–D3), or the dealer chosen."""
    if isinstance(op, CardDrawn):
        card = op.card.display(names)
        if op.card.is_excuse:
            return [
                said(
                    lang,
                    "  seat {seat} draws {card} — the Excuse does not count: draws again (D3)",
                    seat=op.seat,
                    card=card,
                )
            ]
        return [said(lang, "  seat {seat} draws {card}", seat=op.seat, card=card)]
    if not op.by_draw:
        return [said(lang, "Seat {seat} deals.", seat=op.dealer)]
    low = deal.draws[op.dealer][-1]
    return [
        said(
            lang,
            "  The lowest card, {card}, deals (D1–D2: suit cards below trumps, then by "
            "rank, then ♣ < ♦ < ♥ < ♠): seat {seat} deals.",
            card=low.display(names),
            seat=op.dealer,
        )
    ]


def _cut_step(deal: Deal, op: Cut, lang: str) -> list[str]:
    """The cut (D5), and how the packets and the chien cards will go (D6–D8)."""
    size = deal.variant.packet_size
    return [
        said(
            lang,
            "Seat {seat}, the dealer's left neighbour, cuts {cut} cards and leaves {left} "
            "(D5: more than 3 each way).",
            seat=op.seat,
            cut=op.k,
            left=78 - op.k,
        ),
        said(
            lang,
            "Seat {seat} deals {size} by {size}, counter-clockwise from seat {first} (D6–D7),",
            seat=deal.dealer,
            size=size,
            first=deal.first_bidder,
        ),
        gettext(lang, "and builds the chien card by card, never the first or the last card (D8)."),
        gettext(lang, "Each round, in order: [seat] packet, (chien card):"),
    ]


def _packet(deal: Deal, op: PacketDealt | ChienCardDealt, names: str, viewer: int | None) -> str:
    if isinstance(op, ChienCardDealt):
        return f"(chien {op.card.display(names) if viewer is None else '▮'})"
    if viewer is not None and op.seat != viewer:
        return f"[{op.seat}] {'▮' * len(op.cards)}"
    return f"[{op.seat}] {_show(op.cards, names)}"


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


def _hands(deal: Deal, lang: str, names: str, viewer: int | None = None) -> list[str]:
    if viewer is not None:
        hand = CardSet(deal.received[viewer])
        shown = "" if deal.petit_sec is None else _hands(deal, lang, names)[deal.petit_sec + 1]
        mine = said(lang, "Your hand: {hand}", hand=hand.display(names))
        return [mine, *([shown.strip()] if shown else [])]
    lines = [gettext(lang, "Hands, sorted as players hold them (trumps, Excuse, then suits):")]
    labels = [
        said(lang, "{seat}:", seat=_seat(deal, seat, lang)) for seat in range(len(deal.received))
    ]
    width = max(18, *(len(label) + 1 for label in labels))
    for seat, received in enumerate(deal.received):
        hand = CardSet(received)
        label = labels[seat].ljust(width)
        trumps = hand.count_trumps()
        count = (
            said(lang, "[{count} trump]", count=trumps)
            if trumps == 1
            else said(lang, "[{count} trumps]", count=trumps)
        )
        lines.append(f"  {label} {hand.display(names)}  {count}")
    label = gettext(lang, "chien:").ljust(width)
    lines.append(f"  {label} {_show(deal.chien_cards, names)}")
    return lines


def describe_donne(
    donne: Donne, number: int, lang: str = "fr", cards: str | None = None
) -> list[str]:
    """A readable account of one donne: deal, bidding, chien, play, result, in ``lang``
    with the cards named in ``cards`` (``lang`` unless given). The result speaks French
    unless both are English: the score sheet's own language (:func:`describe_result`)."""
    names = cards or lang
    deal = donne.deal
    lines = [
        said(
            lang,
            "Donne {number}: seat {seat} deals ({players} players).",
            number=number,
            seat=deal.dealer,
            players=donne.players,
        )
    ]
    for fault in deal.faults:
        lines += describe_fault(deal, fault, lang, names)
    if deal.void == "petit_sec":
        held = said(
            lang,
            "  Petit sec held by seat {seat}: void; the next dealer deals (D16).",
            seat=deal.petit_sec,
        )
        return [*lines, held]
    if deal.void == "misdeal":
        return [*lines, gettext(lang, "  Void after a fault; the same dealer deals again (D12).")]
    if donne.barred:
        lines.append(
            said(
                lang,
                "  Barred from bidding: {seats} (D12, D14).",
                seats=", ".join(map(str, sorted(donne.barred))),
            )
        )
    bids = ", ".join(f"{b.seat} {b.contract.label if b.contract else 'passe'}" for b in donne.bids)
    lines.append(said(lang, "  Bids (B1): {bids}.", bids=bids))
    if donne.void == "all_pass":
        return [*lines, gettext(lang, "  Everyone passed: void; the next dealer deals (B3).")]
    lines += _contract_lines(donne, lang, names)
    for index, trick in enumerate(donne.tricks, 1):
        played = "  ".join(f"{seat}:{card.display(names)}" for seat, card in trick.cards)
        lines.append(f"  {index:>2}. {played}  → {trick.winner}")
    if donne.result is not None:
        lines += describe_result(donne.result, "en" if lang == names == "en" else "fr")
    return lines


def _contract_lines(donne: Donne, lang: str, names: str) -> list[str]:
    """The contract taken, the King called, the chien and the écart, a chelem announced
    and the poignées shown."""
    lines: list[str] = []
    assert donne.contract is not None
    lines.append(
        said(
            lang,
            "  Seat {seat} takes: {contract} (×{multiplier}).",
            seat=donne.taker,
            contract=donne.contract.label,
            multiplier=donne.contract.multiplier,
        )
    )
    if donne.called is not None:
        partner = (
            gettext(lang, "alone")
            if donne.partner is None
            else said(lang, "partner seat {seat}", seat=donne.partner)
        )
        called = donne.called.display(names)
        lines.append(said(lang, "  Calls {card} (B4): {partner}.", card=called, partner=partner))
    chien = _show(donne.deal.chien_cards, names)
    if donne.contract.chien_seen:
        lines.append(
            said(
                lang,
                "  Chien shown (E1): {chien}; écart: {ecart}.",
                chien=chien,
                ecart=_show(donne.ecart, names),
            )
        )
    elif donne.contract is Contract.GARDE_SANS:
        lines.append(
            said(lang, "  Chien unseen, counted for the taker (E3): {chien}.", chien=chien)
        )
    else:
        lines.append(
            said(lang, "  Chien unseen, counted for the defence (E3): {chien}.", chien=chien)
        )
    if donne.chelem is not None:
        lines.append(
            said(lang, "  Seat {seat} announces a chelem and leads (A4, A6).", seat=donne.chelem)
        )
    for poignee in donne.poignees:
        lines.append(
            said(
                lang,
                "  Seat {seat} shows a {level} poignée (A1): {cards}.",
                seat=poignee.seat,
                level=gettext(lang, poignee.level),
                cards=_show(poignee.cards, names),
            )
        )
    return lines


def describe_result(result: Result, lang: str = "fr") -> list[str]:
    """The result as a score sheet explains it, line by line with each line's rule, in
    ``lang`` (:func:`atout.score_text.score_lines`)."""
    lines = score_lines(
        result.breakdown, lang, lambda seat: gettext(lang, "Seat {n}").format(n=seat)
    )
    return [f"  {rule}  {text}" for rule, text in lines]
