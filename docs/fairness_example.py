"""Write the docs' example records of the verifiable deal: ``docs/verified-game.json``
(two donnes dealt as atout.fairness derives them) and ``docs/tampered-game.json`` (the
same match, except that in the second donne the server dealt two cards swapped).

The secrets and contributions come from a fixed seed so that the files do not change
between runs; a real table takes them from ``fairness.new_secret()`` and the browsers.

    uv run python docs/fairness_example.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from atout import fairness
from atout.dealing import Phase
from atout.match import Match
from atout.record import game_record
from atout.table import Rules, Variant

HERE = Path(__file__).resolve().parent


def match_record(tamper: bool) -> str:
    rng = random.Random(2026)
    match = Match(Variant.for_players(4), Rules(), first_dealer=0)
    given = []
    for number in (1, 2):
        deal = match.new_deal()
        secret = rng.randbytes(32)  # the server's secret; its commitment is published
        values = [(0, rng.randbytes(32)), (2, rng.randbytes(32))]  # seats 0 and 2: people
        d = fairness.derive(secret, values, match.variant, match.rules)
        permutation = list(d.permutation)
        if tamper and number == 2:
            permutation[5], permutation[6] = permutation[6], permutation[5]
        deal.shuffle(permutation=permutation)  # D4
        deal.cut(rng.randint(4, 74))  # D5: the cutter's own choice
        for _ in fairness.deal_following(deal, d.gaps):  # D6–D8
            pass
        deal.show_chien()
        deal.pick_up()
        if deal.phase is Phase.PETIT_SEC and deal.petit_sec is not None:
            deal.announce_petit_sec(deal.petit_sec)
        donne = match.open_donne()
        while not donne.is_terminal():
            donne.apply_action(rng.choice(donne.legal_actions()))
        given.append(
            {
                "commitment": fairness.commitment(secret),
                "secret": secret.hex(),
                "contributions": [[s, v.hex()] for s, v in values],
            }
        )
    seats = ["human", "bot:random", "human", "bot:random"]
    return json.dumps(game_record(match.donnes, seats, fairness=given), ensure_ascii=False)


if __name__ == "__main__":
    (HERE / "verified-game.json").write_text(match_record(False) + "\n", encoding="utf-8")
    (HERE / "tampered-game.json").write_text(match_record(True) + "\n", encoding="utf-8")
