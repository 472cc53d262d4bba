"""``atout stats --ray`` on a local Ray instance (two CPUs, small counts): the numbers of
one process, shards made on Ray merging with shards made here, ``RAY_ADDRESS`` alone
choosing Ray, and a shard whose worker dies run again."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")  # the workers run this interpreter
ray = pytest.importorskip("ray")

from atout.sim import BLOCK, simulate  # noqa: E402
from atout.sim.parallel import StatsSettings, run_ranges, run_stats  # noqa: E402
from atout.sim.shards import split  # noqa: E402
from tests.cli_helpers import run  # noqa: E402
from tests.test_parallel import SETTINGS, Flaky, flaky_task  # noqa: E402

DEALS = 6 * BLOCK + 77


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    import tests.test_parallel

    ray.cloudpickle.register_pickle_by_value(tests.test_parallel)  # the test tasks, by value
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.mark.parametrize("shuffle", ["uniform", "riffle:2"])
def test_ray_gives_exactly_the_numbers_of_one_process(local_ray: Any, shuffle: str) -> None:
    one = simulate(4, DEALS, seed=17, shuffle=shuffle)
    steps: list[int] = []
    spread, blocks = run_stats(4, DEALS, 17, shuffle, ray=True, progress=steps.append)
    assert (spread.stats == one.stats).all() and blocks == (0, 7)
    assert (spread.backend, spread.workers) == ("ray", 2)
    assert sum(steps) == DEALS and len(steps) == 7  # the bar moves as each shard finishes


def test_ray_on_the_command_line(
    local_ray: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    base = ["stats", "--deals", str(DEALS), "--seed", "4"]
    code, out, err = run(capsys, *base, "--json")
    single = json.loads(out)
    code, out, err = run(capsys, *base, "--json", "--ray")
    assert code == 0, err
    on_ray = json.loads(out)
    assert on_ray["rows"] == single["rows"] and on_ray["counts"] == single["counts"]
    assert on_ray["backend"] == "ray"
    code, out, err = run(capsys, *base, "--ray")
    assert code == 0 and out.splitlines()[0].endswith("engine numba), on Ray with 2 CPUs")
    names = []
    for i, extra in ((1, []), (2, ["--ray"]), (3, ["--workers", "2"])):
        code, out, err = run(capsys, *base, "--shard", f"{i}/3", *extra)
        assert code == 0, err
        (tmp_path / f"{i}.json").write_text(out)
        names.append(str(tmp_path / f"{i}.json"))
    code, out, err = run(capsys, "stats", "merge", *names, "--json")
    assert code == 0, err
    assert json.loads(out)["counts"] == single["counts"]
    address = ray.get_runtime_context().gcs_address
    monkeypatch.setenv("RAY_ADDRESS", address)
    code, out, err = run(capsys, *base, "--json")  # RAY_ADDRESS alone: on Ray
    assert json.loads(out)["backend"] == "ray" and json.loads(out)["counts"] == single["counts"]
    code, out, err = run(capsys, *base, "--json", "--workers", "2")  # … unless told otherwise
    assert json.loads(out)["backend"] == "processes"


def test_a_shard_lost_on_ray_is_run_again(local_ray: Any, tmp_path: Path) -> None:
    whole = simulate(4, DEALS, seed=13).stats
    settings = Flaky(StatsSettings(4, DEALS, 13, "uniform", "numba"), str(tmp_path), 3, 2)
    total = run_ranges(flaky_task, settings, split(0, 7, 7), backend="ray")
    assert (total == whole).all()
    assert (tmp_path / "deaths").read_text() == "xx"  # its worker died twice


def test_an_error_on_ray_is_not_retried(local_ray: Any) -> None:
    def refuse(settings: Any, first: int, last: int) -> None:
        raise ValueError("refused on Ray")

    with pytest.raises(ValueError, match="refused on Ray"):
        run_ranges(refuse, SETTINGS, split(0, 2, 2), backend="ray")
