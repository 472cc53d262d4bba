"""The rule book (:mod:`atout.rulebook`, docs/reference/rules.md): every rule id in
French and in English, its ⚙ settings those of :class:`atout.table.Rules`, and the one
source of ``atout rules``, the reference documents and the server's ``/rules`` page."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from atout import rulebook
from atout.bidding import Contract
from atout.errors import AtoutError
from atout.record import RULE_SETTINGS
from atout.scoring import POIGNEE_BONUS, TARGETS
from atout.table import Rules, Variant
from tests.cli_helpers import run

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")  # the test client's notice

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "reference"
EXPECTED_IDS = (
    [f"D{n}" for n in range(1, 20)]
    + [f"B{n}" for n in range(1, 5)]
    + [f"E{n}" for n in range(1, 4)]
    + [f"A{n}" for n in range(1, 7)]
    + [f"P{n}" for n in range(1, 6)]
    + [f"S{n}" for n in range(1, 6)]
)


def test_every_rule_id_in_order_by_chapter() -> None:
    assert [r.id for r in rulebook.rules()] == EXPECTED_IDS
    assert [c.letter for c in rulebook.chapters()] == ["D", "B", "E", "A", "P", "S"]
    assert [i for c in rulebook.chapters() for i in c.rules] == EXPECTED_IDS
    for found in rulebook.rules():
        assert found.chapter == found.id[0] and rulebook.rule(found.id) is found


@pytest.mark.parametrize("rule_id", EXPECTED_IDS)
def test_each_rule_told_in_french_and_in_english(rule_id: str) -> None:
    found = rulebook.rule(rule_id)
    for words in (found.title, found.text, *(e.text for e in found.examples)):
        assert words.en.strip() and words.fr.strip()
        assert words("en") == words.en and words("fr") == words.fr
    assert found.text.en != found.text.fr
    assert len(found.text.en) > 40 and len(found.text.fr) > 40
    assert not found.text.fr.endswith(" ") and "  " not in found.text.en + found.text.fr


def test_the_introduction_has_the_table_and_the_cards() -> None:
    title, text = rulebook.introduction()
    assert title.en == "Table and cards" and title.fr == "La table et les cartes"
    for lang in ("en", "fr"):
        assert "78" in text(lang) and "counter-clockwise" in text.en
        for players in (3, 4, 5):
            variant = Variant.for_players(players)
            assert f"{variant.hand_size}" in text(lang) and f"{variant.chien_size}" in text(lang)


def test_the_facts_agree_with_the_engine() -> None:
    """Numbers the rule book states are the ones the engine plays by."""
    thresholds = {n: Variant.for_players(n).poignee_thresholds for n in (3, 4, 5)}
    a1 = rulebook.rule("A1").text
    for lang in ("en", "fr"):
        for three in thresholds.values():
            assert re.search(r"\b{}\D+{}\D+{}\b".format(*three), a1(lang)), (lang, three)
        assert "20, 30" in a1(lang) and "40" in a1(lang)
    assert list(POIGNEE_BONUS.values()) == [20, 30, 40]
    s2 = rulebook.rule("S2").text.en
    assert [int(n) for n in re.findall(r"\b\d\d\b", s2)] == [TARGETS[b] for b in range(4)]
    b2 = rulebook.rule("B2").text.en
    assert [int(n) for n in re.findall(r"×(\d)", b2)] == [c.multiplier for c in Contract]
    d9 = rulebook.rule("D9").text.en
    assert "18 cards with 4 players, 24 with 3 and 15 with 5" in d9
    assert Variant.for_players(4).hand_size == 18 and Variant.for_players(5).hand_size == 15


def test_the_exact_figures_are_those_atout_computes() -> None:
    from atout.sim import exact

    text = rulebook.figures()[1].en
    for players, shown in ((3, "0.01202 %"), (4, "0.18441 %"), (5, "0.66447 %")):
        assert f"{100 * exact.petit_sec(players):.5f} %" == shown and shown in text
    assert exact.card_in_chien(4) == 6 / 78 and exact.card_in_chien(5) == 3 / 78
    trumps = ", ".join(f"{k}: {100 * p:.3f}" for k, p in enumerate(exact.trumps_in_hand(4)[:12]))
    assert trumps in text
    assert trumps.replace(".", ",").replace(": ", " : ") in rulebook.figures()[1].fr


def test_the_excuse_wins_the_last_trick_only_in_the_takers_chelem() -> None:
    """The one reading of P4 and A5: the taker's camp's chelem, never the defence's."""
    for rule_id in ("P4", "A5"):
        text = rulebook.rule(rule_id).text
        assert "chelem of the taker's camp" in text.en
        assert "A defence that took every earlier trick does not win the last trick" in text.en
        assert "chelem du camp du preneur" in text.fr
        assert "Une défense qui a fait tous les plis précédents ne gagne pas" in text.fr


def _type_choices(name: str) -> tuple[Any, ...]:
    hint = typing.get_type_hints(Rules)[name]
    if hint is bool:
        return (False, True)
    return typing.get_args(hint) if typing.get_origin(hint) is typing.Literal else ()


def test_each_setting_is_a_field_of_rules_with_its_default_and_choices() -> None:
    defaults = {f.name: f.default for f in dataclasses.fields(Rules)}
    named: dict[str, str] = {}
    for found in rulebook.rules():
        for setting in found.settings:
            assert setting.name in defaults, f"{found.id}: no setting {setting.name}"
            assert setting.default == defaults[setting.name]
            assert type(setting.default) is type(defaults[setting.name])
            expected = _type_choices(setting.name)
            if expected:
                assert set(setting.choices) == set(expected), setting.name
            else:  # numbers: a range told in words
                assert setting.values is not None and setting.values.en and setting.values.fr
            assert setting.default in setting.choices or setting.values is not None
            assert setting.text.en and setting.text.fr
            assert setting.name not in named, f"{setting.name} in {named.get(setting.name)} too"
            named[setting.name] = found.id
    assert named == RULE_SETTINGS  # every field of Rules, beside the rule records cite


def test_lookup_is_case_insensitive_and_unknown_ids_are_one_line() -> None:
    assert rulebook.rule("d5") is rulebook.rule("D5") is rulebook.rule(" D5 ")
    with pytest.raises(AtoutError) as caught:
        rulebook.rule("D20")
    message = str(caught.value)
    assert "\n" not in message and "'D20'" in message
    assert "D1–D19, B1–B4, E1–E3, A1–A6, P1–P5, S1–S5" in message


def test_each_setting_and_each_named_value_is_said_in_words() -> None:
    """The pages show a setting by its name in words, in each language, and a named
    value (``winning_camp``, ``1.5:1.5``) in words too: never the program's spelling."""
    for found in rulebook.rules():
        for setting in found.settings:
            for lang in ("en", "fr"):
                head, text = rulebook.setting_lines(setting, lang)
                assert not head.startswith(setting.name), (setting.name, lang)
                for value in setting.choices:
                    if isinstance(value, str):
                        said = rulebook.setting_value(value, lang)
                        assert said != value and "_" not in said, (value, lang)
                        assert value not in text, (setting.name, value, lang)
                assert "//" not in text and "//" not in found.text(lang), found.id
                if lang == "fr":
                    assert "1.5" not in head + text, setting.name


def test_render_rule_has_title_text_settings_and_examples() -> None:
    text = rulebook.render_rule("P4", "en")
    found = rulebook.rule("P4")
    assert text.startswith("P4 — The Excuse\n" + found.text.en)
    assert "⚙ Settings:" in text
    assert (
        "Excuse in the last trick (default: changes camp; choices: changes camp | to the "
        "trick's winner) [excuse_last_trick]:" in text
    )
    assert all(f"Example: {e.text.en}" in text for e in found.examples)
    french = rulebook.render_rule("D14", "fr")
    assert french.startswith("D14 — Une carte retournée\n")
    assert (
        "Pas d'enchère après une basse carte retournée (par défaut : non ; valeurs : "
        "non | oui) [bar_plain_card_exposer] :" in french
    )
    assert "L'Excuse retournée compte comme un atout (par défaut : oui" in french


# -- atout rules -------------------------------------------------------------------------


def test_atout_rules_d5_in_french_and_in_english(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, out, err = run(capsys, "rules", "d5")
    assert code == 0 and not err
    assert out == rulebook.render_rule("D5", "fr") + "\n"
    assert out.startswith("D5 — La coupe\nLe voisin de gauche du donneur doit ensuite couper")
    assert "4 ≤ k ≤ 74" in out
    code, out, _ = run(capsys, "rules", "D5", "--lang", "en")
    assert code == 0 and out.startswith("D5 — The cut\nThen the dealer's left neighbour")
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")  # LC_ALL comes first
    code, out, _ = run(capsys, "rules", "D5")
    assert out.startswith("D5 — The cut")


def test_atout_rules_lists_every_rule_by_chapter(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rules", "--lang", "en")
    assert code == 0
    listed = re.findall(r"^  ([A-Z]\d+) +(.+)$", out, re.M)
    assert [i for i, _ in listed] == EXPECTED_IDS
    assert dict(listed)["B4"] == "Calling a King (5 players)"
    assert out.index("D — The deal") < out.index("  D1 ") < out.index("B — Bidding")
    assert out.startswith("Table and cards: ")


def test_atout_rules_unknown_id_is_one_line_exit_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "atout.cli", "rules", "X9"],
        capture_output=True,
        text=True,
        check=False,
        env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "atout: error: no rule 'X9': the rules are D1–D19, B1–B4, E1–E3, A1–A6, P1–P5, S1–S5\n"
    )


def test_atout_rules_bad_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "D5", "--lang", "de")
    assert code == 2 and out == "" and err == "atout: error: --lang 'de': choose fr or en\n"


# -- the documents ---------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "name"), [("en", "rules.md"), ("fr", "regles.md")])
def test_the_reference_documents_are_the_rule_book(lang: str, name: str) -> None:
    """docs/reference/rules.md and regles.md are what ``python -m atout.rulebook
    --markdown LANG`` prints: edit the catalogue and regenerate them, never one alone."""
    committed = (DOCS / name).read_text(encoding="utf-8")
    assert committed == rulebook.markdown(lang), (
        f"docs/reference/{name} differs from the rule book: run "
        f"python -m atout.rulebook --markdown {lang} > docs/reference/{name}"
    )
    for rule_id in EXPECTED_IDS:
        assert f'<a id="{rule_id}"></a>\n\n### {rule_id} — ' in committed


def test_the_markdown_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "atout.rulebook", "--markdown", "fr"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == rulebook.markdown("fr")
    assert "⚙ Excuse au dernier pli (par défaut : change de camp ; " in done.stdout
    assert (
        "au gagnant du pli) `excuse_last_trick` :" in done.stdout
        and "### P4 — L'Excuse" in done.stdout
    )
    bad = subprocess.run(
        [sys.executable, "-m", "atout.rulebook", "--markdown", "de"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


# -- the server's pages ----------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from atout.web.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'atout.db'}")) as c:
        yield c


def test_rules_page_in_the_readers_language(client: Any) -> None:
    french = client.get("/rules", headers={"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"})
    assert french.status_code == 200 and french.headers["content-language"] == "fr"
    html = french.text
    for found in rulebook.rules():
        at = html.index(f'<article class="rule-text" id="{found.id}">')
        article = html[at : html.index("</article>", at)]
        assert f"{found.id}</a> — {_escaped(found.title.fr)}</h3>" in article
        assert _escaped(found.text.fr) in article
        for setting in found.settings:
            label = rulebook.setting_label(setting, "fr")
            assert f"⚙ {_escaped(label)} (par défaut" in article
            assert f"<code>{setting.name}</code> — " in article
    assert _escaped(rulebook.introduction()[1].fr) in html
    assert _escaped(rulebook.figures()[1].fr) in html
    english = client.get("/rules?lang=en", headers={"Accept-Language": "fr"})
    assert english.headers["content-language"] == "en"
    assert _escaped(rulebook.rule("D5").text.en) in english.text
    assert client.get("/rules?lang=xx", headers={"Accept-Language": "en"}).headers[
        "content-language"
    ] == ("en")


def test_rules_json_is_the_catalogue(client: Any) -> None:
    data = client.get("/rules.json").json()
    assert data == rulebook.as_json()
    assert list(data["rules"]) == EXPECTED_IDS
    assert data["rules"]["D5"]["text"]["fr"] == rulebook.rule("D5").text.fr
    assert data["rules"]["P4"]["settings"][0]["name"] == "excuse_last_trick"


def test_the_lobbys_rule_ids_are_links_to_their_text(client: Any) -> None:
    html = client.get("/", headers={"Accept-Language": "fr"}).text
    html = re.sub(r'<script type="application/json" id="i18n">.*?</script>', "", html, flags=re.S)
    assert "RULES.md" not in html  # the page points to the rule book it serves
    assert 'href="/rules?lang=fr"' in html
    linked = re.findall(r'<a class="rule" href="/rules\?lang=fr#(\w+)" target="_blank"', html)
    assert sorted(set(linked)) == ["B4", "D11", "D14", "D4", "D8", "P4"]  # the lobby's ⚙
    assert '(<a class="rule"' in html  # the id in its place in the label's text


def test_the_pages_link_rule_ids_through_one_helper() -> None:
    """Every script that shows a rule id builds it with rules.js's ruleLink, which links
    to /rules#ID; none builds a bare span of class rule."""
    static = ROOT / "src" / "atout" / "web" / "static"
    helper = (static / "rules.js").read_text(encoding="utf-8")
    assert "/rules?lang=" in helper and 'node.target = "_blank"' in helper
    for name in ("table_dom.js", "companion.js", "companion_new.js"):
        script = (static / name).read_text(encoding="utf-8")
        assert 'from "./rules.js"' in script and "ruleLink(" in script, name
        assert not re.search(r'class: "rule"|className = "rule"', script), name
    for path in static.glob("table*.js"):
        script = path.read_text(encoding="utf-8")
        assert not re.search(r'class: "rule"|className = "rule"', script), path.name


def _escaped(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;")
    )
