"""The NumPy engine: the kernel's uniform deals, many lanes at once, with the same
streams and the same draws, so it gives exactly the compiled kernel's numbers."""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from atout.sim import kernel as K

U64 = np.uint64
Lanes = npt.NDArray[np.uint64]


def _splitmix(x: Lanes) -> tuple[Lanes, Lanes]:
    x = x + U64(0x9E3779B97F4A7C15)
    z = (x ^ (x >> U64(30))) * U64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> U64(27))) * U64(0x94D049BB133111EB)
    return x, z ^ (z >> U64(31))


def _streams(seed: int, first: int, count: int) -> Lanes:
    _, mixed = _splitmix(np.array([seed], dtype=np.uint64))
    x = mixed ^ (np.arange(first, first + count, dtype=np.uint64) * U64(0xD1B54A32D192ED03))
    state = np.empty((4, count), dtype=np.uint64)
    for j in range(4):
        x, state[j] = _splitmix(x)
    return state


def _rotl(x: Lanes, k: int) -> Lanes:
    return (x << U64(k)) | (x >> U64(64 - k))


def _next(s: Lanes, lanes: npt.NDArray[np.intp] | slice = slice(None)) -> Lanes:
    s0, s1, s2, s3 = s[0, lanes], s[1, lanes], s[2, lanes], s[3, lanes]
    result = _rotl(s1 * U64(5), 7) * U64(9)
    t = s1 << U64(17)
    s2 = s2 ^ s0
    s3 = s3 ^ s1
    s1 = s1 ^ s2
    s0 = s0 ^ s3
    s2 = s2 ^ t
    s3 = _rotl(s3, 45)
    s[0, lanes], s[1, lanes], s[2, lanes], s[3, lanes] = s0, s1, s2, s3
    return result


def _bounded(x32: Lanes, bound: int | Lanes, s: Lanes) -> npt.NDArray[np.int64]:
    r = np.asarray(bound, dtype=np.uint64) * np.ones_like(x32)
    m = x32 * r
    low = m & K.M32
    threshold = (U64(0x100000000) - r) % r
    bad = np.flatnonzero(low < threshold)
    while bad.size:
        fresh = (_next(s, bad) & K.M32) * r[bad]
        m[bad] = fresh
        low[bad] = fresh & K.M32
        bad = bad[low[bad] < threshold[bad]]
    return (m >> U64(32)).astype(np.int64)


@cache
def _layouts(
    players: int, packet: int, packets: int, hand_size: int, chien: int
) -> npt.NDArray[np.int16]:
    """For each chien placement, the pack position of each place of the layout: packet
    k starts at ``packet·k`` plus the chien cards before it; the m-th chien card follows
    the packet of the m-th set bit. A fast copy of :meth:`atout.table.Variant.layout`
    (D6–D8) for every placement at once, checked against it through
    ``tests/vectors/deal_layout.json`` by ``tests/test_deal_layout.py``."""
    patterns = K.gap_patterns(packets, chien)
    bits = (patterns[:, None] >> np.arange(packets - 1)) & 1
    before = np.concatenate(
        [np.zeros((len(patterns), 1), dtype=np.int64), np.cumsum(bits, axis=1)], axis=1
    )
    table = np.empty((patterns.size, 78), dtype=np.int16)
    for k in range(packets):
        base = (k % players) * hand_size + (k // players) * packet
        start = packet * k + before[:, k]
        for j in range(packet):
            table[:, base + j] = start + j
    gaps = np.argsort(-bits, axis=1, kind="stable")[:, :chien]  # the set bits, in order
    gaps.sort(axis=1)
    for m in range(chien):
        table[:, players * hand_size + m] = packet * (gaps[:, m] + 1) + m
    return table


def uniform_block(
    seed: int, first: int, count: int, players: int, packet: int, packets: int,
    hand_size: int, chien: int, thresholds: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # fmt: skip
    """Statistics of uniform deals ``first … first+count-1`` (as ``kernel.run_block``)."""
    with np.errstate(over="ignore"):
        layouts = deal_uniform(seed, first, count, players, packet, packets, hand_size, chien)
    return stats_of(layouts, players, hand_size, chien, thresholds)


def deal_uniform(
    seed: int, first: int, count: int, players: int, packet: int, packets: int,
    hand_size: int, chien: int,
) -> npt.NDArray[np.uint8]:  # fmt: skip
    """The layouts (hands, then chien) of uniform deals ``first … first+count-1``."""
    s = _streams(seed, first, count)
    deck = np.tile(np.arange(78, dtype=np.uint8), (count, 1))
    rows = np.arange(count)
    i = 77
    while i > 1:
        w = _next(s)
        for shift, top in ((U64(0), i), (U64(32), i - 1)):
            x32 = (w >> shift) & K.M32
            j = _bounded(x32, top + 1, s)
            deck[rows, top], deck[rows, j] = deck[rows, j], deck[rows, top].copy()
        i -= 2
    j = _bounded(_next(s) & K.M32, 2, s)
    deck[rows, 1], deck[rows, j] = deck[rows, j], deck[rows, 1].copy()
    cut = K.CUT_FIRST + _bounded(_next(s) & K.M32, K.CUT_CHOICES, s)
    table = _layouts(players, packet, packets, hand_size, chien)
    pattern = _bounded(_next(s) & K.M32, table.shape[0], s)
    positions = (table[pattern].astype(np.int64) + cut[:, None]) % 78
    return np.take_along_axis(deck, positions, axis=1)


def stats_of(
    layouts: npt.NDArray[np.uint8], players: int, hand_size: int, chien: int,
    thresholds: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # fmt: skip
    """The statistics vector (``kernel.S_*``) of many layouts."""
    stats = np.zeros(K.S_SIZE, dtype=np.int64)
    count = layouts.shape[0]
    hands = layouts[:, : players * hand_size].reshape(count, players, hand_size).astype(np.int64)
    is_trump = (hands >= 56) & (hands < 77)
    trumps = is_trump.sum(axis=2)
    has_petit = (hands == 56).any(axis=2)
    has_excuse = (hands == 77).any(axis=2)
    stats[K.S_TRUMPS : K.S_TRUMPS + 25] += np.bincount(trumps.ravel(), minlength=25)[:25]
    # D16, a fast copy of atout.cards.holds_petit_sec (tests/test_one_rule.py)
    stats[K.S_PETIT_SEC] += int((has_petit & (trumps == 1) & ~has_excuse).any(axis=1).sum())
    for level in range(3):
        t = int(thresholds[level])
        entitled = (trumps >= t) | ((trumps == t - 1) & has_excuse)
        stats[K.S_POIGNEE + level] += int(entitled.sum())
    suit_counts = np.stack([((hands < 56) & (hands // 14 == q)).sum(axis=2) for q in range(4)])
    stats[K.S_LONGEST : K.S_LONGEST + 15] += np.bincount(
        suit_counts.max(axis=0).ravel(), minlength=15
    )[:15]
    dog = layouts[:, players * hand_size : players * hand_size + chien].astype(np.int64)
    bouts = ((dog == 56) | (dog == 76) | (dog == 77)).sum(axis=1)
    kings = ((dog < 56) & (dog % 14 == 13)).sum(axis=1)
    stats[K.S_CHIEN_BOUTS : K.S_CHIEN_BOUTS + 4] += np.bincount(bouts, minlength=4)[:4]
    stats[K.S_CHIEN_KINGS : K.S_CHIEN_KINGS + 5] += np.bincount(kings, minlength=5)[:5]
    stats[K.S_PETIT_CHIEN] += int((dog == 56).sum())
    stats[K.S_21_CHIEN] += int((dog == 76).sum())
    stats[K.S_EXCUSE_CHIEN] += int((dog == 77).sum())
    stats[K.S_DEALS] += count
    return stats
