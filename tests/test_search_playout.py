"""The playout kernel (atout.sim.playout) against the engine: every playout replayed
on a Donne is legal card for card (P1–P5, B4's first trick) and scores point for point
(S1–S5, A3–A5, P4's Excuse); and the plain Python path gives the same cards and marks."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from atout.bots import RandomBot
from atout.cards import ALL_CARDS
from atout.dealing import Deal
from atout.sim.playout import Position, evaluate, playout, playout_trace
from atout.sim.positions import from_donne
from atout.state import CardPlayed, Donne, GamePhase
from atout.table import Rules, Variant


def _position(players: int, seed: int, cards_first: int, rules: Rules | None = None) -> Donne:
    """A donne of ``players`` after random bids (every contract, chelem announced or
    not) and ``cards_first`` random cards."""
    rng = random.Random(seed)
    deal = Deal.automatic(Variant.for_players(players), rules, rng=rng, dealer=seed % players)
    donne = Donne(deal)
    bots = [RandomBot(random.Random(seed * 31 + s)) for s in range(players)]
    while donne.phase is not GamePhase.PLAY and not donne.is_terminal():
        seat = donne.current_player()
        assert seat is not None
        donne.apply_action(bots[seat].act(donne.observation(seat)))
    for _ in range(cards_first):
        if donne.is_terminal():
            break
        donne.apply_action(
            rng.choice([a for a in donne.legal_actions() if isinstance(a, CardPlayed)])
        )
    return donne


def _replay(donne: Donne, eps: float, seed: int) -> tuple[list[int], list[int]]:
    """Play the kernel's playout of ``donne`` on the donne itself, checking each legal
    set; returns the cards and the marks."""
    trace, legal, marks, made = playout_trace(from_donne(donne), eps=eps, seed=seed)
    for card, mask in zip(trace, legal, strict=True):
        seat = donne.current_player()
        assert seat is not None
        assert mask == sum(1 << c for c in donne.legal_cards(seat)), (card, seat)
        donne.apply_action(CardPlayed(seat, ALL_CARDS[card]))
    assert donne.is_terminal() and donne.result is not None
    assert donne.returns() == marks
    assert donne.result.made == made
    return trace, marks


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("eps", [0.0, 0.25, 1.0])
def test_playouts_follow_P1_P5_and_score_S1_S5(players: int, eps: float) -> None:
    played = 0
    for seed in range(150):
        donne = _position(players, seed, cards_first=seed % 9)
        if donne.is_terminal():
            continue
        _replay(donne, eps, seed)
        played += 1
    assert played > 100


def test_excuse_to_trick_winner_setting_and_called_suit_rule() -> None:
    """P4 ⚙ to_trick_winner and B4 ⚙ called_suit_first_trick change the kernel as
    they change the engine."""
    rules = Rules(excuse_last_trick="to_trick_winner", called_suit_first_trick=True)
    for players in (4, 5):
        for seed in range(80):
            donne = _position(players, seed, cards_first=0, rules=rules)
            if not donne.is_terminal():
                _replay(donne, 1.0, seed)


def test_chelem_and_petit_au_bout_are_scored_A4_A5() -> None:
    """The taker holding every high card: the kernel's chelem (announced or not) and
    petit au bout agree with the engine."""
    seen = set()
    for seed in range(400):
        donne = _position(4, seed, 0)
        if donne.is_terminal():
            continue
        _replay(donne, 0.0, seed)
        result = donne.result
        assert result is not None
        seen.add((result.chelem != 0, result.petit_au_bout != 0))
    assert (False, True) in seen  # a petit au bout
    assert any(chelem for chelem, _ in seen)  # a chelem bonus (announced, made or not)


def test_evaluate_gives_the_marks_of_the_seat() -> None:
    donne = _position(4, 11, 3)
    position = from_donne(donne)
    owners = np.repeat(position.owners[None, :], 3, axis=0)
    partners = np.full(3, position.partner, dtype=np.int64)
    seat = donne.current_player()
    assert seat is not None
    cards = [int(c) for c in donne.legal_cards(seat)]
    values, made = evaluate(position, owners, partners, cards, me=2, eps=0.0, seed=5)
    for j, card in enumerate(cards):
        copy = donne.clone()
        copy.apply_action(CardPlayed(seat, ALL_CARDS[card]))
        after = from_donne(copy)
        _, _, marks, ok = playout_trace(after, eps=0.0, seed=5)
        if copy.is_terminal():
            continue
        assert values.shape == (3, len(cards))
        assert np.all(values[:, j] == values[0, j])  # no randomness at eps 0
        assert values[0, j] == marks[2] and made[0, j] == ok


def test_zero_sum_and_position_start() -> None:
    position = Position.start(
        players=4, hands=[range(0, 18), range(18, 36), range(36, 54), [54, 55, *range(56, 72)]],
        pile=range(72, 78), leader=1, taker=3, multiplier=2,
    )  # fmt: skip
    for seed in range(20):
        marks = playout(position, eps=0.5, seed=seed)
        assert sum(marks) == 0 and marks[0] == marks[1] == marks[2]


_PURE = """
import json, random, sys
sys.path.insert(0, {tests!r})
from test_search_playout import _position
from atout.sim.playout import playout_trace
from atout.sim.positions import from_donne
out = []
for players in (3, 4, 5):
    for seed in range(12):
        donne = _position(players, seed, seed % 5)
        if not donne.is_terminal():
            trace, legal, marks, made = playout_trace(from_donne(donne), eps=0.3, seed=seed)
            out.append([trace, [str(m) for m in legal], marks, made])
print(json.dumps(out))
"""


def test_plain_python_path_gives_the_same_cards_and_marks() -> None:
    """NUMBA_DISABLE_JIT=1 runs the very same functions uncompiled (as without
    numba): the same cards, legal sets and marks."""
    script = _PURE.format(tests=os.path.dirname(__file__))
    results = []
    for disable in ("0", "1"):
        env = dict(os.environ, NUMBA_DISABLE_JIT=disable)
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        results.append(json.loads(done.stdout))
    assert results[0] == results[1]
    assert len(results[0]) > 20
