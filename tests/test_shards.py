"""Shards of a run (``atout.sim.shards``, ``atout stats --shard``, ``atout stats
merge``): deterministic pieces of the seed's stream whose counts add up to exactly the
run in one process; a merge refuses pieces that do not make one run."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from atout.sim import BLOCK, blocks_of, simulate
from atout.sim import kernel as K
from atout.sim.parallel import run_stats
from atout.sim.report import rows
from atout.sim.shards import Piece, Shard, ShardError, check_cover, merge_stats, split
from tests.cli_helpers import run

DEALS = 5 * BLOCK + 123  # six blocks, the last partial


def test_shard_parse_and_units() -> None:
    assert Shard.parse("2/3") == Shard(2, 3) and str(Shard(2, 3)) == "2/3"
    for n in (1, 2, 3, 6, 7):
        ranges = [Shard(i, n).units(6) for i in range(1, n + 1)]
        assert ranges[0][0] == 0 and ranges[-1][1] == 6
        assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges))
    assert Shard(1, 2).units(6) == (0, 3) and Shard(3, 4).units(6) == (3, 4)
    assert split(10, 20, 3) == [(10, 13), (13, 16), (16, 20)]
    assert split(0, 2, 8) == [(0, 1), (1, 2)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x", "give I/N"),
        ("3/2", "needs 1 ≤ I ≤ N (3 of 2)"),
        ("0/2", "needs 1 ≤ I ≤ N (0 of 2)"),
        ("1/0", "N, the number of shards"),
        ("1/", "give I/N"),
        ("-1/2", "give I/N"),
        ("²/3", "give I/N"),
        ("1/2/3", "give I/N"),
    ],
)
def test_shard_parse_refuses(text: str, message: str) -> None:
    with pytest.raises(ShardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Shard.parse(text)


@pytest.mark.parametrize(
    ("players", "shuffle", "engine"),
    [
        (4, "uniform", "numba"),
        (3, "riffle:2", "numba"),
        (5, "none", "numba"),
        (4, "uniform", "numpy"),
    ],
)
def test_shards_add_up_to_the_single_run(players: int, shuffle: str, engine: str) -> None:
    whole = simulate(players, DEALS, seed=9, shuffle=shuffle, engine=engine).stats
    for n in (2, 3, 6):
        parts = [
            run_stats(players, DEALS, 9, shuffle, engine, shard=Shard(i, n))[0].stats
            for i in range(1, n + 1)
        ]
        assert (np.sum(parts, axis=0) == whole).all(), n
    one = run_stats(players, DEALS, 9, shuffle, engine, shard=Shard(2, 3))[0]
    assert one.deals == 2 * BLOCK and one.stats[K.S_DEALS] == 2 * BLOCK


def test_rows_carry_their_raw_counts() -> None:
    sim = simulate(4, 20_000, seed=1, engine="numpy")
    for row in rows(sim):
        assert row.count is not None and row.trials is not None
        assert row.simulated == row.count / row.trials
        assert row.trials in (20_000, 80_000)
    assert sim.raw_counts()["deals"] == [20_000]
    assert sum(sim.raw_counts()["trumps"]) == 80_000


def cover(*pieces: tuple[str, int, int], seed: int = 1) -> None:
    check_cover([Piece(name, {"seed": seed}, a, b) for name, a, b in pieces], 10)


def test_check_cover() -> None:
    cover(("a", 0, 5), ("b", 5, 10))
    cover(("b", 5, 10), ("a", 0, 5))  # any order
    cover(("a", 0, 5), ("c", 7, 10), ("b", 5, 7))  # shards of different N tile the run
    with pytest.raises(ShardError, match=r"^b: overlaps a \(units 4 … 4 in both\)"):
        cover(("a", 0, 5), ("b", 4, 10))
    with pytest.raises(ShardError, match=r"^units 5 … 6 are in no shard given \(before b\)"):
        cover(("a", 0, 5), ("b", 7, 10))
    with pytest.raises(ShardError, match=r"^units 8 … 9 are in no shard given \(after b\)"):
        cover(("a", 0, 5), ("b", 5, 8))
    with pytest.raises(ShardError, match="^units 0 … 4 are in no shard given"):
        cover(("b", 5, 10))
    with pytest.raises(ShardError, match=r"^b: a shard of another run \(--seed 2, not 1 as in a"):
        check_cover([Piece("a", {"seed": 1}, 0, 5), Piece("b", {"seed": 2}, 5, 10)], 10)


def shard_files(
    capsys: pytest.CaptureFixture[str], folder: Path, n: int, *options: str
) -> list[str]:
    names = []
    for i in range(1, n + 1):
        code, out, err = run(
            capsys, "stats", "--deals", str(DEALS), *options, "--shard", f"{i}/{n}"
        )
        assert code == 0, err
        path = folder / f"shard-{i}-of-{n}.json"
        path.write_text(out)
        names.append(str(path))
    return names


def test_merge_gives_the_single_run_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    options = ("--seed", "5", "--shuffle", "riffle:3")
    names = shard_files(capsys, tmp_path, 3, *options)
    record = json.loads(Path(names[1]).read_text())
    assert record["format"] == "atout.stats/1" and record["deals"] == DEALS
    assert record["shard"] == {
        "index": 2, "of": 3, "blocks": [2, 4], "block_size": BLOCK, "first_deal": 2 * BLOCK,
        "deals": 2 * BLOCK,
    }  # fmt: skip
    assert record["counts"]["deals"] == [2 * BLOCK]
    code, out, _ = run(capsys, "stats", "--deals", str(DEALS), *options, "--json")
    whole = json.loads(out)
    code, out, err = run(capsys, "stats", "merge", *reversed(names), "--json")
    assert code == 0, err
    merged = json.loads(out)
    assert merged["rows"] == whole["rows"] and merged["counts"] == whole["counts"]
    assert merged["total_variation"] == whole["total_variation"]
    assert merged["merged"] == list(reversed(names)) and merged["backend"] == "merge"
    code, text, _ = run(capsys, "stats", "merge", *names)
    code, single, _ = run(capsys, "stats", "--deals", str(DEALS), *options)
    assert code == 0 and "merged from 3 shards" in text.splitlines()[0]
    assert text.splitlines()[1:] == single.splitlines()[1:]  # every row, the same
    # shards of two different N that tile the run
    halves = shard_files(capsys, tmp_path, 2, *options)
    sixths = shard_files(capsys, tmp_path, 6, *options)
    code, out, err = run(capsys, "stats", "merge", halves[0], *sixths[3:], "--json")
    assert code == 0, err
    assert json.loads(out)["counts"] == whole["counts"]


def edited(path: str, folder: Path, change: Any) -> str:
    data = json.loads(Path(path).read_text())
    change(data)
    target = folder / f"edited-{len(list(folder.iterdir()))}.json"
    target.write_text(json.dumps(data))
    return str(target)


def test_merge_refuses_what_is_not_one_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a, b, c = shard_files(capsys, tmp_path, 3, "--seed", "2")
    other_seed = shard_files(capsys, tmp_path / ".." / tmp_path.name, 1, "--seed", "3")
    whole = tmp_path / "whole.json"
    code, out, _ = run(capsys, "stats", "--deals", str(DEALS), "--json")
    whole.write_text(out)
    (tmp_path / "notjson.json").write_text("{")
    (tmp_path / "deal.json").write_text('{"format": "atout.deal/1"}')

    def bump(data: dict[str, Any]) -> None:
        data["counts"]["trumps"][3] += 1

    def negative(data: dict[str, Any]) -> None:
        data["counts"]["petit_sec"] = [-1]

    def moved(data: dict[str, Any]) -> None:
        data["shard"]["blocks"] = [0, 2]

    cases = [
        ([a, b], f"deals 16,384 … {DEALS - 1:,} are in no shard given (after {b})"),
        ([a, c], f"deals 8,192 … 16,383 are in no shard given (before {c})"),
        ([b, c], "deals 0 … 8,191 are in no shard given (before"),
        ([a, b, b, c], f"{b}: overlaps {b}"),
        ([a, b, c, other_seed[0]], "a shard of another run (--seed 3, not 2 as in"),
        ([a, b, c, edited(a, tmp_path, lambda d: None)], ": overlaps "),
        (
            [a, edited(b, tmp_path, lambda d: d.update(seed=3)), c],
            "a shard of another run (--seed 3",
        ),
        (
            [a, edited(b, tmp_path, lambda d: d.update(players=5)), c],
            "edited-9.json: counts.trumps sum to 32,768, not 40,960",
        ),
        ([str(whole)], "a whole run, not a shard"),
        ([str(tmp_path / "notjson.json")], "not JSON: not a shard of atout stats"),
        ([str(tmp_path / "deal.json")], "not an atout.stats/1 record"),
        ([str(tmp_path)], "a folder, not a shard file"),
        ([str(tmp_path / "missing.json")], "cannot read it (No such file or directory)"),
        ([a, edited(b, tmp_path, bump), c], "counts.trumps sum to"),
        ([a, edited(b, tmp_path, negative), c], "counts.petit_sec: expected 1 whole numbers ≥ 0"),
        ([a, edited(b, tmp_path, moved), c], "shard.blocks [0, 2]: shard 2/3 of"),
        ([], "merge: give the shard files"),
    ]
    for files, message in cases:
        code, out, err = run(capsys, "stats", "merge", *files)
        assert (code, out) == (2, ""), (files, err)
        assert err.startswith("atout: error: ") and err.count("\n") == 1, err
        assert message in err, (message, err)
        if files and "give" not in message:
            assert any(name in err for name in files), err


def test_merge_python_api_checks_each_file(tmp_path: Path) -> None:
    whole = simulate(4, DEALS, seed=4)
    from atout.sim.shards import stats_record

    names = []
    for i in (1, 2):
        sim, blocks = run_stats(4, DEALS, 4, shard=Shard(i, 2))
        path = tmp_path / f"{i}.json"
        path.write_text(json.dumps(stats_record(sim, DEALS, Shard(i, 2), blocks)))
        names.append(str(path))
    merged, shards = merge_stats(names)
    assert (merged.stats == whole.stats).all() and merged.deals == DEALS
    assert [s.shard for s in shards] == [Shard(1, 2), Shard(2, 2)]
    assert blocks_of(DEALS) == 6 and np.array_equal(merged.stats, whole.stats)


def test_stats_options_before_merge_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stats", "--deals", "5", "merge", "x.json")
    assert (code, out) == (2, "") and "--deals before merge does nothing" in err
