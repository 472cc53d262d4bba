"""What the search bot believes of the hands unseen (atout.bots.explain.beliefs): each
key card's likely holder and each seat's voids, from deals consistent with what the
seat has seen; said in words beside a hint at the terminal."""

from __future__ import annotations

import random

from atout.bots import HeuristicBot
from atout.bots.explain import Beliefs, beliefs
from atout.cards import PETIT, TRUMP_21, Card, Suit
from atout.dealing import Deal
from atout.state import CardPlayed, Donne, Observation
from atout.table import Variant


def played_until_a_discard(seed: int) -> tuple[Donne, int, Suit]:
    """Heuristic bots play until a seat does not follow the suit led: the donne then,
    the seat and the suit it showed it has none of (P1)."""
    donne = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(seed), dealer=0))
    bots = [HeuristicBot(random.Random(seed + s)) for s in range(4)]
    while not donne.is_terminal():
        seat = donne.current_player()
        assert seat is not None
        action = bots[seat].act(donne.observation(seat))
        led = donne.observation(seat).tricks
        donne.apply_action(action)
        trick = led[-1] if led and led[-1].winner is None else None
        if isinstance(action, CardPlayed) and trick is not None and trick.cards:
            suit = trick.cards[0][1].suit
            if suit is not None and action.card.suit != suit:
                return donne, seat, suit
    raise AssertionError("no discard")


def test_a_seat_that_did_not_follow_is_believed_void_in_that_suit() -> None:
    for seed in range(20):
        try:
            donne, seat, suit = played_until_a_discard(seed)
        except AssertionError:
            continue
        observer = next(s for s in range(4) if s != seat)
        seen = beliefs(donne.observation(observer), random.Random(1), samples=128)
        assert seen.voids[seat][suit] == 1.0
        names = {s: f"Seat {s}" for s in range(4)}
        assert f"Seat {seat} has no {suit.symbol}" in seen.text("en", "en", names.__getitem__)
        return
    raise AssertionError("no seed gave a discard")


def test_chances_add_up_and_leave_out_what_the_seat_knows() -> None:
    donne = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(9), dealer=1))
    observation: Observation = donne.observation(2)
    seen = beliefs(observation, random.Random(2), samples=100)
    assert seen.samples == 100 and observation.seat not in seen.voids
    for card, chances in seen.holders.items():
        assert card not in observation.hand
        assert len(chances) == 5 and abs(sum(chances) - 1) < 1e-9
        assert chances[2] == 0.0
    hidden = [c for c in (TRUMP_21, PETIT) if c not in observation.hand]
    assert all(card in seen.holders for card in hidden)


def test_only_what_is_likely_is_said_in_the_reader_s_language() -> None:
    king = Card.parse("KH")
    seen = Beliefs(
        seat=0,
        players=4,
        samples=10,
        holders={TRUMP_21: (0.0, 0.7, 0.2, 0.1, 0.0), king: (0.0, 0.3, 0.3, 0.3, 0.1)},
        voids={1: (0.0, 0.95, 0.0, 0.0, 0.2), 2: (0.0, 0.0, 0.0, 0.0, 1.0), 3: (0.5,) * 5},
    )
    names = ["Vous", "Est", "Nord", "Ouest"].__getitem__
    assert seen.text("en", "en", names) == (
        "The search bot believes: 21: Est (70%); Est has no ♥; Nord has no trump."
    )
    nbsp = "\u00a0"
    assert seen.text("fr", "fr", names) == (
        f"Le robot de recherche croit{nbsp}: 21{nbsp}: Est (70{nbsp}%){nbsp}; "
        f"Est n'a plus de ♥{nbsp}; Nord n'a plus d'atout."
    )
    pile = Beliefs(0, 4, 10, {king: (0.0, 0.0, 0.0, 0.0, 1.0)}, {}, ecart=True)
    shown = king.display("en")
    assert pile.text("en", "en", names) == f"The search bot believes: {shown}: the écart (100%)."
    nothing = Beliefs(0, 4, 10, {}, {1: (0.1,) * 5})
    assert nothing.text("en", "en", names) == (
        "The search bot is sure of nothing yet in the hands unseen."
    )
