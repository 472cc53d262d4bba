"""A club tournament played by bots, table by table, as the tables would play it:
each table's round is a match of the engine, whose record (``atout.game/1``, as
``atout play`` and the web table write it, the seats named after the players) is named
for the round and the table (:func:`atout.tournament.ranking.record_name`). In donnes
libres each table deals its own cards (La Donne, the engine's dealer); in a duplicate
each table deals the deals of its étui again from the tournament's secret
(:func:`atout.tournament.club.deal_into`), so that it plays the étui's cards.

It lets an organiser try the whole workflow before the evening (``atout tournament
simulate``), and the tests play whole tournaments."""

from __future__ import annotations

import random
from typing import Any

from atout.bots import BOTS, play_donne, play_match
from atout.match import Match
from atout.record import game_record
from atout.table import Rules, Variant
from atout.tournament.club import Tournament, deal_into
from atout.tournament.ranking import record_name

__all__ = ["play_tournament"]


def play_tournament(
    tournament: Tournament, secret: bytes | None = None, bot: str = "random", seed: int = 0
) -> dict[str, dict[str, Any]]:
    """Every table's record of every round, by file name: the donnes played by
    ``bot`` in every seat (its choices drawn from ``seed``). A duplicate needs its
    ``secret`` to deal the étuis' deals."""
    t = tournament
    records: dict[str, dict[str, Any]] = {}
    for r, tables in enumerate(t.tables):
        for table, play in enumerate(tables):
            rng = random.Random(f"atout.tournament.simulate/{seed}/{r}/{table}")
            size = len(play.players)
            agents = [BOTS[bot](random.Random(rng.random())) for _ in range(size)]
            variant, rules = Variant.for_players(size), Rules()
            if t.duplicate:
                if secret is None:
                    raise ValueError("a duplicate is played from its secret")
                match = Match(variant, rules, first_dealer=t.etuis[play.etui][0].dealer)
                for k in range(t.donnes):
                    deal_into(match.new_deal(), secret, play.etui, k)
                    play_donne(match.open_donne(), agents)
            else:
                match = Match(variant, rules, first_dealer=0)
                play_match(match, agents, t.donnes, rng)
            names = [t.players[p] for p in play.players]
            records[record_name(t, r, table)] = game_record(match.donnes, names)
    return records
