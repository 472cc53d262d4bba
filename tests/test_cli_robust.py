"""The command line never shows a traceback and never hangs: every mistake is one line
on standard error, exit status 2 for a bad option, 1 for an invalid record."""

from __future__ import annotations

import io
import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_helpers import run

ODD_VALUES = [
    "", " ", "-1", "-0", "0", "18446744073709551616", "10**30", "1e3", "²", "٣", "½",
    "x" * 300, "\n", "NaN", "ǅ", "🂡", "-", "--", "1:2:3", "exposed:²", "T21 T21",
]  # fmt: skip

OPTIONS = {
    "deal": ["--players", "--seed", "--dealer", "--count", "--fault"],
    "play": ["--bots", "--level", "--players", "--deals", "--seed"],
    "stats": [
        "--players", "--deals", "--seed", "--shuffle", "--engine", "--plot", "--hand",
        "--chien", "--seat", "--card",
    ],
}  # fmt: skip

QUICK = {
    "deal": ["--seed", "1"],
    "play": ["--bots", "random", "--deals", "1", "--seed", "1"],
    "stats": ["--deals", "4096", "--engine", "numpy"],
}

HAND = "T21 T20 T1 EX KS QS 2S 3S 4S KH 2H 3H 4H 5H 2D 3D 4D 5D"

COMBINATIONS = [
    ["deal", "--fault", "exposed:²"],
    ["deal", "--fault", ""],
    ["deal", "--fault", "exposed:1:"],
    ["deal", "--fault", "early_pickup"],
    ["deal", "--fault", "misdeal:1"],
    ["deal", "--json", "--english"],
    ["deal", "--jsonl", "--count", "2", "--fault", "misdeal"],
    ["deal", "--seed", str(2**64 - 1), "--count", "2"],
    ["play", "--json", "--english", "--deals", "1"],
    ["play", "--bots", "random", "--level", "random"],
    ["play", "--bots", "random", "--resume"],
    ["play", "--auto", "--no-animation"],
    ["stats", "--seed", str(2**64)],
    ["stats", "--deals", str(10**30)],
    ["stats", "--deals", str(10**30), "--hand", HAND],
    ["stats", "--hand", HAND, "--plot", "out.png"],
    ["stats", "--hand", HAND, "--shuffle", "none"],
    ["stats", "--hand", HAND, "--engine", "numpy"],
    ["stats", "--hand", HAND, "--card", "", "--deals", "100"],
    ["stats", "--hand", HAND, "--chien", "", "--deals", "100"],
    ["stats", "--hand", HAND, "--chien", "KS", "--deals", "100"],
    ["stats", "--hand", HAND, "--seat", "4", "--deals", "100"],
    ["stats", "--hand", HAND, "--card", "KS", "--deals", "100"],
    ["stats", "--seat", "1"],
    ["stats", "--plot", "out.txt"],
    ["stats", "--plot", "."],
    ["stats", "--plot", ""],
    ["stats", "--plot", "missing/folder/out.png"],
    ["replay", ""],
    ["replay", "."],
    ["replay", "/dev/null"],
    ["replay", "no-such-file.json"],
    ["replay", "x" * 5000],
    ["replay", "a", "b"],
    ["--players", "4"],
    ["nonsense"],
    [],
]


def arguments() -> list[list[str]]:
    """Each option of each command with each odd value, then odd combinations."""
    lists = [
        [command, *QUICK[command], option, value]
        for command, options in OPTIONS.items()
        for option, value in itertools.product(options, ODD_VALUES)
    ]
    return lists + COMBINATIONS


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder of its own and an empty standard input."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    return tmp_path


def quick_plot(sim: object, path: str) -> None:
    """What ``plot`` needs of its path, without drawing: a format matplotlib writes."""
    from matplotlib.figure import Figure

    assert Path(path).suffix[1:].lower() in Figure().canvas.get_supported_filetypes()
    Path(path).write_bytes(b"")


def test_odd_arguments_never_end_in_a_traceback(
    capsys: pytest.CaptureFixture[str], sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("atout.sim.report.plot", quick_plot)
    failures = []
    for args in arguments():
        try:
            code, _, err = run(capsys, *args)
        except Exception as error:
            failures.append(f"{args!r:.120}: raised {type(error).__name__}: {error}")
            continue
        if code not in (0, 1, 2) or "Traceback" in err:
            failures.append(f"{args!r:.120}: exit {code}, {err[-300:]!r}")
        elif code and not (err.startswith(("atout: ", "Usage: ")) and err.strip()):
            failures.append(f"{args!r:.120}: exit {code} without a message")
        elif code and not err.startswith("Usage: ") and err.count("\n") != 1:
            failures.append(f"{args!r:.120}: {err.count(chr(10))} lines on stderr")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "--fault", "exposed:²"], "--fault 'exposed:²': '²' is not a seat (0 … 3)"),
        (["deal", "--fault", ""], "--fault '': unknown fault"),
        (["deal", "--fault", "exposed:1:"], "--fault 'exposed:1:': '' is not a card"),
        (["deal", "--json", "--english"], "--english names cards for people"),
        (["deal", "--seed", str(2**64 - 1), "--count", "2"], "a seed is an integer from 0 to"),
        (["stats", "--seed", str(2**64)], f"--seed {2**64}: a seed is an integer from 0 to"),
        (["stats", "--deals", str(10**30)], "--deals 1000000000000000000000000000000: give a"),
        (["stats", "--deals", "2_000_000", "--hand", HAND], "with --hand) 2_000_000: give a"),
        (["stats", "--plot", "out.txt"], "--plot out.txt: .txt is not a picture format"),
        (["stats", "--plot", "."], "--plot .: a folder; give a file in it"),
        (["stats", "--plot", ""], "--plot '': give a file name"),
        (["stats", "--plot", "nowhere/out.png"], "--plot nowhere/out.png: its folder"),
        (["stats", "--hand", HAND, "--plot", "out.png"], "--plot does nothing with --hand"),
        (["stats", "--hand", HAND, "--shuffle", "none"], "--shuffle does nothing with --hand"),
        (["stats", "--hand", HAND, "--engine", "numpy"], "--engine does nothing with --hand"),
        (["stats", "--hand", HAND, "--card", "ZZ"], "--card: 'ZZ' is not a card"),
        (["stats", "--hand", "KS KS"], "--hand: 'KS' appears twice"),
        (["stats", "--seat", "1"], "--seat given: --seat, --chien and --card go with --hand"),
        (["play", "--bots", "random", "--level", "random"], "--level goes with the table"),
        (["play", "--level", "search-cheat"], "--level search-cheat: this level sees every"),
        (["play", "--auto", "--level", "search-cheat"], "is for `atout arena` only"),
        (["play", "--bots", "search-cheat"], "--bots search-cheat: this level sees every hand"),
        (["play", "--bots", "random", "--resume"], "--resume goes with the table"),
        (["play", "--json", "--no-animation"], "--no-animation goes with the table"),
        (["play", "--json", "--english"], "--english names cards for people"),
        (["play", "--seed", str(2**64), "--bots", "random"], "a seed is an integer from 0 to"),
    ],
)
def test_each_mistake_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], sandbox: Path, args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "")
    assert err.startswith("atout: error: ") and err.count("\n") == 1 and message in err, err


def test_plot_refused_before_dealing(
    capsys: pytest.CaptureFixture[str], sandbox: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_dealing(*args: object, **kwargs: object) -> None:
        raise AssertionError("dealt before refusing the plot")

    monkeypatch.setattr("atout.sim.simulate", no_dealing)
    for target in ("out.txt", ".", "", "nowhere/out.png", "x" * 300):
        code, _, err = run(capsys, "stats", "--plot", target)
        assert code == 2 and "--plot" in err, err
    assert list(sandbox.iterdir()) == []


def test_plot_without_extension_says_the_file_it_wrote(
    capsys: pytest.CaptureFixture[str], sandbox: Path
) -> None:
    code, out, _ = run(capsys, "stats", "--deals", "4096", "--engine", "numpy", "--plot", "out")
    assert code == 0 and out.endswith("Plot written to out.png\n")
    assert (sandbox / "out.png").read_bytes()[:4] == b"\x89PNG"
    assert not (sandbox / "out").exists()


def test_plot_in_svg_is_written_as_svg(capsys: pytest.CaptureFixture[str], sandbox: Path) -> None:
    code, out, _ = run(capsys, "stats", "--deals", "4096", "--engine", "numpy", "--plot", "a.svg")
    assert code == 0 and out.endswith("Plot written to a.svg\n")
    assert b"<svg" in (sandbox / "a.svg").read_bytes()[:400]


# -- atout replay: bounded, never blocked ---------------------------------------------------


def replay(*args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    """``atout replay ARGS`` in a process of its own, given 10 s to answer."""
    command = [sys.executable, "-m", "atout.cli", "replay", *args]
    return subprocess.run(command, stdin=stdin, capture_output=True, text=True, timeout=10)


def one_line(done: subprocess.CompletedProcess[str], code: int, text: str) -> bool:
    err = done.stderr
    return done.returncode == code and err.count("\n") == 1 and text in err and not done.stdout


def test_replay_refuses_a_fifo_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    assert one_line(replay(str(fifo)), 2, f"{fifo}: not a regular file (a device, FIFO")


def test_replay_of_an_empty_file_name_does_not_read_standard_input(record: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "atout.cli", "replay", ""],
        input=record,
        capture_output=True,
        text=True,
        timeout=10,
    )
    assert one_line(done, 2, "atout: error: '': no such file")


def test_replay_refuses_a_device_and_a_folder(tmp_path: Path) -> None:
    assert one_line(replay("/dev/zero"), 2, "/dev/zero: not a regular file")
    assert one_line(replay(str(tmp_path)), 2, f"{tmp_path}: a folder")


def test_replay_refuses_a_file_above_the_limit_before_reading_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from atout.cli.records import record_limit

    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(record_limit() + 1)

    def no_reading(*args: object, **kwargs: object) -> None:
        raise AssertionError("read a file above the limit")

    monkeypatch.setattr("atout.cli.records.os.fdopen", no_reading)
    code, out, err = run(capsys, "replay", str(big))
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert f"big.json: {record_limit() + 1:,} bytes, larger than" in err


def test_replay_of_50_mb_of_garbage_answers_at_once(tmp_path: Path) -> None:
    import time

    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(os.urandom(50 * 2**20))
    started = time.monotonic()
    done = replay(str(garbage))
    assert time.monotonic() - started < 5
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"atout: {garbage}: ")


def test_replay_missing_and_unreadable_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "none.json"))
    assert code == 2 and "none.json: cannot read it (No such file or directory)" in err
    locked = tmp_path / "locked.json"
    locked.write_text("{}")

    def refuse(path: str, flags: int, mode: int = 0o777) -> int:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr("atout.cli.records.os.open", refuse)
    code, _, err = run(capsys, "replay", str(locked))
    assert code == 2 and err.count("\n") == 1 and "cannot read it (Permission denied)" in err


def test_replay_refuses_text_that_is_not_utf8(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"format": "é"}'.encode("latin-1"))
    code, _, err = run(capsys, "replay", str(latin))
    assert code == 1 and "latin.json: not UTF-8 text (byte 12)" in err and err.count("\n") == 1


class EndlessStream:
    """Standard input that never ends: reading it whole would never return."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            raise AssertionError("read standard input without a bound")
        self.asked.append(size)
        return b" " * size


class EndlessStdin:
    def __init__(self) -> None:
        self.buffer = EndlessStream()


def test_replay_reads_standard_input_with_a_bound(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from atout.cli.records import record_limit

    stdin = EndlessStdin()
    monkeypatch.setattr("sys.stdin", stdin)
    code, _, err = run(capsys, "replay", "-")
    assert code == 1 and err.startswith("atout: -: ") and "the limit of a record" in err
    assert stdin.buffer.asked == [record_limit() + 1]


def test_replay_without_a_file_at_a_terminal_prints_its_usage() -> None:
    import pty

    leader, follower = pty.openpty()
    try:
        done = replay(stdin=follower)
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("Usage: atout replay [OPTIONS] [FILE]")


def test_replay_without_a_file_reads_a_pipe(record: str) -> None:
    command = [sys.executable, "-m", "atout.cli", "replay"]
    done = subprocess.run(command, input=record, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and "2 donnes replayed" in done.stdout


@pytest.fixture(scope="module")
def record() -> str:
    command = [sys.executable, "-m", "atout.cli", "play", "--bots", "random", "--deals", "2"]
    done = subprocess.run([*command, "--seed", "1", "--json"], capture_output=True, text=True)
    return done.stdout


@pytest.mark.parametrize("args", [["replay"], ["replay", "-"]])
def test_replay_with_standard_input_closed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.setattr("sys.stdin", None)
    code, _, err = run(capsys, *args)
    assert code == 2 and err == "atout: error: -: standard input is closed; give a record file\n"


def test_play_with_standard_input_closed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", None)
    code, out, _ = run(capsys, "play", "--deals", "1", "--seed", "1")
    assert code == 0 and "Final totals" in out
