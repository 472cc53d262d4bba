"""Every face explains a score from the one breakdown (atout.scoring.Breakdown): the
terminal's result panel, ``atout deal``'s account, the companion's page, PDF rows and
CSV, and the web table's formatter. In each face and language the terms printed add
up to the score printed, and to the engine's."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.bidding import Contract
from atout.companion import Evening
from atout.describe import describe_donne, describe_result
from atout.i18n import gettext, translations
from atout.match import Match
from atout.score_text import number, score_bonuses, score_equation, score_lines
from atout.scoring import POIGNEE_BONUS, Result, chelem_value, score
from atout.session.table import SheetRow
from atout.session.view import observation_json
from atout.state import Bid, ChelemDecision, Donne, PoigneeShown
from atout.table import Rules, Variant
from atout.tui.app import bonus_text, result_text
from atout.tui.session import Settings, TableSession
from atout.tui.words import Seats
from atout.web.companion import detail_rows
from tests.test_companion_agreement import entry_of, play

NODE = shutil.which("node")

QUIET = Settings(animate=False, speed="fast", pause=0, ui="en")


def _score_line(text: str) -> str:
    return next(line for line in text.splitlines() if "(S3)" in line)


def _sum_of_terms(line: str) -> tuple[int, int]:
    """The terms of a printed S3 sum, added up, and the total printed after ``=``."""
    left, _, right = line.rpartition("=")
    multiplied = re.search(r"(-?)\((25(?: [+-] ?\d+)+[^)]*)\) × (\d+)", left)
    assert multiplied, line
    inside = sum(int(n.replace(" ", "")) for n in re.findall(r"[+-]? ?\d+", multiplied[2]))
    total = (-1 if multiplied[1] else 1) * inside * int(multiplied[3])
    rest = left[multiplied.end() :]
    total += sum(int(n.replace(" ", "")) for n in re.findall(r"[+-] \d+", rest))
    return total, int(right.split()[0])


def test_the_result_panel_multiplies_the_petit_au_bout() -> None:
    """A Garde with 50 points, 2 bouts and the petit au bout: (25 + 9) × 2 + 20 = 88,
    and every term the panel prints adds up to the 88 it prints."""
    session = TableSession(QUIET, 1)
    session.new_donne()
    result = score(players=4, taker=0, partner=None, contract=Contract.GARDE,
                   taker_half_points=100, bouts=2, petit_au_bout=10, poignee=0,
                   chelem=0)  # fmt: skip
    assert result.score == 88
    row = SheetRow(1, 0, None, 0, "garde", None, None, result, result.marks)
    obs = session.observation()._replace(sheet=(row,))
    for ui in ("en", "fr"):
        text = str(result_text(session, obs, Seats(0, 4, ui)))
        printed, total = _sum_of_terms(_score_line(text))
        assert (printed, total) == (88, 88), text


# -- the property: every face, both languages, the terms add up --------------------------

ROOT = Path(__file__).resolve().parent.parent
SCORE_JS = ROOT / "src" / "atout" / "web" / "static" / "score.js"
LANGS = ("fr", "en")
SUM = re.compile(r"^(-?)\(25 \+ (\d+)\) × (\d+)((?: [+-] \d+ \([^()]+\))*) = ([+-]\d+)$")
TERM = re.compile(r" ([+-]) (\d+) \(([^()]+)\)")
SESSION = TableSession(QUIET, 1)
SESSION.new_donne()


def equation_sum(text: str, lang: str) -> int:
    """The score a printed S3 sum ends with, once its terms are checked to add up to it
    and to be named in ``lang``."""
    found = SUM.match(text)
    assert found, text
    sign = -1 if found[1] else 1
    total = sign * (25 + int(found[2])) * int(found[3])
    for plus, value, name in TERM.findall(found[4]):
        assert name == gettext(lang, name) and name in ("petit au bout", "poignée", "chelem")
        total += int(value) if plus == "+" else -int(value)
    assert total == int(found[5]), text
    return total


def _signed(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found, (pattern, text)
    return int(found[1])


def lines_sum(lines: list[tuple[str, str]], result: Result, lang: str) -> None:
    """The explanation line by line: the contract's part, the petit au bout, the
    poignée and the chelem add up to the score line, which is the engine's score; the
    S4 line gives the taker's and the defenders' marks."""
    colon = " :" if lang == "fr" else ":"
    terms = []
    printed = None
    for rule, text in lines:
        assert (r"\d\.\d" if lang == "fr" else r"\d,\d") not in text
        assert not re.search(r"\d\.\d" if lang == "fr" else r"\d,\d", text), text
        if rule == "S3" and text.startswith(("(25", "-(25")):
            found = re.fullmatch(r"(-?)\(25 \+ (\d+)\) × (\d+) = ([+-]\d+)", text)
            assert found, text
            value = (-1 if found[1] else 1) * (25 + int(found[2])) * int(found[3])
            assert value == int(found[4])
            terms.append(value)
        elif rule == "A5":
            terms.append(_signed(r"(?:=|\)|" + colon + r") ([+-]\d+)", text))
        elif rule == "A3":
            terms.append(0 if text.endswith(colon + " 0") else _signed(colon + r" ([+-]\d+)", text))
        elif rule == "A4":
            terms.append(_signed(colon + r" ([+-]\d+),", text))
        elif rule == "S3" and "S =" in text:
            printed = _signed(r"S = ([+-]\d+)$", text)
        elif rule == "S4":
            taker = max(result.marks) if result.score >= 0 else min(result.marks)
            assert f"{taker:+d}" in text and f"{-result.score:+d}" in text, text
    assert printed is not None and sum(terms) == printed == result.score, lines


def check_breakdown(result: Result) -> None:
    b = result.breakdown
    assert sum(b.terms) == b.score == result.score
    assert tuple(s.marks for s in b.shares) == result.marks and sum(result.marks) == 0
    assert (b.points, b.bouts, b.made, b.difference) == (
        result.points,
        result.bouts,
        result.made,
        result.difference,
    )


def check_terminal(result: Result, players: int, taker: int, contract: str) -> None:
    row = SheetRow(1, 0, None, taker, contract, None, None, result, result.marks)
    obs = SESSION.observation()._replace(sheet=(row,), players=players)
    for ui in LANGS:
        text = str(result_text(SESSION, obs, Seats(0, players, ui)))
        line = _score_line(text)
        assert equation_sum(line.split("(S3)")[1].lstrip(" :"), ui) == result.score
        if ui == "fr":
            assert "Vous a " not in text and not re.search(r"\d\.\d", text), text
        else:
            assert not re.search(r"\d,\d", text), text
        for mark in result.marks:
            assert f"{mark:+d}" in text
    assert bonus_text(row) == score_bonuses(result.breakdown)
    letters = dict(re.findall(r"([bpc])([+-]\d+)", bonus_text(row)))
    b = result.breakdown
    assert sum(map(int, letters.values())) == b.petit_au_bout + b.poignee + b.chelem


def run_score_js(breakdowns: list[dict[str, Any]]) -> list[str]:
    """score.js's ``scoreSum`` of each breakdown, in French then in English (node)."""
    catalogues = {lang: translations(lang) for lang in LANGS}
    script = (
        f"import {{ scoreSum }} from {json.dumps(SCORE_JS.as_uri())};\n"
        "const input = JSON.parse(require_stdin());\n"
        "const out = [];\n"
        "for (const b of input.breakdowns) for (const lang of ['fr', 'en']) {\n"
        "  const messages = input.catalogues[lang];\n"
        "  out.push(scoreSum(b, (m) => (m in messages ? messages[m] : m)));\n"
        "}\n"
        "process.stdout.write(JSON.stringify(out));\n"
    )
    script = script.replace("require_stdin()", "(await import('node:fs')).readFileSync(0, 'utf8')")
    done = subprocess.run(
        [NODE or "node", "--input-type=module", "-e", script],
        input=json.dumps({"breakdowns": breakdowns, "catalogues": catalogues}),
        capture_output=True,
        text=True,
        check=True,
    )
    out: list[str] = json.loads(done.stdout)
    return out


def check_web(results: list[Result]) -> None:
    if NODE is None:  # pragma: no cover - node is on the test machines
        pytest.skip("needs node")
    sums = run_score_js([r.breakdown.as_json() for r in results])
    for index, result in enumerate(results):
        for offset, lang in enumerate(LANGS):
            text = sums[2 * index + offset]
            assert text == score_equation(result.breakdown, lang)
            assert equation_sum(text, lang) == result.score


def play_randomly(donne: Donne, rng: random.Random) -> None:
    """Random legal actions: poignées shown and chelems announced often, passes less."""
    while not donne.is_terminal():
        actions = donne.legal_actions()
        poignees = [a for a in actions if isinstance(a, PoigneeShown)]
        chelems = [a for a in actions if isinstance(a, ChelemDecision) and a.announce]
        passes = [a for a in actions if isinstance(a, Bid) and a.contract is None]
        if poignees and rng.random() < 0.8:
            donne.apply_action(rng.choice(poignees))
        elif chelems and rng.random() < 0.3:
            donne.apply_action(chelems[0])
        elif passes and rng.random() < 0.4:
            donne.apply_action(passes[0])
        else:
            donne.apply_action(rng.choice(actions))


RULES = st.builds(
    Rules,
    five_player_split=st.sampled_from(["2:1", "1.5:1.5"]),
    poignee_goes=st.sampled_from(["winning_camp", "attack_if_made"]),
    poignee_multiplied=st.booleans(),
    petit_au_bout_multiplied=st.booleans(),
    defence_chelem_bonus=st.booleans(),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from([3, 4, 5]), st.integers(1, 3), RULES)
def test_every_face_adds_up_in_both_languages(
    seed: int, players: int, count: int, rules: Rules
) -> None:
    """Random whole donnes of 3, 4 and 5 players under random ⚙ scoring settings, told
    by ``atout deal``'s account, the terminal's result panel and score sheet, the
    companion's page, PDF rows and CSV, and the web table's score.js: in French and in
    English, the terms printed add up to the score printed, which is the engine's."""
    rng = random.Random(seed)
    match = Match(Variant.for_players(players), rules=rules)
    for _ in range(count):
        deal = match.new_deal()
        deal.run_automatically(rng)
        donne = Donne(deal)
        play_randomly(donne, rng)
        match.donnes.append(donne)
    played = [d for d in match.donnes if d.result is not None]
    for donne in played:
        result = donne.result
        assert result is not None and donne.contract is not None and donne.taker is not None
        check_breakdown(result)
        for lang in LANGS:
            account = describe_donne(donne, 1, lang)
            lines = [tuple(line.strip().split("  ", 1)) for line in account[-len(
                score_lines(result.breakdown, lang, str)):]]  # fmt: skip
            lines_sum([(rule, text) for rule, text in lines], result, lang)
        check_terminal(result, players, donne.taker, donne.contract.value)
    check_web([d.result for d in played if d.result is not None])
    check_companion(match.donnes, players, rules)


def check_companion(donnes: list[Donne], players: int, rules: Rules) -> None:
    evening = Evening(players, rules=rules, profile="maison")
    first = donnes[0].deal
    if first.draws:
        for seat, cards in first.draw_order:
            for card in cards:
                evening.add({"type": "draw", "seat": seat, "card": str(card)})
    else:
        evening.add({"type": "dealer", "seat": first.dealer})
    for donne in donnes:
        evening.add(entry_of(donne))
    for sheet, donne in zip(evening.donnes, donnes, strict=False):
        assert sheet.result == donne.result
        if sheet.result is None:
            continue
        for lang in LANGS:
            lines_sum([(line.rule, line.text(lang)) for line in sheet.lines], sheet.result, lang)
    for lang in LANGS:
        rows = list(csv.reader(io.StringIO(evening.csv(lang))))
        for row, sheet in zip(rows[1:], evening.finished(), strict=True):
            if sheet.result is None:
                assert row[-1] == ""
                continue
            assert int(row[9]) == equation_sum(row[-1], lang) == sheet.result.score
            assert row[7] == number(sheet.result.points, "en")  # a decimal point by commas
        rows = list(csv.reader(io.StringIO(evening.csv(lang, ";")), delimiter=";"))
        for row, sheet in zip(rows[1:], evening.finished(), strict=True):
            if sheet.result is not None:  # a decimal comma by semicolons, as a tableur reads
                assert row[7] == number(sheet.result.points, "fr") and "." not in row[7]
        groups: list[list[tuple[str, str]]] = []
        for bold, text in detail_rows(evening, lang):
            if bold:
                groups.append([])
            else:
                rule, _, said = text.strip().partition("  ")
                groups[-1].append((rule, said))
        for group, sheet in zip(groups, evening.finished(), strict=True):
            if sheet.result is not None:
                lines_sum(group, sheet.result, lang)
        view = evening.view(lang)
        for shown in view["donnes"]:
            if shown["result"] is not None:
                sheet = evening.donnes[shown["number"] - 1]
                assert sheet.result is not None
                lines_sum([(x["rule"], x["text"]) for x in shown["lines"]], sheet.result, lang)


@st.composite
def results(draw: st.DrawFn) -> tuple[Result, int, int, str]:
    """Any score :func:`atout.scoring.score` may give: every contract, points, bouts,
    petit au bout, poignées, chelem and ⚙ scoring setting (the rare ones included)."""
    players = draw(st.sampled_from([3, 4, 5]))
    taker = draw(st.integers(0, players - 1))
    partner = None
    if players == 5:
        partner = draw(st.one_of(st.none(), st.integers(0, 4).filter(lambda s: s != taker)))
    contract = draw(st.sampled_from(list(Contract)))
    levels = st.sampled_from(["simple", "double", "triple"])
    shown = draw(st.lists(st.tuples(st.integers(0, players - 1), levels), max_size=2))
    announced = draw(st.booleans())
    every = draw(st.sampled_from([None, 0, 1]))
    rules = draw(RULES)
    result = score(
        players=players, taker=taker, partner=partner, contract=contract,
        taker_half_points=draw(st.integers(0, 182)), bouts=draw(st.integers(0, 3)),
        petit_au_bout=draw(st.sampled_from([-10, 0, 10])),
        poignee=sum(POIGNEE_BONUS[level] for _, level in shown),
        chelem=chelem_value(announced, every, rules), rules=rules, shown=shown,
        chelem_announced=announced, every_trick=every,
    )  # fmt: skip
    return result, players, taker, contract.value


@settings(max_examples=25, deadline=None)
@given(st.lists(results(), min_size=1, max_size=12))
def test_every_kind_of_score_adds_up_in_both_languages(
    scores: list[tuple[Result, int, int, str]],
) -> None:
    """Scores of every kind (petit au bout either way, poignées to either camp or to
    nobody, chelems made, failed or taken by the defence, half points, each ⚙ setting)
    told by the account, the terminal and score.js add up, in French and in English."""
    for result, players, taker, contract in scores:
        check_breakdown(result)
        for lang in LANGS:
            name = lambda seat: f"J{seat}"  # noqa: E731
            lines_sum(score_lines(result.breakdown, lang, name), result, lang)
            account = [tuple(line.strip().split("  ", 1)) for line in describe_result(result, lang)]
            lines_sum([(rule, text) for rule, text in account], result, lang)
            assert equation_sum(score_equation(result.breakdown, lang), lang) == result.score
        check_terminal(result, players, taker, contract)
    check_web([result for result, *_ in scores])


def test_the_web_table_gets_each_breakdown_as_data() -> None:
    """The observation's score sheet and the donne_scored events carry the breakdown
    (a field added beside the record's ``result``, which stays as it was)."""
    table = play(4, 2)
    view = observation_json(table.observation(0))
    scored = [e for e in table.events_since(0, 0) if e["kind"] == "donne_scored"]
    played = [d for d in table.match.donnes if d.result is not None]
    rows = [row for row in view["sheet"] if row["result"] is not None]
    assert played and len(rows) == len(scored) == len(played)
    for row, event, donne in zip(rows, scored, played, strict=True):
        assert donne.result is not None
        assert row["result"] == event["result"] == donne.result.as_record()
        assert row["breakdown"] == event["breakdown"] == donne.result.breakdown.as_json()
        assert "breakdown" not in row["result"]
    assert [row["totals"] for row in view["sheet"]][-1] == table.match.totals()
