"""The batch dealer: deals by the procedure of ``atout deal``, many at a time, with
per-hand statistics. Compiled by numba when it is installed (``atout[fast]``), plain
Python otherwise: the same functions, so the same deals.

Each deal ``i`` of a run with seed ``S`` draws from its own xoshiro256** stream seeded
through splitmix64 from ``(S, i)``, so the numbers never depend on how the deals are
split between threads or processes. One deal:

1. a uniform Fisher–Yates shuffle of the 78 cards (exact Lemire draws, two per 64-bit
   word), or the previous deal's cards gathered trick by trick (``none``), then K
   Gilbert–Shannon–Reeds riffles (``riffle:K``);
2. a cut of ``k``, uniform in 4 … 74 (D5);
3. the packets round the table from the dealer's right neighbour, the chien cards in
   gaps between packets chosen uniformly among the legal placements (D6–D8): hand 0 is
   the dealer's right neighbour, hand n-1 the dealer.

Cards use atout's numbering: 0–55 suit cards (suit = c // 14), 56–76 trumps 1–21,
77 the Excuse.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt

from atout.dealing import CUTS, gaps_of_slots, placement_slots

try:  # the compiled kernel is optional
    import numba

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - exercised where numba is absent
    HAVE_NUMBA = False

_F = TypeVar("_F", bound=Callable[..., Any])


def jit(function: _F) -> _F:
    """Compile with numba when available; the plain function stays as ``.py_func``."""
    if HAVE_NUMBA:
        compiled: Any = numba.njit(cache=True, nogil=True, error_model="numpy")(function)
        return cast(_F, compiled)
    return function


U64 = np.uint64
CUT_FIRST, CUT_CHOICES = CUTS[0], len(CUTS)  # D5 (atout.dealing.CUTS): 4 … 74
M32 = U64(0xFFFFFFFF)
MODEL_UNIFORM, MODEL_NONE, MODEL_RIFFLE = 0, 1, 2

# statistics vector layout (int64 counts)
S_TRUMPS = 0  # 25 bins: trumps per hand
S_PETIT_SEC = 25  # deals with a Petit sec
S_POIGNEE = 26  # 3: hands entitled to a simple, double, triple poignée
S_CHIEN_BOUTS = 29  # 4 bins: bouts in the chien
S_CHIEN_KINGS = 33  # 5 bins: Kings in the chien
S_LONGEST = 38  # 15 bins: longest suit of a hand
S_PETIT_CHIEN = 53
S_21_CHIEN = 54
S_EXCUSE_CHIEN = 55
S_DEALS = 56
S_SIZE = 57


@jit
def splitmix64(x: np.uint64) -> tuple[np.uint64, np.uint64]:
    """One splitmix64 step: (new state, output)."""
    x = x + U64(0x9E3779B97F4A7C15)
    z = x
    z = (z ^ (z >> U64(30))) * U64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> U64(27))) * U64(0x94D049BB133111EB)
    return x, z ^ (z >> U64(31))


@jit
def seed_stream(state: npt.NDArray[np.uint64], seed: np.uint64, index: np.uint64) -> None:
    """The xoshiro256** state of deal ``index`` of a run with ``seed``."""
    x, mixed = splitmix64(seed)
    x = mixed ^ (index * U64(0xD1B54A32D192ED03))
    for j in range(4):
        x, out = splitmix64(x)
        state[j] = out


@jit
def rotl(x: np.uint64, k: int) -> np.uint64:
    return (x << U64(k)) | (x >> U64(64 - k))


@jit
def next_u64(s: npt.NDArray[np.uint64]) -> np.uint64:
    """xoshiro256** (Blackman & Vigna)."""
    result = rotl(s[1] * U64(5), 7) * U64(9)
    t = s[1] << U64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 45)
    return result


@jit
def bounded(x32: np.uint64, bound: int, s: npt.NDArray[np.uint64]) -> int:
    """Uniform in ``0 … bound-1`` from a 32-bit candidate (Lemire, exact: a rejected
    candidate is replaced by the low half of a fresh word)."""
    r = U64(bound)
    m = x32 * r
    low = m & M32
    if low < r:
        threshold = (U64(0x100000000) - r) % r
        while low < threshold:
            m = (next_u64(s) & M32) * r
            low = m & M32
    return int(m >> U64(32))


@jit
def fisher_yates(deck: npt.NDArray[np.uint8], s: npt.NDArray[np.uint64]) -> None:
    """Uniform shuffle in place, two draws per word (ranges 78 and 77, 76 and 75 …)."""
    i = 77
    while i > 1:
        w = next_u64(s)
        j = bounded(w & M32, i + 1, s)
        deck[i], deck[j] = deck[j], deck[i]
        j = bounded(w >> U64(32), i, s)
        deck[i - 1], deck[j] = deck[j], deck[i - 1]
        i -= 2
    j = bounded(next_u64(s) & M32, 2, s)
    deck[1], deck[j] = deck[j], deck[1]


@jit
def riffle(
    deck: npt.NDArray[np.uint8], tmp: npt.NDArray[np.uint8], s: npt.NDArray[np.uint64]
) -> None:
    """One Gilbert–Shannon–Reeds riffle: a binomial cut, then each card drops from a
    packet with probability proportional to its size."""
    cut = 0
    w = next_u64(s)
    for b in range(64):
        cut += int((w >> U64(b)) & U64(1))
    w = next_u64(s)
    for b in range(14):
        cut += int((w >> U64(b)) & U64(1))
    left, right, out = 0, cut, 0
    while out < 78:
        a, b = cut - left, 78 - right
        if bounded(next_u64(s) & M32, a + b, s) < a:
            tmp[out] = deck[left]
            left += 1
        else:
            tmp[out] = deck[right]
            right += 1
        out += 1
    for k in range(78):
        deck[k] = tmp[k]


@jit
def play_and_gather(
    hands: npt.NDArray[np.uint8], players: int, hand_size: int, chien: npt.NDArray[np.uint8],
    chien_size: int, pack: npt.NDArray[np.uint8], s: npt.NDArray[np.uint64],
) -> None:  # fmt: skip
    """The ``none`` habit: the previous deal played out (each card uniform among the
    legal ones, P1–P4), its tricks gathered one on the other, the chien at the bottom."""
    held = np.zeros((players, hand_size), dtype=np.uint8)
    count = np.zeros(players, dtype=np.int64)
    for p in range(players):
        for k in range(hand_size):
            held[p, k] = hands[p * hand_size + k]
        count[p] = hand_size
    legal = np.zeros(hand_size, dtype=np.int64)
    trick = np.zeros(players, dtype=np.uint8)
    leader, out = 0, 0
    for _ in range(hand_size):
        for t in range(players):
            p = (leader + t) % players
            n_legal = _legal(held, count, p, trick, t, legal)
            pick = legal[bounded(next_u64(s) & M32, n_legal, s)]
            card = held[p, pick]
            count[p] -= 1
            held[p, pick] = held[p, count[p]]
            trick[t] = card
            pack[out] = card
            out += 1
        leader = (leader + _winner(trick, players)) % players
    for k in range(chien_size):
        pack[out + k] = chien[k]


@jit
def _legal(
    held: npt.NDArray[np.uint8], count: npt.NDArray[np.int64], p: int,
    trick: npt.NDArray[np.uint8], played: int, legal: npt.NDArray[np.int64],
) -> int:  # fmt: skip
    """Indices of the legal cards of seat ``p`` into ``legal``; returns how many."""
    lead = -1  # -1 nothing yet, 0..3 a suit, 4 trumps
    best = -1
    for t in range(played):
        c = int(trick[t])
        if lead < 0 and c != 77:
            lead = 4 if c >= 56 else c // 14
        if 56 <= c < 77 and c > best:
            best = c
    n = 0
    if lead < 0:
        for k in range(count[p]):
            legal[n] = k
            n += 1
        return n
    if lead < 4:
        for k in range(count[p]):
            c = int(held[p, k])
            if c < 56 and c // 14 == lead:
                legal[n] = k
                n += 1
    if n == 0:  # trumps, overtrumping when possible
        for k in range(count[p]):
            c = int(held[p, k])
            if 56 <= c < 77 and c > best:
                legal[n] = k
                n += 1
        if n == 0:
            for k in range(count[p]):
                c = int(held[p, k])
                if 56 <= c < 77:
                    legal[n] = k
                    n += 1
    if n == 0:
        for k in range(count[p]):
            legal[n] = k
            n += 1
        return n
    for k in range(count[p]):  # the Excuse at any time
        if held[p, k] == 77:
            legal[n] = k
            n += 1
    return n


@jit
def _winner(trick: npt.NDArray[np.uint8], players: int) -> int:
    """P5 for the ``none`` habit's gathered deal: the index of the winning card, the
    Excuse never winning (no bidding, so no chelem). A fast copy of
    :func:`atout.play.trick_winner`, checked against it by
    ``tests/test_kernel_agreement.py``."""
    lead = -1
    best, at = -1, 0
    for t in range(players):
        c = int(trick[t])
        if c == 77:
            continue
        if lead < 0:
            lead = 4 if c >= 56 else c // 14
        if c >= 56:
            key = 100 + c
        elif c // 14 == lead:
            key = c
        else:
            key = -1
        if key > best:
            best, at = key, t
    return at


@jit
def lay_out(
    pack: npt.NDArray[np.uint8], cut: int, mask: int, players: int, packet: int,
    packets: int, hand_size: int, out: npt.NDArray[np.uint8], chien: npt.NDArray[np.uint8],
) -> None:  # fmt: skip
    """Deal the cut pack: ``out`` = hands (dealer's right neighbour first), then the
    chien; a chien card after packet g when bit g-1 of ``mask`` is set. Branch-free
    chien steps: the next card is always copied, and kept when the bit says so.

    A fast copy of :meth:`atout.table.Variant.layout` (D6–D8), checked against it
    through ``tests/vectors/deal_layout.json`` by ``tests/test_deal_layout.py``."""
    pos = cut
    taken = 0
    seat, row = 0, 0
    for k in range(packets):
        base = seat * hand_size + row * packet
        for j in range(packet):
            out[base + j] = pack[pos]
            pos += 1
            pos -= 78 * (pos >= 78)
        bit = (mask >> k) & 1
        chien[taken] = pack[pos]
        taken += bit
        pos += bit
        pos -= 78 * (pos >= 78)
        seat += 1
        if seat == players:
            seat, row = 0, row + 1
    for m in range(taken):
        out[players * hand_size + m] = chien[m]


CATEGORY7 = np.array(
    [c // 14 if c < 56 else (6 if c == 56 else (4 if c < 77 else 5)) for c in range(78)],
    dtype=np.int64,
)


@jit
def count_deal(
    doubled: npt.NDArray[np.uint8], cut: int, mask: int, players: int, packet: int,
    packets: int, chien_size: int, thresholds: npt.NDArray[np.int64],
    stats: npt.NDArray[np.int64], category: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64], chien: npt.NDArray[np.uint8],
) -> None:  # fmt: skip
    """Deal the pack (``doubled`` holds it twice, so the cut needs no wrapping) and
    count the statistics on the way, without laying the hands out (the same hands as
    :func:`lay_out`, a fast copy of :meth:`atout.table.Variant.layout` checked with it by
    ``tests/test_deal_layout.py``). Categories: 0–3 suits, 4 trumps but the Petit, 5 the
    Excuse, 6 the Petit."""
    for q in range(players * 7):
        counts[q] = 0
    pos, seat, taken = cut, 0, 0
    for k in range(packets):
        base = seat * 7
        for j in range(packet):
            counts[base + category[doubled[pos + j]]] += 1
        pos += packet
        bit = (mask >> k) & 1
        chien[taken] = doubled[pos]
        taken += bit
        pos += bit
        seat += 1
        seat -= players * (seat == players)
    petit_sec = 0
    for p in range(players):
        b = p * 7
        trumps, excuse, petit = counts[b + 4] + counts[b + 6], counts[b + 5], counts[b + 6]
        stats[S_TRUMPS + trumps] += 1
        # D16, a fast copy of atout.cards.holds_petit_sec (tests/test_one_rule.py)
        petit_sec |= (petit == 1) & (trumps == 1) & (excuse == 0)
        for level in range(3):
            t = thresholds[level]
            stats[S_POIGNEE + level] += (trumps >= t) | ((trumps == t - 1) & (excuse == 1))
        longest = max(max(counts[b], counts[b + 1]), max(counts[b + 2], counts[b + 3]))
        stats[S_LONGEST + longest] += 1
    stats[S_PETIT_SEC] += petit_sec
    bouts, kings = 0, 0
    for k in range(chien_size):
        c = int(chien[k])
        bouts += (c == 56) | (c == 76) | (c == 77)
        kings += (c < 56) & (c % 14 == 13)
        stats[S_PETIT_CHIEN] += c == 56
        stats[S_21_CHIEN] += c == 76
        stats[S_EXCUSE_CHIEN] += c == 77
    stats[S_CHIEN_BOUTS + bouts] += 1
    stats[S_CHIEN_KINGS + kings] += 1
    stats[S_DEALS] += 1


@jit
def uniform_block(
    seed: np.uint64, first: int, count: int, players: int, packet: int, packets: int,
    chien_size: int, patterns: npt.NDArray[np.int64], thresholds: npt.NDArray[np.int64],
    stats: npt.NDArray[np.int64], category: npt.NDArray[np.int64],
) -> None:  # fmt: skip
    """Uniform deals ``first … first+count-1`` counted: the hot path of ``atout stats``."""
    doubled = np.empty(160, dtype=np.uint8)
    s = np.zeros(4, dtype=np.uint64)
    counts = np.zeros(players * 7, dtype=np.int64)
    chien = np.zeros(8, dtype=np.uint8)
    n_patterns = patterns.shape[0]
    for i in range(first, first + count):
        seed_stream(s, seed, U64(i))
        for k in range(78):
            doubled[k] = k
        fisher_yates(doubled, s)  # on the first 78 places
        cut = CUT_FIRST + bounded(next_u64(s) & M32, CUT_CHOICES, s)
        mask = patterns[bounded(next_u64(s) & M32, n_patterns, s)]
        doubled[78:156] = doubled[:78]
        count_deal(doubled, cut, mask, players, packet, packets, chien_size, thresholds,
                   stats, category, counts, chien)  # fmt: skip


@jit
def run_block(
    seed: np.uint64, first: int, count: int, model: int, riffles: int, players: int,
    packet: int, packets: int, hand_size: int, chien_size: int,
    patterns: npt.NDArray[np.int64], thresholds: npt.NDArray[np.int64],
    stats: npt.NDArray[np.int64],
) -> None:  # fmt: skip
    """Deals ``first … first+count-1`` counted into ``stats``. For the ``none`` and
    ``riffle`` models each deal starts from the previous deal's gathered cards; the
    chain starts afresh, from a uniform pack, at each block."""
    category = CATEGORY7.copy()
    if model == MODEL_UNIFORM:
        uniform_block(seed, first, count, players, packet, packets, chien_size, patterns,
                      thresholds, stats, category)  # fmt: skip
        return
    deck = np.arange(78).astype(np.uint8)
    doubled = np.empty(160, dtype=np.uint8)
    tmp = np.zeros(78, dtype=np.uint8)
    layout = np.zeros(78, dtype=np.uint8)
    counts = np.zeros(players * 7, dtype=np.int64)
    chien = np.zeros(8, dtype=np.uint8)
    s = np.zeros(4, dtype=np.uint64)
    seed_stream(s, seed ^ U64(0xA5A5A5A5A5A5A5A5), U64(first))
    fisher_yates(deck, s)
    for i in range(first, first + count):
        seed_stream(s, seed, U64(i))
        if model == MODEL_RIFFLE:
            for _ in range(riffles):
                riffle(deck, tmp, s)
        cut = CUT_FIRST + bounded(next_u64(s) & M32, CUT_CHOICES, s)
        mask = patterns[bounded(next_u64(s) & M32, patterns.shape[0], s)]
        doubled[:78] = deck
        doubled[78:156] = deck
        count_deal(doubled, cut, mask, players, packet, packets, chien_size, thresholds,
                   stats, category, counts, chien)  # fmt: skip
        lay_out(deck, cut, mask, players, packet, packets, hand_size, layout, tmp)
        play_and_gather(
            layout, players, hand_size, layout[players * hand_size :], chien_size, deck, s
        )


def gap_patterns(packets: int, chien: int) -> npt.NDArray[np.int64]:
    """Every legal chien placement (D8, default ⚙: one card a gap) as a bit mask over
    the ``packets - 1`` gaps (bit g-1: a chien card after packet g), in increasing
    order. Built on the Python definition, :func:`atout.dealing.placement_slots` and
    :func:`atout.dealing.gaps_of_slots`, whose placements
    :func:`atout.dealing.verify_chien_gaps` accepts (``tests/test_deal_layout.py``)."""
    gaps = range(1, packets)
    slots = placement_slots(len(gaps), chien, repeat=False)
    masks = [
        sum(1 << (gap - 1) for gap in gaps_of_slots(gaps, picks, repeat=False))
        for picks in combinations(range(slots), chien)
    ]
    return np.array(sorted(masks), dtype=np.int64)


if HAVE_NUMBA:

    @numba.njit(parallel=True, cache=True, error_model="numpy")
    def run_blocks(
        seed: np.uint64, first_block: int, blocks: int, block_size: int, total: int,
        model: int, riffles: int, players: int, packet: int, packets: int, hand_size: int,
        chien_size: int, patterns: npt.NDArray[np.int64], thresholds: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.int64]:  # fmt: skip
        """Blocks ``first_block …`` in parallel; one row of statistics per block."""
        out = np.zeros((blocks, S_SIZE), dtype=np.int64)
        for b in numba.prange(blocks):
            first = (first_block + b) * block_size
            count = min(block_size, total - first)
            if count > 0:
                run_block(seed, first, count, model, riffles, players, packet, packets,
                          hand_size, chien_size, patterns, thresholds, out[b])  # fmt: skip
        return out
