"""Matches dealt by the verifiable deal (atout.fairness), for the tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from atout.dealing import Deal, Phase
from atout.fairness import Derivation, commitment, deal_following, derive
from atout.match import Match
from atout.record import game_record
from atout.state import Donne
from atout.table import Rules, Variant

Cheat = Callable[[Derivation], Derivation]


def finish_deal(deal: Deal) -> None:
    """D10, D15, D16: show the chien, pick up, announce a Petit sec."""
    deal.show_chien()
    deal.pick_up()
    if deal.phase is Phase.PETIT_SEC and deal.petit_sec is not None:
        deal.announce_petit_sec(deal.petit_sec)


def play_out(donne: Donne, rng: random.Random) -> None:
    """Random legal actions to the end of the donne."""
    while not donne.is_terminal():
        donne.apply_action(rng.choice(donne.legal_actions()))


def fair_match(
    players: int = 4,
    donnes: int = 3,
    seed: int = 1,
    rules: Rules | None = None,
    humans: tuple[int, ...] = (0, 2),
    cheat: dict[int, Cheat] | None = None,
    without: tuple[int, ...] = (),
    misdeal: tuple[int, ...] = (),
) -> tuple[dict[str, Any], list[dict[str, Any] | None]]:
    """An ``atout.game/1`` record of a match whose every deal is derived from a secret
    and the contributions of the ``humans`` seats, the donnes numbered in ``without``
    left without a commitment, those in ``misdeal`` stopped by the dealer's misdeal
    after five steps (D12: the same dealer deals again). ``cheat[number]`` changes what
    the server really deals in that donne (the record still claims the honest values).
    Returns the record and the fairness data given to it."""
    rules = rules or Rules()
    variant = Variant.for_players(players)
    rng = random.Random(seed)
    match = Match(variant, rules, first_dealer=seed % players)
    fairness: list[dict[str, Any] | None] = []
    for number in range(1, donnes + 1):
        deal = match.new_deal()
        secret = rng.randbytes(32)
        values = [(seat, rng.randbytes(rng.choice((16, 32, 64)))) for seat in humans]
        derivation = derive(secret, values, variant, rules)
        if cheat and number in cheat:
            derivation = cheat[number](derivation)
        deal.shuffle(permutation=derivation.permutation)
        deal.cut(rng.randint(4, 74))
        for step, _ in enumerate(deal_following(deal, derivation.gaps), 1):
            if number in misdeal and step == 5:
                assert deal.dealer is not None
                deal.record_fault("misdeal", deal.dealer, None)
        if deal.phase is not Phase.VOID:
            finish_deal(deal)
        play_out(match.open_donne(), rng)
        fairness.append(
            None
            if number in without
            else {
                "commitment": commitment(secret),
                "secret": secret.hex(),
                "contributions": [[seat, value.hex()] for seat, value in values],
            }
        )
    seats = ["human" if s in humans else "bot:random" for s in range(players)]
    record = game_record(match.donnes, seats, seed, fairness=fairness)
    return json.loads(json.dumps(record)), fairness
