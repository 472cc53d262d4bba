"""The constraint-aware sampler (atout.sim.sampler): every sample is a deal on which
everything the seat saw could have happened — replayed on a real Donne, every bid,
écart, poignée and card played stays legal (P1–P4, E2, A2, B4, D16)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from atout.bots import HeuristicBot, RandomBot
from atout.cards import ALL_CARDS, Card, CardSet
from atout.dealing import Deal
from atout.sim.sampler import InconsistentObservation, Sampler, partners_of
from atout.state import (
    CallCard,
    CardPlayed,
    ChelemDecision,
    Discard,
    Donne,
    GamePhase,
    Observation,
)
from atout.table import Variant


def _dealt_hands(obs: Observation, owners: np.ndarray) -> tuple[list[list[Card]], list[Card]]:
    """The hands as dealt and the chien, from a sample of what ``obs`` saw."""
    n = obs.players
    hands: list[set[int]] = [set() for _ in range(n)]
    for card in range(78):
        if 0 <= owners[card] < n:
            hands[owners[card]].add(card)
    pile = {c for c in range(78) if owners[c] == n}
    for trick in obs.tricks:
        for seat, card in trick.cards:
            hands[seat].add(int(card))
    chien = pile
    if obs.chien is not None and obs.taker is not None:
        chien = {int(c) for c in obs.chien}
        if obs.phase is GamePhase.ECART and obs.seat != obs.taker:
            hands[obs.taker] -= chien
        else:
            hands[obs.taker] = (hands[obs.taker] | pile) - chien
    return [[ALL_CARDS[c] for c in sorted(h)] for h in hands], [ALL_CARDS[c] for c in sorted(chien)]


def replay_on_sample(obs: Observation, owners: np.ndarray) -> Donne:
    """Deal the sample and replay on it everything ``obs`` saw (raises if illegal)."""
    variant = Variant.for_players(obs.players)
    hands, chien = _dealt_hands(obs, owners)
    donne = Donne(Deal.prearranged(variant, hands, chien, dealer=obs.dealer))
    assert donne.void is None, "D16: the sample holds a Petit sec"
    for bid in obs.bids:
        donne.apply_action(bid)
    if obs.called is not None and obs.taker is not None:
        donne.apply_action(CallCard(obs.taker, obs.called))
    if obs.taker is not None and obs.phase not in (GamePhase.BIDDING, GamePhase.CALL):
        ecart = [int(c) for c in range(78) if owners[c] == obs.players]
        if obs.phase is GamePhase.ECART and obs.seat == obs.taker:
            assert obs.ecart is not None
            ecart = [int(c) for c in obs.ecart]  # the taker's own, in his order
        elif obs.phase is GamePhase.ECART:
            ecart = []
        else:
            ecart.sort(key=lambda c: (c >= 56, c))  # E2: trumps only when forced
        if obs.contract is not None and obs.contract.chien_seen:
            for card in ecart:
                donne.apply_action(Discard(obs.taker, ALL_CARDS[card]))
    if obs.phase in (GamePhase.PLAY, GamePhase.DONE):
        donne.apply_action(ChelemDecision(obs.taker or 0, obs.chelem is not None))
        shows = {p.seat: p for p in obs.poignees}
        for trick in obs.tricks:
            for seat, card in trick.cards:
                if seat in shows and len(donne.tricks) <= 1:
                    donne.apply_action(shows.pop(seat))
                donne.apply_action(CardPlayed(seat, card))
    return donne


def _observations(players: int, seed: int, bots: str) -> list[Observation]:
    """The observation of the seat to act at every step of one donne."""
    rng = random.Random(seed)
    factory = HeuristicBot if bots == "heuristic" else RandomBot
    agents = [factory(random.Random(seed * 7 + s)) for s in range(players)]
    deal = Deal.automatic(Variant.for_players(players), rng=rng, dealer=seed % players)
    donne = Donne(deal)
    seen = []
    while not donne.is_terminal():
        seat = donne.current_player()
        assert seat is not None
        obs = donne.observation(seat)
        seen.append(obs)
        other = (seat + 1 + rng.randrange(players - 1)) % players
        if donne.phase is not GamePhase.ECART:
            seen.append(donne.observation(other))
        donne.apply_action(agents[seat].act(obs))
    return seen


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_every_sample_replays_legally(players: int, bots: str) -> None:
    """P1–P4, E2, A2, B4, D16: each sample of each observation of whole donnes is a
    deal on which every action seen replays, and it keeps what the seat knows."""
    checked = 0
    for seed in range(6):
        for obs in _observations(players, seed, bots)[::3]:
            owners = Sampler(obs).sample(8, seed=seed + checked)
            for sample in owners:
                donne = replay_on_sample(obs, sample)
                assert donne.hands[obs.seat] == obs.hand
                checked += 1
    assert checked > 500


def test_sample_keeps_sizes_and_known_cards() -> None:
    obs = _observations(4, 3, "heuristic")[60]
    owners = Sampler(obs).sample(50, seed=1)
    played = {int(c) for t in obs.tricks for _, c in t.cards}
    for sample in owners:
        assert {c for c in range(78) if sample[c] == obs.seat} == {int(c) for c in obs.hand}
        assert {c for c in range(78) if sample[c] == -1} == played
        sizes = [int((sample == s).sum()) for s in range(4)]
        for seat in range(4):
            mine = sum(1 for t in obs.tricks for s, _ in t.cards if s == seat)
            assert sizes[seat] == 18 - mine


def test_inconsistent_observation_is_refused() -> None:
    """A hand holding one card too many (the Excuse, held elsewhere) fits no deal."""
    seen = _observations(4, 1, "heuristic")
    obs = next(o for o in seen[40:] if Card.parse("EX") not in o.hand and o.tricks)
    with pytest.raises(InconsistentObservation):
        Sampler(obs._replace(hand=obs.hand | CardSet.parse("EX"))).sample(1, seed=1)


def test_P1_P2_voids_and_trump_ceiling_are_kept() -> None:
    """A seat that trumped a suit holds none of it; one that discarded holds no trump;
    one that played under the highest trump holds none above it."""
    for seed in range(20):
        for obs in _observations(4, seed, "random")[::5]:
            sampler = Sampler(obs)
            owners = sampler.sample(20, seed=seed)
            for trick in obs.tricks:
                lead = next((c for _, c in trick.cards if c != 77), None)
                best = -1
                for seat, card in trick.cards:
                    if seat == obs.seat or lead is None or card == lead or card == 77:
                        best = max(best, card if card >= 56 else best)
                        continue
                    held = [c for c in range(78) if (owners[:, c] == seat).any()]
                    if lead < 56 and (card >= 56 or card // 14 != lead // 14):
                        assert not any(c // 14 == lead // 14 and c < 56 for c in held)
                    if card < 56 and (lead >= 56 or card // 14 != lead // 14):
                        assert not any(56 <= c < 77 for c in held)
                    if 56 <= card < best:
                        assert not any(best < c < 77 for c in held)
                    best = max(best, card if card >= 56 else best)


def test_partners_of_follows_the_called_card() -> None:
    """B4: the partner of each sample is the holder of the called card."""
    seen = [o for seed in range(10) for o in _observations(5, seed, "heuristic")]
    for obs in seen:
        if obs.called is None or obs.phase is not GamePhase.PLAY or obs.partner is not None:
            continue
        owners = Sampler(obs).sample(30, seed=4)
        partners = partners_of(obs, owners)
        for sample, partner in zip(owners, partners, strict=True):
            holder = int(sample[int(obs.called)])
            if obs.partner is not None:
                assert partner == (-1 if obs.partner == obs.taker else obs.partner)
            elif 0 <= holder < 5 and holder != obs.taker:
                assert partner == holder
            else:
                assert partner == -1
        return
    pytest.fail("no 5-player donne with a called card")


def test_poignee_cards_stay_with_their_seat() -> None:
    found = 0
    for seed in range(60):
        for obs in _observations(5, seed, "heuristic"):
            for p in obs.poignees:
                if p.seat == obs.seat:
                    continue
                owners = Sampler(obs).sample(10, seed=seed)
                played = {int(c) for t in obs.tricks for _, c in t.cards}
                for card in p.cards:
                    if int(card) not in played:
                        assert (owners[:, int(card)] == p.seat).all()
                found += 1
        if found > 20:
            return
    assert found > 0
