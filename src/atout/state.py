"""One donne, from the end of the deal to its marks, as a state machine.

The deal (:mod:`atout.dealing`) hands over the cards; a :class:`Donne` then runs the
bidding (B1–B4), the chien and écart (E1–E3), the announcements (A1–A6), the play
(P1–P5) and the scoring (S1–S5). The log is the truth: the state changes only by
applying frozen operations, each appended to :attr:`Donne.operations` (the actions
of the players, and what follows from them: the chien shown, a trick taken, the
partner revealed, the donne scored or void). Replaying the log rebuilds the same
state. The rules themselves live in :mod:`atout.bidding`, :mod:`atout.chien`,
:mod:`atout.play` and :mod:`atout.scoring`; this module only applies them.

One interface serves every agent (OpenSpiel's): :meth:`Donne.current_player`,
:meth:`Donne.legal_actions`, :meth:`Donne.apply_action`, :meth:`Donne.is_terminal`,
:meth:`Donne.returns`, :meth:`Donne.clone`. What one seat may see is
:meth:`Donne.observation`, an immutable :class:`Observation`.

>>> import random
>>> from atout.dealing import Deal, first_difference
>>> from atout.table import Variant
>>> deal = Deal.automatic(Variant.for_players(4), rng=random.Random(7), dealer=0)
>>> donne = Donne(deal)
>>> rng = random.Random(1)
>>> while not donne.is_terminal():
...     donne.apply_action(rng.choice(donne.legal_actions()))
>>> sum(donne.returns())
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Literal, NamedTuple

from atout.bidding import Contract, callable_cards, legal_contracts
from atout.cards import ALL_CARDS, EXCUSE_BIT, EXCUSE_INDEX, FIRST_TRUMP, Card, CardSet
from atout.chien import (
    PoigneeLevel,
    ecart_mask,
    has_poignee,
    poignee_options,
    why_not_in_ecart,
    why_not_poignee,
)
from atout.dealing import Deal, first_difference
from atout.errors import IllegalActionError, Reason
from atout.play import (
    Trick,
    excuse_led_wins,
    mask_cards,
    play_limit,
    why_illegal,
    winning_card,
)
from atout.scoring import Piles, Result, camp_piles, score_tricks
from atout.table import Rules, Variant

__all__ = [
    "VOID_RULES",
    "Action",
    "Bid",
    "CallCard",
    "CardPlayed",
    "ChelemDecision",
    "ChienRevealed",
    "Discard",
    "Donne",
    "DonneScored",
    "DonneVoided",
    "GameOperation",
    "GamePhase",
    "Observation",
    "PartnerRevealed",
    "PoigneeShown",
    "Trick",
    "TrickTaken",
]

VoidKind = Literal["petit_sec", "misdeal", "all_pass"]
VOID_RULES: dict[str, str] = {  # the rule that voids a donne, by its reason; written once
    "all_pass": "B3",  # everyone passed
    "misdeal": "D12",  # a fault voided the deal (D10, D12, D14)
    "petit_sec": "D16",  # a Petit sec was announced
}


class GamePhase(Enum):
    BIDDING = "bidding"  # B1–B3
    CALL = "call"  # B4, 5 players
    ECART = "ecart"  # E1–E2
    CHELEM = "chelem"  # A4, A6: the taker may announce a chelem
    PLAY = "play"  # P1–P5, A1–A2
    DONE = "done"  # scored (S1–S5)
    VOID = "void"  # D12, D16, B3


# -- operations: the actions of the players, and what follows from them -----------------


@dataclass(frozen=True, slots=True)
class GameOperation:
    automatic: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Bid(GameOperation):
    """B1: ``seat`` passes (``contract`` None) or bids ``contract``."""

    seat: int
    contract: Contract | None


@dataclass(frozen=True, slots=True)
class CallCard(GameOperation):
    """B4: the taker calls ``card`` (5 players)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Discard(GameOperation):
    """E1–E2: the taker puts ``card`` in the écart."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ChelemDecision(GameOperation):
    """A4: the taker announces a chelem, or not."""

    seat: int
    announce: bool


@dataclass(frozen=True, slots=True)
class PoigneeShown(GameOperation):
    """A1–A2: ``seat`` shows a poignée of ``level`` just before his first card."""

    seat: int
    level: PoigneeLevel
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(GameOperation):
    """P1–P4: ``seat`` plays ``card``."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ChienRevealed(GameOperation):
    """E1: the chien is shown to everyone and goes to the taker."""

    automatic: ClassVar[bool] = True
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TrickTaken(GameOperation):
    """P5: ``winner`` takes the trick."""

    automatic: ClassVar[bool] = True
    winner: int


@dataclass(frozen=True, slots=True)
class PartnerRevealed(GameOperation):
    """B4: the called card falls; its holder is the taker's partner."""

    automatic: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class DonneVoided(GameOperation):
    automatic: ClassVar[bool] = True
    reason: VoidKind


@dataclass(frozen=True, slots=True)
class DonneScored(GameOperation):
    automatic: ClassVar[bool] = True
    result: Result


Action = Bid | CallCard | Discard | ChelemDecision | PoigneeShown | CardPlayed

# The actions a seat can take, made once: legal_actions hands out these very objects,
# by bytes of the mask of the cards allowed (each byte's actions made on first use).
_Menu = list[list[tuple[Action, ...]]]
_PLAY_OF = tuple(tuple(CardPlayed(seat, card) for card in ALL_CARDS) for seat in range(5))
_DISCARD_OF = tuple(tuple(Discard(seat, card) for card in ALL_CARDS) for seat in range(5))
_PAIRS = tuple(tuple((seat, card) for card in ALL_CARDS) for seat in range(5))
_PLAYS: list[_Menu | None] = [None] * 5


def _menu(seat: int) -> _Menu:
    """The card actions of ``seat`` by bytes of a mask: ``menu[i][v]`` are those of
    the cards ``8i … 8i+7`` whose bits are set in ``v``."""
    actions = _PLAY_OF[seat]
    return [
        [
            tuple(actions[c] for c in range(8 * i, min(8 * i + 8, 78)) if v >> (c - 8 * i) & 1)
            for v in range(256)
        ]
        for i in range(10)
    ]


_PASSES = tuple(Bid(seat, None) for seat in range(5))
_BIDS = tuple({c: Bid(seat, c) for c in Contract} for seat in range(5))
_BID_MENUS = tuple(
    {
        highest: (_PASSES[seat], *(_BIDS[seat][c] for c in legal_contracts(highest)))
        for highest in (None, *Contract)
    }
    for seat in range(5)
)
_CHELEM_DECISIONS = tuple(
    (ChelemDecision(seat, False), ChelemDecision(seat, True)) for seat in range(5)
)
_BIDDING = GamePhase.BIDDING
_CALL = GamePhase.CALL
_ECART = GamePhase.ECART
_CHELEM = GamePhase.CHELEM
_PLAY = GamePhase.PLAY
_DONE = GamePhase.DONE
_VOID = GamePhase.VOID
_BITS = tuple(1 << card for card in ALL_CARDS)
_ALL_BUT = tuple(((1 << 78) - 1) ^ bit for bit in _BITS)


def _set_of(cards: Sequence[Card]) -> CardSet:
    """The set of ``cards``, which the deal has already checked."""
    return CardSet.of_mask(sum(map(_BITS.__getitem__, cards)))


_new_tuple = tuple.__new__
_new_set = object.__new__
_set_mask: Callable[[CardSet, int], None] = CardSet.__dict__["mask"].__set__
_TAKEN = tuple(TrickTaken(seat) for seat in range(5))
_PHASE_RULES = {
    GamePhase.BIDDING: "B1",
    GamePhase.CALL: "B4",
    GamePhase.ECART: "E1",
    GamePhase.CHELEM: "A4",
    GamePhase.PLAY: "P1",
    GamePhase.DONE: "S1",
    GamePhase.VOID: "B3",
}
_PHASE_OF: dict[type, tuple[GamePhase, str]] = {
    Bid: (_BIDDING, "B1"),
    CallCard: (_CALL, "B4"),
    Discard: (_ECART, "E1"),
    ChelemDecision: (_CHELEM, "A4"),
    PoigneeShown: (_PLAY, "A2"),
    CardPlayed: (_PLAY, "P5"),
}


class Observation(NamedTuple):
    """What one seat may see: its own hand, the public history, nothing hidden. It is
    immutable and so is every field: an agent cannot change the game through it."""

    seat: int
    players: int
    phase: GamePhase
    current_player: int | None
    dealer: int
    hand: CardSet
    bids: tuple[Bid, ...]
    barred: frozenset[int]
    taker: int | None
    contract: Contract | None
    called: Card | None
    partner: int | None
    chien: tuple[Card, ...] | None
    ecart: tuple[Card, ...] | None
    ecart_trumps_shown: tuple[Card, ...]
    chelem: int | None
    poignees: tuple[PoigneeShown, ...]
    tricks: tuple[Trick, ...]
    legal_actions: tuple[Action, ...]


class _DonneState:
    """What a donne holds: its facts, how each operation changes them (the only way
    they change) and its scoring. The rules as they apply now and the agent interface
    are :class:`_DonneRules`'."""

    def __init__(self, deal: Deal) -> None:
        if not deal.is_over:
            raise IllegalActionError("D15", "deal_not_over_bidding")
        self._deal = deal
        self._players = deal.variant.players
        self._tricks_in_all = deal.variant.hand_size
        self._log: list[GameOperation] = []
        self._hands = [_set_of(cards) for cards in deal.received]
        self._bids: tuple[Bid, ...] = ()
        self._highest: Contract | None = None
        self._taker: int | None = None
        self._contract: Contract | None = None
        self._called: Card | None = None
        self._partner: int | None = None
        self._revealed = False
        self._chien: tuple[Card, ...] | None = None
        self._ecart: tuple[Card, ...] = ()
        self._ecart_trumps: tuple[Card, ...] = ()
        self._chelem: int | None = None
        self._poignees: tuple[PoigneeShown, ...] = ()
        self._done: tuple[Trick, ...] = ()
        self._trick: Trick | None = None
        self._lead = self._best = -1  # the current trick's suit card and highest trump
        self._played = 0  # the current trick's cards
        self._void: VoidKind | None = None
        self._result: Result | None = None
        self._legal: tuple[Action, ...] | None = None
        self._mask = -1
        self._barred = deal.barred_now
        self._phase = _BIDDING
        self._turn: int | None = deal.first_bidder if deal.void is None else None
        if deal.void is not None:
            self._record(DonneVoided(deal.void))

    # -- facts -----------------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        return self._deal

    @property
    def operations(self) -> tuple[GameOperation, ...]:
        """The log: every operation so far, in order."""
        return tuple(self._log)

    @property
    def phase(self) -> GamePhase:
        return self._phase

    @property
    def hands(self) -> tuple[CardSet, ...]:
        return tuple(self._hands)

    @property
    def bids(self) -> tuple[Bid, ...]:
        return self._bids

    @property
    def taker(self) -> int | None:
        return self._taker

    @property
    def contract(self) -> Contract | None:
        return self._contract

    @property
    def called(self) -> Card | None:
        return self._called

    @property
    def ecart(self) -> tuple[Card, ...]:
        return self._ecart

    @property
    def chelem(self) -> int | None:
        """The seat that announced a chelem (A4), if any."""
        return self._chelem

    @property
    def poignees(self) -> tuple[PoigneeShown, ...]:
        return self._poignees

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks so far, the one being played last."""
        return self._done if self._trick is None else (*self._done, self._trick)

    @property
    def void(self) -> VoidKind | None:
        return self._void

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def partner_revealed(self) -> bool:
        return self._revealed

    @property
    def variant(self) -> Variant:
        return self._deal.variant

    @property
    def rules(self) -> Rules:
        return self._deal.rules

    @property
    def players(self) -> int:
        return self._players

    @property
    def dealer(self) -> int:
        assert self._deal.dealer is not None
        return self._deal.dealer

    @property
    def barred(self) -> frozenset[int]:
        """Seats that may not bid (D12, D14): they can only pass."""
        return self._barred

    @property
    def partner(self) -> int | None:
        """B4: the holder of the called card, unless the taker holds it or it is in the
        chien (he then plays alone)."""
        return self._partner

    def camp_of(self, seat: int) -> int:
        """0 for the taker's camp, 1 for the defence."""
        return 0 if seat == self._taker or seat == self._partner else 1

    @property
    def leader(self) -> int:
        """D18: the dealer's right neighbour leads; A6: a chelem's announcer leads."""
        return self._chelem if self._chelem is not None else self._deal.first_bidder

    @property
    def trick(self) -> Trick | None:
        """The trick being played, if any."""
        return self._trick

    # -- applying operations: the only way the state changes ------------------------------

    def _record(self, operation: GameOperation) -> None:
        self._log.append(operation)
        self._legal, self._mask = None, -1
        _APPLY[type(operation)](self, operation)

    def _apply_bid(self, op: Bid) -> None:
        self._bids = (*self._bids, op)
        if op.contract is not None:
            self._highest = op.contract
        if len(self._bids) < self._players:
            self._turn = (op.seat + 1) % self._players
            return
        taking = [b for b in self._bids if b.contract is not None]
        if not taking:
            self._record(DonneVoided("all_pass"))
            return
        self._taker, self._contract = taking[-1].seat, taking[-1].contract
        self._turn = self._taker
        if self._players == 5:
            self._phase = _CALL
        else:
            self._after_call()

    def _apply_call(self, op: CallCard) -> None:
        self._called = op.card
        holders = [s for s, cards in enumerate(self._deal.received) if op.card in cards]
        self._partner = holders[0] if holders and holders[0] != self._taker else None
        self._after_call()

    def _after_call(self) -> None:
        assert self._contract is not None
        if self._contract.chien_seen:
            self._record(ChienRevealed(tuple(self._deal.chien_cards)))
        else:
            self._phase = _CHELEM

    def _apply_chien(self, op: ChienRevealed) -> None:
        assert self._taker is not None
        self._chien = op.cards
        self._hands[self._taker] = self._hands[self._taker] | CardSet(op.cards)
        self._phase = _ECART

    def _apply_discard(self, op: Discard) -> None:
        self._ecart = (*self._ecart, op.card)
        if op.card.is_trump:
            self._ecart_trumps = (*self._ecart_trumps, op.card)
        self._hands[op.seat] = self._hands[op.seat].without_card(op.card)
        if len(self._ecart) == self.variant.chien_size:
            self._phase = _CHELEM

    def _apply_chelem(self, op: ChelemDecision) -> None:
        self._chelem = op.seat if op.announce else None
        self._phase = _PLAY
        self._turn = self.leader

    def _apply_poignee(self, op: PoigneeShown) -> None:
        self._poignees = (*self._poignees, op)

    def _apply_card(self, op: CardPlayed) -> None:
        seat, card = op.seat, op.card
        hand = _new_set(CardSet)
        _set_mask(hand, self._hands[seat].mask & _ALL_BUT[card])
        self._hands[seat] = hand
        trick = self._trick
        cards: tuple[tuple[int, Card], ...]
        if trick is None:
            cards = (_PAIRS[seat][card],)
            self._trick = trick = _new_tuple(Trick, (seat, cards, None))
        else:
            cards = trick.cards + (_PAIRS[seat][card],)
            self._trick = trick = _new_tuple(Trick, (trick.leader, cards, None))
        self._played |= _BITS[card]
        if card != EXCUSE_INDEX:
            if self._lead < 0:
                self._lead = card
            if card >= FIRST_TRUMP and card > self._best:
                self._best = card
        if card == self._called and self._reveals(seat):
            self._record(PartnerRevealed(seat))
        if len(cards) == self._players:
            taken = _TAKEN[self._winner_of(trick)]
            self._log.append(taken)
            self._apply_trick(taken)
        else:
            self._turn = (seat + 1) % self._players

    def _reveals(self, seat: int) -> bool:
        """B4: playing the called card, ``seat`` shows he is the taker's partner."""
        return seat != self._taker and not self._revealed

    def _winner_of(self, trick: Trick) -> int:
        """P5 (:func:`~atout.play.winning_card`), and P4–A5: the Excuse led to the last
        trick of the taker's chelem wins it (:func:`~atout.play.excuse_led_wins`)."""
        if trick.cards[0][1] == EXCUSE_INDEX and len(self._done) == self._tricks_in_all - 1:
            camps = [self.camp_of(t.winner or 0) for t in self._done]
            if excuse_led_wins(self.camp_of(trick.leader), camps, last=True):
                return trick.leader
        card = winning_card(self._played, self._lead)
        for seat, played in trick.cards:
            if played == card:
                return seat
        raise AssertionError(card)  # pragma: no cover

    def _apply_partner(self, op: PartnerRevealed) -> None:
        self._revealed = True

    def _apply_trick(self, op: TrickTaken) -> None:
        trick = self._trick
        assert trick is not None
        self._done += (_new_tuple(Trick, (trick.leader, trick.cards, op.winner)),)
        self._trick, self._lead, self._best, self._played = None, -1, -1, 0
        self._turn = op.winner
        if len(self._done) == self._tricks_in_all:
            self._record(DonneScored(self._score()))

    def _apply_scored(self, op: DonneScored) -> None:
        self._result = op.result
        self._phase = _DONE
        self._turn = None

    def _apply_voided(self, op: DonneVoided) -> None:
        self._void = op.reason
        self._phase = _VOID
        self._turn = None

    # -- scoring (the rules are in atout.scoring) -------------------------------------------

    def camp_cards(self) -> Piles:
        """The cards each camp took and the Excuse's half-points (P4), so far."""
        assert self._contract is not None and self._taker is not None
        camps = [self.camp_of(seat) for seat in range(self._players)]
        return camp_piles(
            self._done,
            camps,
            self._contract,
            CardSet(self._deal.chien_cards),
            CardSet(self._ecart),
            self.rules.excuse_last_trick,
        )

    def _score(self) -> Result:
        assert self._taker is not None and self._contract is not None
        return score_tricks(
            tricks=self._done,
            taker=self._taker,
            partner=self._partner,
            contract=self._contract,
            chien=_set_of(self._deal.chien_cards),
            ecart=_set_of(self._ecart),
            poignees=[(p.seat, p.level) for p in self._poignees],
            chelem_announced=self._chelem is not None,
            excuse_last_trick=self.rules.excuse_last_trick,
            rules=self.rules,
        )


class _DonneRules(_DonneState):
    """The rules as they apply to a donne now, and the interface an agent plays
    through (:meth:`legal_actions`, :meth:`apply_action`)."""

    # -- the rules, as they apply now ------------------------------------------------------

    def why_illegal(self, action: object) -> Reason | None:
        """Why ``action`` may not be taken now (the rule id and its reason, from the
        rule functions), or ``None`` when it may."""
        seat = self._turn
        if seat is None:
            return self._why_over()
        expected = _PHASE_OF.get(type(action))
        if expected is None:
            return Reason("P1", "not_a_game_action", action=f"{action!r:.80}")
        phase, rule = expected
        if phase is not self._phase:
            return Reason(
                rule, "not_possible_now", action=type(action).__name__, now=self._phase_reason()
            )
        if action.seat != seat:  # type: ignore[attr-defined]
            return Reason(rule, "not_your_turn", turn=seat, seat=action.seat)  # type: ignore[attr-defined]
        check: Callable[[_DonneRules, Any], Reason | None] = _WHY[type(action)]
        return check(self, action)

    def _phase_reason(self) -> Reason:
        """What the donne is at now, as a clause of a refusal."""
        return Reason(_PHASE_RULES[self._phase], f"game_{self._phase.value}")

    def _why_over(self) -> Reason:
        """Why nothing more may be played: the rule that ended the donne."""
        if self._void is not None:
            rule = VOID_RULES[self._void]
            return Reason(rule, "donne_void", why=self._void)
        return Reason("D9", "donne_over", tricks=self._tricks_in_all)

    def _why_bid(self, action: Bid) -> Reason | None:
        if action.contract is None:
            return None
        if not isinstance(action.contract, Contract):
            return Reason("B2", "not_a_contract", value=f"{action.contract!r:.40}")
        if action.seat in self._barred:
            return Reason("D12", "barred_from_bidding", seat=action.seat)
        if action.contract not in legal_contracts(self._highest):
            assert self._highest is not None
            return Reason("B1", "bid_too_low", highest=self._highest, contract=action.contract)
        return None

    def _why_call(self, action: CallCard) -> Reason | None:
        allowed = callable_cards(self._hands[action.seat])
        if action.card in allowed:
            return None
        return Reason("B4", "call_not_allowed", allowed=list(allowed), card=action.card)

    def _why_discard(self, action: Discard) -> Reason | None:
        left = self.variant.chien_size - len(self._ecart)
        return why_not_in_ecart(action.card, self._hands[action.seat], left)

    def _why_chelem(self, action: ChelemDecision) -> Reason | None:
        if not isinstance(action.announce, bool):
            return Reason("A4", "chelem_yes_or_no", value=f"{action.announce!r:.40}")
        return None

    def _why_poignee(self, action: PoigneeShown) -> Reason | None:
        if not self._may_show_poignee(action.seat):
            return Reason("A2", "poignee_once")
        return why_not_poignee(self._hands[action.seat], self.variant, action.level, action.cards)

    def _why_card(self, action: CardPlayed) -> Reason | None:
        hand = self._hands[action.seat]
        if action.card not in hand:
            return Reason("P1", "seat_lacks_card", seat=action.seat, card=action.card)
        return why_illegal(action.card, hand, self._trick_cards(), self._called_first())

    def _trick_cards(self) -> list[Card]:
        return [card for _, card in self._trick.cards] if self._trick else []

    def _called_first(self) -> Card | None:
        """B4 ⚙: the called card, when its suit may not be led at the first trick."""
        if self._called is None or self._done or self._trick is not None:
            return None
        return None if self.rules.called_suit_first_trick else self._called

    def _play_mask(self, seat: int) -> int:
        if seat == self._turn and self._mask >= 0 and self._phase is _PLAY:
            return self._mask
        mask = play_limit(self._hands[seat].mask, self._lead, self._best, self._called_first())[0]
        if seat == self._turn and self._phase is _PLAY:
            self._mask = mask
        return mask

    def legal_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now (P1–P4, and B4's first-trick rule)."""
        return mask_cards(self._play_mask(seat))

    def _may_show_poignee(self, seat: int) -> bool:
        """A2: a poignée is shown once, just before the player's first card."""
        if self._phase is not _PLAY or self._done:
            return False
        if self._trick is not None and any(s == seat for s, _ in self._trick.cards):
            return False
        if any(p.seat == seat for p in self._poignees):
            return False
        return has_poignee(self._hands[seat], self.variant)

    # -- the agent interface -------------------------------------------------------------

    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the donne is over."""
        return self._turn

    def is_terminal(self) -> bool:
        return self._turn is None

    def returns(self) -> list[int]:
        """The marks of each seat (S4); zeros for a void donne or one not over."""
        return list(self._result.marks) if self._result else [0] * self._players

    def clone(self) -> Donne:
        """An independent copy: what differs is copied, what cannot change is shared."""
        copy = object.__new__(Donne)
        copy.__dict__.update(self.__dict__)
        copy._log = list(self._log)
        copy._hands = list(self._hands)
        return copy

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to act (a poignée with its default cards;
        :meth:`apply_action` also takes any other legal choice of cards)."""
        legal = self._legal
        if legal is not None:
            return legal
        seat = self._turn
        if seat is None or self._phase is not _PLAY:
            legal = self._legal = self._legal_actions()
            return legal
        mask = self._mask if self._mask >= 0 else self._play_mask(seat)
        menu = _PLAYS[seat]
        if menu is None:
            menu = _PLAYS[seat] = _menu(seat)
        cards: tuple[Action, ...] = ()  # the actions of the mask's cards, byte by byte
        rest = mask & ~EXCUSE_BIT  # the Excuse, far from the others, comes last
        byte = ((rest & -rest).bit_length() - 1) >> 3 if rest else 0
        rest >>= byte << 3
        while rest:
            if rest & 255:
                cards += menu[byte][rest & 255]
            rest >>= 8
            byte += 1
        if mask & EXCUSE_BIT:
            cards += _PLAY_OF[seat][EXCUSE_INDEX:]
        if not self._done and self._may_show_poignee(seat):
            hand = self._hands[seat]
            shows = poignee_options(hand, self.variant)
            cards = (*(PoigneeShown(seat, lvl, c) for lvl, c in shows), *cards)
        self._legal = cards
        return cards

    def _legal_actions(self) -> tuple[Action, ...]:
        """The legal actions outside the play of the cards."""
        seat, phase = self._turn, self._phase
        if seat is None:
            return ()
        if phase is _BIDDING:
            if seat in self._barred:
                return (_PASSES[seat],)
            return _BID_MENUS[seat][self._highest]
        if phase is _ECART:
            left = self.variant.chien_size - len(self._ecart)
            self._mask = ecart_mask(self._hands[seat], left)
            return tuple(map(_DISCARD_OF[seat].__getitem__, mask_cards(self._mask)))
        if phase is _CALL:
            return tuple(CallCard(seat, card) for card in callable_cards(self._hands[seat]))
        return _CHELEM_DECISIONS[seat]

    def apply_action(self, action: Action) -> None:
        """Check ``action`` against the rules, then apply and log it."""
        if action.__class__ is CardPlayed and self._phase is _PLAY:
            seat, card = action.seat, action.card
            if seat == self._turn and card.__class__ is Card:
                mask = self._mask if self._mask >= 0 else self._play_mask(seat)
                if mask >> card & 1:  # P1–P4: the card may be played
                    self._log.append(action)
                    self._legal, self._mask = None, -1
                    self._apply_card(action)
                    return
        elif (
            action.__class__ is Discard
            and self._phase is _ECART
            and action.seat == self._turn
            and self._mask >= 0
            and action.card.__class__ is Card
            and self._mask >> action.card & 1
        ):
            self._record(action)
            return
        legal = self._legal  # one of the very actions legal_actions gave
        if legal is not None and any(map(is_, legal, repeat(action))):
            self._record(action)
            return
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalActionError.because(why)
        self._record(action)

    def can_apply(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def verify_action(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the rule ``action`` breaks."""
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalActionError.because(why)


class Donne(_DonneRules):
    """One donne after its deal. ``deal`` must be over (complete, or void)."""

    # -- what a seat may see ---------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see (D19): its own hand and the public history only."""
        if seat.__class__ is not int or not 0 <= seat < self._players:
            self.variant.check_seat(seat, rule="D19")
        partner = self._partner
        if not (self._revealed or seat == partner or self._phase is _DONE):
            partner = None
        return _new_tuple(
            Observation,
            (
                seat,
                self._players,
                self._phase,
                self._turn,
                self._deal.dealer,
                self._hands[seat],
                self._bids,
                self._barred,
                self._taker,
                self._contract,
                self._called,
                partner,
                self._chien,
                self._ecart if seat == self._taker else None,
                self._ecart_trumps,
                self._chelem,
                self._poignees,
                self._done if self._trick is None else self._done + (self._trick,),
                () if self._turn != seat else self._legal or self.legal_actions(),
            ),
        )

    # -- replay and equality -----------------------------------------------------------------

    @classmethod
    def replay(cls, deal: Deal, operations: Sequence[GameOperation]) -> Donne:
        """Rebuild a donne from its operations, checking each against the rules."""
        donne = cls(deal)
        for operation in operations:
            if not operation.automatic:
                donne.apply_action(operation)  # type: ignore[arg-type]
        if donne._log != list(operations):
            rule = first_difference(donne._log, operations, _rule_of)
            raise IllegalActionError(rule, "operations_disagree")
        return donne

    def _seen(self) -> tuple[object, ...]:
        """Everything a seat or the scorer could see."""
        return (
            self._deal,
            self._log,
            self._phase,
            self._turn,
            self._hands,
            self._bids,
            self._taker,
            self._contract,
            self._called,
            self._partner,
            self._revealed,
            self._chien,
            self._ecart,
            self._chelem,
            self._poignees,
            self.tricks,
            self._void,
            self._result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Donne):
            return NotImplemented
        return self._seen() == other._seen()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Donne {self._players} players, {self._phase.value}, {len(self._log)} operations>"


_RULES: dict[type, str] = {
    Bid: "B1",
    CallCard: "B4",
    ChienRevealed: "E1",
    Discard: "E1",
    ChelemDecision: "A4",
    PoigneeShown: "A2",
    CardPlayed: "P1",
    PartnerRevealed: "B4",
    TrickTaken: "P5",
    DonneScored: "S3",
    DonneVoided: "B3",
}


def _rule_of(operation: GameOperation) -> str:
    if isinstance(operation, DonneVoided):
        return VOID_RULES[operation.reason]
    return _RULES.get(type(operation), "P1")


_WHY: dict[type, Callable[[_DonneRules, Any], Reason | None]] = {
    Bid: Donne._why_bid,
    CallCard: Donne._why_call,
    Discard: Donne._why_discard,
    ChelemDecision: Donne._why_chelem,
    PoigneeShown: Donne._why_poignee,
    CardPlayed: Donne._why_card,
}
_APPLY: dict[type, Callable[[_DonneState, Any], None]] = {
    Bid: Donne._apply_bid,
    CallCard: Donne._apply_call,
    ChienRevealed: Donne._apply_chien,
    Discard: Donne._apply_discard,
    ChelemDecision: Donne._apply_chelem,
    PoigneeShown: Donne._apply_poignee,
    CardPlayed: Donne._apply_card,
    PartnerRevealed: Donne._apply_partner,
    TrickTaken: Donne._apply_trick,
    DonneScored: Donne._apply_scored,
    DonneVoided: Donne._apply_voided,
}
