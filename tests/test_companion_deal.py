"""The companion's deal is the real deal by hand (docs/explanation/design.md, "The deal
by hand"): the cut entered goes into the cut operation (D5), every fault is an
operation of the deal's log at its place (D10–D14), and evenings made before still load
and give the same sheet (the files of tests/vectors/companion_main, made by atout before
the deal by hand)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from atout.cards import Card
from atout.companion import Evening, read_evening, sheet_lines
from atout.dealing import (
    ChienCardDealtUnseen,
    Cut,
    CutUnknown,
    FaultRecorded,
    PacketDealtUnseen,
    Phase,
    ShuffledUnseen,
)
from atout.errors import AtoutError
from atout.record import read_rules
from atout.table import Rules

NAMES = ("Anne", "Bruno", "Chloé", "David")
VECTORS = sorted((Path(__file__).parent / "vectors" / "companion_main").glob("*.json"))
COMPANION = Path(__file__).parents[1] / "src" / "atout" / "companion"


def evening(*entries: dict[str, Any], penalty: int = 0) -> Evening:
    e = Evening(4, NAMES, Rules(early_pickup_penalty=penalty))
    e.add({"type": "dealer", "seat": 0})
    for entry in entries:
        e.add(entry)
    return e


def refused(e: Evening, entry: dict[str, Any]) -> AtoutError:
    with pytest.raises(AtoutError) as refusal:
        e.add(entry)
    return refusal.value


def steps(e: Evening, donne: int = 0) -> list[type]:
    return [type(op) for op in e.donnes[donne].deal.operations]


# -- old evenings ---------------------------------------------------------------------


def as_made_before(sheet: str) -> str:
    """The CSV without its column ``by`` (the Petit sec's holder, the player at fault of
    a void donne), which came after the vectors were made; the rest is compared whole."""
    rows = list(csv.reader(io.StringIO(sheet)))
    assert rows[0][3] == "by"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([row[:3] + row[4:] for row in rows])
    return out.getvalue()


def _card_as_before(match: re.Match[str]) -> str:
    """A fault's card as it was written before it was named: ``(QH)``, ``(T7)``."""
    text = match.group(1).removeprefix("trump ").replace("the Excuse", "Ex")
    return f" ({Card.parse(text)})"


def as_said_before(lines: list[str]) -> list[str]:
    """The sheet's lines with a Petit sec said as before its holder was named, a fault
    as before who erred was named, and the
    contracts by their ids as before they were named (``garde_sans by``)."""
    ids = {
        "Prise": "prise",
        "Garde": "garde",
        "Garde sans": "garde_sans",
        "Garde contre": "garde_contre",
    }
    lines = [re.sub(r"Petit sec: .+? \(D16\)$", "Petit sec (D16)", line) for line in lines]
    lines = [re.sub(r"(: void, [a-z ]+) by [^()]+ (\(D1\d\))$", r"\1 \2", ln) for ln in lines]
    lines = [re.sub(r" \(([^()]+)\)(?=[;\]])", _card_as_before, line) for line in lines]
    said_as = r": (Garde contre|Garde sans|Garde|Prise) by "
    return [re.sub(said_as, lambda m: f": {ids[m.group(1)]} by ", line) for line in lines]


def faults_of(e: Evening) -> list[list[list[Any]]]:
    return [
        [[f.kind, f.by, f.card, f.voids, list(f.barred), f.penalty] for f in s.deal.faults]
        for s in e.donnes
    ]


@pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
def test_an_evening_stored_before_loads_with_the_same_sheet(path: Path) -> None:
    made = json.loads(path.read_text())
    stored = made["stored"]
    rules = read_rules(stored["rules"], stored["players"])
    e = Evening(stored["players"], stored["names"], rules, stored["profile"], stored["entries"])
    assert e.log == stored["entries"]
    assert as_made_before(e.csv("en")) == made["sheet"]
    assert as_said_before(sheet_lines(e)) == made["text"]
    assert faults_of(e) == made["faults"]
    assert e.game_record() == made["record"]
    for sheet in e.donnes:  # each fault the sheet shows is an operation of its deal
        logged = [op for op in sheet.deal.operations if isinstance(op, FaultRecorded)]
        assert logged == [view.fault for view in sheet.faults] == sheet.deal.faults


@pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
def test_a_record_exported_before_reads_back_to_the_same_sheet(path: Path) -> None:
    made = json.loads(path.read_text())
    e = read_evening(json.dumps(made["record"]))
    assert e.game_record() == made["record"]
    finished = [line for line in made["text"] if line[:3].strip().isdigit()]
    assert as_said_before(sheet_lines(e))[: len(finished)] == finished


# -- the cut and the faults as operations --------------------------------------------


def test_D4_D5_the_cut_entered_is_the_cut_of_a_pack_shuffled_by_hand() -> None:
    e = evening({"type": "cut", "k": 17})
    assert e.donnes[0].deal.operations[1:] == [ShuffledUnseen(2), Cut(3, 17)]
    assert e.donnes[0].deal.phase is Phase.DEAL and e.donnes[0].deal.unseen


def test_D11_early_pickup_on_the_deal_as_it_stands_after_a_first_round() -> None:
    e = evening({"type": "fault", "kind": "early_pickup", "by": 2}, penalty=10)
    deal = e.donnes[0].deal
    assert steps(e)[1:3] == [ShuffledUnseen, CutUnknown]
    assert deal.packets_dealt == 4 and deal.chien_count() == 3  # D8: first places
    assert isinstance(deal.operations[-1], FaultRecorded) and deal.faults[0].penalty == 10
    assert e.penalties() == [0, 0, 10, 0]
    e.add({"type": "fault", "kind": "early_pickup", "by": 0})  # it stands: no more packets
    deal = e.donnes[0].deal  # the evening is derived again from its log
    assert deal.packets_dealt == 4 and len(deal.faults) == 2


def test_D11_early_pickup_at_the_packet_the_entry_names() -> None:
    e = evening({"type": "cut", "k": 9}, {"type": "fault", "kind": "early_pickup", "by": 2,
                                         "packets": 2})  # fmt: skip
    deal = e.donnes[0].deal
    assert steps(e)[3:] == [PacketDealtUnseen, ChienCardDealtUnseen, PacketDealtUnseen,
                            FaultRecorded]  # fmt: skip
    assert e.log[-1]["packets"] == 2 and deal.cards_received(2) == 3
    too_soon = refused(e, {"type": "fault", "kind": "early_pickup", "by": 3, "packets": 2})
    assert str(too_soon).startswith("D11") and "David" in str(too_soon)
    past = refused(e, {"type": "fault", "kind": "early_pickup", "by": 1, "packets": 1})
    assert str(past).startswith("D6")
    beyond = refused(e, {"type": "fault", "kind": "misdeal", "packets": 25})
    assert str(beyond).startswith("D6")
    assert len(e.log) == 3 and e.donnes[0].deal.packets_dealt == 2  # nothing refused kept


def test_D5_a_cut_entered_after_a_fault_gives_the_cut_its_depth() -> None:
    e = evening({"type": "fault", "kind": "early_pickup", "by": 1}, {"type": "cut", "k": 50})
    deal = e.donnes[0].deal
    assert Cut(3, 50) in deal.operations and CutUnknown not in steps(e)
    assert deal.cut_k == 50 and deal.packets_dealt == 4 and len(deal.faults) == 1


def test_D10_wrong_chien_count_when_the_chien_is_shown() -> None:
    e = evening({"type": "cut", "k": 30}, {"type": "fault", "kind": "chien_count"})
    deal = e.donnes[0].deal
    assert deal.phase is Phase.VOID and deal.chien_count() == 6
    assert steps(e).count(PacketDealtUnseen) == 24 and e.current is e.donnes[1]


def test_D14_card_exposed_where_the_deal_stands() -> None:
    e = evening({"type": "fault", "kind": "card_exposed", "by": 1, "card": "3H"})
    assert steps(e)[1:] == [FaultRecorded] and e.donnes[0].deal.phase is Phase.SHUFFLE
    e.add({"type": "fault", "kind": "card_exposed", "by": 1, "card": "4H", "packets": 1})
    error = refused(e, {"type": "fault", "kind": "card_exposed", "by": 2, "card": "5H"})
    assert str(error).startswith("D14")  # Chloé has received no packet yet


def test_no_faked_deal_in_the_companion() -> None:
    calls = re.compile(r"\b(shuffle|run_automatically|random\.Random|Random)\(")
    found = [
        f"{path.name}:{number}"
        for path in sorted(COMPANION.glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if calls.search(line)
    ]
    assert found == []
