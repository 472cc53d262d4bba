"""``atout stats`` on worker processes (``atout.sim.parallel``): exactly the numbers of
one process, lost shards run again, the kernel loaded once per worker before any
dealing and announced when it must be compiled, the true wall time, the NumPy engine
where numba is missing, tables built once per process, and one clear line for every
bad option."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import atout.sim
from atout.sim import BLOCK, simulate, tables
from atout.sim import kernel as K
from atout.sim.parallel import (
    LostShardsError,
    StatsSettings,
    run_ranges,
    run_stats,
    stats_task,
    task_count,
)
from atout.sim.shards import split
from tests.cli_helpers import run

DEALS = 7 * BLOCK + 5


@pytest.mark.parametrize("shuffle", ["uniform", "none"])
def test_workers_give_exactly_the_numbers_of_one_process(shuffle: str) -> None:
    one = simulate(4, DEALS, seed=21, shuffle=shuffle)
    steps: list[int] = []
    two, blocks = run_stats(4, DEALS, 21, shuffle, workers=2, progress=steps.append)
    assert (two.stats == one.stats).all() and blocks == (0, 8)
    assert (two.workers, two.backend, two.deals) == (2, "processes", DEALS)
    assert sum(steps) == DEALS and len(steps) == task_count(8, 2, 512) == 8  # a step a shard


def test_workers_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stats", "--deals", str(DEALS), "--seed", "8", "--json")
    single = json.loads(out)
    code, out, err = run(
        capsys, "stats", "--deals", str(DEALS), "--seed", "8", "--json", "--workers", "2"
    )
    assert code == 0, err
    spread = json.loads(out)
    assert spread["rows"] == single["rows"] and spread["counts"] == single["counts"]
    assert (spread["workers"], spread["backend"]) == (2, "processes")
    code, out, err = run(capsys, "stats", "--deals", str(DEALS), "--seed", "8", "--workers", "2")
    assert code == 0 and out.splitlines()[0].endswith("engine numba), on 2 worker processes")


@dataclass(frozen=True)
class Flaky:
    """Settings of a task whose worker dies the first ``deaths`` times it meets the
    range starting at ``doomed`` (the folder keeps count across processes)."""

    stats: StatsSettings
    folder: str
    doomed: int
    deaths: int


def flaky_task(settings: Flaky, first: int, last: int) -> npt.NDArray[np.int64]:
    if first == settings.doomed:
        tally = Path(settings.folder) / "deaths"
        died = len(tally.read_text()) if tally.exists() else 0
        if died < settings.deaths:
            tally.write_text("x" * (died + 1))
            os._exit(3)  # the worker process dies, as a killed machine would
    return stats_task(settings.stats, first, last)


def failing_task(settings: StatsSettings, first: int, last: int) -> None:
    raise ValueError(f"blocks {first}…{last}: refused")


def note_worker(folder: str) -> None:
    with open(Path(folder) / "workers", "a") as file:
        file.write(f"{os.getpid()}\n")


SETTINGS = StatsSettings(4, DEALS, 13, "uniform", "numba")


def test_a_lost_shard_is_run_again(tmp_path: Path) -> None:
    whole = simulate(4, DEALS, seed=13).stats
    notices: list[str] = []
    settings = Flaky(SETTINGS, str(tmp_path), doomed=4, deaths=2)
    total = run_ranges(flaky_task, settings, split(0, 8, 8), workers=2, backend="processes",
                       notice=notices.append)  # fmt: skip
    assert (total == whole).all()
    assert (tmp_path / "deaths").read_text() == "xx" and len(notices) == 2
    assert "a worker process died" in notices[0]


def test_shards_lost_too_often_are_given_up(tmp_path: Path) -> None:
    settings = Flaky(SETTINGS, str(tmp_path), doomed=0, deaths=99)
    with pytest.raises(LostShardsError, match="lost 2 times .* given up"):
        run_ranges(flaky_task, settings, split(0, 4, 4), workers=2, backend="processes",
                   retries=1)  # fmt: skip


def test_an_error_in_a_task_is_not_retried() -> None:
    with pytest.raises(ValueError, match="refused"):
        run_ranges(failing_task, SETTINGS, split(0, 4, 4), workers=2, backend="processes")


def test_each_worker_loads_the_kernel_once(tmp_path: Path) -> None:
    whole = simulate(4, DEALS, seed=13).stats
    total = run_ranges(stats_task, SETTINGS, split(0, 8, 8), workers=2, backend="processes",
                       initializer=note_worker, initargs=(str(tmp_path),))  # fmt: skip
    assert (total == whole).all()
    started = (tmp_path / "workers").read_text().split()
    assert 1 <= len(started) <= 2 and len(set(started)) == len(started)  # 8 shards, ≤ 2 loads


def test_the_first_compile_is_announced_and_timed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def slow_and_cold() -> bool:
        time.sleep(0.6)  # as if compiling
        return False

    monkeypatch.setattr(atout.sim, "kernel_cached", slow_and_cold)
    monkeypatch.setattr(atout.sim, "_WARM", set())
    code, out, err = run(capsys, "stats", "--deals", "4096", "--json")
    assert code == 0
    lines = err.splitlines()
    assert (
        lines[0].startswith("atout: compiling the dealing kernel with numba") and "30 s" in lines[0]
    )
    assert lines[1].startswith("atout: kernel compiled and cached in") and len(lines) == 2
    data = json.loads(out)
    assert data["kernel_seconds"] >= 0.6 and data["seconds"] >= data["kernel_seconds"]
    monkeypatch.setattr(atout.sim, "_WARM", set())
    code, out, err = run(capsys, "stats", "--deals", "4096")
    seconds = float(out.split(": ")[1].split(" s ")[0])
    assert seconds >= 0.6  # the true wall time, the kernel's loading included
    code, out, err = run(capsys, "stats", "--deals", "4096", "--json")  # once per process
    assert err == "" and json.loads(out)["kernel_seconds"] == 0
    monkeypatch.setattr(atout.sim, "_WARM", set())
    heard: list[str] = []
    sim = simulate(4, 4096, seed=1, announce=heard.append)
    assert sim.seconds >= sim.kernel_seconds >= 0.6 and len(heard) == 2


def test_the_kernel_is_loaded_silently_from_the_cache(capsys: pytest.CaptureFixture[str]) -> None:
    simulate(4, 10, seed=1)
    assert atout.sim.kernel_cached()
    code, _, err = run(capsys, "stats", "--deals", "4096")
    assert code == 0 and err == ""


def test_tables_are_built_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, int]] = []
    real = K.gap_patterns

    def counted(packets: int, chien: int) -> npt.NDArray[np.int64]:
        calls.append((packets, chien))
        return real(packets, chien)

    monkeypatch.setattr(K, "gap_patterns", counted)
    tables.cache_clear()
    try:
        simulate(5, 2 * BLOCK, seed=1)
        assert calls == [(25, 3)]  # built for the first run …
        for _ in range(3):
            simulate(5, 2 * BLOCK, seed=1)
            run_stats(5, 2 * BLOCK, 1)
        assert calls == [(25, 3)]  # … and never again
    finally:
        tables.cache_clear()


def test_numpy_fallback_where_numba_is_missing() -> None:
    """Without numba (its import blocked), ``auto`` is the NumPy engine: the same numbers."""
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from atout.cli import main\n"
        "main(['stats', '--deals', '9000', '--seed', '6', '--shuffle', 'riffle:1', '--json'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["engine"] == "numpy"  # (its riffles: the kernel's functions as plain Python)
    compiled = simulate(4, 9000, seed=6, shuffle="riffle:1")
    assert data["counts"] == compiled.raw_counts()
    code = code.replace(", '--shuffle', 'riffle:1'", "")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=False)  # fmt: skip
    data = json.loads(done.stdout)
    assert data["engine"] == "numpy" and done.stderr == ""
    assert data["counts"] == simulate(4, 9000, seed=6).raw_counts()


ODD = ["", " ", "-1", "0", "1e3", "²", "½", "x" * 300, "NaN", "-", "1:2", "1/2/3", "2/1"]


@pytest.mark.parametrize("option", ["--workers", "--shard"])
def test_odd_values_of_the_new_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, option: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    for value in ODD:
        code, out, err = run(capsys, "stats", "--deals", "4096", option, value)
        assert code == 2 and out == "", (value, out)
        assert err.startswith("atout: error: ") and err.count("\n") == 1, (value, err)
        assert option in err, (value, err)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "0"], "--workers 0: give a number of processes from 1 to 1024"),
        (["--workers", "5000"], "--workers 5000: give a number of processes from 1 to 1024"),
        (["--workers", "x"], "--workers x: give a number of processes from 1 to 1024"),
        (["--workers", "٣"], "--workers ٣: give a number of processes from 1 to 1024"),
        (["--shard", "3/2"], "--shard 3/2: shard I of N needs 1 ≤ I ≤ N (3 of 2)"),
        (["--shard", "x"], "--shard 'x': give I/N, shard I of N (1 ≤ I ≤ N), e.g. --shard 2/8"),
        (["--shard", "1/0"], "--shard 1/0: N, the number of shards, is 1 … 1_000_000_000"),
        (["--deals", "4096", "--shard", "1/2"], "--shard 1/2: 4,096 deals make 1 block of 4,096"),
        (["--workers", "2", "--ray"], "--workers with --ray: give one"),
        (["--shard", "1/2", "--plot", "a.png"], "--plot with --shard: a shard is part of a run"),
        (["--hand", "KS", "--shard", "1/2"], "--shard does nothing with --hand"),
        (["--hand", "KS", "--workers", "2"], "--workers does nothing with --hand"),
        (["--hand", "KS", "--ray"], "--ray does nothing with --hand"),
        (["merge"], "merge: give the shard files of one run"),
        (["--seed", "3", "merge", "a.json"], "--seed before merge does nothing"),
        (["merge", "a.json", "--plot", "x.txt"], "--plot x.txt: .txt is not a picture format"),
        (["merge", "nowhere.json"], "nowhere.json: cannot read it (No such file or directory)"),
    ],
)
def test_each_mistake_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    args: list[str], message: str,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "stats", *args)
    assert (code, out) == (2, "")
    assert err.startswith("atout: error: ") and err.count("\n") == 1 and message in err, err
    assert list(tmp_path.iterdir()) == []


def test_stats_without_options_still_deals(capsys: pytest.CaptureFixture[str]) -> None:
    """``stats`` is a group of commands now (``merge``); alone it is the same command."""
    code, out, _ = run(capsys, "stats", "--deals", "5000", "--engine", "numpy")
    assert code == 0 and out.startswith("5,000 deals, 4 players, shuffle uniform, seed 0: ")
    code, out, _ = run(capsys, "stats", "--help")
    assert code == 0 and "merge" in out and "--workers" in out and "--shard" in out


@dataclass(frozen=True)
class Tally:
    """Counts of any shape, as the arena's would be: anything with ``+``."""

    units: int
    squares: int
    names: tuple[str, ...]

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.units + other.units, self.squares + other.squares,
                     self.names + other.names)  # fmt: skip


def tally_task(settings: str, first: int, last: int) -> Tally:
    return Tally(last - first, sum(i * i for i in range(first, last)),
                 tuple(f"{settings}{i}" for i in range(first, last)))  # fmt: skip


def test_spread_is_generic() -> None:
    from atout.sim.parallel import spread

    expected = tally_task("u", 3, 40)
    seen: list[tuple[int, int]] = []
    local, backend, used = spread(
        tally_task, "u", 3, 40, per_task=5, progress=lambda a, b: seen.append((a, b))
    )
    assert (local, backend, used) == (expected, "local", 1)
    assert len(seen) == 8 and seen[0] == (3, 7) and seen[-1][1] == 40
    spread_out, backend, used = spread(tally_task, "u", 3, 40, workers=2, per_task=5)
    assert (spread_out, backend, used) == (expected, "processes", 2)  # names in order too
