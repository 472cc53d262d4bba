"""Deterministic shards of a run, and their merge.

A run (its settings: for ``atout stats`` the players, the deals, the seed and the
shuffle) is a row of *units* — blocks of :data:`atout.sim.BLOCK` deals for ``stats`` —
each counted from the seed's own stream, so any split of the units sums to exactly the
counts of the whole run. Shard ``I/N`` (1 ≤ I ≤ N) holds units
``⌊(I-1)·U/N⌋ … ⌊I·U/N⌋ - 1`` of ``U``: shards of one ``N`` tile the run, and shards of
different ``N`` may be merged as long as they tile it too (``1/2`` with ``3/4`` and
``4/4``).

:func:`check_cover` is the generic refusal of pieces that do not make one run: different
settings, overlapping units, missing units; :func:`read_stats_shard` and
:func:`merge_stats` apply it to ``atout.stats/1`` shard records.

>>> Shard.parse("2/3").units(10)
(3, 6)
>>> [Shard(i, 4).units(10) for i in range(1, 5)]
[(0, 2), (2, 5), (5, 7), (7, 10)]
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.errors import AtoutError
from atout.sim import BLOCK, STAT_SLICES, Simulation, blocks_of, parse_shuffle
from atout.sim import kernel as K

__all__ = [
    "Piece",
    "Shard",
    "ShardError",
    "check_cover",
    "merge_stats",
    "read_stats_shard",
    "split",
    "stats_counts",
    "stats_record",
]

FORMAT = "atout.stats/1"
MAX_SHARD_FILE = 1 << 20  # a shard record is a few kilobytes
MAX_DEALS = 10**12
MAX_SEED = 2**64 - 1


class ShardError(AtoutError):
    """Shards that cannot be merged, or a file that is not a shard: one line naming it."""


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` of ``of`` (1 ≤ index ≤ of)."""

    index: int
    of: int

    @classmethod
    def parse(cls, text: str, option: str = "--shard") -> Shard:
        """``I/N`` → ``Shard(I, N)``; a clear one-line error otherwise."""
        left, slash, right = text.partition("/")
        numbers = (left.strip().isascii() and left.strip().isdigit()) and (
            right.strip().isascii() and right.strip().isdigit()
        )
        if not slash or not numbers:
            raise ShardError(
                f"{option} {text!r:.40}: give I/N, shard I of N (1 ≤ I ≤ N), e.g. {option} 2/8"
            )
        index, of = int(left), int(right)
        if of < 1 or of > 10**9:
            raise ShardError(f"{option} {text:.40}: N, the number of shards, is 1 … 1_000_000_000")
        if not 1 <= index <= of:
            raise ShardError(f"{option} {text:.40}: shard I of N needs 1 ≤ I ≤ N ({index} of {of})")
        return cls(index, of)

    def units(self, total: int) -> tuple[int, int]:
        """The units ``first … last - 1`` of a run of ``total`` units in this shard."""
        return (self.index - 1) * total // self.of, self.index * total // self.of

    def __str__(self) -> str:
        return f"{self.index}/{self.of}"


def split(first: int, last: int, parts: int) -> list[tuple[int, int]]:
    """Units ``first … last - 1`` in ``parts`` contiguous non-empty ranges (fewer when
    there are fewer units), in order."""
    total = last - first
    parts = max(1, min(parts, total))
    bounds = [first + k * total // parts for k in range(parts + 1)]
    return [(bounds[k], bounds[k + 1]) for k in range(parts)]


@dataclass(frozen=True)
class Piece:
    """One shard file as :func:`check_cover` sees it: its name, the settings that must
    agree, and the units ``first … last - 1`` it holds."""

    name: str
    settings: Mapping[str, Any]
    first: int
    last: int


def check_cover(
    pieces: Sequence[Piece], total: int, describe: Any = None, unit: str = "units"
) -> None:
    """Refuse pieces of different settings, overlapping pieces, and a run left
    incomplete, each with one line naming the file. ``describe(first, last)`` names a
    range of units for people (``deals 0 … 4,095``)."""

    def span(first: int, last: int) -> str:
        return describe(first, last) if describe else f"{unit} {first:,} … {last - 1:,}"

    if not pieces:
        raise ShardError("no shard files given")
    reference = pieces[0]
    for piece in pieces[1:]:
        for key, value in reference.settings.items():
            if piece.settings.get(key) != value:
                raise ShardError(
                    f"{piece.name}: a shard of another run (--{key} {piece.settings.get(key)}, "
                    f"not {value} as in {reference.name}): shards merge only with the same "
                    "settings"
                )
    ordered = sorted(pieces, key=lambda p: (p.first, p.last))
    reached, previous = 0, None
    for piece in ordered:
        if piece.first < reached and previous is not None:
            both = span(piece.first, min(reached, piece.last))
            raise ShardError(
                f"{piece.name}: overlaps {previous.name} ({both} in both): each deal must be "
                "counted once"
            )
        if piece.first > reached:
            after = f" (before {piece.name})"
            raise ShardError(
                f"{span(reached, piece.first)} are in no shard given{after}: give every shard "
                "of the run"
            )
        reached, previous = piece.last, piece
    if reached < total:
        assert previous is not None
        raise ShardError(
            f"{span(reached, total)} are in no shard given (after {previous.name}): give every "
            "shard of the run"
        )


# -- atout stats shards ---------------------------------------------------------------------

SETTINGS = ("players", "deals", "seed", "shuffle")


def stats_counts(counts: Any, deals: int, players: int, name: str) -> npt.NDArray[np.int64]:
    """The statistics vector (``kernel.S_*``) of a record's ``counts``, checked: every
    count a whole number ≥ 0, each histogram summing to the deals (or hands) counted."""
    if not isinstance(counts, dict):
        raise ShardError(f'{name}: no "counts" object: not a shard of atout stats')
    stats = np.zeros(K.S_SIZE, dtype=np.int64)
    for key, (start, size) in {**STAT_SLICES, "deals": (K.S_DEALS, 1)}.items():
        values = counts.get(key)
        if (
            not isinstance(values, list)
            or len(values) != size
            or not all(type(v) is int and 0 <= v < 2**62 for v in values)
        ):
            raise ShardError(f"{name}: counts.{key}: expected {size} whole numbers ≥ 0")
        stats[start : start + size] = values
    hands = deals * players
    sums = {"deals": (K.S_DEALS, 1, deals), "trumps": (K.S_TRUMPS, 25, hands),
            "longest_suit": (K.S_LONGEST, 15, hands), "chien_bouts": (K.S_CHIEN_BOUTS, 4, deals),
            "chien_kings": (K.S_CHIEN_KINGS, 5, deals)}  # fmt: skip
    for key, (start, size, expected) in sums.items():
        if int(stats[start : start + size].sum()) != expected:
            raise ShardError(
                f"{name}: counts.{key} sum to {int(stats[start : start + size].sum()):,}, not "
                f"{expected:,} for the {deals:,} deals of the shard: the counts were altered"
            )
    return stats


def _int(data: Mapping[str, Any], key: str, low: int, high: int, name: str, where: str = "") -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ShardError(f"{name}: {where}{key}: expected a whole number {low} … {high:_}")
    return value


@dataclass
class StatsShard:
    """One ``atout stats --shard`` record, read and checked."""

    piece: Piece
    shard: Shard
    players: int
    deals: int
    seed: int
    shuffle: str
    engine: str
    seconds: float
    stats: npt.NDArray[np.int64]


def read_stats_shard(name: str) -> StatsShard:
    """Read the shard record in file ``name`` (``-`` is not accepted: a merge needs files)."""
    try:
        if os.path.isdir(name):
            raise ShardError(f"{name}: a folder, not a shard file")
        if os.path.getsize(name) > MAX_SHARD_FILE:
            raise ShardError(
                f"{name}: larger than a shard record ({MAX_SHARD_FILE:_} bytes at most)"
            )
        with open(name, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise ShardError(f"{name}: cannot read it ({error.strerror})") from None
    except UnicodeDecodeError:
        raise ShardError(f"{name}: not UTF-8 text: not a shard of atout stats") from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ShardError(f"{name}: not JSON: not a shard of atout stats") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ShardError(f"{name}: not an {FORMAT} record: not a shard of atout stats")
    if "hand" in data:
        raise ShardError(f"{name}: figures given a hand (--hand) have no shards")
    about = data.get("shard")
    if not isinstance(about, dict):
        raise ShardError(
            f'{name}: a whole run, not a shard (no "shard" field): shards come from '
            "atout stats --shard I/N"
        )
    players = _int(data, "players", 3, 5, name)
    deals = _int(data, "deals", 1, MAX_DEALS, name)
    seed = _int(data, "seed", 0, MAX_SEED, name)
    shuffle = data.get("shuffle")
    try:
        parse_shuffle(shuffle if isinstance(shuffle, str) else "?")
    except ValueError:
        raise ShardError(f"{name}: shuffle {shuffle!r:.40}: uniform, none or riffle:K") from None
    of = _int(about, "of", 1, 10**9, name, "shard.")
    index = _int(about, "index", 1, of, name, "shard.")
    shard = Shard(index, of)
    first, last = shard.units(blocks_of(deals))
    if about.get("blocks") != [first, last] or about.get("block_size") != BLOCK:
        raise ShardError(
            f"{name}: shard.blocks {about.get('blocks')!r:.40}: shard {shard} of {deals:,} deals "
            f"holds blocks [{first}, {last}) of {BLOCK}"
        )
    if first == last:
        raise ShardError(f"{name}: shard {shard} of {deals:,} deals holds no deals")
    held = min(last * BLOCK, deals) - first * BLOCK
    stats = stats_counts(data.get("counts"), held, players, name)
    seconds = data.get("seconds")
    engine = data.get("engine")
    piece = Piece(name, {"players": players, "deals": deals, "seed": seed, "shuffle": shuffle},
                  first, last)  # fmt: skip
    return StatsShard(
        piece, shard, players, deals, seed, str(shuffle),
        engine if isinstance(engine, str) else "?",
        float(seconds) if isinstance(seconds, (int, float)) else 0.0, stats,
    )  # fmt: skip


def deal_span(deals: int) -> Any:
    """Names a range of blocks as the deals in it."""

    def describe(first: int, last: int) -> str:
        return f"deals {first * BLOCK:,} … {min(last * BLOCK, deals) - 1:,}"

    return describe


def merge_stats(names: Sequence[str]) -> tuple[Simulation, list[StatsShard]]:
    """The whole run from its shard files: the counts summed, so every figure and
    interval is the single run's. Refuses shards of different settings, overlapping
    shards and missing ones."""
    shards = [read_stats_shard(name) for name in names]
    if not shards:
        raise ShardError("merge: give the shard files, e.g. atout stats merge shard-*.json")
    one = shards[0]
    check_cover([s.piece for s in shards], blocks_of(one.deals), deal_span(one.deals))
    total = np.zeros(K.S_SIZE, dtype=np.int64)
    for s in shards:
        total += s.stats
    engines = sorted({s.engine for s in shards})
    sim = Simulation(one.players, one.deals, one.seed, one.shuffle, "+".join(engines), total,
                     sum(s.seconds for s in shards), 0.0, len(shards), "merge")  # fmt: skip
    return sim, shards


def stats_record(
    sim: Simulation, deals: int | None = None, shard: Shard | None = None,
    blocks: tuple[int, int] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """The ``atout.stats/1`` record of a run, or of one shard of a run of ``deals``
    deals: the settings, the raw counts behind every figure, and the rows (each with
    its ``count`` of ``trials``). A shard's rows are those of its own deals."""
    from atout.sim.report import rows

    rate = sim.deals / sim.seconds if sim.seconds else 0.0
    record: dict[str, Any] = {
        "format": FORMAT, "players": sim.players, "deals": sim.deals if deals is None else deals,
        "seed": sim.seed, "shuffle": sim.shuffle, "engine": sim.engine,
        "seconds": round(sim.seconds, 3), "kernel_seconds": round(sim.kernel_seconds, 3),
        "deals_per_second": round(rate), "workers": sim.workers, "backend": sim.backend,
    }  # fmt: skip
    if shard is not None:
        assert blocks is not None
        first, last = blocks
        record["shard"] = {
            "index": shard.index, "of": shard.of, "blocks": [first, last], "block_size": BLOCK,
            "first_deal": first * BLOCK, "deals": sim.deals,
        }  # fmt: skip
    record["counts"] = sim.raw_counts()
    record["rows"] = [row.as_json() for row in rows(sim)]
    return record
