import random

from atout.state import Action, Bid, CardPlayed, Observation


class Cheapest:
    """Passes, then plays a legal card of fewest points, the lowest of them."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        passing = [a for a in legal if isinstance(a, Bid) and a.contract is None]
        if passing:
            return passing[0]
        cards = [a for a in legal if isinstance(a, CardPlayed)]
        if cards:
            return min(cards, key=lambda a: (a.card.points, a.card.rank))
        return self.rng.choice(legal)
