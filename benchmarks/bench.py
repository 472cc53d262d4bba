"""Deals and donnes per second, each against a baseline written plainly in this file.

    uv run --group dev python benchmarks/bench.py [--seconds S] [--json]

Every row runs on one thread, one deal or donne at a time, 4 players, over about
``S`` seconds (3 by default) of this process's CPU time (``time.process_time``, so that
other work on the machine counts less); a row with a ratio is timed batch after batch
in turn with its baseline. No atout row skips a check: each deal and donne goes through
the public interface with every step checked against docs/reference/rules.md and logged. ``--json``
prints the rows (name, per_s, us, baseline, ratio) as one JSON list.

Deal rows (ratio: rate ÷ the ``plain Python loop``):

- ``plain Python loop`` (the baseline): ``random.shuffle`` of the 78 cards, then
  slices into 4 hands of 18 and a chien of 6; no rule checked, no log;
- ``Deal.automatic (given dealer)``: :meth:`atout.dealing.Deal.automatic` with
  ``dealer=0``: the shuffle (D4), a legal cut (D5), a legal chien placement, the plan
  checked against D5–D9, every packet and chien card in the log (written out when it
  is first read), the chien shown (D10), the pick-up (D15), the Petit sec looked for
  and announced (D16);
- ``Deal.automatic (with draw)``: the same after the draw for the dealer (D1–D3);
- ``C reference (1 thread)``: the C reference dealer ``deal_ref.c``
  (``ATOUT_REFERENCE_DEALER``) in mode ``faithful`` (when gcc and the file are there).

Donne rows (ratio: rate ÷ the ``minimal trick engine``):

- ``minimal trick engine`` (the baseline): :func:`minimal_donne` below, a plain
  random trick engine: the deal as the plain loop does it, then 18 tricks in which each
  player picks with ``random.choice`` among its legal cards (P1–P4), the winner of each
  trick (P5) and the card points of each camp (S1);
- ``random-agent donne``: ``play_donne(Donne(Deal.automatic(...)), [RandomBot] * 4)``:
  a whole donne through the agent interface, the deal, bids, écart, play and scoring
  all checked;
- ``heuristic-bot donne``: the same between four heuristic bots;
- ``Donne.clone() mid-play`` and ``Donne.legal_actions() mid-play``: the cost of one
  call on donnes after 30 cards are played (``legal_actions`` timed on its first call
  at each position, on clones made beforehand).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path

from atout.bots import Agent, HeuristicBot, RandomBot, play_donne
from atout.dealing import Deal
from atout.state import CardPlayed, Donne
from atout.table import Variant

# The C reference dealer is not part of atout: ATOUT_REFERENCE_DEALER names its deal_ref.c
# (by default the one kept beside this checkout); without it, its row is left out.
REFERENCE = Path(
    os.environ.get("ATOUT_REFERENCE_DEALER")
    or Path(__file__).resolve().parents[2] / "shared" / "bench" / "deal_ref.c"
)
FOUR = Variant.for_players(4)
PLAIN, MINIMAL = "plain Python loop", "minimal trick engine"


@dataclass(frozen=True)
class Row:
    """One line of the report: ``per_s`` calls a second, against ``baseline``."""

    name: str
    per_s: float | None
    baseline: str | None = None
    ratio: float | None = None

    @property
    def micros(self) -> float | None:
        return None if not self.per_s else 1e6 / self.per_s


def spent(step: Callable[[], object], calls: int) -> float:
    """Seconds of this process's CPU time taken by ``calls`` calls of ``step``."""
    start = time.process_time()
    for _ in range(calls):
        step()
    return time.process_time() - start


def batch_size(step: Callable[[], object]) -> int:
    """How many calls of ``step`` take about 20 ms."""
    calls = 1
    while (took := spent(step, calls)) < 0.005:
        calls *= 4
    return max(1, int(calls * 0.02 / took))


def rate(step: Callable[[], object], seconds: float) -> float:
    """Calls of ``step`` per second of CPU time, over about ``seconds``."""
    calls, count, total = batch_size(step), 0, 0.0
    while total < seconds:
        total += spent(step, calls)
        count += calls
    return count / total


def paired_rates(
    step: Callable[[], object], baseline: Callable[[], object], seconds: float
) -> tuple[float, float]:
    """The rates of ``step`` and of ``baseline`` timed in turn, batch after batch, so
    that both meet the same load on the machine."""
    calls = (batch_size(step), batch_size(baseline))
    counts, totals = [0, 0], [0.0, 0.0]
    while totals[0] < seconds:
        for i, run in enumerate((step, baseline)):
            totals[i] += spent(run, calls[i])
            counts[i] += calls[i]
    return counts[0] / totals[0], counts[1] / totals[1]


# -- the baselines ---------------------------------------------------------------------

EXCUSE_CARD = 77
# S1 in half points, by card number (0..55 suit*14 + rank-1, 56..76 trumps, 77 Excuse)
HALF_POINTS = [(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 5, 7, 9)[c % 14] for c in range(56)]
HALF_POINTS += [9] + [1] * 19 + [9] + [9]


def plain_python(rng: random.Random) -> Callable[[], object]:
    """The deal baseline: shuffle, then 4 hands of 18 and a chien of 6."""
    cards = list(range(78))

    def step() -> object:
        rng.shuffle(cards)
        return [cards[i * 18 : i * 18 + 18] for i in range(4)], cards[72:]

    return step


def is_trump(card: int) -> bool:
    return 56 <= card < EXCUSE_CARD


def legal_cards(hand: list[int], trick: list[int]) -> list[int]:
    """P1–P3: follow the suit led; else trump, over the highest trump if possible;
    P4: the Excuse may always be played."""
    led = next((c for c in trick if c != EXCUSE_CARD), None)
    if led is None:
        return hand
    excuse = [EXCUSE_CARD] if EXCUSE_CARD in hand else []
    if led < 56:
        follow = [c for c in hand if c < 56 and c // 14 == led // 14]
        if follow:
            return follow + excuse
    trumps = [c for c in hand if is_trump(c)]
    if not trumps:
        return hand
    highest = max((c for c in trick if is_trump(c)), default=0)
    return ([c for c in trumps if c > highest] or trumps) + excuse


def trick_winner(trick: list[int]) -> int:
    """P5: the place in ``trick`` of the highest trump, else of the highest card of the
    suit led; the Excuse never wins."""
    led = next(c for c in trick if c != EXCUSE_CARD)

    def strength(card: int) -> int:
        if is_trump(card):
            return 100 + card
        if card < 56 and led < 56 and card // 14 == led // 14:
            return card % 14
        return -1

    return max(range(len(trick)), key=lambda i: strength(trick[i]))


def minimal_donne(rng: random.Random) -> tuple[int, int]:
    """A random donne, plainly: deal, a random taker who keeps the chien, 18 tricks of
    random legal cards; the half points (S1) of the taker and of the defence."""
    cards = list(range(78))
    rng.shuffle(cards)
    hands = [cards[i * 18 : i * 18 + 18] for i in range(4)]
    taker = rng.randrange(4)
    half = [sum(HALF_POINTS[c] for c in cards[72:]), 0]
    leader = 0
    for _ in range(18):
        trick: list[int] = []
        for offset in range(4):
            hand = hands[(leader + offset) % 4]
            card = rng.choice(legal_cards(hand, trick))
            hand.remove(card)
            trick.append(card)
        winner = (leader + trick_winner(trick)) % 4
        for offset, card in enumerate(trick):
            if card == EXCUSE_CARD:  # P4: its camp keeps it, half a point to the winner
                half[(leader + offset) % 4 != taker] += HALF_POINTS[card] - 1
                half[winner != taker] += 1
            else:
                half[winner != taker] += HALF_POINTS[card]
        leader = winner
    assert sum(half) == 182
    return half[0], half[1]


# -- the atout rows -------------------------------------------------------------------


def atout_deal(rng: random.Random, dealer: int | None) -> Callable[[], object]:
    """``Deal.automatic``; one deal is first replayed from its log and compared."""
    deal = Deal.automatic(FOUR, rng=rng, dealer=dealer)
    assert Deal.replay(deal.variant, deal.operations, rules=deal.rules) == deal
    return lambda: Deal.automatic(FOUR, rng=rng, dealer=dealer)


def atout_donnes(agents: Sequence[Agent], rng: random.Random) -> Callable[[], object]:
    """Whole donnes between ``agents``; the first is checked to end zero-sum."""
    first = play_donne(Donne(Deal.automatic(FOUR, rng=rng, dealer=0)), agents)
    assert first.is_terminal() and sum(first.returns()) == 0
    return lambda: play_donne(Donne(Deal.automatic(FOUR, rng=rng, dealer=0)), agents)


def mid_play(rng: random.Random, cards: int = 30) -> Donne:
    """A donne played by random choices until ``cards`` cards are down."""
    while True:
        donne, played = Donne(Deal.automatic(FOUR, rng=rng, dealer=0)), 0
        while not donne.is_terminal() and played < cards:
            action = rng.choice(donne.legal_actions())
            donne.apply_action(action)
            played += type(action) is CardPlayed
        if played == cards and not donne.is_terminal():
            return donne


def first_legal_rate(rng: random.Random, seconds: float) -> float:
    """Calls a second of ``legal_actions()`` at positions where it was never asked."""
    positions = [mid_play(rng) for _ in range(20)]
    count, total = 0, 0.0
    while total < seconds:
        fresh = [p.clone() for p in positions for _ in range(25)]
        start = time.process_time()
        for donne in fresh:
            donne.legal_actions()
        total += time.process_time() - start
        count += len(fresh)
    return count / total


def c_reference(seconds: float) -> float | None:
    if not REFERENCE.exists() or shutil.which("gcc") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "deal_ref"
        flags = ["-O3", "-march=native", "-fopenmp"]
        build = ["gcc", *flags, "-o", str(binary), str(REFERENCE)]
        if subprocess.run(build, capture_output=True, check=False).returncode != 0:
            return None
        count = max(1_000_000, int(seconds * 5_000_000))
        run = [str(binary), "faithful", "1", str(count), "1"]
        done = subprocess.run(run, capture_output=True, text=True, check=False)
        line = json.loads(done.stdout.strip().splitlines()[-1])
        return float(line["per_s"])


# -- the report -------------------------------------------------------------------------


def against(
    name: str,
    step: Callable[[], object],
    baseline: tuple[str, Callable[[], object]],
    seconds: float,
) -> Row:
    """The row ``name``, timed in turn with its baseline."""
    per_s, base = paired_rates(step, baseline[1], seconds)
    return Row(name, per_s, baseline[0], per_s / base)


def measure(seconds: float) -> list[Row]:
    """Every row in turn; a ratio comes from timing the row and its baseline in turn."""
    rng = random.Random(1)
    plain = (PLAIN, plain_python(rng))
    minimal = (MINIMAL, partial(minimal_donne, rng))
    randoms: list[Agent] = [RandomBot(random.Random(2))] * 4
    heuristics: list[Agent] = [HeuristicBot(random.Random(s)) for s in range(4)]
    rows = [Row(PLAIN, rate(plain[1], seconds), PLAIN, 1.0)]
    rows.append(against("Deal.automatic (given dealer)", atout_deal(rng, 0), plain, seconds))
    rows.append(against("Deal.automatic (with draw)", atout_deal(rng, None), plain, seconds))
    compiled = c_reference(seconds)
    ratio = compiled / rows[0].per_s if compiled and rows[0].per_s else None
    rows.append(Row("C reference (1 thread)", compiled, PLAIN, ratio))
    rows.append(Row(MINIMAL, rate(minimal[1], seconds), MINIMAL, 1.0))
    rows.append(against("random-agent donne", atout_donnes(randoms, rng), minimal, seconds))
    rows.append(against("heuristic-bot donne", atout_donnes(heuristics, rng), minimal, seconds))
    rows.append(Row("Donne.clone() mid-play", rate(mid_play(rng).clone, seconds)))
    rows.append(Row("Donne.legal_actions() mid-play", first_legal_rate(rng, seconds)))
    return rows


def print_table(rows: list[Row]) -> None:
    print(f"{'4 players, one at a time':<32} {'per second':>12} {'µs each':>10} {'ratio':>8}  vs")
    for row in rows:
        if row.per_s is None:
            print(f"{row.name:<32} {'(not available)':>12}")
            continue
        ratio = f"{row.ratio:8.3f}  {row.baseline}" if row.ratio is not None else ""
        if row.name == row.baseline:
            ratio = f"{row.ratio:8.3f}  (baseline)"
        print(f"{row.name:<32} {row.per_s:>12,.0f} {row.micros:>10.2f} {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args()
    rows = measure(args.seconds)
    if args.json:
        print(json.dumps([asdict(row) | {"us": row.micros} for row in rows]))
    else:
        print_table(rows)


if __name__ == "__main__":
    main()
