"""The ``atout`` command line.

Every mistake of the user (a bad option, a bad value) ends in one line on standard
error naming it, and exit status 2; an invalid record, in one line and exit status 1;
never a traceback.
"""

from __future__ import annotations

import json
import os
import random
import re
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, NoReturn

import typer

from atout.cards import Card, CardSet
from atout.cli_common import (
    UserError,
    _,
    check_players,
    check_seed,
    count_option,
    is_terminal,
    no_options_before_merge,
    plain_values_fast,
    plot_path,
    processes_option,
    progress,
)
from atout.dealing import FAULT_KINDS, Deal, FaultKind, Phase
from atout.describe import describe_deal
from atout.errors import AtoutError, IllegalActionError
from atout.i18n import N_, reader_language, said
from atout.match import Match
from atout.randomness import make_rng, seed_for
from atout.reasons import render
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


Players = Annotated[int, typer.Option("--players", "-p", help="Number of players: 3, 4 or 5.")]
English = Annotated[
    bool, typer.Option("--english", help="English card names (K Q N J) instead of R D C V.")
]


MAX_COUNT = 10**9
MAX_DEALS = 10**12
MAX_HAND_DEALS = 1_000_000


def _record_limit() -> int:
    """The size in bytes above which a file is not read as a record."""
    from atout import record

    return int(getattr(record, "MAX_RECORD_BYTES", 64 * 2**20))


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[bool, typer.Option("--version", help="Print atout's version.")] = False,
) -> None:
    """French Tarot by the official rules of the Fédération Française de Tarot.

    atout play: a match at the terminal; atout deal: a deal told step by step;
    atout stats: how often does …; atout replay: check a game record.
    """
    if version:
        from atout import __version__

        typer.echo(f"atout {__version__}")
        raise typer.Exit(0)


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
        raise UserError(
            _(
                "--fault {text!r:.60}: unknown fault; expected {faults}",
                text=text,
                faults=_FAULT_HELP,
            )
        )
    needs = {"misdeal": (0,), "chien_count": (0,), "card_exposed": (1, 2), "early_pickup": (1,)}
    if len(rest) not in needs[kind]:
        raise UserError(_("--fault {text!r:.60}: expected {faults}", text=text, faults=_FAULT_HELP))
    by = _seat(rest[0], variant, f"--fault {text!r:.60}") if rest else None
    card = _card(rest[1], f"--fault {text!r:.60}") if len(rest) == 2 else None
    return FaultSpec(kind, by, card)


def _seat(text: str, variant: Variant, option: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) >= variant.players:
        raise UserError(
            _(
                "{option}: {text!r:.20} is not a seat (0 … {last})",
                option=option,
                text=text,
                last=variant.players - 1,
            )
        )
    return int(text)


def _cards(text: str, option: str) -> CardSet:
    try:
        return CardSet.parse(text)
    except AtoutError as error:
        raise UserError(_("{option}: {error}", option=option, error=error)) from None


def _card(text: str, option: str) -> Card:
    try:
        return Card.parse(text)
    except AtoutError as error:
        raise UserError(_("{option}: {error}", option=option, error=error)) from None


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
    players: Players = 4,
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
        bool,
        typer.Option("--json", help="Print one atout.deal/1 record (docs/reference/formats.md)."),
    ] = False,
    count: Annotated[
        int, typer.Option(help=f"How many deals (each independent), 1 … {MAX_COUNT:_}.")
    ] = 1,
    jsonl: Annotated[
        bool, typer.Option("--jsonl", help="One atout.deal/1 record a line; with --count.")
    ] = False,
    fault: Annotated[
        str | None,
        typer.Option(
            help=f"Make a fault happen during the deal and show what follows: {_FAULT_HELP}."
        ),
    ] = None,
    english: English = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="The language of the telling, fr or en (default: the reader's language, "
            "from LC_ALL or LANG).",
        ),
    ] = None,
) -> None:
    """Deal the cards as La Donne says and show every step.

    The draw for the first dealer (unless --dealer), the shuffle by the player opposite
    the dealer, the cut by his left neighbour, the packets counter-clockwise with the
    chien built card by card, the hands, the chien, a Petit sec if there is one, who
    speaks first, who leads and who deals next. The cut depth (4 … 74) and the chien
    placement are chosen uniformly among the legal ones.
    """
    variant = check_players(players)
    if dealer is not None and not 0 <= dealer < players:
        raise UserError(
            _(
                "--dealer {dealer}: seats are 0 … {last} with {players} players",
                dealer=dealer,
                last=players - 1,
                players=players,
            )
        )
    if count < 1:
        raise UserError(_("--count {count}: give a number of deals ≥ 1", count=count))
    if count > MAX_COUNT:
        raise UserError(
            _("--count {count}: give a number of deals ≤ {most:_}", count=count, most=MAX_COUNT)
        )
    check_seed(seed, count - 1)
    if as_json and (jsonl or count > 1):
        raise UserError(
            _(
                "--json prints one record; use --jsonl for several (--count N --jsonl)",
            )
        )
    spec = _parse_fault(fault, variant) if fault is not None else None
    if spec and (as_json or jsonl):
        raise UserError(
            _(
                "--fault tells a deal for people; atout.deal/1 records hold no faults",
            )
        )
    if english and (as_json or jsonl):
        raise UserError(
            _(
                "--english names cards for people; records hold canonical cards (KS, T21)",
            )
        )
    language = _language(lang)
    cards = "en" if english else "fr"
    rules = Rules()
    with progress(count, jsonl) as advance:
        for i in range(count):
            deal_seed = seed_for(seed, i)
            rng = make_rng(deal_seed)
            if spec:
                deals = _deal_with_fault(variant, rules, rng, dealer, spec)
                _print_deals(deals, language, cards)
                continue
            one = Deal.automatic(variant, rules, rng, dealer)
            if as_json or jsonl:
                record = deal_record(one, deal_seed)
                typer.echo(json.dumps(record, ensure_ascii=False, indent=2 if as_json else None))
            else:
                if count > 1:
                    typer.echo(said(language, "── Deal {n} of {count} ──", n=i + 1, count=count))
                typer.echo("\n".join(describe_deal(one, language, cards=cards)))
            if advance:
                advance(1)


@app.command()
def play(
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bots in every seat, of this level (heuristic or random): a match between "
            "bots, told donne by donne (or --json)."
        ),
    ] = None,
    level: Annotated[
        str | None,
        typer.Option(
            help="The bots' level, heuristic (the default) or random: at the table, or with --auto."
        ),
    ] = None,
    players: Players = 4,
    deals: Annotated[
        int,
        typer.Option(help=f"How many donnes the match lasts (void ones count), 1 … {MAX_COUNT:_}."),
    ] = 5,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for a reproducible match (≥ 0); without it, the secure source."),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print one atout.game/1 record (docs/reference/formats.md)."),
    ] = False,
    english: English = False,
    auto: Annotated[
        bool,
        typer.Option(
            "--auto", help="Bots in every seat, of the --level (the default off a terminal)."
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
    bots (--bots LEVEL, --auto, --json, or output not a terminal) each donne is dealt
    as La Donne says, bid, the chien taken and the écart made, played trick by trick
    and scored by the FFT rules; the totals follow.
    """
    from atout.bots import BOTS

    variant = check_players(players)
    for option, value in (("--bots", bots), ("--level", level)):
        if value is not None and value not in BOTS:
            raise UserError(
                _(
                    "{option} {value!r:.40}: choose one of {choices}",
                    option=option,
                    value=value,
                    choices=", ".join(BOTS),
                )
            )
    if deals < 1:
        raise UserError(_("--deals {deals}: give a number of donnes ≥ 1", deals=deals))
    if deals > MAX_COUNT:
        raise UserError(
            _("--deals {deals}: give a number of donnes ≤ {most:_}", deals=deals, most=MAX_COUNT)
        )
    check_seed(seed)
    at_table = bots is None and not (as_json or auto) and is_terminal(sys.stdin, sys.stdout)
    _check_play_options(bots, level, as_json, english, at_table, resume, no_animation)
    lang = "en" if english else "fr"
    if at_table:
        from atout.tui.app import run
        from atout.tui.session import Settings

        settings = Settings(players, level or "heuristic", deals, not no_animation, lang)
        run(settings, seed, resume)
        return
    if bots is None and not (as_json or auto):
        print(
            _(
                "atout play: standard input or output is not a terminal, so no table opens; "
                "here is a match between bots instead (--bots LEVEL or --auto asks for it "
                "without this note)."
            ),
            file=sys.stderr,
        )
    _play_bots(variant, bots or level or "heuristic", deals, seed, as_json, reader_language(), lang)


def _check_play_options(
    bots: str | None, level: str | None, as_json: bool, english: bool, at_table: bool,
    resume: bool, no_animation: bool,
) -> None:  # fmt: skip
    """Refuse options that would do nothing with the others given."""
    if bots is not None and level is not None:
        raise UserError(
            _(
                "--level goes with the table or --auto; with --bots the level is {bots}",
                bots=bots,
            )
        )
    if as_json and english:
        raise UserError(
            _(
                "--english names cards for people; records hold canonical cards (KS, T21)",
            )
        )
    for option, given in (("--resume", resume), ("--no-animation", no_animation)):
        if given and not at_table:
            raise UserError(
                _(
                    "{option} goes with the table: `atout play` in a terminal, without "
                    "--bots, --auto or --json",
                    option=option,
                )
            )


def _play_bots(
    variant: Variant, level: str, deals: int, seed: int | None, as_json: bool, lang: str,
    cards: str,
) -> None:  # fmt: skip
    """A match between bots, written donne by donne as it is played, in ``lang`` with
    the cards named in ``cards``."""
    from atout.bots import BOTS, iter_match
    from atout.describe import describe_donne

    master = make_rng(seed)
    deal_rng = random.Random(master.getrandbits(64))
    agents = [BOTS[level](random.Random(master.getrandbits(64))) for _ in range(variant.players)]
    match = Match(variant, keep=False)
    played = iter_match(match, agents, deals, deal_rng)
    if as_json:
        for text in stream_game(played, [f"bot:{level}"] * variant.players, seed):
            typer.echo(text, nl=False)
        typer.echo()
        return
    for number, donne in enumerate(played, 1):
        typer.echo("\n".join(describe_donne(donne, number, lang, cards)))
        typer.echo(said(lang, "  Totals: {totals}", totals=match.totals()))
    totals = match.totals()
    standings = sorted(range(variant.players), key=lambda s: -totals[s])
    each = ", ".join(
        said(lang, "seat {seat} {total:+d}", seat=s, total=totals[s]) for s in standings
    )
    typer.echo(said(lang, "Final totals: {totals}", totals=each))


def stream_game(donnes: Iterable[Donne], seats: list[str], seed: int | None) -> Iterator[str]:
    """The text of ``json.dumps(game_record(donnes, seats, seed), ensure_ascii=False)``
    in pieces, one a donne as it comes: the header, each donne, then the totals."""
    from atout.record import GAME_FORMAT, donne_record
    from atout.scoring import add_marks

    head = {"format": GAME_FORMAT, "players": len(seats), "seed": seed, "seats": seats}
    yield json.dumps(head, ensure_ascii=False)[:-1] + ', "donnes": ['
    totals: tuple[int, ...] = (0,) * len(seats)
    for number, donne in enumerate(donnes):
        yield (", " if number else "") + json.dumps(donne_record(donne), ensure_ascii=False)
        totals = add_marks(totals, donne.returns())
    yield f'], "totals": {json.dumps(list(totals))}}}'


@app.command()
def replay(
    context: typer.Context,
    file: Annotated[
        str | None,
        typer.Argument(
            metavar="FILE",
            help="An atout.game/1 record file, or - for standard input (the default when "
            "it is not a terminal).",
        ),
    ] = None,
) -> None:
    """Re-play a game record: check every action against the rules and every result
    against the scoring, and report the first difference with its rule id (exit status
    1). A record is a regular file of at most 64 MiB of UTF-8 JSON. A score sheet of the
    table companion (hands_known: false) is checked by entering the evening again, and
    its sheet is printed."""
    from atout.errors import InvalidRecordError
    from atout.record import loads_game

    if file is None and is_terminal(sys.stdin):
        typer.echo(context.get_help(), err=True)
        raise typer.Exit(2)
    if file == "":  # an unset shell variable: not standard input, which is only -
        raise UserError(
            _(
                "'': no such file (an empty name); give a record file, or - for stdin",
            )
        )
    name = "-" if file is None else file
    text = _read_record(name)
    if '"hands_known"' in text and _replay_score_sheet(name, text):
        return
    try:
        donnes, data = loads_game(text)
    except InvalidRecordError as error:
        _invalid_record(name, str(error))
    played = sum(1 for d in donnes if d.result is not None)
    typer.echo(
        _(
            "{count} donnes replayed ({played} played, {void} void): every action follows "
            "the rules and every result the scoring. Totals: {totals}.",
            count=len(donnes),
            played=played,
            void=len(donnes) - played,
            totals=data["totals"],
        )
    )


def _replay_score_sheet(name: str, text: str) -> bool:
    """Check a score sheet of the table companion (its donnes say ``hands_known:
    false``) by entering the evening again, and print its sheet; ``False`` when the
    record is not a score sheet."""
    from atout.companion import is_score_sheet, read_evening, sheet_lines
    from atout.errors import InvalidRecordError
    from atout.record import decode, rules_record

    try:
        if not is_score_sheet(decode(text)):
            return False
        evening = read_evening(text)
    except InvalidRecordError as error:
        _invalid_record(name, str(error))
    for line in sheet_lines(evening):
        typer.echo(line)
    done = evening.finished()
    played = sum(1 for sheet in done if sheet.result is not None)
    settings = rules_record(evening.rules)
    changed = ", ".join(f"{key}={json.dumps(value)}" for key, value in settings.items())
    rules = _("the FFT's but {settings}", settings=changed) if settings else _("the FFT's")
    typer.echo(
        _(
            "{count} donnes checked ({played} played, {void} void), a score sheet of the "
            "table companion: the cards were not entered, so no card is replayed; the "
            "dealers, the bans, the faults and every result follow the rules and the "
            "scoring ({rules}). Totals: {totals}.",
            count=len(done),
            played=played,
            void=len(done) - played,
            rules=rules,
            totals=evening.totals(),
        )
    )
    return True


@app.command()
def verify(
    context: typer.Context,
    file: Annotated[
        str | None,
        typer.Argument(
            metavar="RECORD",
            help="An atout.game/1 record file, or - for standard input (the default when "
            "it is not a terminal).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The verdicts as JSON.")] = False,
    consecutive: Annotated[
        bool,
        typer.Option(
            "--consecutive-chien-cards",
            help="The table let two chien cards follow each other (D8 ⚙).",
        ),
    ] = False,
) -> None:
    """Check the verifiable deal of each donne of a game record: the revealed secret
    matches the commitment, and the shuffle and the chien cards are the ones the secret
    and the players' contributions derive. Exit status 0 when every donne with a
    commitment is verified, 1 when one is not, 2 when the record cannot be read or no
    donne has a commitment."""
    from atout.errors import InvalidRecordError
    from atout.fairness import verify_game

    if file is None and is_terminal(sys.stdin):
        typer.echo(context.get_help(), err=True)
        raise typer.Exit(2)
    if file == "":
        raise UserError(
            _(
                "'': no such file (an empty name); give a record file, or - for stdin",
            )
        )
    name = "-" if file is None else file
    try:
        text = _read_record(name)
        verdicts = verify_game(text, Rules(consecutive_chien_cards=consecutive))
    except typer.Exit:  # _read_record said why: unreadable input is status 2 here
        raise typer.Exit(2) from None
    except InvalidRecordError as error:
        why = _record_mistake(" ".join(str(error).splitlines()))
        typer.echo(_("atout: {name}: {why}", name=name, why=why), err=True)
        raise typer.Exit(2) from None
    failed = sum(1 for v in verdicts if v.status == "failed")
    verified = sum(1 for v in verdicts if v.ok)
    code = 1 if failed else 0 if verified else 2
    if as_json:
        rows = [v._asdict() | {"contributions": list(v.contributions)} for v in verdicts]
        summary = {"verified": verified, "failed": failed, "donnes": len(verdicts)}
        typer.echo(json.dumps({"verdicts": rows, **summary, "ok": code == 0}, ensure_ascii=False))
    else:
        for verdict in verdicts:
            typer.echo(verdict.line())
        none = len(verdicts) - verified - failed
        typer.echo(
            f"{verified} of {len(verdicts)} donnes verified, {failed} not verified, "
            f"{none} without a commitment."
        )
    if code == 2 and not as_json:
        typer.echo(
            _("atout: {name}: no donne has a commitment: nothing to verify", name=name), err=True
        )
    raise typer.Exit(code)


_RECORD_FRAMES = (
    (r"not JSON \((?P<why>.*): line (?P<line>\d+) column (?P<column>\d+)\)", N_(
        "not JSON ({why}: line {line} column {column})")),
    (r"not JSON \((?P<why>.*)\)", N_("not JSON ({why})")),
    (r"not UTF-8 \((?P<why>.*) at byte (?P<byte>\d+)\)", N_("not UTF-8 ({why} at byte {byte})")),
    (r"larger than (?P<size>\d+) MiB", N_("larger than {size} MiB")),
    (r"more than (?P<count>[\d,]+) lists and objects", N_("more than {count} lists and objects")),
    (r"nesting deeper than (?P<depth>\d+) levels", N_("nesting deeper than {depth} levels")),
)  # fmt: skip
"""The frames of the record reader's mistakes about the text itself (:func:`atout.record.
decode`), said again in the reader's language with the same values."""
_JSON_MISTAKES = (
    N_("Expecting value"),
    N_("Extra data"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("invalid continuation byte"),
    N_("invalid start byte"),
    N_("unexpected end of data"),
)
"""What Python's JSON and UTF-8 decoders say of a text most often."""


def _record_mistake(message: str) -> str:
    """``message`` of the record reader in the reader's language when it is one of
    :data:`_RECORD_FRAMES` (the others are said as they are)."""
    for pattern, frame in _RECORD_FRAMES:
        found = re.fullmatch(pattern, message)
        if found:
            values = found.groupdict()
            if "why" in values and values["why"] in _JSON_MISTAKES:
                values["why"] = _(values["why"])
            return _(frame, **values)
    return message


def _invalid_record(name: str, message: str) -> NoReturn:
    """Say why ``name`` is not a valid record and end with exit status 1."""
    why = _record_mistake(" ".join(message.splitlines()))
    typer.echo(_("atout: {name}: {why}", name=name, why=why), err=True)
    raise typer.Exit(1)


def _read_record(name: str) -> str:
    """The text of a record file (``-``: standard input), read only when it is a regular
    file (or a stream) of at most the record limit."""
    limit = _record_limit()
    data = _read_stdin(limit) if name == "-" else _read_file(name, limit)
    if len(data) > limit:
        _invalid_record(name, f"larger than {limit:,} bytes, the limit of a record")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        _invalid_record(
            name,
            f"not UTF-8 text (byte {error.start}); a record is JSON (docs/reference/formats.md)",
        )


def _read_stdin(limit: int) -> bytes:
    if sys.stdin is None:
        raise UserError(_("-: standard input is closed; give a record file"))
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return sys.stdin.read(limit + 1).encode("utf-8")
    data = stream.read(limit + 1)
    return data if isinstance(data, bytes) else bytes(data)


def _read_file(name: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of a regular file; never waits on a FIFO or device."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(name, flags | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise UserError(
            _("{name}: cannot read it ({reason})", name=name, reason=error.strerror)
        ) from None
    try:
        _check_record_file(name, os.fstat(descriptor), limit)
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            return handle.read(limit + 1)
    except OSError as error:
        raise UserError(
            _("{name}: cannot read it ({reason})", name=name, reason=error.strerror)
        ) from None
    finally:
        os.close(descriptor)


def _check_record_file(name: str, info: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise UserError(_("{name}: a folder; give a record file in it", name=name))
    if not stat.S_ISREG(info.st_mode):
        raise UserError(
            _(
                "{name}: not a regular file (a device, FIFO or socket); give a "
                "record file, or - to read standard input",
                name=name,
            )
        )
    if info.st_size > limit:
        _invalid_record(
            name, f"{info.st_size:,} bytes, larger than {limit:,}, the limit of a record"
        )


def _check_stats_options(
    hand: str | None, chien: str | None, seat: int | None, card: list[str] | None,
    shuffle: str | None, engine: str | None, plot_file: str | None,
) -> None:  # fmt: skip
    """Refuse options that would do nothing with the others given."""
    if hand is None:
        given = {"--chien": chien is not None, "--seat": seat is not None, "--card": bool(card)}
        extra = [option for option, value in given.items() if value]
        if extra:
            raise UserError(
                _(
                    "{option} given: --seat, --chien and --card go with --hand, the seat's hand",
                    option=extra[0],
                )
            )
        return
    alone = {"--plot": plot_file, "--shuffle": shuffle, "--engine": engine}
    extra = [option for option, value in alone.items() if value is not None]
    if extra:
        raise UserError(
            _(
                "{option} does nothing with --hand: the unseen cards are dealt "
                "uniformly and shown as figures",
                option=extra[0],
            )
        )


stats_app = typer.Typer(
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(stats_app, name="stats")


@stats_app.callback()
def stats(
    context: typer.Context,
    players: Players = 4,
    deals: Annotated[
        str,
        typer.Option(
            help="How many deals (underscores allowed: 10_000_000); at most "
            f"{MAX_DEALS:_}, or {MAX_HAND_DEALS:_} with --hand (they are kept in memory)."
        ),
    ] = "1_000_000",
    seed: Annotated[
        int, typer.Option(help="Seed (0 … 2**64 - 1): the same numbers on any machine.")
    ] = 0,
    shuffle: Annotated[
        str | None,
        typer.Option(
            help="uniform (the default), riffle:K (K Gilbert–Shannon–Reeds riffles of the "
            "previous deal's gathered cards) or none (gathered, cut and dealt)."
        ),
    ] = None,
    engine: Annotated[
        str | None,
        typer.Option(help="auto (the default: numba when installed), numba, numpy or python."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    plot_file: Annotated[
        str | None,
        typer.Option(
            "--plot",
            help="Draw the distributions to this file: .png (added when there is no "
            "extension), .svg or .pdf.",
        ),
    ] = None,
    hand: Annotated[
        str | None,
        typer.Option(help='A seat\'s hand, e.g. "T21 T1 EX KS …": deal only the unseen cards.'),
    ] = None,
    chien: Annotated[
        str | None, typer.Option(help="With --hand: the chien, when the seat has seen it.")
    ] = None,
    seat: Annotated[
        int | None, typer.Option(help="With --hand: the seat that holds it (default 0).")
    ] = None,
    card: Annotated[
        list[str] | None,
        typer.Option(help="With --hand: where is this card? (repeatable; default the bouts)"),
    ] = None,
    workers: Annotated[
        str | None,
        typer.Option(
            metavar="N",
            help=f"Deal on this many local processes (1 … {MAX_WORKERS}), one core each: "
            "exactly the numbers of one process.",
        ),
    ] = None,
    shard: Annotated[
        str | None,
        typer.Option(
            metavar="I/N",
            help="Deal only shard I of N of the run and print its raw counts (JSON) for "
            "`atout stats merge`.",
        ),
    ] = None,
    use_ray: Annotated[
        bool,
        typer.Option(
            "--ray",
            help="Deal on a Ray cluster (RAY_ADDRESS, or one started by `ray start` here, "
            "else a local one); RAY_ADDRESS alone does the same. Needs atout[ray].",
        ),
    ] = False,
) -> None:
    """How often does …? Simulate deals by the procedure of `atout deal` and show each
    figure beside its exact value; `atout stats merge SHARD…` adds up shards.

    Petit sec, trumps per hand, poignées, bouts, Kings and given cards in the chien,
    longest suit: simulated value, 99.9 % confidence interval, exact value, and a flag
    (!) where the exact value falls outside the interval. With --hand, the deals keep
    that hand and deal only the unseen cards: how the trumps split, where a card is,
    whether your Kings pass the first round.
    """
    from atout.sim import BLOCK, blocks_of, parse_shuffle
    from atout.sim.parallel import LostShardsError, default_address, run_stats
    from atout.sim.shards import Shard, ShardError, stats_record

    if context.invoked_subcommand is not None:
        no_options_before_merge(context)
        return
    variant = check_players(players)
    check_seed(seed)
    _check_stats_options(hand, chien, seat, card, shuffle, engine, plot_file)
    address = default_address()
    processes = _check_spread_options(hand, workers, shard, use_ray, plot_file)
    if hand is not None:
        count = count_option(deals, "--deals (with --hand)", MAX_HAND_DEALS)
        _stats_given_hand(variant, hand, chien, seat or 0, card or [], count, seed, as_json)
        return
    count = count_option(deals, "--deals", MAX_DEALS)
    try:
        model, riffles = parse_shuffle(shuffle or "uniform")
    except ValueError as error:
        raise UserError(str(error)) from None
    if engine not in (None, "auto", "numba", "numpy", "python"):
        raise UserError(_("--engine {engine!r:.40}: auto, numba, numpy or python", engine=engine))
    piece = Shard.parse(shard) if shard is not None else None
    if piece is not None and piece.of > blocks_of(count):
        most = blocks_of(count)
        raise UserError(
            _(
                "--shard {shard}: {count:,} deals make {most:,} block{s} of "
                "{block:,}, and a shard holds whole blocks: give N ≤ {most:,}",
                shard=shard,
                count=count,
                most=most,
                s="s" * (most > 1),
                block=BLOCK,
            )
        )
    on_ray = use_ray or (address is not None and processes is None)
    path = plot_path(plot_file) if plot_file is not None else None
    first, last = piece.units(blocks_of(count)) if piece else (0, blocks_of(count))
    todo = min(last * BLOCK, count) - first * BLOCK

    def announce(text: str) -> None:
        typer.echo(f"atout: {text}", err=True)

    with progress(todo, True, "dealing") as advance:
        try:
            result, blocks = run_stats(
                players, count, seed, shuffle or "uniform", engine or "auto", workers=processes,
                ray=on_ray, address=address, shard=piece, progress=advance, announce=announce,
            )  # fmt: skip
        except (ShardError, LostShardsError):
            raise
        except ValueError as error:
            raise UserError(str(error)) from None
    if piece is not None:
        typer.echo(json.dumps(stats_record(result, count, piece, blocks)))
        return
    _print_stats(result, as_json, riffles if model == 2 else None)
    if path is not None:
        _plot(result, path, as_json)


@stats_app.command("merge")
def stats_merge(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="SHARD…", help="The shard files of one run (atout stats --shard I/N)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    plot_file: Annotated[
        str | None,
        typer.Option("--plot", help="Draw the distributions to this file (.png, .svg, .pdf)."),
    ] = None,
) -> None:
    """Add up the shards of one run (`atout stats --shard I/N`) into its report: the same
    figures and intervals as the run in one process. Refuses shards of different
    settings, overlapping shards and a run with shards missing."""
    from atout.sim import parse_shuffle
    from atout.sim.shards import merge_stats

    if not files:
        raise UserError(
            _(
                "merge: give the shard files of one run, e.g. atout stats merge s*.json",
            )
        )
    path = plot_path(plot_file) if plot_file is not None else None
    result, shards = merge_stats(files)
    model, riffles = parse_shuffle(result.shuffle)
    _print_stats(result, as_json, riffles if model == 2 else None, [s.piece.name for s in shards])
    if path is not None:
        _plot(result, path, as_json)


MAX_WORKERS = 1024


def _check_spread_options(
    hand: str | None, workers: str | None, shard: str | None, use_ray: bool, plot_file: str | None
) -> int | None:
    """--workers, --shard and --ray: what they may go with; the number of workers."""
    processes = None if workers is None else processes_option(workers, "--workers", MAX_WORKERS)
    given = [name for name, on in (("--workers", workers is not None),
             ("--shard", shard is not None), ("--ray", use_ray)) if on]  # fmt: skip
    if hand is not None and given:
        raise UserError(
            _(
                "{option} does nothing with --hand: its deals are drawn at once in one process",
                option=given[0],
            )
        )
    if workers is not None and use_ray:
        raise UserError(
            _(
                "--workers with --ray: give one; on Ray every CPU of the cluster deals",
            )
        )
    if shard is not None and plot_file is not None:
        raise UserError(
            _(
                "--plot with --shard: a shard is part of a run; plot the whole "
                "with atout stats merge",
            )
        )
    return processes


def _plot(result: Any, path: str, as_json: bool) -> None:
    from atout.sim.report import plot

    try:
        plot(result, path)
    except OSError as error:
        raise UserError(
            _("--plot {path}: cannot write it ({reason})", path=path, reason=error.strerror)
        ) from None
    if not as_json:
        typer.echo(f"Plot written to {path}")


def _progress_to(advance: Callable[[int], None] | None) -> Callable[[int], None] | None:
    """From "this many done so far" to steps of the progress bar."""
    if advance is None:
        return None
    seen = [0]

    def update(done: int) -> None:
        advance(done - seen[0])
        seen[0] = done

    return update


def _print_stats(
    result: Any, as_json: bool, riffles: int | None, merged: list[str] | None = None
) -> None:
    from atout.sim.exact import total_variation_after_riffles as tv
    from atout.sim.report import rows
    from atout.sim.shards import stats_record

    found = rows(result)
    rate = result.deals / result.seconds if result.seconds else float("inf")
    if as_json:
        data = stats_record(result)
        if merged is not None:
            data["merged"] = merged
        if riffles is not None:
            data["total_variation"] = tv(78, riffles)
        typer.echo(json.dumps(data))
        return
    head = f"{result.deals:,} deals, {result.players} players, shuffle {result.shuffle}, seed "
    if merged is not None:
        typer.echo(
            f"{head}{result.seed}: merged from {len(merged)} shards ({result.seconds:.2f} s of "
            f"dealing in all, engine {result.engine})"
        )
    else:
        where = {"local": "", "processes": f", on {result.workers} worker processes",
                 "ray": f", on Ray with {result.workers} CPUs"}[result.backend]  # fmt: skip
        typer.echo(  # the wall time: loading (or compiling) the kernel included
            f"{head}{result.seed}: {result.seconds:.2f} s ({rate:,.0f} deals/s, engine "
            f"{result.engine}){where}"
        )
    if riffles is not None:
        typer.echo(
            f"Total variation to uniform after {riffles} riffles of 78 cards: "
            f"{tv(78, riffles):.3f} (exact)"
        )
    _print_rows(found)


def _print_rows(found: list[Any]) -> None:
    group = None
    typer.echo(f"{'':34} {'simulated':>10} {'99.9 % interval':>21} {'exact':>10}")
    for row in found:
        if row.group != group:
            group = row.group
            typer.echo(group[:1].upper() + group[1:])
        exact = "" if row.exact is None else f"{100 * row.exact:9.4f}%"
        flag = "  !" if row.flagged else ""
        typer.echo(
            f"  {row.name:<32} {100 * row.simulated:9.4f}% [{100 * row.low:8.4f}, "
            f"{100 * row.high:8.4f}] {exact}{flag}"
        )
    flagged = sum(row.flagged for row in found)
    typer.echo(f"{flagged} of {len(found)} figures outside their interval (!)." if flagged else
               f"All {len(found)} figures agree with the exact values.")  # fmt: skip


def _stats_given_hand(
    variant: Variant, hand_text: str, chien_text: str | None, seat: int, cards: list[str],
    count: int, seed: int, as_json: bool,
) -> None:  # fmt: skip
    from atout.sim.conditional import ConditionalSampler
    from atout.sim.report import conditional_rows, default_cards

    if not 0 <= seat < variant.players:
        raise UserError(
            _("--seat {seat}: seats are 0 … {last}", seat=seat, last=variant.players - 1)
        )
    hand = _cards(hand_text, "--hand")
    known = _cards(chien_text, "--chien") if chien_text is not None else None
    sampler = ConditionalSampler(variant.players, seat, hand, known)
    asked = [_card(text, "--card") for text in cards] or default_cards(hand)
    deals = sampler.sample(count, seed)
    found = conditional_rows(sampler, deals, asked)
    if as_json:
        data = {
            "format": "atout.stats/1", "players": variant.players, "deals": count, "seed": seed,
            "seat": seat, "hand": str(hand), "chien": str(known) if known else None,
            "rows": [row.as_json() for row in found],
        }  # fmt: skip
        typer.echo(json.dumps(data))
        return
    typer.echo(
        f"{count:,} deals of the {sampler.unseen_count} unseen cards, "
        f"seat {seat} holding {hand.display()}"
    )
    _print_rows(found)


def _print_deals(deals: list[Deal], lang: str, cards: str) -> None:
    for number, one in enumerate(deals, 1):
        if len(deals) > 1:
            typer.echo(said(lang, "── Deal {n} ──", n=number))
        typer.echo("\n".join(describe_deal(one, lang, cards=cards)))


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="The database: sqlite:///PATH or postgresql+asyncpg://USER@HOST/DATABASE "
            "(default: atout.db in $ATOUT_HOME or the user's data folder).",
        ),
    ] = None,
    max_tables: Annotated[
        int, typer.Option("--max-tables", help="The most open tables the server holds.")
    ] = 1000,
    allowed_hosts: Annotated[
        str | None,
        typer.Option(
            "--allowed-hosts",
            help="The names the server answers to, separated by commas, or * for any "
            "(default: the --host address and localhost).",
        ),
    ] = None,
    unstarted_hours: Annotated[
        float,
        typer.Option("--unstarted-hours", help="Hours after which a table never started expires."),
    ] = 24.0,
    tables_per_hour: Annotated[
        int,
        typer.Option("--tables-per-hour", help="The most tables one address creates in an hour."),
    ] = 20,
) -> None:
    """Serve the web table: a table for friends and bots in the browser, one link per
    seat. One worker; every action is stored before it is acknowledged."""
    from atout.web.server import serve as run_server

    run_server(
        host=host,
        port=port,
        db=db,
        max_tables=max_tables,
        allowed_hosts=allowed_hosts,
        unstarted_hours=unstarted_hours,
        tables_per_hour=tables_per_hour,
    )


def _language(lang: str | None) -> str:
    """The language ``--lang`` names, else the reader's (:func:`atout.i18n.reader_language`:
    French when the first of LC_ALL, LC_MESSAGES, LANG that is set is French)."""
    if lang is not None and lang not in ("fr", "en"):
        raise UserError(_("--lang {lang!r:.20}: choose fr or en", lang=lang))
    return lang or reader_language()


@app.command()
def rules(
    rule_id: Annotated[
        str | None, typer.Argument(metavar="[ID]", help="A rule id such as D5 (any case).")
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="fr or en (default: the reader's language, from LC_ALL, LC_MESSAGES or LANG).",
        ),
    ] = None,
) -> None:
    """The rules of French Tarot: every rule id and title by chapter, or one rule's
    text, settings (⚙) and examples (docs/reference/rules.md)."""
    from atout import rulebook

    language = _language(lang)
    if rule_id is not None:
        if rule_id.strip().upper() not in {r.id for r in rulebook.rules()}:
            spans = ", ".join(f"{c.rules[0]}–{c.rules[-1]}" for c in rulebook.chapters())
            raise UserError(
                said(
                    language,
                    "no rule {rule!r}: the rules are {spans}",
                    rule=rule_id[:20],
                    spans=spans,
                )
            )
        typer.echo(rulebook.render_rule(rule_id, language))
        return
    title, text = rulebook.introduction()
    lines = [said(language, "{title}: {text}", title=title(language), text=text(language))]
    for chapter in rulebook.chapters():
        lines += ["", chapter.title(language)]
        lines += [f"  {i:<4} {rulebook.rule(i).title(language)}" for i in chapter.rules]
    typer.echo("\n".join(lines))


from atout.cli_arena import arena_app  # noqa: E402  (its own module: duplicate matches of bots)

app.add_typer(arena_app, name="arena")


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command, turning every user mistake into one line."""
    command = typer.main.get_command(app)
    plain_values_fast(command)
    try:
        code = command.main(args=argv, prog_name="atout", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except (UserError, AtoutError) as error:
        _fail(_said(error))
    except typer.Exit as exit_:
        sys.exit(exit_.exit_code)
    except typer.Abort:
        typer.echo(_("atout: interrupted"), err=True)
        sys.exit(130)
    except typer.TyperException as error:  # the command line itself: bad option or value
        context = getattr(error, "ctx", None)
        if type(error).__name__ == "NoArgsIsHelpError" and context is not None:
            typer.echo(context.get_help(), err=True)
            sys.exit(2)
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        if type(error).__name__ == "NoSuchOption":  # Click's own words: said in ours
            message = _("No such option: {option}", option=getattr(error, "option_name", ""))
            near = sorted(getattr(error, "possibilities", None) or ())
            if len(near) == 1:
                message += " " + _("Did you mean {option}?", option=near[0])
            elif near:
                message += " " + _("(Possible options: {options})", options=", ".join(near))
        message = " ".join(str(message).split())
        _fail(message)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)
    except OSError as error:
        where = f": {error.filename}" if error.filename else ""
        why = f"{error.strerror or error}{where}"
        typer.echo(_("atout: error: {why}", why=why), err=True)
        sys.exit(1)


def _said(error: Exception) -> str:
    """The one line for ``error``: a refusal of the rules in the reader's language (in
    English, as the rules' record notation writes the cards: ``KS``), anything else as
    it is."""
    if not isinstance(error, IllegalActionError):
        return str(error)
    lang = reader_language()
    return str(error) if lang == "en" else render(error.reason, lang, with_rule=True)


def _fail(message: str) -> None:
    typer.echo(_("atout: error: {why}", why=" ".join(message.splitlines())), err=True)
    sys.exit(2)


if __name__ == "__main__":
    main()
