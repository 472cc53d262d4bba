"""Donnes libres seatings (or with ``--duplicate`` duplicate movements): the repeated
meetings the search leaves against the proven lower bound, for every count of players
8 … 64 that tables of 4 and 5 seat and 3 … 7 rounds (docs/reference/tournaments.md).

    uv run python benchmarks/bench_tournament.py [--duplicate] [--seed S]
        [--players 8-64] [--rounds 3-7]

A cell reads ``found/bound``; ``=`` marks a seating that reaches the bound (nothing
better exists). The last lines sum the cells and time the whole run.
"""

from __future__ import annotations

import argparse
import time

from atout.tournament import TournamentError, lower_bound, repeats, seatings
from atout.tournament.movement import check_movement, duplicate_bound, movement


def measure(players: int, rounds: int, seed: int, duplicate: bool) -> tuple[int, int]:
    """(repeated meetings found, lower bound) for one cell; a movement is checked."""
    if not duplicate:
        return repeats(seatings(players, rounds, seed=seed)), lower_bound(players, rounds)
    plan = movement(players, rounds, seed=seed)
    check_movement(plan)
    return repeats(plan.seating()), duplicate_bound(players, rounds)


def span(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duplicate", action="store_true", help="duplicate movements")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=span, default=span("8-64"))
    parser.add_argument("--rounds", type=span, default=span("3-7"))
    args = parser.parse_args()
    start = time.perf_counter()
    print("players " + " ".join(f"{f'{r} rounds':>12}" for r in args.rounds))
    found_sum = bound_sum = reached = cells = 0
    for players in args.players:
        row = []
        for rounds in args.rounds:
            try:
                found, bound = measure(players, rounds, args.seed, args.duplicate)
            except TournamentError:
                break
            found_sum, bound_sum = found_sum + found, bound_sum + bound
            reached, cells = reached + (found == bound), cells + 1
            row.append(f"{found}/{bound}{'=' if found == bound else ' '}".rjust(12))
        if row:
            print(f"{players:>7} " + " ".join(row), flush=True)
    print(
        f"repeated meetings found {found_sum}, bound {bound_sum}; bound reached in "
        f"{reached} of {cells} cells; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
