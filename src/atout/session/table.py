"""A table: a match between seats that are people or bots, front-end neutral.

A :class:`Table` holds the match and is changed only by :meth:`Table.act`, with an
action of a seat (:mod:`atout.session.actions` for the deal's steps, the game's own
actions after it). What a face (the terminal, the web page) shows comes from two
things only: :meth:`Table.observation` — what one seat may see now, and what it may
do — and :meth:`Table.events_since` — the feed of what happened, each event as that
seat is told it. Neither gives a card that seat may not see.

Two ways of dealing:

- ``dealing="visible"``: the deal is done by the players, as La Donne says. The first
  dealer is drawn (each seat draws, D1–D3); the shuffler shuffles (D4), the cutter cuts
  (D5), the dealer deals 3 by 3 with the chien card by card (D6–D8) and shows the chien
  (D10); a Petit sec is announced by its holder (D16). With ``verifiable`` (the
  default) the table commits to a secret for each deal before anyone acts
  (:mod:`atout.fairness`), each person adds a random value, and the pack's order and
  the chien's places follow from them; the secret is revealed when the donne is over.
  Every random choice of the table (the cards drawn, a bot's cut, a bot's decision) is
  drawn from the seed and the number of actions so far, so a table rebuilt from its
  seed and its actions is the same table, and goes on the same way.
- ``dealing="automatic"``: the engine deals each donne whole from one generator
  (:meth:`atout.match.Match.start_donne`), as the terminal table has always done; the
  generators' states are the caller's to keep.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from atout.bots import BOTS, Agent
from atout.cards import Card, CardSet
from atout.dealing import CUTS, ChienCardDealt, Cut, Deal, PetitSecAnnounced, Phase, Shuffled
from atout.errors import AtoutError, IllegalActionError
from atout.fairness import (
    Derivation,
    check_contribution,
    commitment,
    deal_following,
    derive,
    derived_cut,
)
from atout.match import Match
from atout.scoring import Result, add_marks
from atout.session.actions import (
    AnnouncePetitSec,
    Contribute,
    CutPack,
    DealAction,
    DealPack,
    Draw,
    MakeEcart,
    ShowChien,
    Shuffle,
    TableAction,
    action_to_json,
)
from atout.session.events import Event, deal_event, donne_event, table_event
from atout.state import Action, Discard, Donne, Observation
from atout.table import Rules, Variant

__all__ = ["DealView", "SheetRow", "Table", "TableObservation", "TableSettings"]

MAX_DONNES = 1000
Dealing = Literal["visible", "automatic"]


@dataclass(frozen=True)
class TableSettings:
    """``seats[s]`` is ``None`` for a person, else the name of the bot in that seat
    (one of :data:`atout.bots.BOTS`); ``stand_in`` is the bot that plays for a person
    who is away. ``deals`` is the number of donnes of the match."""

    players: int = 4
    deals: int = 5
    seats: tuple[str | None, ...] = (None, "heuristic", "heuristic", "heuristic")
    rules: Rules = field(default_factory=Rules)
    dealing: Dealing = "visible"
    verifiable: bool = True
    stand_in: str = "heuristic"
    target: int = 0  # S4: the match also ends once a total reaches it (0: no target)
    fixed_seed: int | None = None  # fixed deals: donne i is the arena's deal i of this seed

    def check(self) -> None:
        """One-line :class:`AtoutError` naming the setting that is wrong."""
        variant = Variant.for_players(self.players)
        if type(self.deals) is not int or not 1 <= self.deals <= MAX_DONNES:
            raise AtoutError(f"deals: a match has 1 to {MAX_DONNES} donnes, not {self.deals!r}")
        if len(self.seats) != variant.players:
            raise AtoutError(f"seats: {variant.players} seats expected, not {len(self.seats)}")
        for seat, name in enumerate(self.seats):
            if name is not None and name not in BOTS:
                raise AtoutError(f"seat {seat}: {name!r:.40} is not a bot ({', '.join(BOTS)})")
        if self.stand_in not in BOTS:
            raise AtoutError(f"stand_in: {self.stand_in!r:.40} is not a bot ({', '.join(BOTS)})")
        if type(self.target) is not int or self.target < 0:
            raise AtoutError(f"target: 0 (none) or a number of points, not {self.target!r:.40}")
        if self.dealing not in ("visible", "automatic"):
            raise AtoutError(f"dealing: 'visible' or 'automatic', not {self.dealing!r:.40}")
        if self.fixed_seed is not None and (
            type(self.fixed_seed) is not int or not 0 <= self.fixed_seed < 2**64
        ):
            raise AtoutError(
                f"fixed_seed: a number from 0 to 2**64 - 1, not {self.fixed_seed!r:.40}"
            )


class DealView(NamedTuple):
    """What everyone sees of the deal in progress (D1–D16)."""

    phase: Phase
    dealer: int | None
    shuffler: int | None
    cutter: int | None
    draws: tuple[tuple[int, tuple[Card, ...]], ...]
    cut: int | None
    dealt: tuple[int, ...]  # cards each seat has received so far
    chien: int  # chien cards down so far
    petit_sec: tuple[int, CardSet] | None
    barred: frozenset[int]
    commitment: str | None
    contributed: frozenset[int]


class SheetRow(NamedTuple):
    """One donne of the score sheet (S1–S5, A1–A5)."""

    number: int
    dealer: int
    void: str | None
    taker: int | None
    contract: str | None
    called: Card | None
    partner: int | None
    result: Result | None
    totals: tuple[int, ...]


class TableObservation(NamedTuple):
    """What one seat (``None``: a spectator) may see now and may do."""

    seat: int | None
    players: int
    deals: int
    number: int  # the donne being dealt or played, 1, 2, … (0 before the first)
    seq: int  # the number of the last event
    to_act: tuple[int, ...]  # the seats the table waits for
    options: tuple[TableAction, ...]  # what this seat may do now (cut: one per depth)
    deal: DealView
    game: Observation | None  # the donne, once the cards are picked up
    hands: tuple[CardSet, ...] | None  # every hand, for a spectator who may see them
    sheet: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    over: bool
    next_dealer: int | None = None  # once the donne is over: who deals the next one (D17)


def _drawn(seed: int, *parts: object) -> bytes:
    """32 bytes drawn from the table's seed for one purpose (``"draw", 12``)."""
    return hashlib.sha256(b"atout.table/1 " + repr((seed, *parts)).encode()).digest()


def _mix(seed: int, *parts: object) -> int:
    """A number drawn from the table's seed for one purpose, to seed a generator."""
    return int.from_bytes(_drawn(seed, *parts)[:16], "big")


class _TableView:
    """What a table holds and shows: its match, its log of actions and events, who is
    to act and what each seat, a spectator or the score sheet sees. Acting on it is
    :class:`Table`'s."""

    def __init__(self, settings: TableSettings, seed: int) -> None:
        settings.check()
        self.settings = settings
        self.seed = seed
        self.variant = Variant.for_players(settings.players)
        master = random.Random(seed)
        self.deal_rng = random.Random(master.getrandbits(64))
        names = [name or settings.stand_in for name in settings.seats]
        self.bots: list[Agent] = [
            BOTS[name](random.Random(master.getrandbits(64))) for name in names
        ]
        self.match = Match(self.variant, settings.rules)
        self.actions: list[TableAction] = []
        self.events: list[Event] = []
        self._donne_seen = 0  # operations of the current donne made into events
        self._deal_seen = 0
        self._contributions: dict[int, bytes] = {}
        self._secret: bytes | None = None
        self._revealed: list[dict[str, Any] | None] = []  # fairness of each donne

    # -- what is shown ---------------------------------------------------------------------

    @property
    def persons(self) -> tuple[int, ...]:
        return tuple(s for s, name in enumerate(self.settings.seats) if name is None)

    @property
    def deal(self) -> Deal | None:
        return self.match.current

    @property
    def donne(self) -> Donne | None:
        """The donne of the current deal, once it is dealt (``None`` while dealing)."""
        if not self.match.donnes or len(self.match.donnes) < len(self.match.deals):
            return None
        return self.match.donnes[-1]

    @property
    def number(self) -> int:
        return len(self.match.deals)

    @property
    def is_over(self) -> bool:
        """The last donne is over, or a total has reached the target (S4)."""
        donne = self.donne
        if donne is None or not donne.is_terminal():
            return False
        target = self.settings.target
        reached = bool(target) and max(self.match.totals()) >= target
        return self.number >= self.settings.deals or reached

    def to_act(self) -> tuple[int, ...]:
        """The seats the table waits for."""
        deal, donne = self.deal, self.donne
        if deal is None:
            return ()
        if donne is not None:
            seat = donne.current_player()
            return () if seat is None else (seat,)
        if deal.phase is Phase.DRAW:
            return tuple(deal.seats_to_draw())
        if deal.phase is Phase.SHUFFLE:
            waiting = self.awaiting_contributions()
            return waiting or (deal.shuffler,)
        if deal.phase is Phase.CUT:
            return (deal.cutter,)
        if deal.phase in (Phase.DEAL, Phase.SHOW_CHIEN):
            return (deal.dealer,) if deal.dealer is not None else ()
        if deal.phase is Phase.PETIT_SEC and deal.petit_sec is not None:
            return (deal.petit_sec,)
        return ()

    def awaiting_contributions(self) -> tuple[int, ...]:
        """The persons whose random value the shuffle still waits for."""
        deal = self.deal
        if (
            not self.settings.verifiable
            or deal is None
            or deal.phase
            not in (
                Phase.DRAW,
                Phase.SHUFFLE,
            )
        ):
            return ()
        return tuple(s for s in self.persons if s not in self._contributions)

    def options(self, seat: int) -> tuple[TableAction, ...]:
        """What ``seat`` may do now."""
        deal, donne = self.deal, self.donne
        if deal is None:
            return ()
        if donne is not None:
            return donne.legal_actions() if donne.current_player() == seat else ()
        found: list[TableAction] = []
        if seat in self.awaiting_contributions():
            found.append(Contribute(seat, ""))
        if seat not in self.to_act():
            return tuple(found)
        if deal.phase is Phase.DRAW:
            found.append(Draw(seat))
        elif deal.phase is Phase.SHUFFLE:
            if seat == deal.shuffler and not self.awaiting_contributions():
                found.append(Shuffle(seat))
        elif deal.phase is Phase.CUT:
            found += [CutPack(seat, k) for k in CUTS]
        elif deal.phase is Phase.DEAL:
            found.append(DealPack(seat))
        elif deal.phase is Phase.SHOW_CHIEN:
            found.append(ShowChien(seat))
        elif deal.phase is Phase.PETIT_SEC:
            found.append(AnnouncePetitSec(seat))
        return tuple(found)

    def deal_view(self) -> DealView:
        deal = self.deal
        if deal is None:
            return DealView(
                Phase.DRAW, None, None, None, (), None, (), 0, None, frozenset(), None, frozenset()
            )
        dealer = deal.dealer
        petit = None
        if deal.phase is Phase.VOID:
            for op in deal.operations:
                if isinstance(op, PetitSecAnnounced):
                    petit = (op.seat, op.hand)
        return DealView(
            deal.phase,
            dealer,
            deal.shuffler if dealer is not None else None,
            deal.cutter if dealer is not None else None,
            tuple((seat, tuple(cards)) for seat, cards in deal.draw_order),
            deal.cut_k,
            tuple(len(cards) for cards in deal.received),
            len(deal.chien_cards),
            petit,
            deal.barred,
            self.commitment,
            frozenset(self._contributions),
        )

    @property
    def commitment(self) -> str | None:
        """The commitment to the current deal's secret (published before it is dealt)."""
        if self._secret is None:
            return None
        return commitment(self._secret)

    def observation(self, seat: int | None, all_hands: bool = False) -> TableObservation:
        """What ``seat`` may see now (``None``: a spectator; ``all_hands``: a spectator
        the table lets see every hand)."""
        if seat is not None:
            self.variant.check_seat(seat, rule="D19")
        donne = self.donne
        game = None
        if donne is not None:
            game = donne.observation(seat if seat is not None else 0)
            if seat is None:
                known = donne.partner_revealed or donne.is_terminal()
                game = game._replace(
                    hand=CardSet(),
                    legal_actions=(),
                    ecart=None,
                    partner=donne.partner if known else None,
                )
            if donne.is_terminal() and donne.contract is not None and donne.contract.chien_seen:
                game = game._replace(ecart=donne.ecart)  # counted with the taker's pile
        hands = None
        if seat is None and all_hands and donne is not None:
            hands = donne.hands
        return TableObservation(
            seat,
            self.variant.players,
            self.settings.deals,
            self.number,
            len(self.events),
            self.to_act(),
            self.options(seat) if seat is not None else (),
            self.deal_view(),
            game,
            hands,
            self.sheet(),
            tuple(self.match.totals()),
            self.is_over,
            self.match.next_dealer if donne is not None and donne.is_terminal() else None,
        )

    def sheet(self) -> tuple[SheetRow, ...]:
        """Every donne that is over, with the totals after it (S4)."""
        rows: list[SheetRow] = []
        totals: tuple[int, ...] = (0,) * self.variant.players
        for number, donne in enumerate(self.match.donnes, 1):
            if not donne.is_terminal():
                break
            totals = add_marks(totals, donne.returns())
            rows.append(
                SheetRow(
                    number,
                    donne.dealer,
                    donne.void,
                    donne.taker,
                    donne.contract.value if donne.contract else None,
                    donne.called,
                    donne.partner,
                    donne.result,
                    totals,
                )
            )
        return tuple(rows)

    def events_since(
        self, seq: int, seat: int | None, all_cards: bool = False
    ) -> list[dict[str, Any]]:
        """The events after number ``seq``, as ``seat`` is told them."""
        return [event.for_seat(seat, all_cards) for event in self.events[max(seq, 0) :]]

    def fairness(self, number: int) -> dict[str, Any] | None:
        """The verifiable deal's data for donne ``number`` (1, 2, …): the commitment,
        the contributions, and the secret once that donne is over."""
        if not 1 <= number <= len(self._revealed):
            return None
        return self._revealed[number - 1]


class Table(_TableView):
    """A match at a table; see the module's text."""

    def __init__(self, settings: TableSettings, seed: int) -> None:
        super().__init__(settings, seed)
        if settings.fixed_seed is not None:
            self._fixed_deal()
        elif settings.dealing == "visible":
            self._begin_deal()

    # -- acting ----------------------------------------------------------------------------

    def act(self, action: TableAction) -> list[Event]:
        """Apply ``action`` if the rules allow it (else :class:`IllegalActionError`
        naming the rule, and nothing changes); the events it made."""
        before = len(self.events)
        deal = self.deal
        if deal is None:
            raise IllegalActionError("D17", "match_not_started")
        donne = self.donne
        if donne is not None and isinstance(action, MakeEcart):
            self._make_ecart(donne, action)
        elif donne is not None:
            if not isinstance(action, _GAME_ACTIONS):
                raise IllegalActionError(
                    "D15", "deal_over_not_a_move", action=type(action).__name__
                )
            donne.apply_action(action)
        else:
            if isinstance(action, _GAME_ACTIONS):
                raise IllegalActionError("D15", "game_not_begun")
            self._act_in_deal(deal, action)  # type: ignore[arg-type]
        self.actions.append(action)
        self._sync()
        return self.events[before:]

    def _make_ecart(self, donne: Donne, action: MakeEcart) -> None:
        """E1–E2: the whole écart is checked on a copy first; then it is applied."""
        size = self.variant.chien_size
        if len(action.cards) != size or len(set(action.cards)) != size:
            raise IllegalActionError("E1", "ecart_size", size=size)
        trial = donne.clone()
        for card in action.cards:
            trial.apply_action(Discard(action.seat, card))
        for card in action.cards:
            donne.apply_action(Discard(action.seat, card))

    def _act_in_deal(self, deal: Deal, action: DealAction | MakeEcart) -> None:
        if isinstance(action, MakeEcart):
            raise IllegalActionError("E1", "ecart_after_bidding")
        seat = self.variant.check_seat(action.seat, rule="D1")
        if isinstance(action, Contribute):
            self._contribute(seat, action.value)
            return
        if seat not in self.to_act():
            if deal.phase is Phase.SHUFFLE and self.awaiting_contributions():
                raise IllegalActionError(
                    "D4", "shuffle_waits", waiting=list(self.awaiting_contributions())
                )
            raise IllegalActionError(
                _PHASE_RULES.get(deal.phase, "D1"),
                "cannot_act_now",
                seat=seat,
                waiting=list(self.to_act()) or "no one",
            )
        if isinstance(action, Draw):
            deal.draw(seat, rng=random.Random(_mix(self.seed, "draw", len(self.actions))))
        elif isinstance(action, Shuffle):
            if self.settings.verifiable:
                deal.shuffle(seat, permutation=self._derivation().permutation)
            else:
                deal.shuffle(seat, rng=random.Random(_mix(self.seed, "shuffle", len(self.actions))))
        elif isinstance(action, CutPack):
            derived = self._derived_cut(seat)
            if derived is not None and action.k != derived:
                raise IllegalActionError("D5", "bot_cut", seat=seat, cut=derived)
            deal.cut(action.k, seat)
            if derived is not None and self._revealed[-1] is not None:
                self._revealed[-1]["derived_cut"] = True
        elif isinstance(action, DealPack):
            self._deal_cards(deal)
        elif isinstance(action, ShowChien):
            deal.show_chien()
            if deal.phase is Phase.PICK_UP:
                deal.pick_up()  # D15: the deal is over, each player looks at his cards
        elif isinstance(action, AnnouncePetitSec):
            deal.announce_petit_sec(seat)
        else:  # pragma: no cover - the union is exhausted
            raise IllegalActionError("D1", "not_an_action", action=f"{action!r:.80}")
        if deal.is_over:
            self.match.open_donne()

    def _contribute(self, seat: int, value: str) -> None:
        if not self.settings.verifiable:
            raise IllegalActionError("D4", "not_verifiable")
        if seat not in self.persons:
            raise IllegalActionError("D4", "bot_no_contribution", seat=seat)
        if seat in self._contributions:
            raise IllegalActionError("D4", "already_contributed", seat=seat)
        deal = self.deal
        if deal is None or deal.phase not in (Phase.DRAW, Phase.SHUFFLE):
            raise IllegalActionError("D4", "contribution_late")
        try:
            self._contributions[seat] = check_contribution(value)
        except IllegalActionError as error:
            raise IllegalActionError(error.reason) from None
        self._push(table_event, "contributed", "D4", seat=seat)

    def _derivation(self) -> Derivation:
        assert self._secret is not None
        contributions = sorted(self._contributions.items())
        return derive(self._secret, contributions, self.variant, self.settings.rules)

    def _derived_cut(self, seat: int) -> int | None:
        """A bot's cut at a verifiable table follows from the secret and the values
        (the server, which knows the pack, does not choose it); a person cuts as he
        likes (D5)."""
        if not self.settings.verifiable or self.settings.seats[seat] is None:
            return None
        assert self._secret is not None
        contributions = sorted(self._contributions.items())
        return derived_cut(self._secret, contributions, self.variant.players)

    def _deal_cards(self, deal: Deal) -> None:
        if self.settings.verifiable:
            for _ in deal_following(deal, self._derivation().gaps):
                pass
        else:
            deal.run_automatically(
                random.Random(_mix(self.seed, "deal", len(self.actions))), pause=Phase.SHOW_CHIEN
            )

    def bot_action(self, seat: int) -> TableAction:
        """What the bot in ``seat`` (or the stand-in of a person) does now; the cut is a
        depth drawn from the legal ones (D5)."""
        options = self.options(seat)
        if not options:
            raise IllegalActionError("D1", "nothing_to_do", seat=seat)
        donne = self.donne
        if donne is not None:
            bot = self.bots[seat]
            rng = getattr(bot, "rng", None)
            if self.settings.dealing == "visible" and isinstance(rng, random.Random):
                rng.seed(_mix(self.seed, "bot", seat, len(self.actions)))
            return bot.act(donne.observation(seat))
        first = options[0]
        if isinstance(first, Contribute):  # a stand-in's value: the table's own
            return Contribute(seat, _drawn(self.seed, "value", len(self.actions)).hex())
        if isinstance(first, CutPack):
            derived = self._derived_cut(seat)
            if derived is not None:
                return CutPack(seat, derived)
            return random.Random(_mix(self.seed, "cut", len(self.actions))).choice(options)
        return first

    def next_donne(self) -> None:
        """Begin the next donne once this one is over (D17: the next dealer)."""
        donne = self.donne
        if self.deal is not None and (donne is None or not donne.is_terminal()):
            raise IllegalActionError("D17", "donne_not_over", number=self.number)
        if self.is_over:
            raise IllegalActionError("S4", "match_over")
        if self.settings.fixed_seed is not None:
            self._fixed_deal()
        elif self.settings.dealing == "automatic":
            self.match.start_donne(self.deal_rng)
            self._deal_seen = self._donne_seen = 0
            self._announce()
            self._sync()
        else:
            self._begin_deal()

    def _fixed_deal(self) -> None:
        """The next of the fixed deals (``fixed_seed``): deal ``i`` is the arena's
        (:func:`atout.bots.arena.iter_deals`): ``Deal.automatic`` drawn from
        ``random.Random(fixed_seed + i)``, dealt by seat ``i mod n``; no one shuffles
        or cuts, the cards are the same at every table of that seed."""
        assert self.settings.fixed_seed is not None
        i = len(self.match.deals)
        deal = Deal.automatic(
            self.variant,
            self.settings.rules,
            rng=random.Random(self.settings.fixed_seed + i),
            dealer=i % self.variant.players,
        )
        self.match.add_deal(deal)
        self.match.open_donne()
        self._deal_seen = self._donne_seen = 0
        self._contributions = {}
        self._secret = None
        self._announce()
        self._sync()

    def _begin_deal(self) -> None:
        self.match.new_deal()
        self._deal_seen = self._donne_seen = 0
        self._contributions = {}
        self._secret = None
        if self.settings.verifiable:
            seed = self.seed.to_bytes(32, "big")
            index = len(self.match.deals).to_bytes(4, "big")
            self._secret = hashlib.sha256(b"atout.secret/1" + seed + index).digest()
        self._announce()
        self._sync()

    def _announce(self) -> None:
        deal = self.deal
        assert deal is not None
        self._push(
            table_event,
            "donne_started",
            "D17",
            dealer=deal.dealer,
            barred=sorted(deal.barred),
            commitment=self.commitment,
        )
        self._revealed.append(None if self._secret is None else {"commitment": self.commitment})

    def _push(self, make: Any, *args: Any, **data: Any) -> None:
        self.events.append(make(len(self.events) + 1, self.number, *args, **data))

    def _sync(self) -> None:
        """Make events of the operations not yet told."""
        deal = self.deal
        if deal is None:
            return
        ops = deal.operations
        if len(ops) > self._deal_seen:  # once the deal is over, nothing to tell of it
            chien = sum(isinstance(op, ChienCardDealt) for op in ops[: self._deal_seen])
            for op in ops[self._deal_seen :]:
                chien += isinstance(op, ChienCardDealt)
                if self.settings.fixed_seed is not None and isinstance(op, (Shuffled, Cut)):
                    continue  # fixed deals: no one at the table shuffled or cut
                self.events.append(deal_event(len(self.events) + 1, self.number, op, chien))
            self._deal_seen = len(ops)
        donne = self.donne
        if donne is None:
            return
        for move in donne.operations[self._donne_seen :]:
            self.events.append(donne_event(len(self.events) + 1, self.number, move, donne.taker))
        self._donne_seen = len(donne.operations)
        if donne.is_terminal() and self._secret is not None and self._revealed[-1] is not None:
            entry = self._revealed[-1]
            if "secret" not in entry:
                entry["secret"] = self._secret.hex()
                entry["contributions"] = [
                    [s, v.hex()] for s, v in sorted(self._contributions.items())
                ]
                self._push(table_event, "secret_revealed", "D4", **entry)
        if donne.is_terminal() and self.is_over and self.events[-1].kind != "match_over":
            self._push(table_event, "match_over", "S4", totals=self.match.totals())

    # -- keeping -----------------------------------------------------------------------------

    def actions_json(self) -> list[dict[str, Any]]:
        return [action_to_json(action) for action in self.actions]

    @classmethod
    def rebuild(cls, settings: TableSettings, seed: int, actions: Sequence[TableAction]) -> Table:
        """The table after ``actions``, each checked against the rules again (visible
        dealing: every later choice of the table is the same as before)."""
        table = cls(settings, seed)
        for action in actions:
            table._replay_one(action)
        return table

    def _replay_one(self, action: TableAction) -> None:
        donne = self.donne
        if donne is not None and donne.is_terminal():
            self.next_donne()
        self.act(action)


_GAME_ACTIONS = Action.__args__
_PHASE_RULES = {
    Phase.DRAW: "D1",
    Phase.SHUFFLE: "D4",
    Phase.CUT: "D5",
    Phase.DEAL: "D6",
    Phase.SHOW_CHIEN: "D10",
    Phase.PETIT_SEC: "D16",
}
