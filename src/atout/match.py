"""A partie: deals in sequence, with the rotation of the dealer and the bans.

>>> import random
>>> match = Match(Variant.for_players(4), first_dealer=0)
>>> deal = match.deal_automatically(random.Random(1))
>>> deal.dealer, match.next_dealer
(0, 1)

After a fault of the dealer the same dealer deals again and may not bid (D12):

>>> deal = match.new_deal()
>>> _ = deal.shuffle(rng=random.Random(2)); _ = deal.cut(30)
>>> _ = deal.record_fault("misdeal")
>>> match.next_dealer, sorted(match.barred)
(1, [1])

A long match need not keep every donne: with ``keep=False`` only the current deal and
donne stay, and the totals and penalties are kept as running sums:

>>> long = Match(Variant.for_players(4), first_dealer=0, keep=False)
>>> for seed in range(3):
...     _ = long.deal_automatically(random.Random(seed))
>>> len(long.deals), long.next_dealer
(1, 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from atout.cards import ALL_CARDS, Card
from atout.dealing import Deal
from atout.errors import IllegalActionError
from atout.scoring import add_marks
from atout.state import Donne
from atout.table import Rules, Variant

__all__ = ["Match"]


@dataclass
class Match:
    """Deals one after the other. The first dealer is drawn (D1–D3) unless given; then
    the deal passes to the right neighbour (D17), stays with the same dealer after a
    fault (D12), and passes to the right neighbour after a Petit sec (D16).

    ``keep=False`` keeps only the current deal and donne in :attr:`deals` and
    :attr:`donnes` (what the next one needs: its dealer and bans); :meth:`totals` and
    :meth:`penalties` count every donne either way."""

    variant: Variant
    rules: Rules = field(default_factory=Rules)
    first_dealer: int | None = None
    deals: list[Deal] = field(default_factory=list)
    donnes: list[Donne] = field(default_factory=list)
    keep: bool = True
    _marks: list[int] = field(init=False, repr=False, compare=False)
    _penalties: dict[int, int] = field(init=False, repr=False, compare=False)
    _dealt: int = field(init=False, repr=False, compare=False)
    _opened: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.first_dealer is not None:
            self.variant.check_seat(self.first_dealer, "dealer")
        self._marks = [0] * self.variant.players
        self._penalties = {}
        self._dealt = len(self.deals)
        self._opened = len(self.donnes)
        for donne in self.donnes[:-1]:
            self._add_marks(donne)
        for deal in self.deals[:-1]:
            self._add_penalties(deal)

    def _add_marks(self, donne: Donne) -> None:
        self._marks = list(add_marks(self._marks, donne.returns()))

    def _add_penalties(self, deal: Deal) -> None:
        for fault in deal.faults:
            if fault.penalty:
                self._penalties[fault.by] = self._penalties.get(fault.by, 0) + fault.penalty

    @property
    def current(self) -> Deal | None:
        return self.deals[-1] if self.deals else None

    @property
    def next_dealer(self) -> int | None:
        """Who deals the next deal; ``None`` before the first draw."""
        last = self.current
        return self.first_dealer if last is None else last.next_dealer

    @property
    def barred(self) -> frozenset[int]:
        """Seats that may not bid on the next deal (D12, D14)."""
        last = self.current
        return frozenset() if last is None else last.barred_next

    def penalties(self) -> dict[int, int]:
        """Points given as penalties for early pick-ups (D11), by seat."""
        totals = dict(self._penalties)
        for fault in self.current.faults if self.current else ():
            if fault.penalty:
                totals[fault.by] = totals.get(fault.by, 0) + fault.penalty
        return totals

    def new_deal(self, pack: Sequence[Card] | None = None) -> Deal:
        """Start the next deal, dealt by :attr:`next_dealer` with :attr:`barred` seats."""
        last = self.current
        if last is not None and not last.is_over:
            raise IllegalActionError("D17", "deal_not_over", number=len(self.deals))
        deal = Deal(
            self.variant, self.rules, self.next_dealer, self.barred, list(pack or ALL_CARDS)
        )
        return self._follows(last, deal)

    def add_deal(self, deal: Deal) -> Deal:
        """Take ``deal``, dealt whole elsewhere (fixed deals), as the next deal."""
        last = self.current
        if last is not None and not last.is_over:
            raise IllegalActionError("D17", "deal_not_over", number=len(self.deals))
        return self._follows(last, deal)

    def _follows(self, last: Deal | None, deal: Deal) -> Deal:
        """``deal`` becomes the match's next, after ``last`` and its penalties."""
        if last is not None:
            self._add_penalties(last)
        self.deals.append(deal)
        self._dealt += 1
        if not self.keep:
            del self.deals[:-1]
        return deal

    def start_donne(self, rng: random.Random | None = None) -> Donne:
        """Deal the next donne automatically and open it for the bidding (or void)."""
        self._check_donne_over()
        self.deal_automatically(rng)
        return self.open_donne()

    def open_donne(self) -> Donne:
        """Open the donne of the current deal, dealt step by step and now over: the
        bidding (D15), or a void donne after a fault or a Petit sec (D12, D16)."""
        self._check_donne_over()
        deal = self.current
        if deal is None or self._opened == self._dealt:
            raise IllegalActionError("D17", "no_deal_to_open")
        donne = Donne(deal)
        last = self.donnes[-1] if self.donnes else None
        if last is not None:
            self._add_marks(last)
        self.donnes.append(donne)
        self._opened = self._dealt
        if not self.keep:
            del self.donnes[:-1]
        return donne

    def _check_donne_over(self) -> None:
        last = self.donnes[-1] if self.donnes else None
        if last is not None and not last.is_terminal():
            raise IllegalActionError("D17", "donne_not_over", number=len(self.donnes))

    def totals(self) -> list[int]:
        """S4: the running sum of every donne's marks, by seat."""
        last = self.donnes[-1].returns() if self.donnes else [0] * self.variant.players
        return list(add_marks(self._marks, last))

    def deal_automatically(self, rng: random.Random | None = None) -> Deal:
        """The next deal, done whole by the engine (see :meth:`Deal.automatic`)."""
        deal = self.new_deal()
        deal.run_automatically(rng or random.SystemRandom())
        return deal
