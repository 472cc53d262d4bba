"""One donne, from the end of the deal to its marks, as a state machine.

The deal (:mod:`atout.dealing`) hands over the cards; a :class:`Donne` then runs the
bidding (B1–B4), the chien and écart (E1–E3), the announcements (A1–A6), the play
(P1–P5) and the scoring (S1–S5). Every action is checked and logged as a frozen
operation; replaying the log rebuilds the same state.

One interface serves every agent (OpenSpiel's): :meth:`Donne.current_player`,
:meth:`Donne.legal_actions`, :meth:`Donne.apply_action`, :meth:`Donne.is_terminal`,
:meth:`Donne.returns`, :meth:`Donne.clone`. What one seat may see is
:meth:`Donne.observation`.

>>> import random
>>> from atout.dealing import Deal
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

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar, Literal

from atout.bidding import Contract, callable_cards, legal_contracts
from atout.cards import EXCUSE, PETIT, Card, CardSet
from atout.dealing import Deal
from atout.errors import IllegalActionError
from atout.play import can_discard, legal_cards, trick_winner
from atout.scoring import POIGNEE_BONUS, Result, score
from atout.table import Rules, Variant

__all__ = [
    "Action",
    "Bid",
    "CallCard",
    "CardPlayed",
    "ChelemDecision",
    "Discard",
    "Donne",
    "GamePhase",
    "Observation",
    "PoigneeShown",
    "Trick",
    "poignee_options",
]

PoigneeLevel = Literal["simple", "double", "triple"]
LEVELS: tuple[PoigneeLevel, ...] = ("simple", "double", "triple")
VoidKind = Literal["petit_sec", "misdeal", "all_pass"]


class GamePhase(Enum):
    BIDDING = "bidding"  # B1–B3
    CALL = "call"  # B4, 5 players
    ECART = "ecart"  # E1–E2
    CHELEM = "chelem"  # A4, A6: the taker may announce a chelem
    PLAY = "play"  # P1–P5, A1–A2
    DONE = "done"  # scored (S1–S5)
    VOID = "void"  # D12, D16, B3


# -- actions and what follows from them ----------------------------------------------


@dataclass(frozen=True)
class GameOperation:
    automatic: ClassVar[bool] = False


@dataclass(frozen=True)
class Bid(GameOperation):
    """B1: ``seat`` passes (``contract`` None) or bids ``contract``."""

    seat: int
    contract: Contract | None


@dataclass(frozen=True)
class CallCard(GameOperation):
    """B4: the taker calls ``card`` (5 players)."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Discard(GameOperation):
    """E1–E2: the taker puts ``card`` in the écart."""

    seat: int
    card: Card


@dataclass(frozen=True)
class ChelemDecision(GameOperation):
    """A4: the taker announces a chelem, or not."""

    seat: int
    announce: bool


@dataclass(frozen=True)
class PoigneeShown(GameOperation):
    """A1–A2: ``seat`` shows a poignée of ``level`` just before his first card."""

    seat: int
    level: PoigneeLevel
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class CardPlayed(GameOperation):
    """P1–P4: ``seat`` plays ``card``."""

    seat: int
    card: Card


@dataclass(frozen=True)
class ChienRevealed(GameOperation):
    """E1: the chien is shown to everyone and goes to the taker."""

    automatic: ClassVar[bool] = True
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TrickTaken(GameOperation):
    """P5: ``winner`` takes the trick."""

    automatic: ClassVar[bool] = True
    winner: int


@dataclass(frozen=True)
class PartnerRevealed(GameOperation):
    """B4: the called card falls; its holder is the taker's partner."""

    automatic: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True)
class DonneVoided(GameOperation):
    automatic: ClassVar[bool] = True
    reason: VoidKind


@dataclass(frozen=True)
class DonneScored(GameOperation):
    automatic: ClassVar[bool] = True
    result: Result


Action = Bid | CallCard | Discard | ChelemDecision | PoigneeShown | CardPlayed


@dataclass
class Trick:
    leader: int
    cards: list[tuple[int, Card]] = field(default_factory=list)
    winner: int | None = None


def poignee_options(hand: CardSet, variant: Variant) -> list[tuple[PoigneeLevel, tuple[Card, ...]]]:
    """A1–A2: the poignées ``hand`` may show, each with the cards shown by default:
    the lowest trumps, exactly the threshold number, the Excuse only when the trumps
    fall short by one and then every trump is shown."""
    trumps = sorted(hand.trumps())
    options: list[tuple[PoigneeLevel, tuple[Card, ...]]] = []
    for level, threshold in zip(LEVELS, variant.poignee_thresholds, strict=True):
        if len(trumps) >= threshold:
            shown = tuple(sorted(trumps[:threshold], reverse=True))
        elif len(trumps) == threshold - 1 and EXCUSE in hand:
            shown = (*sorted(trumps, reverse=True), EXCUSE)
        else:
            continue
        options.append((level, shown))
    return options


def check_poignee(hand: CardSet, variant: Variant, level: str, cards: Sequence[Card]) -> None:
    """A1–A2: raise when ``cards`` is not a poignée of ``level`` that ``hand`` may show."""
    if level not in LEVELS:
        raise IllegalActionError("A1", f"{level!r} is not a poignée: simple, double or triple")
    threshold = variant.poignee_thresholds[LEVELS.index(level)]
    shown = CardSet(cards)
    if len(shown) != len(cards) or not shown <= hand:
        raise IllegalActionError("A2", "a poignée shows cards of the player's own hand, once each")
    if len(shown) != threshold:
        raise IllegalActionError(
            "A2", f"a {level} poignée shows exactly {threshold} trumps, not {len(shown)}"
        )
    if any(not (card.is_trump or card.is_excuse) for card in shown):
        raise IllegalActionError("A2", "a poignée shows only trumps (and maybe the Excuse)")
    if EXCUSE in shown and hand.count_trumps() != threshold - 1:
        raise IllegalActionError(
            "A2", "the Excuse may stand for a trump only when every other trump is shown"
        )


@dataclass
class Observation:
    """What one seat may see: its own hand, the public history, nothing hidden."""

    seat: int
    players: int
    phase: GamePhase
    current_player: int | None
    dealer: int
    hand: CardSet
    bids: list[Bid]
    barred: frozenset[int]
    taker: int | None
    contract: Contract | None
    called: Card | None
    partner: int | None
    chien: tuple[Card, ...] | None
    ecart: tuple[Card, ...] | None
    ecart_trumps_shown: tuple[Card, ...]
    chelem: int | None
    poignees: list[PoigneeShown]
    tricks: list[Trick]
    legal_actions: list[Action]


@dataclass(eq=False)
class Donne:
    """One donne after its deal. ``deal`` must be over (complete, or void)."""

    deal: Deal
    operations: list[GameOperation] = field(init=False, default_factory=list)
    phase: GamePhase = field(init=False)
    hands: list[CardSet] = field(init=False)
    bids: list[Bid] = field(init=False, default_factory=list)
    taker: int | None = field(init=False, default=None)
    contract: Contract | None = field(init=False, default=None)
    called: Card | None = field(init=False, default=None)
    ecart: list[Card] = field(init=False, default_factory=list)
    chelem: int | None = field(init=False, default=None)
    poignees: list[PoigneeShown] = field(init=False, default_factory=list)
    tricks: list[Trick] = field(init=False, default_factory=list)
    void: VoidKind | None = field(init=False, default=None)
    result: Result | None = field(init=False, default=None)
    partner_revealed: bool = field(init=False, default=False)
    _legal_cache: tuple[int, list[Action]] = field(init=False, default=(-1, []), repr=False)

    def __post_init__(self) -> None:
        if not self.deal.is_over:
            raise IllegalActionError("D15", "the deal is not over: the bidding cannot start")
        self.hands = [CardSet(cards) for cards in self.deal.received]
        if self.deal.void is not None:
            self.phase = GamePhase.VOID
            self.void = self.deal.void
            self.operations.append(DonneVoided(self.deal.void))
        else:
            self.phase = GamePhase.BIDDING

    # -- facts -----------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.deal.variant

    @property
    def rules(self) -> Rules:
        return self.deal.rules

    @property
    def players(self) -> int:
        return self.deal.variant.players

    @property
    def dealer(self) -> int:
        assert self.deal.dealer is not None
        return self.deal.dealer

    @property
    def barred(self) -> frozenset[int]:
        """Seats that may not bid (D12, D14): they can only pass."""
        return self.deal.barred_now

    @property
    def partner(self) -> int | None:
        """B4: the holder of the called card, unless the taker holds it or it is in the
        chien (he then plays alone)."""
        if self.called is None:
            return None
        for seat, cards in enumerate(self.deal.received):
            if self.called in cards and seat != self.taker:
                return seat
        return None

    def camp_of(self, seat: int) -> int:
        """0 for the taker's camp, 1 for the defence."""
        return 0 if seat in (self.taker, self.partner) else 1

    @property
    def leader(self) -> int:
        """D18: the dealer's right neighbour leads; A6: a chelem's announcer leads."""
        return self.chelem if self.chelem is not None else self.deal.first_bidder

    @property
    def trick(self) -> Trick | None:
        """The trick being played, if any."""
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    # -- the agent interface -------------------------------------------------------------

    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the donne is over."""
        n = self.players
        if self.phase is GamePhase.BIDDING:
            return (self.deal.first_bidder + len(self.bids)) % n
        if self.phase in (GamePhase.CALL, GamePhase.ECART, GamePhase.CHELEM):
            return self.taker
        if self.phase is GamePhase.PLAY:
            trick = self.trick
            if trick is None:
                return self.tricks[-1].winner if self.tricks else self.leader
            return (trick.leader + len(trick.cards)) % n
        return None

    def is_terminal(self) -> bool:
        return self.phase in (GamePhase.DONE, GamePhase.VOID)

    def returns(self) -> list[int]:
        """The marks of each seat (S4); zeros for a void donne or one not over."""
        return list(self.result.marks) if self.result else [0] * self.players

    def clone(self) -> Donne:
        return copy.deepcopy(self)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act (a poignée with its default cards;
        :meth:`apply_action` also takes any other legal choice of cards)."""
        version = len(self.operations)
        if self._legal_cache[0] != version:
            self._legal_cache = (version, self._legal_actions())
        return list(self._legal_cache[1])

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player()
        if seat is None:
            return []
        if self.phase is GamePhase.BIDDING:
            bids: list[Action] = [Bid(seat, None)]
            if seat not in self.barred:
                bids += [Bid(seat, c) for c in legal_contracts(self._highest())]
            return bids
        if self.phase is GamePhase.CALL:
            return [CallCard(seat, card) for card in callable_cards(self.hands[seat])]
        if self.phase is GamePhase.ECART:
            left = self.variant.chien_size - len(self.ecart)
            hand = self.hands[seat]
            return [Discard(seat, c) for c in hand if can_discard(c, hand, left) is None]
        if self.phase is GamePhase.CHELEM:
            return [ChelemDecision(seat, False), ChelemDecision(seat, True)]
        actions: list[Action] = []
        if self._may_show_poignee(seat):
            actions += [
                PoigneeShown(seat, lvl, cards) for lvl, cards in self._poignee_choices(seat)
            ]
        return actions + [CardPlayed(seat, card) for card in self.legal_cards(seat)]

    def apply_action(self, action: Action) -> None:
        """Check ``action`` against the rules, then apply and log it."""
        self.verify_action(action)
        self._apply(action)

    def can_apply(self, action: Action) -> bool:
        try:
            self.verify_action(action)
        except IllegalActionError:
            return False
        return True

    # -- verification ----------------------------------------------------------------------

    def verify_action(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the rule ``action`` breaks."""
        if action in self.legal_actions():
            return
        seat = self.current_player()
        if seat is None:
            raise IllegalActionError("S3", "the donne is over")
        expected = {
            Bid: GamePhase.BIDDING,
            CallCard: GamePhase.CALL,
            Discard: GamePhase.ECART,
            ChelemDecision: GamePhase.CHELEM,
            PoigneeShown: GamePhase.PLAY,
            CardPlayed: GamePhase.PLAY,
        }
        rules = {Bid: "B1", CallCard: "B4", Discard: "E1", ChelemDecision: "A4"}
        phase = expected.get(type(action))
        if phase is None:
            raise IllegalActionError("P1", f"{action!r} is not an action of the game")
        if phase is not self.phase:
            rule = rules.get(type(action), "P1")
            raise IllegalActionError(
                rule, f"{type(action).__name__} is not possible now: {self.phase.value}"
            )
        if action.seat != seat:
            raise IllegalActionError(
                rules.get(type(action), "P5"), f"it is seat {seat}'s turn, not seat {action.seat}'s"
            )
        getattr(self, f"_verify_{type(action).__name__.lower()}")(action)

    def _highest(self) -> Contract | None:
        contracts = [b.contract for b in self.bids if b.contract is not None]
        return contracts[-1] if contracts else None

    def _verify_bid(self, action: Bid) -> None:
        if action.contract is None:
            return
        if action.seat in self.barred:
            raise IllegalActionError(
                "D12", f"seat {action.seat} may not bid on this deal after a fault (D12, D14)"
            )
        highest = self._highest()
        if action.contract not in legal_contracts(highest):
            assert highest is not None
            raise IllegalActionError(
                "B1", f"a bid must be higher than {highest.value}, got {action.contract.value}"
            )

    def _verify_callcard(self, action: CallCard) -> None:
        allowed = callable_cards(self.hands[action.seat])
        if action.card not in allowed:
            names = " ".join(str(c) for c in allowed)
            raise IllegalActionError("B4", f"the taker must call one of {names}, not {action.card}")

    def _verify_discard(self, action: Discard) -> None:
        left = self.variant.chien_size - len(self.ecart)
        why = can_discard(action.card, self.hands[action.seat], left)
        if why is not None:
            raise IllegalActionError(
                why[:2] if why.startswith("E2") else "E1", why.removeprefix("E2: ")
            )

    def _verify_chelemdecision(self, action: ChelemDecision) -> None:
        return None

    def _verify_poigneeshown(self, action: PoigneeShown) -> None:
        if not self._may_show_poignee(action.seat):
            raise IllegalActionError(
                "A2", "a poignée is shown once, just before the player's first card"
            )
        check_poignee(self.hands[action.seat], self.variant, action.level, action.cards)

    def _verify_cardplayed(self, action: CardPlayed) -> None:
        allowed = self.legal_cards(action.seat)
        if action.card in allowed:
            return
        if action.card not in self.hands[action.seat]:
            raise IllegalActionError("P1", f"seat {action.seat} does not hold {action.card}")
        raise IllegalActionError(*self._why_illegal(action.card, action.seat))

    def _why_illegal(self, card: Card, seat: int) -> tuple[str, str]:
        trick = self.trick
        cards = [c for _, c in trick.cards] if trick else []
        if not cards:
            return "B4", f"the called suit may not be led at the first trick, except {self.called}"
        lead = next((c for c in cards if not c.is_excuse), None)
        if lead is not None and lead.is_suit_card and self.hands[seat].of_suit(lead.suit):  # type: ignore[arg-type]
            return "P1", f"{card} does not follow the suit led ({lead})"
        if lead is not None and lead.is_trump:
            return "P3", f"{card}: trumps were led; play a higher trump if you can, else any trump"
        return "P2", f"{card}: void in the suit led, you must trump (higher if you can)"

    def legal_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now (P1–P4, and B4's first-trick rule)."""
        trick = self.trick
        cards = [c for _, c in trick.cards] if trick else []
        legal = legal_cards(self.hands[seat], cards)
        if not cards and not self.tricks and self.called is not None:
            legal = self._first_lead(legal)
        return legal

    def _first_lead(self, legal: list[Card]) -> list[Card]:
        """B4 ⚙: the called suit may not be led at the first trick, except the called card."""
        if self.rules.called_suit_first_trick or self.called is None:
            return legal
        suit = self.called.suit
        allowed = [c for c in legal if c.suit != suit or c == self.called]
        return allowed or legal

    def _may_show_poignee(self, seat: int) -> bool:
        if self.phase is not GamePhase.PLAY:
            return False
        played = (
            len(self.tricks) > 1 or any(s == seat for s, _ in self.tricks[0].cards)
            if self.tricks
            else False
        )
        shown = any(p.seat == seat for p in self.poignees)
        return not played and not shown and bool(self._poignee_choices(seat))

    def _poignee_choices(self, seat: int) -> list[tuple[PoigneeLevel, tuple[Card, ...]]]:
        return poignee_options(self.hands[seat], self.variant)

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        self.operations.append(action)
        if isinstance(action, Bid):
            self._apply_bid(action)
        elif isinstance(action, CallCard):
            self.called = action.card
            self._after_call()
        elif isinstance(action, Discard):
            self._apply_discard(action)
        elif isinstance(action, ChelemDecision):
            self.chelem = action.seat if action.announce else None
            self.phase = GamePhase.PLAY
        elif isinstance(action, PoigneeShown):
            self.poignees.append(action)
        else:
            self._apply_card(action)

    def _log(self, operation: GameOperation) -> None:
        self.operations.append(operation)

    def _apply_bid(self, action: Bid) -> None:
        self.bids.append(action)
        if len(self.bids) < self.players:
            return
        taking = [b for b in self.bids if b.contract is not None]
        if not taking:
            self.void = "all_pass"
            self.phase = GamePhase.VOID
            self._log(DonneVoided("all_pass"))
            return
        self.taker, self.contract = taking[-1].seat, taking[-1].contract
        if self.players == 5:
            self.phase = GamePhase.CALL
        else:
            self._after_call()

    def _after_call(self) -> None:
        assert self.contract is not None and self.taker is not None
        if self.contract.chien_seen:
            chien = tuple(self.deal.chien_cards)
            self._log(ChienRevealed(chien))
            self.hands[self.taker] = self.hands[self.taker] | CardSet(chien)
            self.phase = GamePhase.ECART
        else:
            self.phase = GamePhase.CHELEM

    def _apply_discard(self, action: Discard) -> None:
        self.ecart.append(action.card)
        self.hands[action.seat] = self.hands[action.seat].without_card(action.card)
        if len(self.ecart) == self.variant.chien_size:
            self.phase = GamePhase.CHELEM

    def _apply_card(self, action: CardPlayed) -> None:
        trick = self.trick
        if trick is None:
            trick = Trick(leader=action.seat)
            self.tricks.append(trick)
        trick.cards.append((action.seat, action.card))
        self.hands[action.seat] = self.hands[action.seat].without_card(action.card)
        if action.card == self.called and action.seat != self.taker and not self.partner_revealed:
            self.partner_revealed = True
            self._log(PartnerRevealed(action.seat))
        if len(trick.cards) == self.players:
            self._close_trick(trick)

    def _close_trick(self, trick: Trick) -> None:
        last = len(self.tricks) == self.variant.hand_size
        swept = False
        if last:  # A4, P4: the Excuse led at the last trick wins a chelem
            leader_camp = self.camp_of(trick.leader)
            swept = all(self.camp_of(t.winner or 0) == leader_camp for t in self.tricks[:-1])
        index = trick_winner([c for _, c in trick.cards], excuse_can_win=swept)
        trick.winner = trick.cards[index][0]
        self._log(TrickTaken(trick.winner))
        if last:
            self.result = self._score()
            self.phase = GamePhase.DONE
            self._log(DonneScored(self.result))

    # -- scoring ---------------------------------------------------------------------------

    def camp_cards(self) -> tuple[CardSet, CardSet, int]:
        """The cards each camp took (taker's camp, defence) and the half-points the
        taker's camp owes (+) or is owed (−) for the Excuse exchange (P4)."""
        assert self.contract is not None
        piles = [CardSet(), CardSet()]
        if self.contract is Contract.GARDE_CONTRE:
            piles[1] = CardSet(self.deal.chien_cards)
        elif self.contract is Contract.GARDE_SANS:
            piles[0] = CardSet(self.deal.chien_cards)
        else:
            piles[0] = CardSet(self.ecart)
        owed = 0
        last = len(self.tricks) - 1
        won = [False, False]
        for index, trick in enumerate(self.tricks):
            assert trick.winner is not None
            camp = self.camp_of(trick.winner)
            won[camp] = True
            for seat, card in trick.cards:
                owner = self.camp_of(seat)
                if card.is_excuse and index != last and owner != camp:
                    piles[owner] = piles[owner].with_card(card)
                    owed = 1 if owner == 0 else -1
                else:
                    piles[camp] = piles[camp].with_card(card)
        excuse_owner = 0 if owed > 0 else 1
        if owed and not won[excuse_owner]:
            owed = 0  # P4: a camp that never wins a trick keeps the Excuse, gives nothing
        return piles[0], piles[1], owed

    def _score(self) -> Result:
        assert self.taker is not None and self.contract is not None
        taker_pile, _, owed = self.camp_cards()
        half_points = taker_pile.half_points() - owed
        winners = [self.camp_of(t.winner) for t in self.tricks if t.winner is not None]
        chelem = self._chelem_bonus(winners)
        poignee = sum(POIGNEE_BONUS[p.level] for p in self.poignees)
        return score(
            players=self.players,
            taker=self.taker,
            partner=self.partner,
            contract=self.contract,
            taker_half_points=half_points,
            bouts=taker_pile.count_bouts(),
            petit_au_bout=self._petit_au_bout(winners),
            poignee=poignee,
            chelem=chelem,
        )

    def _chelem_bonus(self, winners: list[int]) -> int:
        """A4: +400 announced and made, +200 made unannounced, −200 announced and
        failed; −200 more when the defence takes every trick."""
        announced = self.chelem is not None
        if all(camp == 0 for camp in winners):
            return 400 if announced else 200
        bonus = -200 if announced else 0
        return bonus - 200 if all(camp == 1 for camp in winners) else bonus

    def _petit_au_bout(self, winners: list[int]) -> int:
        """A5: the Petit in the last trick: ±10 (before the multiplier) to the camp that
        wins it; in a chelem whose camp plays the Excuse last, the trick before."""
        last = len(self.tricks) - 1
        final = [c for _, c in self.tricks[last].cards]
        if all(camp == 0 for camp in winners) and EXCUSE in final:
            excuse_seat = next(s for s, c in self.tricks[last].cards if c.is_excuse)
            if self.camp_of(excuse_seat) == 0:
                last -= 1
        trick = self.tricks[last]
        if PETIT not in [c for _, c in trick.cards]:
            return 0
        assert trick.winner is not None
        return 10 if self.camp_of(trick.winner) == 0 else -10

    # -- what a seat may see ---------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see (D19): its own hand and the public history only."""
        self.variant.check_seat(seat)
        revealed = self.partner_revealed or seat == self.partner
        shown = self.contract is not None and self.contract.chien_seen
        chien = tuple(self.deal.chien_cards) if shown else None
        return Observation(
            seat=seat,
            players=self.players,
            phase=self.phase,
            current_player=self.current_player(),
            dealer=self.dealer,
            hand=self.hands[seat],
            bids=list(self.bids),
            barred=self.barred,
            taker=self.taker,
            contract=self.contract,
            called=self.called,
            partner=self.partner if revealed or self.phase is GamePhase.DONE else None,
            chien=chien,
            ecart=tuple(self.ecart) if seat == self.taker else None,
            ecart_trumps_shown=tuple(c for c in self.ecart if c.is_trump),
            chelem=self.chelem,
            poignees=list(self.poignees),
            tricks=self._public_tricks(),
            legal_actions=self.legal_actions() if self.current_player() == seat else [],
        )

    def _public_tricks(self) -> list[Trick]:
        """The tricks so far: finished ones shared (they never change), the one being
        played copied."""
        tricks = list(self.tricks)
        if tricks and tricks[-1].winner is None:
            tricks[-1] = Trick(tricks[-1].leader, list(tricks[-1].cards))
        return tricks

    # -- replay ----------------------------------------------------------------------------

    @classmethod
    def replay(cls, deal: Deal, operations: Sequence[GameOperation]) -> Donne:
        """Rebuild a donne from its operations, checking each against the rules."""
        donne = cls(deal)
        for operation in operations:
            if not operation.automatic:
                donne.apply_action(operation)  # type: ignore[arg-type]
        if donne.operations != list(operations):
            raise IllegalActionError("Replay", "the operations do not follow from each other")
        return donne

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Donne):
            return NotImplemented
        return self.deal == other.deal and self.operations == other.operations
