"""The ``atout`` command line.

Every mistake of the user (a bad option, a bad value) ends in one line on standard
error naming it, and exit status 2; never a traceback.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated

import typer

from atout.cards import Card
from atout.dealing import FAULT_KINDS, Deal, FaultKind, Phase
from atout.describe import describe_deal
from atout.errors import AtoutError
from atout.match import Match
from atout.randomness import make_rng, seed_for
from atout.record import deal_record
from atout.state import Donne
from atout.table import Rules, Variant

app = typer.Typer(
    name="atout",
    help="French Tarot by the official rules of the Fédération Française de Tarot.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class UserError(Exception):
    """A mistake of the user: one line, exit status 2."""


@app.callback()
def _root() -> None:
    """French Tarot by the official rules of the Fédération Française de Tarot."""


def _check_players(players: int) -> Variant:
    if players not in (3, 4, 5):
        raise UserError(f"--players {players}: French Tarot is played by 3, 4 or 5 players")
    return Variant.for_players(players)


@dataclass(frozen=True)
class FaultSpec:
    kind: FaultKind
    by: int | None
    card: Card | None


_FAULT_HELP = (
    "misdeal | chien_count | exposed:SEAT[:CARD] | early_pickup:SEAT "
    "(e.g. exposed:2:KS, exposed:1, early_pickup:3); without CARD, one of the cards "
    "the seat has received"
)


def _parse_fault(text: str, variant: Variant) -> FaultSpec:
    kind, *rest = text.split(":")
    kind = {"exposed": "card_exposed"}.get(kind, kind)
    if kind not in FAULT_KINDS:
        raise UserError(f"--fault {text!r}: unknown fault; expected {_FAULT_HELP}")
    needs = {"misdeal": (0,), "chien_count": (0,), "card_exposed": (1, 2), "early_pickup": (1,)}
    if len(rest) not in needs[kind]:
        raise UserError(f"--fault {text!r}: expected {_FAULT_HELP}")
    by = None
    if rest:
        if not rest[0].isdigit() or int(rest[0]) >= variant.players:
            raise UserError(
                f"--fault {text!r}: {rest[0]!r} is not a seat (0 … {variant.players - 1})"
            )
        by = int(rest[0])
    card = Card.parse(rest[1]) if len(rest) == 2 else None
    return FaultSpec(kind, by, card)


@contextmanager
def _progress(total: int, enabled: bool) -> Iterator[Callable[[], None] | None]:
    """A progress bar on standard error, only when it is a terminal."""
    if not enabled or total < 2 or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task("dealing", total=total)
        yield lambda: progress.advance(task)


def _deal_with_fault(
    variant: Variant, rules: Rules, rng: random.Random, dealer: int | None, fault: FaultSpec
) -> list[Deal]:
    """A deal during which ``fault`` happens, then the redeal if the fault voids it."""
    match = Match(variant, rules, first_dealer=dealer)
    deal = match.new_deal()
    if fault.kind == "chien_count":
        deal.run_automatically(rng, pause=Phase.SHOW_CHIEN)
    else:
        half = rng.randint(variant.players, variant.packet_count // 2)
        deal.run_automatically(rng, pause_after_packets=half)
    card = fault.card
    if fault.kind == "card_exposed" and card is None:
        card = rng.choice(deal.received[fault.by or 0] or deal.pack[-1:])
    deal.record_fault(fault.kind, fault.by, card)
    deal.run_automatically(rng)
    if deal.phase is Phase.VOID and deal.void == "misdeal":
        match.deal_automatically(rng)
    return match.deals


@app.command()
def deal(
    players: Annotated[
        int, typer.Option("--players", "-p", help="Number of players: 3, 4 or 5.")
    ] = 4,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed for a reproducible deal (≥ 0). Without it, the OS's secure source; "
            "with --count, deal i uses seed+i."
        ),
    ] = None,
    dealer: Annotated[
        int | None,
        typer.Option(help="The dealer's seat, 0 … players-1; skips the draw for the dealer."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one atout.deal/1 record (FORMATS.md).")
    ] = False,
    count: Annotated[int, typer.Option(help="How many deals (each independent).")] = 1,
    jsonl: Annotated[
        bool, typer.Option("--jsonl", help="One atout.deal/1 record a line; with --count.")
    ] = False,
    fault: Annotated[
        str | None,
        typer.Option(
            help=f"Make a fault happen during the deal and show what follows: {_FAULT_HELP}."
        ),
    ] = None,
    english: Annotated[
        bool, typer.Option("--english", help="English card names (K Q N J) instead of R D C V.")
    ] = False,
) -> None:
    """Deal the cards as La Donne says and show every step.

    The draw for the first dealer (unless --dealer), the shuffle by the player opposite
    the dealer, the cut by his left neighbour, the packets counter-clockwise with the
    chien built card by card, the hands, the chien, a Petit sec if there is one, who
    speaks first, who leads and who deals next. The cut depth (4 … 74) and the chien
    placement are chosen uniformly among the legal ones.
    """
    variant = _check_players(players)
    if dealer is not None and not 0 <= dealer < players:
        raise UserError(f"--dealer {dealer}: seats are 0 … {players - 1} with {players} players")
    if count < 1:
        raise UserError(f"--count {count}: give a number of deals ≥ 1")
    if seed is not None and seed < 0:
        raise UserError(f"--seed {seed}: a seed is an integer ≥ 0")
    if as_json and (jsonl or count > 1):
        raise UserError("--json prints one record; use --jsonl for several (--count N --jsonl)")
    spec = _parse_fault(fault, variant) if fault else None
    if spec and (as_json or jsonl):
        raise UserError("--fault tells a deal for people; atout.deal/1 records hold no faults")
    lang = "en" if english else "fr"
    rules = Rules()
    with _progress(count, jsonl) as advance:
        for i in range(count):
            deal_seed = seed_for(seed, i)
            rng = make_rng(deal_seed)
            if spec:
                _print_deals(_deal_with_fault(variant, rules, rng, dealer, spec), lang)
                continue
            one = Deal.automatic(variant, rules, rng, dealer)
            if as_json or jsonl:
                record = deal_record(one, deal_seed)
                typer.echo(json.dumps(record, ensure_ascii=False, indent=2 if as_json else None))
            else:
                if count > 1:
                    typer.echo(f"── Deal {i + 1} of {count} ──")
                typer.echo("\n".join(describe_deal(one, lang)))
            if advance:
                advance()


@app.command()
def play(
    bots: Annotated[
        str, typer.Option(help="The bots' level: heuristic (plays sensibly) or random.")
    ] = "heuristic",
    players: Annotated[
        int, typer.Option("--players", "-p", help="Number of players: 3, 4 or 5.")
    ] = 4,
    deals: Annotated[
        int, typer.Option(help="How many donnes the match lasts (void ones count).")
    ] = 5,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for a reproducible match (≥ 0); without it, the secure source."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one atout.game/1 record (FORMATS.md).")
    ] = False,
    english: Annotated[
        bool, typer.Option("--english", help="English card names (K Q N J) instead of R D C V.")
    ] = False,
    auto: Annotated[
        bool,
        typer.Option(
            "--auto", help="Bots in every seat, told as text (the default off a terminal)."
        ),
    ] = False,
    resume: Annotated[
        bool, typer.Option("--resume", help="Resume the unfinished match at once.")
    ] = False,
    no_animation: Annotated[
        bool, typer.Option("--no-animation", help="Show the deal at once, without animation.")
    ] = False,
) -> None:
    """Play French Tarot: at a full-screen table against bots when run in a terminal,
    or a whole match between bots, told donne by donne or printed as a record.

    At the table you sit at seat 0 (the bottom); seat 1 is your right neighbour. The
    match is saved after every action; run `atout play` again to resume it. Between
    bots (--auto, --json, or output not a terminal) each donne is dealt as La Donne
    says, bid, the chien taken and the écart made, played trick by trick and scored by
    the FFT rules; the totals follow.
    """
    from atout.bots import BOTS, play_match
    from atout.describe import describe_donne
    from atout.record import game_record

    variant = _check_players(players)
    if bots not in BOTS:
        raise UserError(f"--bots {bots!r}: choose one of {', '.join(BOTS)}")
    if deals < 1:
        raise UserError(f"--deals {deals}: give a number of donnes ≥ 1")
    if seed is not None and seed < 0:
        raise UserError(f"--seed {seed}: a seed is an integer ≥ 0")
    if not (as_json or auto) and sys.stdin.isatty() and sys.stdout.isatty():
        from atout.tui.app import run
        from atout.tui.session import Settings

        settings = Settings(players, bots, deals, not no_animation, "en" if english else "fr")
        run(settings, seed, resume)
        return
    master = make_rng(seed)
    deal_rng = random.Random(master.getrandbits(64))
    agents = [BOTS[bots](random.Random(master.getrandbits(64))) for _ in range(players)]
    match = Match(variant)
    lang = "en" if english else "fr"

    def tell(donne: Donne) -> None:
        if not as_json:
            typer.echo("\n".join(describe_donne(donne, len(match.donnes), lang)))
            typer.echo(f"  Totals: {match.totals()}")

    play_match(match, agents, deals, deal_rng, on_donne=tell)
    if as_json:
        record = game_record(match.donnes, [f"bot:{bots}"] * players, seed)
        typer.echo(json.dumps(record, ensure_ascii=False))
    else:
        standings = sorted(range(players), key=lambda s: -match.totals()[s])
        typer.echo(
            "Final totals: " + ", ".join(f"seat {s} {match.totals()[s]:+d}" for s in standings)
        )


@app.command()
def replay(
    file: Annotated[
        str, typer.Argument(help="An atout.game/1 record, or - for standard input.")
    ] = "-",
) -> None:
    """Re-play a game record: check every action against the rules and every result
    against the scoring, and report the first difference with its rule id."""
    from atout.errors import InvalidRecordError
    from atout.record import loads_game

    text = _read_text(file)
    try:
        donnes, data = loads_game(text)
    except InvalidRecordError as error:
        typer.echo(f"atout: {file}: {error}", err=True)
        raise typer.Exit(1) from None
    played = sum(1 for d in donnes if d.result is not None)
    typer.echo(
        f"{len(donnes)} donnes replayed ({played} played, {len(donnes) - played} void): every "
        f"action follows the rules and every result the scoring. Totals: {data['totals']}."
    )


def _read_text(file: str) -> str:
    if file == "-":
        return sys.stdin.read()
    try:
        with open(file, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise UserError(f"{file}: cannot read it ({error.strerror})") from None
    except UnicodeDecodeError:
        raise UserError(f"{file}: not UTF-8 text; a record is JSON (FORMATS.md)") from None


def _print_deals(deals: list[Deal], lang: str) -> None:
    for number, one in enumerate(deals, 1):
        if len(deals) > 1:
            typer.echo(f"── Deal {number} ──")
        typer.echo("\n".join(describe_deal(one, lang)))


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command, turning every user mistake into one line."""
    command = typer.main.get_command(app)
    try:
        code = command.main(args=argv, prog_name="atout", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except (UserError, AtoutError) as error:
        _fail(str(error))
    except typer.Exit as exit_:
        sys.exit(exit_.exit_code)
    except typer.Abort:
        typer.echo("atout: interrupted", err=True)
        sys.exit(130)
    except typer.TyperException as error:  # the command line itself: bad option or value
        context = getattr(error, "ctx", None)
        if type(error).__name__ == "NoArgsIsHelpError" and context is not None:
            typer.echo(context.get_help(), err=True)
            sys.exit(2)
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        _fail(" ".join(str(message).split()))
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)


def _fail(message: str) -> None:
    typer.echo(f"atout: error: {message}", err=True)
    sys.exit(2)


if __name__ == "__main__":
    main()
