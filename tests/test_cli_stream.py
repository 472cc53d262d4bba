"""Long matches stream: ``atout play --bots`` writes each donne as it ends, keeps only
what the next donne needs, and its memory does not grow with the number of donnes."""

from __future__ import annotations

import io
import json
import os
import random
import sys
import tracemalloc
from pathlib import Path

import pytest

from atout.bots import BOTS, RandomBot, iter_match, play_match
from atout.cli import main
from atout.cli.play import stream_game
from atout.match import Match
from atout.randomness import make_rng
from atout.record import donne_record, game_record
from atout.table import Variant
from tests.cli_helpers import run


def unstreamed(players: int, deals: int, seed: int, level: str) -> str:
    """What ``atout play --bots LEVEL --json`` printed before it streamed: the whole
    match kept, then one ``game_record`` dumped."""
    master = make_rng(seed)
    deal_rng = random.Random(master.getrandbits(64))
    agents = [BOTS[level](random.Random(master.getrandbits(64))) for _ in range(players)]
    match = Match(Variant.for_players(players))
    play_match(match, agents, deals, deal_rng)
    record = game_record(match.donnes, [f"bot:{level}"] * players, seed)
    return json.dumps(record, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    ("players", "deals", "seed", "level"),
    [(3, 4, 1, "heuristic"), (4, 6, 2, "random"), (5, 5, 3, "heuristic"), (4, 1, 9, "random")],
)
def test_streamed_record_is_the_record_byte_for_byte(
    capsys: pytest.CaptureFixture[str], players: int, deals: int, seed: int, level: str
) -> None:
    args = ["--players", str(players), "--deals", str(deals), "--seed", str(seed)]
    code, out, err = run(capsys, "play", "--bots", level, *args, "--json")
    assert (code, err) == (0, "")
    assert out == unstreamed(players, deals, seed, level)


def test_streamed_record_is_replayed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = run(capsys, "play", "--bots", "random", "--deals", "30", "--seed", "5", "--json")[1]
    path = tmp_path / "game.json"
    path.write_text(out, encoding="utf-8")
    code, said, _ = run(capsys, "replay", str(path))
    assert code == 0 and said.startswith("30 donnes replayed")
    assert f"Totals: {json.loads(out)['totals']}." in said


def test_stream_game_writes_each_donne_as_it_ends() -> None:
    match = Match(Variant.for_players(4), keep=False)
    bots = [RandomBot(random.Random(seat)) for seat in range(4)]
    played = iter_match(match, bots, 3, random.Random(1))
    pieces = stream_game(played, ["bot:random"] * 4, 1)
    head = next(pieces)
    assert head.endswith('"donnes": [') and match.donnes == []
    first = json.loads(next(pieces))
    assert len(match.donnes) == 1 and first == json.loads(json.dumps(donne_record(match.donnes[0])))
    assert next(pieces).startswith(", ") and len(match.donnes) == 1
    rest = list(pieces)
    assert len(rest) == 2 and rest[-1].startswith('], "totals": ')


def test_match_without_keep_holds_only_the_current_donne() -> None:
    kept, streamed = (Match(Variant.for_players(5), keep=keep) for keep in (True, False))
    for match in (kept, streamed):
        bots = [RandomBot(random.Random(seat)) for seat in range(5)]
        for donne in iter_match(match, bots, 40, random.Random(8)):
            assert len(match.donnes) <= 40 and donne is match.donnes[-1]
    assert len(kept.donnes) == len(kept.deals) == 40
    assert len(streamed.donnes) == len(streamed.deals) == 1
    assert streamed.totals() == kept.totals() and sum(streamed.totals()) == 0
    assert streamed.penalties() == kept.penalties()
    assert (streamed.next_dealer, streamed.barred) == (kept.next_dealer, kept.barred)


def test_totals_are_kept_not_summed_again() -> None:
    match = Match(Variant.for_players(4), keep=False)
    bots = [RandomBot(random.Random(seat)) for seat in range(4)]
    sums = [0, 0, 0, 0]
    for donne in iter_match(match, bots, 25, random.Random(3)):
        sums = [a + b for a, b in zip(sums, donne.returns(), strict=True)]
        assert match.totals() == sums


def peak_of_a_match(deals: int, *flags: str) -> int:
    """Peak traced memory of ``atout play --bots random --deals N FLAGS`` in bytes, with
    its output written to the null device."""
    args = ["play", "--bots", "random", "--deals", str(deals), "--seed", "4", *flags]
    stdout = sys.stdout
    with open(os.devnull, "w", encoding="utf-8") as sys.stdout:
        tracemalloc.start()
        try:
            main(args)
        finally:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            sys.stdout = stdout
    return peak


@pytest.mark.parametrize("flags", [("--json",), ()], ids=["json", "told"])
def test_memory_of_a_streamed_match_does_not_grow_with_its_length(
    flags: tuple[str, ...],
) -> None:
    peak_of_a_match(20, *flags)  # imports and tables made once
    short, long = peak_of_a_match(100, *flags), peak_of_a_match(1_000, *flags)
    assert long < 1.5 * short + 256 * 1024, (short, long)


def test_output_is_written_as_the_match_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """By the time the third donne is being played, two are already on standard output."""
    sink = io.StringIO()
    monkeypatch.setattr("sys.stdout", sink)
    seen: list[int] = []
    real = iter_match

    def watched(*args: object) -> object:
        for number, donne in enumerate(real(*args), 1):  # type: ignore[arg-type]
            seen.append(sink.getvalue().count('{"deal": '))
            yield donne
            assert sink.getvalue().count('{"deal": ') == number

    monkeypatch.setattr("atout.bots.iter_match", watched)
    main(["play", "--bots", "random", "--deals", "3", "--seed", "1", "--json"])
    assert seen == [0, 1, 2]
