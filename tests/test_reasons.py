"""Refusals as values (atout.reasons): every kind has its English template and its
French translation, renders in French with no English left in it, names cards and
seats as the reader's face does, and no refusal of the engine is an English sentence
assembled in place."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path
from string import Formatter
from typing import Any

import pytest

from atout.bidding import Contract
from atout.cards import Card, CardSet
from atout.errors import IllegalActionError, Reason
from atout.i18n import translations
from atout.play import why_illegal
from atout.reasons import LABELS, TEMPLATES, render

SRC = Path(__file__).resolve().parent.parent / "src" / "atout"

C = Card.parse

SAMPLES: dict[str, Any] = {  # a value for each parameter name the templates use
    "card": C("T21"),
    "lead": C("KS"),
    "best": C("T12"),
    "called": C("KH"),
    "allowed": [C("KS"), C("KH"), C("KD"), C("KC")],
    "seat": 1,
    "turn": 2,
    "dealer": 0,
    "shuffler": 2,
    "cutter": 1,
    "to": 3,
    "by": 1,
    "waiting": [1, 3],
    "action": "Discard",
    "now": Reason("B1", "game_bidding"),
    "problem": Reason("D4", "hex_odd"),
    "why": "all_pass",
    "highest": Contract.GARDE,
    "contract": Contract.PRISE,
    "fault": "chien_count",
    "what": "dealer",
    "level": "double",
    "operation": "Cut",
    "name": "poignee_goes",
    "choices": "winning_camp, attack_if_made",
    "kinds": "misdeal, chien_count, card_exposed, early_pickup",
    "value": "'x'",
    "k": 2,
    "gaps": "[1, 2]",
    "type": "int",
    "character": "'G'",
    "profiles": "fft, maison",
    "settings": "consecutive_chien_cards, early_pickup_penalty",
    "types": "draw, result, undo",
    "field": "colour",
    "evening": "a1b2",
    "points": 45.5,
    "entered": 44,
    "attack": 50.5,
    "defence": 41.0,
    "total": 91.5,
}
NUMBERS = 7  # any other parameter is a number

# English words that have no place in a French sentence (tarot terms excepted: garde,
# chelem, Excuse…; "a" and "on" are French words as well).
ENGLISH = {
    "the", "is", "not", "does", "must", "may", "seat", "your", "you", "of", "to", "and",
    "with", "has", "have", "only", "be", "are", "it", "its", "his", "from", "at", "by",
    "in", "for", "this", "that", "than", "no", "cannot", "already", "player", "players",
    "card", "cards", "trick", "tricks", "trump", "trumps", "bid", "king", "queen",
    "dealer", "turn", "each", "every", "one", "two", "first", "last", "next", "got",
    "nothing", "or", "who", "which", "shuffle", "pack", "hand", "taker", "deal", "led",
}  # fmt: skip
SAME_IN_FRENCH = {"Prise", "Garde", "Garde sans", "Garde contre", "poignée", "chelem"}


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(template) if field}


def sample(kind: str) -> Reason:
    params = {name: SAMPLES.get(name, NUMBERS) for name in placeholders(TEMPLATES[kind])}
    return Reason("P1", kind, **params)


def test_every_kind_has_a_template_and_a_french_translation_with_the_same_placeholders() -> None:
    french = translations("fr")
    assert len(TEMPLATES) > 150
    for kind, template in TEMPLATES.items():
        assert re.fullmatch(r"[a-z0-9_]+", kind), kind
        assert template in french, f"{kind}: no French for {template!r}"
        assert french[template] != template, f"{kind}: not translated"
        assert placeholders(french[template]) == placeholders(template), kind
    for key, label in LABELS.items():
        assert label in french, f"label {key}: no French for {label!r}"
        assert french[label] != label or label in SAME_IN_FRENCH, key
    assert placeholders(french["seat {n}"]) == {"n"}


@pytest.mark.parametrize("kind", sorted(TEMPLATES))
def test_every_kind_renders_in_french_without_english(kind: str) -> None:
    why = sample(kind)
    english, french = render(why, "en"), render(why, "fr")
    assert str(why) == f"P1: {why.text}"
    if not any(
        hasattr(value, "display") or isinstance(value, list) for value in why.params.values()
    ):
        assert english == why.text  # the cards aside, str() is the English rendering
    for text in (english, french):
        assert not re.search(r"\{\w*\}", text), text  # no placeholder left unfilled
    code = re.sub(r"\{[^}]*\}", "", french)  # the fields of a JSON object stay as they are
    words = set(re.findall(r"\w+", code.lower()))  # a field name (every_trick) is one word
    assert not words & ENGLISH, f"{kind}: English in {french!r}"
    if "card" in why.params:
        assert "21" in french and "T21" not in french  # the French display form


def test_a_french_render_names_the_cards_as_the_french_do() -> None:
    why = why_illegal(C("T21"), CardSet.parse("T21 5S"), [C("KS")])
    assert why is not None and (why.rule, why.kind) == ("P1", "must_follow")
    assert str(why) == "P1: T21 does not follow the suit led (KS)"
    assert render(why, "fr") == "21 ne fournit pas la couleur demandée (R♠)"
    assert render(why, "en") == "21 does not follow the suit led (K♠)"
    assert render(why, "fr", with_rule=True) == "P1 : 21 ne fournit pas la couleur demandée (R♠)"
    assert render(why, "fr", cards="en") == "21 ne fournit pas la couleur demandée (K♠)"
    queen = Reason("P1", "seat_lacks_card", seat=2, card=C("QH"))
    assert render(queen, "fr") == "la place 2 n'a pas D♥ en main"


def test_seats_are_named_as_the_face_names_them() -> None:
    why = Reason("B1", "not_your_turn", turn=1, seat=2)
    assert str(why) == "B1: it is seat 1's turn, not seat 2's"
    names = ["Anne", "Bruno", "Chloé", "Denis"]
    assert render(why, "fr", names) == "c'est à Bruno de jouer, pas à Chloé"
    assert render(why, "en", {1: "Bruno"}) == "it is Bruno's turn, not seat 2's"
    assert render(why, "fr", lambda seat: f"J{seat}") == "c'est à J1 de jouer, pas à J2"
    waits = Reason("D4", "shuffle_waits", waiting=[0, 3])
    assert render(waits, "fr", names) == "le mélange attend les valeurs aléatoires de Anne, Denis"


def test_a_refusal_is_a_value_the_error_carries() -> None:
    with pytest.raises(IllegalActionError) as caught:
        raise IllegalActionError(
            "B1", "bid_too_low", highest=Contract.GARDE, contract=Contract.PRISE
        )
    error = caught.value
    assert str(error) == "B1: a bid must be higher than Garde, got Prise"
    assert error.rule == "B1" and error.reason.kind == "bid_too_low"
    assert error.reason.as_json() == {
        "rule": "B1",
        "kind": "bid_too_low",
        "params": {"highest": "garde", "contract": "prise"},
    }
    assert render(error.reason, "fr") == "une enchère doit dépasser Garde, pas Prise"
    clause = Reason("E1", "not_possible_now", action="Discard", now=Reason("B1", "game_bidding"))
    assert clause.as_json()["params"]["now"] == {"rule": "B1", "kind": "game_bidding", "params": {}}
    assert render(clause, "fr") == "on ne peut pas écarter maintenant : les joueurs enchérissent"
    points = Reason("S1", "c_pile_points", points=45.5, entered=44)
    assert (render(points, "en"), render(points, "fr")) == (
        "the pile counts 45.5 points, not 44",
        "le tas compte 45,5 points, pas 44",
    )
    again = pickle.loads(pickle.dumps(error))  # as a worker process hands it back
    assert str(again) == str(error) and again.reason.as_json() == error.reason.as_json()
    assert pickle.loads(pickle.dumps(clause)).params["now"].kind == "game_bidding"
    with pytest.raises(KeyError, match="not a kind of refusal"):
        Reason("P1", "no such kind")


REFUSERS = {"Reason", "IllegalActionError", "_refuse", "refuse"}


def _kind_ok(node: ast.expr) -> bool:
    """The kind argument of a refusal: a kind of the catalogue, a variable holding one,
    or a choice between kinds; never a sentence."""
    if isinstance(node, ast.Constant):
        return node.value in TEMPLATES
    if isinstance(node, ast.IfExp):
        return _kind_ok(node.body) and _kind_ok(node.orelse)
    if isinstance(node, ast.JoinedStr):  # f"game_{phase}": a family of kinds
        head = node.values[0]
        return isinstance(head, ast.Constant) and str(head.value).endswith("_")
    return isinstance(node, ast.Name)


def test_no_refusal_is_an_english_sentence_built_in_place() -> None:
    """Each refusal of the engine, the session and the companion names a kind of the
    catalogue: no English sentence is assembled where the rule is checked."""
    found = 0
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(
                node.func, ast.Name | ast.Attribute
            ):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            if name not in REFUSERS or len(node.args) < 2:
                continue
            in_companion = "companion" in path.relative_to(SRC).parts or path.name == "companion.py"
            if name in ("_refuse", "refuse") and not in_companion:  # a record's format error
                continue
            found += 1
            where = f"{path.relative_to(SRC)}:{node.lineno}"
            assert _kind_ok(node.args[1]), f"{where}: {ast.unparse(node.args[1])[:80]}"
    assert found > 150


def test_P2_B4_a_refusal_gives_no_card_for_a_lead_or_trump_not_there() -> None:
    """Nothing led yet, or no trump played: the refusal's ``lead`` or ``best`` is None,
    not a card (the Excuse, which an index of −1 once gave), and the sentences read
    the same in both languages."""
    parse = Card.parse
    why = why_illegal(parse("2S"), CardSet.parse("2S T3"), [parse("KH")])
    assert why is not None and why.kind == "must_trump"
    assert why.params["lead"] == parse("KH") and why.params["best"] is None
    assert why.as_json()["params"]["best"] is None
    assert str(why) == "P2: 2S: void in the suit led, you must trump"
    assert render(why, "fr") == "2♠ : sans la couleur demandée, vous devez couper"
    called = parse("KH")
    first = why_illegal(parse("2H"), CardSet.parse("2H 3S"), [], called)
    assert first is not None and first.kind == "called_suit_first_trick"
    assert first.params["lead"] is None and first.params["best"] is None
    assert render(first, "en") == "the called suit may not be led at the first trick, except K♥"
    assert render(first, "fr") == "on n'entame pas la couleur appelée au premier pli, sauf par R♥"
    over = why_illegal(parse("T2"), CardSet.parse("T2 T9"), [parse("KH"), parse("T5")])
    assert over is not None and over.params["best"] == parse("T5")
    assert render(over, "en") == "2: void in the suit led, you must play a trump higher than 5"


def test_D5_a_cut_out_of_bounds_gives_its_number_and_a_cut_not_a_number_says_so() -> None:
    from atout.dealing import Deal
    from atout.table import Variant

    deal = Deal(Variant.for_players(4), dealer=0)
    deal.shuffle(permutation=list(range(78)))
    with pytest.raises(IllegalActionError) as depth:
        deal.cut(75)
    assert depth.value.reason.kind == "cut_depth"
    assert depth.value.reason.params == {"low": 4, "high": 74, "k": 75}
    for bad in ("75", 7.5, True):
        with pytest.raises(IllegalActionError) as odd:
            deal.cut(bad)  # type: ignore[arg-type]
        assert (odd.value.rule, odd.value.reason.kind) == ("D5", "cut_not_count")
        assert odd.value.reason.params == {"value": repr(bad)}
        assert repr(bad) in render(odd.value.reason, "fr")
