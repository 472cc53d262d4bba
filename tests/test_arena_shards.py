"""``atout arena --workers N``, ``--shard I/N``, ``atout arena merge`` and ``--ray``:
the figures of one process exactly, whatever the split of the deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from atout.bots import arena as A
from tests.cli_helpers import run

GAME = ["--bots", "random,heuristic-1", "--deals", "8", "--seed", "5"]


def arena_json(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, "arena", *GAME, "--json", *args)
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def single() -> str:
    """The run in one process, as ``atout arena --json`` prints it."""
    result = A.run_arena(["random", "heuristic-1"], players=4, deals=8, seed=5)
    return json.dumps(result.as_json(), ensure_ascii=False) + "\n"


def test_single_run_json(capsys: pytest.CaptureFixture[str], single: str) -> None:
    out = arena_json(capsys)
    assert out == single
    data = json.loads(out)
    assert data["shard"] is None
    bot = data["counts"]["bots"][0]
    assert (
        bot["deals"] == 8
        and sum(r["games"] for r in bot["roles"].values()) + bot["passed_out"] == 32
    )


def test_workers_equal_one_process(capsys: pytest.CaptureFixture[str], single: str) -> None:
    assert arena_json(capsys, "--workers", "2") == single
    result = A.run_arena(["random", "heuristic-1"], players=4, deals=8, seed=5, jobs=2)
    assert result.backend == "processes" and result.as_json() == json.loads(single)
    assert arena_json(capsys, "--jobs", "2") == single  # the old name


def test_counts_add_up_over_any_split() -> None:
    settings = A.ArenaSettings(("random", "heuristic-1"), 4, 8, 5)
    whole = A.play_range(settings, 0, 8)
    parts = (
        A.play_range(settings, 0, 3) + A.play_range(settings, 3, 4) + A.play_range(settings, 4, 8)
    )
    assert parts == whole
    assert whole.differences is not None and len(whole.differences) == 8
    assert whole.difference == sum(whole.differences)
    assert whole.difference_squares == sum(d * d for d in whole.differences)


def write_shards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, of: int, *extra: str, name: str = "s"
) -> list[str]:
    paths = []
    for index in range(1, of + 1):
        code, out, err = run(capsys, "arena", *GAME, *extra, "--shard", f"{index}/{of}")
        assert code == 0, err
        path = tmp_path / f"{name}{index}-{of}.json"
        path.write_text(out)
        paths.append(str(path))
    return paths


def test_shards_merged_equal_the_single_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, single: str
) -> None:
    halves = write_shards(capsys, tmp_path, 2)
    one = json.loads(Path(halves[0]).read_text())
    assert one["shard"] == {"index": 1, "of": 2, "first_deal": 0, "deals": 4}
    assert one["deals"] == 8 and one["counts"]["bots"][0]["deals"] == 4
    code, out, err = run(capsys, "arena", "merge", *reversed(halves), "--json")
    assert code == 0, err
    assert out == single
    # shards of different N that tile the run merge too
    quarters = write_shards(capsys, tmp_path, 4)
    code, out, err = run(capsys, "arena", "merge", halves[0], quarters[2], quarters[3], "--json")
    assert code == 0, err
    assert out == single
    code, out, err = run(capsys, "arena", "merge", *halves)
    assert code == 0, err
    assert "Duplicate arena: 4 players, 8 deals (seed 5)" in out


def one_line_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, "arena", *args)
    assert code == 2 and out == ""
    assert err.startswith("atout: error: ") and err.count("\n") == 1
    assert "Traceback" not in err
    return err


def test_merge_refuses_what_is_not_one_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    halves = write_shards(capsys, tmp_path, 2)
    other = write_shards(capsys, tmp_path, 2, "--seed", "6", name="other")
    quarters = write_shards(capsys, tmp_path, 4)
    err = one_line_error(capsys, "merge", halves[0], other[1])
    assert f"{other[1]}: a shard of another run (--seed 6, not 5" in err
    err = one_line_error(capsys, "merge", halves[0], quarters[1], *halves[1:])
    assert "overlaps" in err and "deals 2 … 3 in both" in err
    assert halves[0] in err or quarters[1] in err
    err = one_line_error(capsys, "merge", halves[0])
    assert f"deals 4 … 7 are in no shard given (after {halves[0]})" in err
    err = one_line_error(capsys, "merge", quarters[0], quarters[2], quarters[3])
    assert f"deals 2 … 3 are in no shard given (before {quarters[2]})" in err
    whole = tmp_path / "whole.json"
    whole.write_text(arena_json(capsys))
    err = one_line_error(capsys, "merge", halves[0], str(whole))
    assert f"{whole}: a whole run, not a shard" in err
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    err = one_line_error(capsys, "merge", str(text))
    assert f"{text}: not JSON: not a shard of atout arena" in err
    err = one_line_error(capsys, "merge", str(tmp_path / "none.json"))
    assert "none.json: cannot read it" in err
    # altered counts are refused, naming the file
    data = json.loads(Path(halves[1]).read_text())
    data["counts"]["bots"][0]["taken"] += 1
    altered = tmp_path / "altered.json"
    altered.write_text(json.dumps(data))
    err = one_line_error(capsys, "merge", halves[0], str(altered))
    assert f"{altered}: counts.bots[0]: the counts do not add up" in err
    err = one_line_error(capsys, "merge")
    assert "merge: give the shard files" in err


def test_ray_local_equals_the_single_run(capsys: pytest.CaptureFixture[str], single: str) -> None:
    ray = pytest.importorskip("ray")
    import os

    os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        result = A.run_arena(["random", "heuristic-1"], players=4, deals=8, seed=5, ray=True)
        assert result.backend == "ray"
        assert json.dumps(result.as_json(), ensure_ascii=False) + "\n" == single
        assert arena_json(capsys, "--ray") == single
    finally:
        ray.shutdown()
