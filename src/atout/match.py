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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from atout.cards import ALL_CARDS, Card
from atout.dealing import Deal
from atout.errors import IllegalActionError
from atout.state import Donne
from atout.table import Rules, Variant

__all__ = ["Match"]


@dataclass
class Match:
    """Deals one after the other. The first dealer is drawn (D1–D3) unless given; then
    the deal passes to the right neighbour (D17), stays with the same dealer after a
    fault (D12), and passes to the right neighbour after a Petit sec (D16)."""

    variant: Variant
    rules: Rules = field(default_factory=Rules)
    first_dealer: int | None = None
    deals: list[Deal] = field(default_factory=list)
    donnes: list[Donne] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.first_dealer is not None:
            self.variant.check_seat(self.first_dealer, "dealer")

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
        totals: dict[int, int] = {}
        for deal in self.deals:
            for fault in deal.faults:
                if fault.penalty:
                    totals[fault.by] = totals.get(fault.by, 0) + fault.penalty
        return totals

    def new_deal(self, pack: Sequence[Card] | None = None) -> Deal:
        """Start the next deal, dealt by :attr:`next_dealer` with :attr:`barred` seats."""
        last = self.current
        if last is not None and not last.is_over:
            raise IllegalActionError(
                "D17", f"deal {len(self.deals)} is not over: finish it or record its fault"
            )
        deal = Deal(
            self.variant, self.rules, self.next_dealer, self.barred, list(pack or ALL_CARDS)
        )
        self.deals.append(deal)
        return deal

    def start_donne(self, rng: random.Random | None = None) -> Donne:
        """Deal the next donne automatically and open it for the bidding (or void)."""
        last = self.donnes[-1] if self.donnes else None
        if last is not None and not last.is_terminal():
            raise IllegalActionError("D17", f"donne {len(self.donnes)} is not over")
        donne = Donne(self.deal_automatically(rng))
        self.donnes.append(donne)
        return donne

    def totals(self) -> list[int]:
        """S4: the running sum of every donne's marks, by seat."""
        totals = [0] * self.variant.players
        for donne in self.donnes:
            totals = [a + b for a, b in zip(totals, donne.returns(), strict=True)]
        return totals

    def deal_automatically(self, rng: random.Random | None = None) -> Deal:
        """The next deal, done whole by the engine (see :meth:`Deal.automatic`)."""
        deal = self.new_deal()
        deal.run_automatically(rng or random.SystemRandom())
        return deal
