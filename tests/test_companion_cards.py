"""Cards as a scorer types them on the companion's page (atout.cards.readings): read
in the page's language first, refused when they read two ways, stored canonical; and
every evening typed in French or English, with called cards, piles, faults, undos and
edits, exported and read back by ``atout replay``."""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cards import ALL_CARDS, Card, readings
from atout.companion import CompanionError, Evening, read_evening, sheet_lines
from tests.cli_helpers import run

NAMES = ["Anne", "Bruno", "Chloé", "David", "Émile"]

_EN_RANKS = {1: "Ace", 11: "Jack", 12: "Knight", 13: "Queen", 14: "King"}
_EN_SUITS = ("spades", "hearts", "diamonds", "clubs")
_FR_LETTERS = {11: "V", 12: "C", 13: "D", 14: "R"}
_FR_SUITS = (("P",), ("C", "Co"), ("K", "Ca"), ("T",))


def spellings(card: Card, lang: str) -> list[str]:
    """Ways a person types ``card`` on a page in ``lang`` that mean it alone."""
    if card.is_excuse:
        return ["EX", "Ex", "Excuse", "excuse", "l'Excuse"]
    if card.is_trump:
        n = card.rank
        found = [str(n), f"T{n}", f"atout {n}", card.display(lang), card.name()]
        return [*found, "Petit", "petit"] if n == 1 else found
    suit, rank = card.suit, card.rank
    assert suit is not None
    found = [card.display("fr"), card.display("en"), card.name(), card.name().lower()]
    found.append(f"{_EN_RANKS.get(rank, str(rank))} of {_EN_SUITS[suit]}")
    french_rank = _FR_LETTERS.get(rank, str(rank))
    for letter in _FR_SUITS[suit]:
        if lang == "fr" or letter != "C":  # C is Clubs on an English page
            found.append(f"{french_rank}{letter}")
            found.append(f"{french_rank.lower()}{letter.lower()}")
    if lang == "en" or suit.letter != "C":  # the record's C is Cœur on a French page
        found += [str(card), str(card).lower()]
    return found


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_card_reads_back_from_every_spelling(lang: str) -> None:
    for card in ALL_CARDS:
        for typed in spellings(card, lang):
            assert readings(typed, lang) == (card,), (typed, lang)
            assert Card.parse(typed, lang) == card


@pytest.mark.parametrize(
    ("typed", "lang", "meant"),
    [
        ("RC", "fr", ("KH",)),
        ("7C", "fr", ("7H",)),
        ("7C", "en", ("7C",)),
        ("RP", "en", ("KS",)),
        ("7K", "en", ("7D",)),
        ("Roi de cœur", "en", ("KH",)),
        ("roi de coeur", "fr", ("KH",)),
        ("Dame de carreaux", "fr", ("QD",)),
        ("R ♥", "fr", ("KH",)),
        ("R de pique", "fr", ("KS",)),
        ("D de trèfle", "fr", ("QC",)),
        ("C de cœur", "fr", ("NH",)),
        ("V de carreau", "en", ("JD",)),
        ("constructor de pique", "fr", ()),
        ("21", "en", ("T21",)),
        ("KC", "fr", ("KC", "KH")),
        ("QC", "fr", ("QC", "QH")),
        ("RC", "en", ("KC", "KH")),
        ("CC", "en", ("NC", "NH")),
        ("KX", "fr", ()),
        ("22", "fr", ()),
        ("roi de constructor", "en", ()),
    ],
)
def test_readings_in_the_page_s_language(typed: str, lang: str, meant: tuple[str, ...]) -> None:
    assert tuple(map(str, readings(typed, lang))) == meant


def five() -> Evening:
    e = Evening(5, NAMES)
    e.add({"type": "dealer", "seat": 0})
    return e


def result(called: str, **more: Any) -> dict[str, Any]:
    return (
        {"type": "result", "contract": "garde", "taker": 1, "called": called}
        | {
            "partner": 2,
            "points": 50,
            "bouts": 2,
        }
        | more
    )


@pytest.mark.parametrize(
    ("typed", "lang", "message"),
    [
        (
            "KC",
            "fr",
            "B4 : carte appelée : 'KC' se lit de deux façons, R♣ ou R♥ : tapez la couleur "
            "en symbole (♥, ♣) ou en toutes lettres (Roi de cœur, Roi de trèfle)",
        ),
        (
            "RC",
            "en",
            "B4: called card: 'RC' reads two ways, K♣ or K♥: type the suit as a symbol "
            "(♥, ♣) or in words (Roi de cœur, King of clubs)",
        ),
    ],
)
def test_an_ambiguous_card_is_refused_with_what_it_could_mean(
    typed: str, lang: str, message: str
) -> None:
    e = five()
    with pytest.raises(CompanionError) as refused:
        e.add(result(typed), lang)
    assert refused.value.text(lang) == message
    assert len(e.log) == 1


def test_a_pile_in_words_and_letters_is_stored_canonical() -> None:
    e = five()
    entry = result("Roi de cœur", pile="21, 1 Ex Roi de pique RC DT")
    del entry["points"], entry["bouts"]
    kept = e.add(entry, "fr")
    assert kept["called"] == "KH"
    assert kept["pile"] == ["T21", "T1", "EX", "KS", "KH", "QC"]
    assert e.donnes[0].result is not None and e.donnes[0].result.bouts == 3


def test_stored_entries_are_read_as_stored() -> None:
    """An evening stored before cards were read in the page's language kept them as
    typed; it loads as it was scored then (RC the Roi de Trèfle), never refused."""
    e = five()
    e.add(result("RC"), None)
    assert e.log[-1]["called"] == "KC"


# -- random evenings, typed in French or English, exported and replayed -----------------


def typed(card: Card, lang: str, rng: random.Random) -> str:
    return rng.choice(spellings(card, lang))


def random_result(
    e: Evening, lang: str, rng: random.Random, taker: int | None = None
) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "contract": rng.choice(["prise", "garde", "garde_sans", "garde_contre"]),
        "taker": rng.randrange(e.players) if taker is None else taker,
    }
    if e.players == 5:
        entry["called"] = typed(rng.choice([c for c in ALL_CARDS if c.is_court]), lang, rng)
        entry["partner"] = rng.randrange(5)
    if rng.random() < 0.5:
        pile = rng.sample(ALL_CARDS, rng.randrange(2, 50))
        words = [typed(card, lang, rng) for card in pile]
        entry["pile"] = " ".join(words) if rng.random() < 0.5 else words
    else:
        bouts = rng.randrange(4)
        entry["bouts"] = bouts
        entry["points"] = rng.randrange(max(0, 9 * bouts - 1), 182 - 9 * (3 - bouts) + 2) / 2
    if rng.random() < 0.3:
        entry["poignees"] = [[rng.randrange(e.players), "simple"]]
    return entry


def random_entry(e: Evening, lang: str, rng: random.Random) -> dict[str, Any]:
    sheet = e.current
    assert sheet is not None
    roll = rng.random()
    if roll < 0.12:
        card = typed(rng.choice(ALL_CARDS), lang, rng)
        return {
            "type": "fault",
            "kind": "card_exposed",
            "by": rng.randrange(e.players),
            "card": card,
        }
    if roll < 0.18:
        return {
            "type": "fault",
            "kind": rng.choice(["misdeal", "early_pickup"]),
            "by": rng.randrange(e.players),
        }
    if roll < 0.22 and sheet.cut is None:
        return {"type": "cut", "k": rng.randrange(4, 75)}
    if roll < 0.26:
        return {"type": "undo"}
    if roll < 0.34 and any(s.result for s in e.donnes):
        number = rng.choice([s.number for s in e.donnes if s.result])
        return {"type": "edit", "donne": number, "result": random_result(e, lang, rng)}
    if roll < 0.38:
        return {"type": rng.choice(["all_pass", "petit_sec"]), "seat": rng.randrange(e.players)}
    return {"type": "result", **random_result(e, lang, rng)}


def random_evening(seed: int) -> tuple[Evening, str]:
    rng = random.Random(seed)
    lang = rng.choice(["fr", "en"])
    e = Evening(rng.choice([3, 4, 5]), None)
    tries = 0
    while len(e.finished()) < 8 and tries < 400:
        tries += 1
        if e.first_dealer is None:  # the draw for the first dealer (D1–D3), or undone
            card = typed(rng.choice(ALL_CARDS), lang, rng)
            entry = {"type": "draw", "seat": rng.choice(e.draw.seats_to_draw()), "card": card}
        else:
            entry = random_entry(e, lang, rng)
        with contextlib.suppress(CompanionError):
            e.add(entry, lang)
    return e, lang


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32))
def test_every_random_evening_reads_back_with_atout_replay(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    e, lang = random_evening(seed)
    for entry in e.log:  # every card kept in the record's notation
        fields = entry.get("result", entry)
        for card in [fields.get("card"), fields.get("called"), *fields.get("pile", [])]:
            if card is not None:
                assert str(Card.parse(card)) == card, (lang, entry)
    record = e.game_record()
    text = json.dumps(record, ensure_ascii=False)
    assert read_evening(text).game_record() == record
    path = tmp_path / "evening.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, ""), (lang, err)
    assert out.splitlines()[:-1] == sheet_lines(e)


def test_an_evening_stored_as_typed_loads_as_it_was_scored(tmp_path: Path) -> None:
    """Entries stored before the cards were kept canonical (``RC`` as typed) load as
    the server read them then, in the record's letters, and are never refused."""
    from tests.test_companion_web import auth, create, make_client

    db = tmp_path / "atout.db"
    with make_client(db) as client:
        evening, scorer, _ = create(client)
    with sqlite3.connect(db) as c:
        for n, card in enumerate(["RC", "7C", "QC", "KS"]):
            entry = json.dumps({"type": "draw", "seat": n, "card": card})
            c.execute(
                "INSERT INTO companion_entries (evening_id, n, created, entry) VALUES (?, ?, 0, ?)",
                (evening, n, entry),
            )
    with make_client(db) as client:
        answer = client.get(f"/api/companion/{evening}?lang=fr", headers=auth(scorer))
        assert answer.status_code == 200, answer.text
        assert answer.json()["draw"] == [[0, ["R♣"]], [1, ["7♣"]], [2, ["D♣"]], [3, ["R♠"]]]


@pytest.mark.parametrize("blank", ["", "  "])
def test_an_empty_field_is_named_not_quoted(blank: str) -> None:
    from atout.companion.base import CompanionError
    from atout.companion.readers import plain_number, read_card, whole

    for read in (
        lambda: read_card(blank, "card", "D1"),
        lambda: plain_number(blank),
        lambda: whole(blank, "depth", 1, 9),
    ):
        with pytest.raises(CompanionError) as caught:
            read()
        french, english = caught.value.text("fr"), caught.value.text("en")
        assert french.endswith(" : le champ est vide") and "''" not in french, french
        assert english.endswith(": the field is empty") and "''" not in english, english
        assert "et non" not in french and "n'est pas" not in french, french
