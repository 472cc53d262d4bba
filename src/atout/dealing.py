"""The deal, exactly as the FFT's chapter *La Donne* describes it (docs/reference/rules.md D1–D19).

A :class:`Deal` is a state machine driven one physical step at a time, the way a
table companion or an animated interface sees the deal happen::

    draw for the dealer (D1–D3) → shuffle (D4) → cut (D5)
    → packets and chien cards (D6–D9) → chien shown (D10) → cards picked up (D15)
    → petit sec announced (D16), or ready for the bidding (D18)

Every action comes in three (docs/explanation/design.md, example 3): ``verify_cut(k)`` raises
:class:`~atout.errors.IllegalActionError` naming the rule, ``can_cut(k)`` answers a
bool, ``cut(k)`` acts and returns the frozen operation it appended to
:attr:`Deal.operations`. Faults of the deal (D10–D14) are recorded with
:meth:`Deal.record_fault` and have exactly the consequences the text gives them.
:meth:`Deal.replay` rebuilds a deal from its operations.

At a real table the cards are not seen: :meth:`Deal.shuffle_unseen` logs a shuffle by
hand, after which the cut (:meth:`Deal.cut`, or :meth:`Deal.cut_unknown` when the
depth is not known), the packets and the chien cards are logged without their cards
and checked by the same rules (docs/explanation/design.md, "The deal by hand").

>>> by_hand = Deal(Variant.for_players(4), dealer=0)
>>> by_hand.shuffle_unseen(), by_hand.cut_unknown(), by_hand.deal_packet()
(ShuffledUnseen(seat=2), CutUnknown(seat=3), PacketDealtUnseen(seat=1, count=3))
>>> by_hand.cards_received(1), len(by_hand.hands[1])
(3, 0)

Software play takes the shuffle, the cut and the chien placement at once
(:meth:`Deal.deal_whole`, and :meth:`Deal.automatic` with its own uniform choices): the
plan is checked against D4–D8 as a whole, the cards go straight to the hands, and the
log holds the very operations the steps would have logged, written out when first read.

>>> import random
>>> deal = Deal.automatic(Variant.for_players(4), rng=random.Random(7))
>>> deal.phase, deal.dealer, len(deal.chien), [len(h) for h in deal.hands]
(<Phase.COMPLETE: 'complete'>, 1, 6, [18, 18, 18, 18])
>>> Deal.replay(deal.variant, deal.operations, rules=deal.rules) == deal
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from operator import itemgetter
from typing import Any, ClassVar, Literal, NamedTuple, Self, TypeGuard, TypeVar

from atout.cards import ALL_CARDS, PETIT, Card, CardSet, holds_petit_sec
from atout.errors import IllegalActionError, Reason
from atout.table import CHIEN, Rules, Variant

__all__ = [
    "CUTS",
    "CardDrawn",
    "CardsPickedUp",
    "ChienCardDealt",
    "ChienCardDealtUnseen",
    "ChienShown",
    "Cut",
    "CutUnknown",
    "Deal",
    "DealVoided",
    "DealerChosen",
    "FaultKind",
    "FaultRecorded",
    "Operation",
    "PacketDealt",
    "PacketDealtUnseen",
    "PetitSecAnnounced",
    "Phase",
    "Shuffled",
    "ShuffledUnseen",
    "choose_chien_gaps",
    "count_chien_placements",
    "exposed_voids",
    "first_difference",
    "gaps_of_slots",
    "is_legal_cut",
    "placement_slots",
    "verify_chien_gaps",
]

MIN_CUT = 4  # D5: take or leave more than 3 cards
CUTS = range(MIN_CUT, 78 - MIN_CUT + 1)  # D5: every legal cut depth, 4 … 74
_FFT_RULES = Rules()
_CANONICAL_PACK: list[Card] = list(ALL_CARDS)


class Phase(Enum):
    DRAW = "draw"  # D1–D3: drawing for the first dealer
    SHUFFLE = "shuffle"  # D4
    CUT = "cut"  # D5
    DEAL = "deal"  # D6–D9
    SHOW_CHIEN = "show_chien"  # D10
    PICK_UP = "pick_up"  # D15
    PETIT_SEC = "petit_sec"  # D16: a seat holds the Petit sec and must announce it
    COMPLETE = "complete"  # ready for the bidding (D18)
    VOID = "void"  # D12 or D16: the deal is void


_PHASE_RULE = {  # the rule of each phase, for the refusals that say where the deal is
    Phase.DRAW: "D1",
    Phase.SHUFFLE: "D4",
    Phase.CUT: "D5",
    Phase.DEAL: "D6",
    Phase.SHOW_CHIEN: "D10",
    Phase.PICK_UP: "D15",
    Phase.PETIT_SEC: "D16",
    Phase.COMPLETE: "D18",
    Phase.VOID: "D12",
}

FaultKind = Literal["misdeal", "chien_count", "card_exposed", "early_pickup"]
FAULT_KINDS: tuple[FaultKind, ...] = ("misdeal", "chien_count", "card_exposed", "early_pickup")
FAULT_RULES: dict[FaultKind, str] = {  # the rule each fault of the deal breaks, written once
    "misdeal": "D12",
    "chien_count": "D10",
    "card_exposed": "D14",
    "early_pickup": "D11",
}
VoidReason = Literal["misdeal", "petit_sec"]


def bar_rule(kind: FaultKind) -> str:
    """The rule by which the fault ``kind`` bars a seat from bidding: D12 when the dealer
    is at fault (a misdeal, a wrong chien count), D14 for a card turned face up. An early
    pick-up bars nobody; its own rule (D11) is given back."""
    return "D12" if kind in ("misdeal", "chien_count") else FAULT_RULES[kind]


def exposed_voids(card: Card, rules: Rules) -> bool:
    """D14: a court card or a trump turned face up voids the deal (the Excuse too, by
    default, ⚙ ``excuse_exposed_as_trump``); a plain card below the Valet does not."""
    if card.is_excuse:
        return rules.excuse_exposed_as_trump
    return not card.is_suit_card or card.is_court


def fault_consequences(
    kind: FaultKind, by: int, dealer: int, card: int | None, rules: Rules
) -> FaultRecorded:
    """The fault ``kind`` by ``by`` (with ``card``) on ``dealer``'s deal and what follows
    from it by ``rules``: D10/D12/D13 the deal void, the dealer barred, the hands back
    unseen; D14 a court card, trump (or Excuse, ⚙) turned up voids the deal and bars
    whoever turned it, a plain card bars him on this deal only if ⚙
    ``bar_plain_card_exposer``; D11 an early pick-up bars nobody and costs the penalty."""
    rule = FAULT_RULES[kind]
    if kind == "early_pickup":
        return FaultRecorded(kind, by, None, rule, False, (), False, rules.early_pickup_penalty)
    if kind != "card_exposed":
        return FaultRecorded(kind, by, None, rule, True, (dealer,), True, 0)
    exposed = Card(card if card is not None else 0)
    if exposed_voids(exposed, rules):
        return FaultRecorded(kind, by, exposed, rule, True, (by,), by == dealer, 0)
    barred = (by,) if rules.bar_plain_card_exposer else ()
    return FaultRecorded(kind, by, exposed, rule, False, barred, False, 0)


def bar_rules(faults: Iterable[FaultRecorded], *, voided: bool) -> dict[int, str]:
    """Each seat the ``faults`` bar and the rule that bars it (:func:`bar_rule`): on the
    next deal for the faults that void this one (``voided``), else on this deal."""
    return {s: bar_rule(f.kind) for f in faults if f.voids == voided for s in f.barred}


# -- operations: the log is the history ----------------------------------------------


@dataclass(frozen=True)
class Operation:
    """One change of a deal's state. ``automatic`` operations follow from another one
    (the dealer chosen once every seat has drawn, the deal voided by a fault) and are
    not replayed themselves: replay re-derives them."""

    automatic: ClassVar[bool] = False


@dataclass(frozen=True)
class CardDrawn(Operation):
    """D1: ``seat`` drew ``card`` from the pack spread face down."""

    seat: int
    card: Card


@dataclass(frozen=True)
class DealerChosen(Operation):
    """D1–D2: ``dealer`` deals; ``by_draw`` is false when the dealer was given."""

    automatic: ClassVar[bool] = True
    dealer: int
    by_draw: bool


@dataclass(frozen=True)
class Shuffled(Operation):
    """D4: ``seat`` shuffled; ``order`` is the pack after it, top first."""

    seat: int
    order: tuple[Card, ...]


@dataclass(frozen=True)
class ShuffledUnseen(Operation):
    """D4: ``seat`` shuffled by hand, the order of the pack unknown to atout: what is
    dealt after it is dealt unseen (:class:`PacketDealtUnseen`,
    :class:`ChienCardDealtUnseen`)."""

    seat: int


@dataclass(frozen=True)
class Cut(Operation):
    """D5: ``seat`` moved the top ``k`` cards under the rest."""

    seat: int
    k: int


@dataclass(frozen=True)
class CutUnknown(Operation):
    """D5: ``seat`` cut a pack shuffled by hand, how deep not being known."""

    seat: int


@dataclass(frozen=True)
class PacketDealt(Operation):
    """D6–D7: the dealer gave ``cards`` (the top of the pack) to ``seat``."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ChienCardDealt(Operation):
    """D8: the dealer put ``card`` (the top of the pack) in the chien."""

    card: Card


@dataclass(frozen=True)
class PacketDealtUnseen(Operation):
    """D6–D7: the dealer gave a packet of ``count`` cards to ``seat``, the cards unseen
    (a pack shuffled by hand)."""

    seat: int
    count: int


@dataclass(frozen=True)
class ChienCardDealtUnseen(Operation):
    """D8: the dealer put the top card of a pack shuffled by hand in the chien, unseen."""


@dataclass(frozen=True)
class ChienShown(Operation):
    """D10: the dealer showed that the chien holds ``count`` cards."""

    count: int


@dataclass(frozen=True)
class CardsPickedUp(Operation):
    """D15: the deal is over and each player looks at his cards."""


@dataclass(frozen=True)
class FaultRecorded(Operation):
    """D10–D14: a fault during the deal and what follows from it.

    ``voids`` (the same dealer deals again, D12), ``barred`` (seats that may not bid,
    on the new deal when ``voids``, else on this one), ``hands_returned_unseen`` (D13)
    and ``penalty`` (points, D11) are what the rules make of ``kind``, ``by``, ``card``.
    """

    kind: FaultKind
    by: int
    card: Card | None
    rule: str
    voids: bool
    barred: tuple[int, ...]
    hands_returned_unseen: bool
    penalty: int


@dataclass(frozen=True)
class PetitSecAnnounced(Operation):
    """D16: ``seat`` announced the Petit sec and showed ``hand``."""

    seat: int
    hand: CardSet


@dataclass(frozen=True)
class DealVoided(Operation):
    """D12 or D16: the deal is void; ``next_dealer`` deals the new one, on which
    ``barred`` may not bid."""

    automatic: ClassVar[bool] = True
    reason: VoidReason
    next_dealer: int
    barred: tuple[int, ...]


# -- chien placements (D8) --------------------------------------------------------------


def count_chien_placements(variant: Variant, rules: Rules | None = None) -> int:
    """How many legal ways there are to put the chien cards between the packets.

    A chien card goes into one of the ``packet_count - 1`` gaps between two packets
    (never before the first packet nor after the last, D8); with the default rules at
    most one per gap.

    >>> count_chien_placements(Variant.for_players(4))
    100947
    """
    from math import comb

    rules = rules or Rules()
    gaps, chien = variant.packet_count - 1, variant.chien_size
    return comb(gaps + chien - 1, chien) if rules.consecutive_chien_cards else comb(gaps, chien)


def choose_chien_gaps(variant: Variant, rules: Rules, rng: random.Random) -> list[int]:
    """A placement of the chien chosen uniformly among the legal ones (D8).

    Returns, sorted, the number of packets dealt before each chien card (1 … P-1).
    """
    gaps = range(1, variant.packet_count)
    return _sample_gaps(gaps, variant.chien_size, rules.consecutive_chien_cards, rng)


def placement_slots(gaps: int, k: int, repeat: bool) -> int:
    """D8 ⚙, a uniform placement written once: ``k`` chien cards over ``gaps`` open gaps
    are placed by choosing ``k`` of this many slots (:func:`gaps_of_slots`): one slot
    per gap, or with ``repeat`` (two chien cards in a row) ``gaps + k - 1``, stars and
    bars."""
    return gaps + k - 1 if repeat else gaps


def gaps_of_slots(gaps: Sequence[int], picks: Sequence[int], repeat: bool) -> list[int]:
    """The placement that the sorted slots ``picks`` (of :func:`placement_slots`) stand
    for among the open ``gaps``: the gap of each slot, or with ``repeat`` the i-th
    slot shifted down by i."""
    return [gaps[p - i] for i, p in enumerate(picks)] if repeat else [gaps[p] for p in picks]


def _sample_gaps(gaps: Sequence[int], k: int, repeat: bool, rng: random.Random) -> list[int]:
    """``k`` of ``gaps`` chosen uniformly, sorted; with ``repeat`` a uniform multiset."""
    picks = sorted(rng.sample(range(placement_slots(len(gaps), k, repeat)), k))
    return gaps_of_slots(gaps, picks, repeat)


@cache
def _dealer_chosen(dealer: int, by_draw: bool) -> DealerChosen:
    return DealerChosen(dealer, by_draw)


# The layout of a deal, one path for the deal dealt whole and for its log: the chien
# cards are set aside at Variant.chien_places (D8); what is left goes out packet by
# packet, packet i to the hand Variant.packet_hands[i] (D6–D7); Variant.deal_steps puts
# the two in the order dealt. A hand is counted from the dealer's right neighbour.


def _seat_of_hand(players: int, dealer: int, hand: int) -> int:
    """D6: the seat of ``hand`` (0: the dealer's right neighbour, counter-clockwise)."""
    return (dealer + 1 + hand) % players


def _set_chien_aside(
    variant: Variant, pack: Sequence[Card], gaps: Sequence[int]
) -> tuple[list[Card], list[Card]]:
    """D8: the cut ``pack`` split into the cards of the packets, in the order dealt, and
    the chien cards, which lie at :meth:`~atout.table.Variant.chien_places`."""
    dealt, chien = list(pack), []
    for place in reversed(variant.chien_places(gaps)):
        chien.append(dealt.pop(place))
    chien.reverse()
    return dealt, chien


@cache
def _packet_takers(players: int, dealer: int) -> tuple[Callable[[list[Card]], Any], ...]:
    """For each seat, what takes its packets out of the cards of the packets (as
    :func:`_set_chien_aside` leaves them): packet ``i`` goes to the hand
    :attr:`~atout.table.Variant.packet_hands` ``[i]`` (D6–D7)."""
    variant = Variant.for_players(players)
    size = variant.packet_size
    places: list[list[int]] = [[] for _ in range(players)]
    for packet, hand in enumerate(variant.packet_hands):
        places[_seat_of_hand(players, dealer, hand)] += range(packet * size, (packet + 1) * size)
    return tuple(itemgetter(*seat) for seat in places)


class _Plan(NamedTuple):
    """A deal dealt whole (D4–D16): what its log holds after the dealer is chosen,
    written out by :meth:`operations` when the log is first read."""

    variant: Variant
    rules: Rules
    dealer: int
    order: tuple[Card, ...]
    k: int
    gaps: tuple[int, ...]
    ending: tuple[Operation, ...]
    logged: int  # operations in the log before the shuffle

    def operations(self) -> list[Operation]:
        """What the step-by-step procedure logs for the same choices: the shuffle (D4),
        the cut (D5), each packet and chien card in turn (D6–D8), the chien shown (D10),
        the pick-up (D15), and the Petit sec announced and the deal void (D16)."""
        variant, dealer, k = self.variant, self.dealer, self.k
        return [
            Shuffled(self.rules.shuffler(variant, dealer), self.order),
            Cut(self.rules.cutter(variant, dealer), k),
            *self._dealing_steps(self.order[k:] + self.order[:k]),
            ChienShown(len(self.gaps)),
            CardsPickedUp(),
            *self.ending,
        ]

    def _dealing_steps(self, pack: tuple[Card, ...]) -> list[PacketDealt | ChienCardDealt]:
        """The packets and chien cards in the order dealt (:meth:`Variant.deal_steps`),
        from the same split as the hands of the deal dealt whole (:func:`_set_chien_aside`,
        packet ``i`` to :attr:`Variant.packet_hands` ``[i]``)."""
        variant, dealer = self.variant, self.dealer
        players, size = variant.players, variant.packet_size
        dealt, chien = _set_chien_aside(variant, pack, self.gaps)
        chien_cards = iter(chien)
        steps: list[PacketDealt | ChienCardDealt] = []
        top = 0
        for hand in variant.deal_steps(self.gaps):
            if hand == CHIEN:
                steps.append(ChienCardDealt(next(chien_cards)))
            else:
                seat = _seat_of_hand(players, dealer, hand)
                steps.append(PacketDealt(seat, tuple(dealt[top : top + size])))
                top += size
        return steps


_Op = TypeVar("_Op", bound=Operation)
_Item = TypeVar("_Item")


# -- the deal -----------------------------------------------------------------------------


@dataclass
class _Unseen:
    """What is known of a deal shuffled by hand: how many cards each seat received and
    how many the chien."""

    received: list[int]
    chien: int = 0


@dataclass(eq=False)
class _DealState:
    """What a deal holds and who is who in it: the fields of :class:`Deal`, the seats
    its rules name, what it is at, and its log. The actions are :class:`_DealSteps`',
    the faults and any operation replayed :class:`_DealLog`'s."""

    variant: Variant
    rules: Rules = _FFT_RULES
    dealer: int | None = None
    barred: frozenset[int] = frozenset()
    pack: list[Card] = field(default_factory=lambda: list(ALL_CARDS))

    phase: Phase = field(init=False)
    draws: dict[int, list[Card]] = field(init=False, default_factory=dict)
    received: list[list[Card]] = field(init=False)
    chien_cards: list[Card] = field(init=False, default_factory=list)
    _faults: list[FaultRecorded] = field(init=False, default_factory=list, repr=False)
    petit_sec: int | None = field(init=False, default=None)
    void: VoidReason | None = field(init=False, default=None)
    shuffled: tuple[Card, ...] | None = field(init=False, default=None)
    cut_k: int | None = field(init=False, default=None)
    _next_card: int = field(init=False, default=0)
    _packets: int = field(init=False, default=0)
    _last_was_chien: bool = field(init=False, default=False)
    _operations: list[Operation] = field(init=False, default_factory=list, repr=False)
    _plan: _Plan | None = field(init=False, default=None, repr=False)
    _voided_op: DealVoided | None = field(init=False, default=None, repr=False)
    _unseen: _Unseen | None = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:
        self.pack = list(self.pack)
        if self.pack != _CANONICAL_PACK and sorted(self.pack) != _CANONICAL_PACK:
            raise IllegalActionError("D4", "bad_pack")
        self.received = [[] for _ in range(self.variant.players)]
        for seat in self.barred:
            self.variant.check_seat(seat, "barred seat", "D12")
        if self.dealer is None:
            self.phase = Phase.DRAW
        else:
            self.variant.check_seat(self.dealer, "dealer", "D17")
            self.phase = Phase.SHUFFLE
            self._operations.append(_dealer_chosen(self.dealer, False))

    @property
    def operations(self) -> list[Operation]:
        """The log (docs/explanation/design.md, example 4): every operation in order. A deal
        dealt whole writes out its packets and chien cards when the log is first read."""
        plan = self._plan
        if plan is not None:
            self._operations[plan.logged :] = plan.operations()
            self._plan = None
        return self._operations

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A copy as independent as :func:`copy.deepcopy` makes one, sharing only what
        cannot change: cards, operations, the variant and the rules."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        memo[id(self)] = new
        new.pack = _copied(self.pack, memo)
        new._operations = _copied(self._operations, memo)
        new.draws = {seat: _copied(cards, memo) for seat, cards in self.draws.items()}
        new.received = [_copied(cards, memo) for cards in self.received]
        new.chien_cards = _copied(self.chien_cards, memo)
        new._faults = _copied(self._faults, memo)
        if self._unseen is not None:
            new._unseen = _Unseen(list(self._unseen.received), self._unseen.chien)
        return new

    @property
    def faults(self) -> list[FaultRecorded]:
        """The faults of the deal (D10–D14): its :class:`FaultRecorded` operations, in
        the order of the log (a new list: a fault is recorded only by an operation)."""
        return list(self._faults)

    @property
    def unseen(self) -> bool:
        """Whether the pack was shuffled by hand (:meth:`shuffle_unseen`): its order,
        the hands and the chien are then unknown to atout, only how many cards each
        seat and the chien received."""
        return self._unseen is not None

    @property
    def packets_dealt(self) -> int:
        """How many packets have been dealt (D6)."""
        return self._packets

    def cards_received(self, seat: int) -> int:
        """How many cards ``seat`` has received, seen or not."""
        unseen = self._unseen
        return len(self.received[seat]) + (unseen.received[seat] if unseen else 0)

    def chien_count(self) -> int:
        """How many cards have been put in the chien, seen or not (D8)."""
        unseen = self._unseen
        return len(self.chien_cards) + (unseen.chien if unseen else 0)

    # -- who is who ----------------------------------------------------------------------

    @property
    def shuffler(self) -> int:
        """D4: the player opposite the dealer."""
        return self.rules.shuffler(self.variant, self._require_dealer())

    @property
    def cutter(self) -> int:
        """D5: the dealer's left neighbour."""
        return self.rules.cutter(self.variant, self._require_dealer())

    @property
    def first_bidder(self) -> int:
        """D18 and B1: the dealer's right neighbour speaks first and leads."""
        return self.variant.right_of(self._require_dealer())

    @property
    def leader(self) -> int:
        """D18: the dealer's right neighbour leads the first trick (A6 aside)."""
        return self.first_bidder

    @property
    def next_dealer(self) -> int:
        """D12: the same dealer after a fault; D16–D17: his right neighbour otherwise."""
        voided = self._voided()
        return voided.next_dealer if voided else self.variant.right_of(self._require_dealer())

    @property
    def barred_next(self) -> frozenset[int]:
        """Seats that may not bid on the next deal (D12, D14)."""
        voided = self._voided()
        return frozenset(voided.barred) if voided else frozenset()

    @property
    def barred_next_rules(self) -> dict[int, str]:
        """The seats of :attr:`barred_next`, each with the rule that bars it."""
        return bar_rules(self._faults, voided=True) if self._voided() else {}

    @property
    def barred_here_rules(self) -> dict[int, str]:
        """The seats barred by a fault of this deal that did not void it (D14)."""
        return bar_rules(self._faults, voided=False)

    @property
    def barred_now(self) -> frozenset[int]:
        """Seats that may not bid on this deal: those barred by the previous deal, and
        with ``Rules.bar_plain_card_exposer`` whoever turned up a plain card here."""
        return self.barred | set(self.barred_here_rules)

    @property
    def hands(self) -> list[CardSet]:
        return [CardSet(cards) for cards in self.received]

    @property
    def chien(self) -> CardSet:
        return CardSet(self.chien_cards)

    @property
    def is_over(self) -> bool:
        """The deal has ended: ready for the bidding, or void."""
        return self.phase in (Phase.COMPLETE, Phase.VOID)

    @property
    def draw_order(self) -> list[tuple[int, list[Card]]]:
        """The draw for the dealer (D1–D3): each seat in the order it drew first, with
        its cards in the order drawn (an Excuse, D3, is followed by the redraw)."""
        return [(seat, list(cards)) for seat, cards in self.draws.items()]

    def _require_dealer(self) -> int:
        if self.dealer is None:
            raise IllegalActionError("D1", "no_dealer")
        return self.dealer

    def _voided(self) -> DealVoided | None:
        return self._voided_op

    def _expect(self, phase: Phase, rule: str, what: str) -> None:
        if self.phase is not phase:
            raise IllegalActionError(rule, "not_possible_now", action=what, now=self.phase_reason())

    def phase_reason(self) -> Reason:
        """What the deal is at now, as a clause of a refusal."""
        kind = "deal_dealing" if self.phase is Phase.DEAL else f"deal_{self.phase.value}"
        rule = _PHASE_RULE[self.phase]
        if self.phase is Phase.SHUFFLE:
            return Reason(rule, kind, seat=self._maybe("shuffler"))
        if self.phase is Phase.CUT:
            return Reason(rule, kind, seat=self._maybe("cutter"))
        if self.phase is Phase.PETIT_SEC:
            return Reason(rule, kind, seat=self.petit_sec)
        return Reason(rule, kind)

    def _maybe(self, attribute: str) -> int | None:
        return getattr(self, attribute) if self.dealer is not None else None

    # -- the log --------------------------------------------------------------------------

    def _act(self, operation: _Op) -> _Op:
        """Log and apply an operation that its action method has already checked."""
        self.operations.append(operation)
        _APPLY[type(operation)](self, operation)
        return operation

    def _log(self, operation: Operation) -> None:
        self.operations.append(operation)

    def _void(self, reason: VoidReason, next_dealer: int, barred: tuple[int, ...]) -> DealVoided:
        self.void = reason
        self.phase = Phase.VOID
        self._voided_op = DealVoided(reason, next_dealer, barred)
        return self._voided_op


class _DealSteps(_DealState):
    """The actions of a deal, D1–D16, each with its check (``verify_…``, which raises
    the refusal), its test (``can_…``) and the action itself, which logs its operation."""

    # -- D1–D3: the draw for the first dealer ---------------------------------------------

    def verify_draw(self, seat: int, card: int) -> None:
        """D1, D3: ``seat`` may draw ``card`` if it has no card that counts yet and the
        card is still face down."""
        self._expect(Phase.DRAW, "D1", "drawing for the dealer")
        self.variant.check_seat(seat, rule="D1")
        drawn = self.draws.get(seat, [])
        if drawn and not drawn[-1].is_excuse:
            raise IllegalActionError("D1", "already_drawn", seat=seat, card=drawn[-1])
        card = Card(card)
        if any(card in cards for cards in self.draws.values()):
            raise IllegalActionError("D1", "card_drawn", card=card)

    def can_draw(self, seat: int, card: int) -> bool:
        return _can(self.verify_draw, seat, card)

    def draw(
        self, seat: int, card: int | None = None, rng: random.Random | None = None
    ) -> CardDrawn:
        """``seat`` draws ``card`` (or a card chosen by ``rng`` among those not drawn)."""
        if card is None:
            face_down = list(ALL_CARDS)
            for drawn in sorted((c for cards in self.draws.values() for c in cards), reverse=True):
                del face_down[drawn]
            card = (rng or random.SystemRandom()).choice(face_down)
        self.verify_draw(seat, card)
        return self._act(CardDrawn(seat, Card(card)))

    def seats_to_draw(self) -> list[int]:
        """The seats that still have to draw a card (none yet, or an Excuse, D3)."""
        return [
            s
            for s in range(self.variant.players)
            if s not in self.draws or self.draws[s][-1].is_excuse
        ]

    # -- D4: the shuffle --------------------------------------------------------------------

    def verify_shuffle(
        self, seat: int | None = None, permutation: Sequence[int] | None = None
    ) -> None:
        """D4: only the player opposite the dealer shuffles, and a shuffle is a
        permutation of the 78 positions."""
        self._expect(Phase.SHUFFLE, "D4", "shuffling")
        if seat is not None and self.variant.check_seat(seat, rule="D4") != self.shuffler:
            raise IllegalActionError(
                "D4", "wrong_shuffler", shuffler=self.shuffler, dealer=self.dealer, seat=seat
            )
        if permutation is not None and sorted(permutation) != list(range(78)):
            raise IllegalActionError("D4", "bad_permutation")

    def can_shuffle(
        self, seat: int | None = None, permutation: Sequence[int] | None = None
    ) -> bool:
        return _can(self.verify_shuffle, seat, permutation)

    def shuffle(
        self,
        seat: int | None = None,
        permutation: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> Shuffled:
        """The shuffler shuffles: new pack[i] = old pack[permutation[i]]; without a
        permutation, a uniform one from ``rng`` (the OS's secure source by default)."""
        self.verify_shuffle(seat, permutation)
        if permutation is None:
            order = list(self.pack)
            (rng or random.SystemRandom()).shuffle(order)
        else:
            order = [self.pack[i] for i in permutation]
        return self._act(Shuffled(self.shuffler, tuple(order)))

    def shuffle_unseen(self, seat: int | None = None) -> ShuffledUnseen:
        """The shuffler shuffles by hand (D4, checked as :meth:`verify_shuffle` does):
        the order of the pack stays unknown, and the cut, the packets and the chien
        cards after it are those of a deal whose cards are not seen."""
        self.verify_shuffle(seat)
        return self._act(ShuffledUnseen(self.shuffler))

    # -- D5: the cut ------------------------------------------------------------------------

    def verify_cut(self, k: int | None, seat: int | None = None) -> None:
        """D5: the dealer's left neighbour cuts, taking or leaving more than 3 cards;
        ``k`` ``None`` (how deep is not known) only for a pack shuffled by hand."""
        self._expect(Phase.CUT, "D5", "cutting")
        if seat is not None and self.variant.check_seat(seat, rule="D5") != self.cutter:
            raise IllegalActionError("D5", "wrong_cutter", cutter=self.cutter, seat=seat)
        if k is None and self._unseen is None:
            raise IllegalActionError("D5", "cut_depth_needed")
        if k is not None:
            _verify_cut_depth(k)

    def can_cut(self, k: int | None, seat: int | None = None) -> bool:
        return _can(self.verify_cut, k, seat)

    def cut(self, k: int, seat: int | None = None) -> Cut:
        """The cutter moves the top ``k`` cards under the rest."""
        self.verify_cut(k, seat)
        return self._act(Cut(self.cutter, k))

    def cut_unknown(self, seat: int | None = None) -> CutUnknown:
        """The cutter cuts a pack shuffled by hand, how deep not being known (D5)."""
        self.verify_cut(None, seat)
        return self._act(CutUnknown(self.cutter))

    # -- D6–D9: packets and chien cards -------------------------------------------------

    @property
    def next_packet_seat(self) -> int:
        """D6: packets go round counter-clockwise from the dealer's right neighbour."""
        hands = self.variant.packet_hands  # after the last packet: round again
        hand = hands[self._packets % len(hands)]
        return _seat_of_hand(self.variant.players, self._require_dealer(), hand)

    @property
    def chien_gaps_left(self) -> int:
        """Gaps between packets still open for a chien card, after the current one."""
        return self.variant.packet_count - 1 - self._packets

    def verify_packet(self, seat: int | None = None, count: int | None = None) -> None:
        """D6: the packet goes to the next seat counter-clockwise; D7: of the packet size;
        D8: not when it would leave no room for the rest of the chien."""
        self._expect(Phase.DEAL, "D6", "dealing a packet")
        variant = self.variant
        if seat is not None and variant.check_seat(seat) != self.next_packet_seat:
            raise IllegalActionError("D6", "wrong_packet_seat", to=self.next_packet_seat, seat=seat)
        if count is not None and count != variant.packet_size:
            raise IllegalActionError(
                "D7",
                "packet_size",
                players=variant.players,
                size=variant.packet_size,
                count=repr(count),
            )
        if self._packets >= variant.packet_count:
            raise IllegalActionError("D9", "hands_full", size=variant.hand_size)
        missing = variant.chien_size - self.chien_count()
        needed = min(missing, 1) if self.rules.consecutive_chien_cards else missing
        if self.chien_gaps_left < needed:
            raise IllegalActionError("D8", "chien_needs_card", missing=missing)

    def can_deal_packet(self, seat: int | None = None, count: int | None = None) -> bool:
        return _can(self.verify_packet, seat, count)

    def deal_packet(
        self, seat: int | None = None, count: int | None = None
    ) -> PacketDealt | PacketDealtUnseen:
        """The dealer gives the next packet from the top of the pack (unseen when the
        pack was shuffled by hand)."""
        self.verify_packet(seat, count)
        size = self.variant.packet_size
        if self._unseen is not None:
            return self._act(PacketDealtUnseen(self.next_packet_seat, size))
        cards = tuple(self.pack[self._next_card : self._next_card + size])
        return self._act(PacketDealt(self.next_packet_seat, cards))

    def verify_chien_card(self) -> None:
        """D8: one card at a time, never the first or the last card of the pack, and (by
        default, ⚙) never right after another chien card."""
        self._expect(Phase.DEAL, "D8", "putting a card in the chien")
        if self.chien_count() >= self.variant.chien_size:
            raise IllegalActionError("D8", "chien_full", size=self.variant.chien_size)
        if self._packets == 0:
            raise IllegalActionError("D8", "chien_not_first")
        if self._packets >= self.variant.packet_count:
            raise IllegalActionError("D8", "chien_not_last")
        if not self.rules.consecutive_chien_cards:
            if self._last_was_chien:
                raise IllegalActionError("D8", "chien_one_at_a_time")
            if self.variant.chien_size - self.chien_count() - 1 > self.chien_gaps_left:
                raise IllegalActionError("D8", "chien_too_few_packets")

    def can_deal_chien_card(self) -> bool:
        return _can(self.verify_chien_card)

    def deal_chien_card(self) -> ChienCardDealt | ChienCardDealtUnseen:
        """The dealer puts the top card of the pack in the chien (unseen when the pack
        was shuffled by hand)."""
        self.verify_chien_card()
        if self._unseen is not None:
            return self._act(ChienCardDealtUnseen())
        return self._act(ChienCardDealt(self.pack[self._next_card]))

    # -- D4–D16 at once: a deal dealt whole ------------------------------------------------

    def verify_deal_whole(
        self, permutation: Sequence[int] | None, k: int, chien_gaps: Sequence[int]
    ) -> None:
        """D4–D8 for the whole deal at once: the shuffle as :meth:`verify_shuffle` checks
        it (``None``: any shuffle), a cut of ``k`` as :meth:`verify_cut` does, and
        ``chien_gaps`` (how many packets are dealt before each chien card, in the order
        of the deal) a legal placement."""
        self.verify_shuffle(None, permutation)
        _verify_cut_depth(k)
        if any(isinstance(gap, bool) or not isinstance(gap, int) for gap in chien_gaps):
            raise IllegalActionError("D8", "chien_gap_type", gaps=f"{chien_gaps!r:.80}")
        self._verify_chien_gaps(chien_gaps)

    def can_deal_whole(
        self, permutation: Sequence[int] | None, k: int, chien_gaps: Sequence[int]
    ) -> bool:
        return _can(self.verify_deal_whole, permutation, k, chien_gaps)

    def deal_whole(self, permutation: Sequence[int], k: int, chien_gaps: Sequence[int]) -> None:
        """Shuffle by ``permutation`` (D4), cut ``k`` cards (D5), deal every packet with a
        chien card after packet ``g`` for each ``g`` of ``chien_gaps`` (D6–D9), show the
        chien (D10), pick up (D15) and announce a Petit sec (D16): the same state and the
        same :attr:`operations` as those steps taken one at a time."""
        self.verify_deal_whole(permutation, k, chien_gaps)
        self._lay_out([self.pack[i] for i in permutation], k, chien_gaps)

    def _verify_chien_gaps(self, gaps: Sequence[int]) -> None:
        verify_chien_gaps(self.variant, self.rules, gaps)

    def _deal_whole_at_random(self, rng: random.Random) -> None:
        """The choices of the step-by-step procedure, drawn from ``rng`` in its order: a
        uniform shuffle, a cut uniform among the legal ones, a uniform chien placement."""
        order = list(self.pack)
        rng.shuffle(order)
        k = rng.randint(CUTS[0], CUTS[-1])
        self._lay_out(order, k, choose_chien_gaps(self.variant, self.rules, rng))

    def _lay_out(self, order: list[Card], k: int, gaps: Sequence[int]) -> None:
        """Check the cut and the chien placement (D5, D8), then give the cards out as the
        packets and chien cards would (D6–D9), up to the Petit sec (D16). The log is
        written out when first read."""
        _verify_cut_depth(k)
        self._verify_chien_gaps(gaps)
        variant, dealer = self.variant, self._require_dealer()
        pack = order[k:] + order[:k]
        dealt, chien = _set_chien_aside(variant, pack, gaps)
        self.pack, self.shuffled, self.cut_k, self.chien_cards = pack, tuple(order), k, chien
        takers = _packet_takers(variant.players, dealer)
        self.received = [list(take(dealt)) for take in takers]
        self._next_card, self._packets = 78, variant.packet_count
        ending, logged = self._end(dealt), len(self._operations)
        self._plan = _Plan(
            variant, self.rules, dealer, self.shuffled, k, tuple(gaps), ending, logged
        )

    def _end(self, dealt: list[Card]) -> tuple[Operation, ...]:
        """D15–D16 after a deal dealt whole: the operations that end its log."""
        self.petit_sec = seat = self._petit_sec_holder(dealt)
        if seat is None:
            self.phase = Phase.COMPLETE
            return ()
        shown = PetitSecAnnounced(seat, CardSet(self.received[seat]))
        return shown, self._void("petit_sec", self.variant.right_of(self._require_dealer()), ())

    def _petit_sec_holder(self, dealt: list[Card]) -> int | None:
        """D16 from the cards the hands received, in the order dealt: the seat that got
        the Petit holds it sec when the Petit is its highest card."""
        if PETIT in self.chien_cards:
            return None
        variant = self.variant
        hand = variant.packet_hands[dealt.index(PETIT) // variant.packet_size]
        seat = _seat_of_hand(variant.players, self._require_dealer(), hand)
        return seat if holds_petit_sec(self.received[seat]) else None

    # -- D10, D15, D16 ----------------------------------------------------------------------

    def verify_show_chien(self) -> None:
        self._expect(Phase.SHOW_CHIEN, "D10", "showing the chien")

    def can_show_chien(self) -> bool:
        return _can(self.verify_show_chien)

    def show_chien(self) -> ChienShown:
        """D10: the dealer shows that the chien holds the right number of cards."""
        self.verify_show_chien()
        return self._act(ChienShown(self.chien_count()))

    def verify_pick_up(self) -> None:
        self._expect(Phase.PICK_UP, "D11", "picking up the cards")

    def can_pick_up(self) -> bool:
        return _can(self.verify_pick_up)

    def pick_up(self) -> CardsPickedUp:
        """D15: the deal is over; each player looks at his cards."""
        self.verify_pick_up()
        return self._act(CardsPickedUp())

    def holder_of_petit_sec(self) -> int | None:
        """D16: the seat whose hand holds the Petit with no other trump and no Excuse
        (the Petit is its highest card: the trumps above it and the Excuse come after)."""
        size = self.variant.hand_size
        for seat, cards in enumerate(self.received):
            if len(cards) == size and holds_petit_sec(cards):
                return seat
        return None

    def verify_announce_petit_sec(self, seat: int) -> None:
        self._expect(Phase.PETIT_SEC, "D16", "announcing a Petit sec")
        if self.variant.check_seat(seat, rule="D16") != self.petit_sec:
            raise IllegalActionError("D16", "not_petit_sec", seat=seat)

    def can_announce_petit_sec(self, seat: int) -> bool:
        return _can(self.verify_announce_petit_sec, seat)

    def announce_petit_sec(self, seat: int) -> PetitSecAnnounced:
        """D16: the holder shows his hand; the deal is void and the dealer's right
        neighbour deals the new one."""
        self.verify_announce_petit_sec(seat)
        return self._act(PetitSecAnnounced(seat, CardSet(self.received[seat])))


class _DealLog(_DealSteps):
    """The faults of a deal (D10–D14), and any operation checked and applied (the
    operations of a record are replayed through :meth:`apply`)."""

    # -- D10–D14: faults during the deal ------------------------------------------------

    def verify_fault(self, kind: str, by: int | None = None, card: int | None = None) -> None:
        """A fault can be recorded while the deal goes on: a misdeal or a card turned up
        from the shuffle to the last packet, an early pick-up while the cards are being
        dealt, a wrong chien count when the chien is shown (D10)."""
        if kind not in FAULT_KINDS:
            raise IllegalActionError(
                "D12", "not_a_fault", value=f"{kind!r:.40}", kinds=", ".join(FAULT_KINDS)
            )
        allowed = {
            "misdeal": (Phase.SHUFFLE, Phase.CUT, Phase.DEAL, Phase.SHOW_CHIEN),
            "chien_count": (Phase.SHOW_CHIEN,),
            "card_exposed": (Phase.SHUFFLE, Phase.CUT, Phase.DEAL),
            "early_pickup": (Phase.DEAL,),
        }[kind]
        rule = FAULT_RULES[kind]
        if self.phase not in allowed:
            when = "fault_chien_shown" if kind == "chien_count" else "fault_during_deal"
            raise IllegalActionError(rule, when, fault=kind, now=self.phase_reason())
        dealer = self._require_dealer()
        if by is not None:
            self.variant.check_seat(by, "the seat at fault", rule)
        if kind in ("misdeal", "chien_count") and by not in (None, dealer):
            raise IllegalActionError(rule, "dealers_fault", fault=kind, dealer=dealer)
        if kind == "card_exposed" and card is None:
            raise IllegalActionError("D14", "name_exposed_card")
        if kind != "card_exposed" and card is not None:
            raise IllegalActionError(rule, "fault_no_card", fault=kind)
        if kind == "early_pickup" and by is None:
            raise IllegalActionError("D11", "name_early_pickup")
        if kind == "early_pickup" and not self.cards_received(by):  # type: ignore[arg-type]
            raise IllegalActionError("D11", "no_cards_yet", seat=by)
        if kind == "early_pickup" and any(f.kind == kind and f.by == by for f in self._faults):
            raise IllegalActionError("D11", "pickup_recorded", seat=by)
        if kind == "card_exposed" and any(f.card == card for f in self._faults):
            raise IllegalActionError("D14", "already_face_up", card=Card(card or 0))
        if kind == "card_exposed" and card is not None:
            self._verify_exposed(dealer if by is None else by, Card(card))

    def _verify_exposed(self, by: int, card: Card) -> None:
        """D14: the card turned face up is one the seat could hold at that point:
        before the first packet any card of the pack; then a card it has received, or
        for the dealer, who holds the pack, any card not given to another seat. Unseen
        cards may be any card: a seat that received some, or the dealer, may have it."""
        if self.phase is not Phase.DEAL or not self._packets:
            return
        if self._unseen is not None and (self._unseen.received[by] or by == self.dealer):
            return
        if card in self.received[by]:
            return
        others = [cards for seat, cards in enumerate(self.received) if seat != by]
        if by == self.dealer and not any(card in cards for cards in others):
            return
        raise IllegalActionError("D14", "not_received", seat=by, card=card)

    def can_record_fault(self, kind: str, by: int | None = None, card: int | None = None) -> bool:
        return _can(self.verify_fault, kind, by, card)

    def record_fault(
        self, kind: FaultKind, by: int | None = None, card: int | None = None
    ) -> FaultRecorded:
        """Record a fault (``by`` defaults to the dealer) and apply its consequences:
        D10/D12/D13 a misdeal or wrong chien count voids the deal, the same dealer deals
        again and may not bid, the hands go back unseen; D14 a court card, trump (or
        Excuse, ⚙) turned up voids the deal and bars whoever turned it, a plain card
        below the Valet lets the deal go on; D11 an early pick-up is recorded with the
        penalty of the settings, and the deal goes on."""
        self.verify_fault(kind, by, card)
        return self._act(
            self.fault_consequences(kind, self._require_dealer() if by is None else by, card)
        )

    def fault_consequences(self, kind: FaultKind, by: int, card: int | None) -> FaultRecorded:
        """The fault ``kind`` by ``by`` (with ``card``) and what follows from it (D10–D14)."""
        return fault_consequences(kind, by, self._require_dealer(), card, self.rules)

    # -- applying operations --------------------------------------------------------------

    def apply(self, operation: Operation) -> None:
        """Check ``operation`` against the rules, then apply and log it (and what
        follows from it: the dealer chosen, the deal voided)."""
        verify = _VERIFY.get(type(operation))
        if verify is None:
            raise IllegalActionError(
                _rule_of(operation), "follows_from_another", operation=type(operation).__name__
            )
        verify(self, operation)
        self._act(operation)

    # -- how each operation changes the state ------------------------------------------

    def _apply_drawn(self, op: CardDrawn) -> None:
        self.draws.setdefault(op.seat, []).append(op.card)
        if not self.seats_to_draw():
            lowest = min(self.draws, key=lambda s: self.draws[s][-1].draw_rank)
            self.dealer = lowest
            self.phase = Phase.SHUFFLE
            self._log(_dealer_chosen(lowest, True))

    def _apply_shuffled(self, op: Shuffled) -> None:
        self.pack = list(op.order)
        self.shuffled = op.order
        self.phase = Phase.CUT

    def _apply_shuffled_unseen(self, op: ShuffledUnseen) -> None:
        self._unseen = _Unseen([0] * self.variant.players)
        self.phase = Phase.CUT

    def _apply_cut(self, op: Cut) -> None:
        if self._unseen is None:
            self.pack = self.pack[op.k :] + self.pack[: op.k]
        self.cut_k = op.k
        self.phase = Phase.DEAL

    def _apply_cut_unknown(self, op: CutUnknown) -> None:
        self.phase = Phase.DEAL

    def _apply_packet_unseen(self, op: PacketDealtUnseen) -> None:
        self._unseen.received[op.seat] += op.count  # type: ignore[union-attr]
        self._next_card += op.count
        self._packets += 1
        self._last_was_chien = False
        self._after_card()

    def _apply_chien_card_unseen(self, op: ChienCardDealtUnseen) -> None:
        self._unseen.chien += 1  # type: ignore[union-attr]
        self._last_was_chien = True
        self._next_card += 1
        self._after_card()

    def _apply_packet(self, op: PacketDealt) -> None:
        self.received[op.seat].extend(op.cards)
        self._next_card += len(op.cards)
        self._packets += 1
        self._last_was_chien = False
        self._after_card()

    def _apply_chien_card(self, op: ChienCardDealt) -> None:
        self.chien_cards.append(op.card)
        self._last_was_chien = True
        self._next_card += 1
        self._after_card()

    def _after_card(self) -> None:
        if self._next_card == 78:
            self.phase = Phase.SHOW_CHIEN

    def _apply_chien_shown(self, op: ChienShown) -> None:
        self.phase = Phase.PICK_UP

    def _apply_picked_up(self, op: CardsPickedUp) -> None:
        self.petit_sec = self.holder_of_petit_sec()
        self.phase = Phase.COMPLETE if self.petit_sec is None else Phase.PETIT_SEC

    def _apply_petit_sec(self, op: PetitSecAnnounced) -> None:
        self._log(self._void("petit_sec", self.variant.right_of(self._require_dealer()), ()))

    def _apply_fault(self, op: FaultRecorded) -> None:
        self._faults.append(op)
        if op.voids:
            self._log(self._void("misdeal", self._require_dealer(), op.barred))

    # -- how each operation is checked ------------------------------------------------------

    def _verify_drawn(self, op: CardDrawn) -> None:
        self.verify_draw(op.seat, op.card)

    def _verify_shuffled(self, op: Shuffled) -> None:
        self.verify_shuffle(op.seat)
        if sorted(op.order) != list(range(78)):
            raise IllegalActionError("D4", "shuffled_pack")

    def _verify_shuffled_unseen(self, op: ShuffledUnseen) -> None:
        self.verify_shuffle(op.seat)

    def _verify_cut(self, op: Cut) -> None:
        self.verify_cut(op.k, op.seat)

    def _verify_cut_unknown(self, op: CutUnknown) -> None:
        self.verify_cut(None, op.seat)

    def _verify_packet(self, op: PacketDealt) -> None:
        self.verify_packet(op.seat, len(op.cards))
        self._verify_seen(True, "D6")
        top = tuple(self.pack[self._next_card : self._next_card + len(op.cards)])
        if op.cards != top:
            raise IllegalActionError("D6", "packet_from_top")

    def _verify_packet_unseen(self, op: PacketDealtUnseen) -> None:
        self.verify_packet(op.seat, op.count)
        self._verify_seen(False, "D6")

    def _verify_chien_card_unseen(self, op: ChienCardDealtUnseen) -> None:
        self.verify_chien_card()
        self._verify_seen(False, "D8")

    def _verify_seen(self, seen: bool, rule: str) -> None:
        """A card dealt is given with its face when the pack's order is known, and
        unseen after a shuffle by hand (D4)."""
        if seen and self._unseen is not None:
            raise IllegalActionError(rule, "cards_unseen")
        if not seen and self._unseen is None:
            raise IllegalActionError(rule, "cards_seen")

    def _verify_chien_card(self, op: ChienCardDealt) -> None:
        self.verify_chien_card()
        self._verify_seen(True, "D8")
        if op.card != self.pack[self._next_card]:
            raise IllegalActionError("D8", "chien_card_from_top")

    def _verify_chien_shown(self, op: ChienShown) -> None:
        self.verify_show_chien()

    def _verify_picked_up(self, op: CardsPickedUp) -> None:
        self.verify_pick_up()

    def _verify_petit_sec(self, op: PetitSecAnnounced) -> None:
        self.verify_announce_petit_sec(op.seat)

    def _verify_fault(self, op: FaultRecorded) -> None:
        self.verify_fault(op.kind, op.by, op.card)
        if op != self.fault_consequences(op.kind, op.by, op.card):
            raise IllegalActionError(op.rule, "consequences_disagree")


@dataclass(eq=False)
class Deal(_DealLog):
    """One deal, from the draw for the dealer (or a given dealer) to the bidding.

    ``barred`` are the seats that may not bid because of a fault in the previous deal
    (D12, D14); a :class:`~atout.match.Match` passes them on.
    """

    # -- the automatic deal -------------------------------------------------------------

    @classmethod
    def automatic(
        cls,
        variant: Variant,
        rules: Rules | None = None,
        rng: random.Random | None = None,
        dealer: int | None = None,
        barred: frozenset[int] = frozenset(),
        pack: Sequence[Card] | None = None,
    ) -> Deal:
        """A whole deal done by the engine: the draw (unless ``dealer`` is given), a
        uniform shuffle, a cut uniform among the legal ones (D5), a chien placement
        uniform among the legal ones (D8), the chien shown, the cards picked up, and a
        Petit sec announced by its holder (D16). ``rng`` defaults to the OS's secure
        source."""
        deal = cls(variant, rules or _FFT_RULES, dealer, barred, list(pack or ALL_CARDS))
        deal.run_automatically(rng or random.SystemRandom())
        return deal

    @classmethod
    def prearranged(
        cls,
        variant: Variant,
        hands: Sequence[Sequence[Card]],
        chien: Sequence[Card],
        dealer: int = 0,
        rules: Rules | None = None,
        cut: int = MIN_CUT,
    ) -> Deal:
        """A deal, by the whole procedure, in which each seat receives ``hands[seat]``
        (in that order) and the chien is ``chien``: the shuffle is chosen so that, after
        a cut of ``cut``, the packets and the chien cards (one after each of the first
        packets, D8) come out so. For tests, puzzles and set deals at a table."""
        deal = cls(variant, rules or Rules(), dealer)
        if sorted([*(c for h in hands for c in h), *chien]) != list(range(78)):
            raise IllegalActionError("D9", "hands_not_whole_pack")
        sizes = [len(h) for h in hands]
        if sizes != [variant.hand_size] * variant.players or len(chien) != variant.chien_size:
            raise IllegalActionError(
                "D9",
                "hands_sizes",
                players=variant.players,
                size=variant.hand_size,
                chien=variant.chien_size,
            )
        steps = variant.deal_steps(range(1, len(chien) + 1))
        taken = [0] * variant.players
        pack: list[Card] = []
        chien_left = iter(chien)
        for hand in steps:
            if hand == CHIEN:
                pack.append(next(chien_left))
                continue
            seat = _seat_of_hand(variant.players, dealer, hand)
            pack += hands[seat][taken[seat] : taken[seat] + variant.packet_size]
            taken[seat] += variant.packet_size
        shuffled = pack[-cut:] + pack[:-cut]
        deal.shuffle(permutation=[deal.pack.index(card) for card in shuffled])
        deal.cut(cut)
        for hand in steps:
            if hand == CHIEN:
                deal.deal_chien_card()
            else:
                deal.deal_packet()
        deal.show_chien()
        deal.pick_up()
        if deal.petit_sec is not None:
            deal.announce_petit_sec(deal.petit_sec)
        return deal

    def run_automatically(
        self, rng: random.Random, pause: Phase | None = None, pause_after_packets: int | None = None
    ) -> None:
        """Take the remaining steps of the deal with the engine's own choices, stopping
        on reaching phase ``pause`` or, while dealing, once ``pause_after_packets``
        packets are out (to record a fault there, say). Resuming later keeps every
        choice uniform: the chien cards left go to gaps uniform among the legal
        completions of what was dealt. With no pause the deal from the shuffle on is
        chosen whole, in the same order from ``rng`` (see :meth:`deal_whole`)."""
        while self.phase is Phase.DRAW and pause is not Phase.DRAW:
            self.draw(self.seats_to_draw()[0], rng=rng)
        if (
            self.phase is Phase.SHUFFLE
            and pause not in _STEP_PHASES
            and pause_after_packets is None
        ):
            self._deal_whole_at_random(rng)
            return
        steps: list[tuple[Phase, Callable[[], object]]] = [
            (Phase.SHUFFLE, lambda: self.shuffle(rng=rng)),
            (Phase.CUT, lambda: self.cut(rng.randint(CUTS[0], CUTS[-1]))),
            (Phase.DEAL, lambda: self._deal_rest(rng, pause_after_packets)),
            (Phase.SHOW_CHIEN, self.show_chien),
            (Phase.PICK_UP, self.pick_up),
            (Phase.PETIT_SEC, lambda: self.announce_petit_sec(self.petit_sec or 0)),
        ]
        for phase, step in steps:
            if self.phase is phase and phase is not pause:
                step()

    def _deal_rest(self, rng: random.Random, pause_after_packets: int | None = None) -> None:
        """Deal what is left, the chien cards in gaps chosen uniformly among the legal
        completions of what was dealt so far (all the legal placements at the start)."""
        packets, total = self._packets, self.variant.packet_count
        repeat = self.rules.consecutive_chien_cards
        here_open = packets >= 1 and (repeat or not self._last_was_chien)
        gaps = range(packets if here_open else packets + 1, total)
        missing = self.variant.chien_size - self.chien_count()
        per_gap = [0] * (total + 1)
        for gap in _sample_gaps(gaps, missing, repeat, rng):
            per_gap[gap] += 1
        for packet in range(packets, total + 1):
            if packet > packets:
                if packet - 1 == pause_after_packets:
                    return
                self.deal_packet()
            for _ in range(per_gap[packet]):
                self.deal_chien_card()

    # -- replay ---------------------------------------------------------------------------

    @classmethod
    def replay(
        cls,
        variant: Variant,
        operations: Sequence[Operation],
        rules: Rules | None = None,
        barred: frozenset[int] = frozenset(),
        pack: Sequence[Card] | None = None,
    ) -> Deal:
        """Rebuild a deal from its operations, checking each against the rules."""
        first = operations[0] if operations else None
        dealer = first.dealer if isinstance(first, DealerChosen) and not first.by_draw else None
        deal = cls(variant, rules or Rules(), dealer, barred, list(pack or ALL_CARDS))
        for operation in operations:
            if not operation.automatic:
                deal.apply(operation)
        if deal.operations != list(operations):
            rule = first_difference(deal.operations, operations, _rule_of)
            raise IllegalActionError(rule, "operations_disagree")
        return deal

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        keys = ("variant", "rules", "dealer", "barred", "phase", "operations", "draws")
        more = ("received", "chien_cards", "faults", "petit_sec", "void", "shuffled", "cut_k")
        return all(getattr(self, k) == getattr(other, k) for k in (*keys, *more, "pack"))


_RULES: dict[type[Operation], str] = {
    CardDrawn: "D1",
    DealerChosen: "D1",
    Shuffled: "D4",
    ShuffledUnseen: "D4",
    Cut: "D5",
    CutUnknown: "D5",
    PacketDealt: "D6",
    PacketDealtUnseen: "D6",
    ChienCardDealt: "D8",
    ChienCardDealtUnseen: "D8",
    ChienShown: "D10",
    CardsPickedUp: "D15",
    PetitSecAnnounced: "D16",
}


def _rule_of(operation: Operation) -> str:
    """The rule an operation follows: D10–D14 for a fault, D12 or D16 for a void deal."""
    if isinstance(operation, FaultRecorded):
        return operation.rule
    if isinstance(operation, DealVoided):
        return "D16" if operation.reason == "petit_sec" else "D12"
    return _RULES.get(type(operation), "D1")


def first_difference(
    done: Sequence[_Item], given: Sequence[_Item], rule_of: Callable[[_Item], str]
) -> str:
    """The rule (``rule_of``) of the first operation where the log ``given`` and its
    replay ``done`` part: the given one, or the one the shorter log lacks. Used by the
    replay of a deal and of a donne."""
    for mine, theirs in zip(done, given, strict=False):
        if mine != theirs:
            return rule_of(theirs)
    longer = done if len(done) > len(given) else given
    return rule_of(longer[min(len(done), len(given))])


_NAMES: dict[type[Operation], str] = {
    CardDrawn: "drawn",
    Shuffled: "shuffled",
    ShuffledUnseen: "shuffled_unseen",
    Cut: "cut",
    CutUnknown: "cut_unknown",
    PacketDealt: "packet",
    PacketDealtUnseen: "packet_unseen",
    ChienCardDealt: "chien_card",
    ChienCardDealtUnseen: "chien_card_unseen",
    ChienShown: "chien_shown",
    CardsPickedUp: "picked_up",
    PetitSecAnnounced: "petit_sec",
    FaultRecorded: "fault",
}
_VERIFY: dict[type[Operation], Callable[[_DealLog, Any], None]] = {
    kind: getattr(Deal, f"_verify_{name}") for kind, name in _NAMES.items()
}
_APPLY: dict[type[Operation], Callable[[Any, Any], None]] = {
    kind: getattr(Deal, f"_apply_{name}") for kind, name in _NAMES.items()
}


def is_legal_cut(k: object) -> TypeGuard[int]:
    """D5, written once: a cut of ``k`` cards takes and leaves more than 3 cards
    (``k`` in :data:`CUTS`)."""
    return isinstance(k, int) and not isinstance(k, bool) and k in CUTS


def verify_chien_gaps(variant: Variant, rules: Rules, gaps: Sequence[int]) -> None:
    """D8, written once, for a whole placement (for each chien card, sorted, the number
    of packets dealt before it): as many gaps as chien cards, none before the first
    packet or after the last, in order, and by default (⚙) no gap twice."""
    repeat = rules.consecutive_chien_cards
    if len(gaps) != variant.chien_size:
        raise IllegalActionError("D8", "chien_gap_count", size=variant.chien_size, count=len(gaps))
    previous = 0
    for gap in gaps:
        if gap < 1:
            raise IllegalActionError("D8", "chien_not_first")
        if gap < previous or (gap == previous and not repeat):
            raise _gap_error(gap, previous)
        previous = gap
    if previous >= variant.packet_count:
        raise IllegalActionError("D8", "chien_not_last")


def _verify_cut_depth(k: int) -> None:
    """D5: the cut is a whole number of cards, and takes and leaves more than 3 cards."""
    if is_legal_cut(k):
        return
    if not isinstance(k, int) or isinstance(k, bool):
        raise IllegalActionError("D5", "cut_not_count", value=f"{k!r:.40}")
    raise IllegalActionError("D5", "cut_depth", low=MIN_CUT, high=78 - MIN_CUT, k=k)


def _gap_error(gap: int, previous: int) -> IllegalActionError:
    if gap < previous:
        return IllegalActionError("D8", "chien_gaps_order")
    return IllegalActionError("D8", "chien_one_at_a_time")


_STEP_PHASES = frozenset(
    {Phase.SHUFFLE, Phase.CUT, Phase.DEAL, Phase.SHOW_CHIEN, Phase.PICK_UP, Phase.PETIT_SEC}
)


def _copied(items: list[_Item], memo: dict[int, Any]) -> list[_Item]:
    new = list(items)
    memo[id(items)] = new
    return new


def _can(verify: Callable[..., None], *args: object) -> bool:
    try:
        verify(*args)
    except IllegalActionError:
        return False
    return True
