"""``atout deal``: a deal told step by step as La Donne says, or printed as records
(``atout.deal/1``), with a fault made to happen on demand."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import typer

from atout.cli.common import (
    English,
    Players,
    UserError,
    _,
    card_option,
    check_players,
    check_seed,
    language,
    progress,
)
from atout.i18n import N_

if TYPE_CHECKING:
    from atout.cards import Card
    from atout.dealing import Deal, FaultKind
    from atout.table import Rules, Variant

MAX_COUNT = 10**9

HELP = N_(
    "Deal the cards as La Donne says and show every step.\n\n"
    "The draw for the first dealer (unless --dealer), the shuffle by the player opposite "
    "the dealer, the cut by his left neighbour, the packets counter-clockwise with the "
    "chien built card by card, the hands, the chien, a Petit sec if there is one, who "
    "speaks first, who leads and who deals next. The cut depth (4 … 74) and the chien "
    "placement are chosen uniformly among the legal ones."
)

_FAULT_HELP = (
    "misdeal | chien_count | exposed:SEAT[:CARD] | early_pickup:SEAT "
    "(e.g. exposed:2:KS, exposed:1, early_pickup:3); without CARD, one of the cards "
    "the seat has received"
)

Seed = Annotated[
    int | None,
    typer.Option(
        help=N_(
            "Seed for a reproducible deal (≥ 0). Without it, the OS's secure source; "
            "with --count, deal i uses seed+i."
        )
    ),
]
Dealer = Annotated[
    int | None,
    typer.Option(help=N_("The dealer's seat, 0 … players-1; skips the draw for the dealer.")),
]
Json = Annotated[
    bool,
    typer.Option("--json", help=N_("Print one atout.deal/1 record (docs/reference/formats.md).")),
]
Count = Annotated[
    int, typer.Option(help=N_("How many deals (each independent), 1 … 1_000_000_000."))
]
Jsonl = Annotated[
    bool, typer.Option("--jsonl", help=N_("One atout.deal/1 record a line; with --count."))
]
Fault = Annotated[
    str | None,
    typer.Option(
        help=N_(
            "Make a fault happen during the deal and show what follows: misdeal | "
            "chien_count | exposed:SEAT[:CARD] | early_pickup:SEAT (e.g. exposed:2:KS, "
            "exposed:1, early_pickup:3); without CARD, one of the cards the seat has received."
        )
    ),
]
Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help=N_(
            "The language of the telling, fr or en (default: the reader's language, "
            "from LC_ALL or LANG)."
        ),
    ),
]


def deal(
    players: Players = 4,
    seed: Seed = None,
    dealer: Dealer = None,
    as_json: Json = False,
    count: Count = 1,
    jsonl: Jsonl = False,
    fault: Fault = None,
    english: English = False,
    lang: Lang = None,
) -> None:
    """``atout deal`` (its help: :data:`HELP`)."""
    from atout.randomness import make_rng, seed_for
    from atout.table import Rules

    variant = check_players(players)
    _check_deal_options(players, dealer, count, seed, as_json, jsonl)
    spec = _parse_fault(fault, variant) if fault is not None else None
    if spec and (as_json or jsonl):
        raise UserError(_("--fault tells a deal for people; atout.deal/1 records hold no faults"))
    if english and (as_json or jsonl):
        raise UserError(
            _("--english names cards for people; records hold canonical cards (KS, T21)")
        )
    told = language(lang)
    cards = "en" if english else "fr"
    rules = Rules()
    with progress(count, jsonl) as advance:
        for i in range(count):
            deal_seed = seed_for(seed, i)
            rng = make_rng(deal_seed)
            if spec:
                _print_deals(_deal_with_fault(variant, rules, rng, dealer, spec), told, cards)
            else:
                _tell(variant, rules, rng, dealer, deal_seed, (i, count), as_json or jsonl,
                      as_json, told, cards)  # fmt: skip
            if advance:
                advance(1)


def _check_deal_options(
    players: int, dealer: int | None, count: int, seed: int | None, as_json: bool, jsonl: bool
) -> None:
    """Refuse a dealer who is not at the table, a count out of bounds, a seed out of
    bounds for the last deal, and one record asked for several deals."""
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
        raise UserError(_("--json prints one record; use --jsonl for several (--count N --jsonl)"))


def _tell(
    variant: Variant, rules: Rules, rng: random.Random, dealer: int | None, deal_seed: int | None,
    place: tuple[int, int], as_record: bool, indent: bool, lang: str, cards: str,
) -> None:  # fmt: skip
    """Deal one deal and print it: a record (indented with ``indent``), or told in
    ``lang`` with a heading when it is one of several (``place``: its index, the count)."""
    from atout.dealing import Deal
    from atout.describe import describe_deal
    from atout.i18n import said
    from atout.record import deal_record

    one = Deal.automatic(variant, rules, rng, dealer)
    if as_record:
        record = deal_record(one, deal_seed)
        typer.echo(json.dumps(record, ensure_ascii=False, indent=2 if indent else None))
        return
    index, count = place
    if count > 1:
        typer.echo(said(lang, "── Deal {n} of {count} ──", n=index + 1, count=count))
    typer.echo("\n".join(describe_deal(one, lang, cards=cards)))


@dataclass(frozen=True)
class FaultSpec:
    kind: FaultKind
    by: int | None
    card: Card | None


def _parse_fault(text: str, variant: Variant) -> FaultSpec:
    from atout.dealing import FAULT_KINDS

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
    card = card_option(rest[1], f"--fault {text!r:.60}") if len(rest) == 2 else None
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


def _deal_with_fault(
    variant: Variant, rules: Rules, rng: random.Random, dealer: int | None, fault: FaultSpec
) -> list[Deal]:
    """A deal during which ``fault`` happens, then the redeal if the fault voids it."""
    from atout.dealing import Phase
    from atout.match import Match

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


def _print_deals(deals: list[Deal], lang: str, cards: str) -> None:
    from atout.describe import describe_deal
    from atout.i18n import said

    for number, one in enumerate(deals, 1):
        if len(deals) > 1:
            typer.echo(said(lang, "── Deal {n} ──", n=number))
        typer.echo("\n".join(describe_deal(one, lang, cards=cards)))
