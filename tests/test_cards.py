"""Cards, points, the D2 draw order and the notation of docs/reference/formats.md."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import ALL_CARDS, DECK, EXCUSE, PETIT, TRUMP_21, Card, CardSet, Suit
from atout.errors import InvalidNotationError


def test_78_cards_in_the_canonical_order() -> None:
    assert len(DECK) == 78
    assert [str(c) for c in ALL_CARDS[:14]] == [
        *(f"{r}S" for r in range(1, 11)),
        "JS",
        "NS",
        "QS",
        "KS",
    ]
    assert str(ALL_CARDS[14]) == "1H" and str(ALL_CARDS[55]) == "KC"
    assert str(PETIT) == "T1" and PETIT == 56 and str(TRUMP_21) == "T21" and TRUMP_21 == 76
    assert str(EXCUSE) == "EX" and EXCUSE == 77


def test_suits_ranks_and_kinds() -> None:
    queen_of_hearts = Card.parse("QH")
    assert queen_of_hearts.suit is Suit.HEARTS and queen_of_hearts.rank == 13
    assert queen_of_hearts.is_court and not queen_of_hearts.is_king
    assert Card.parse("KD").is_king
    assert Card.parse("10C").is_suit_card and not Card.parse("10C").is_court
    assert Card.parse("T7").is_trump and Card.parse("T7").suit is None
    assert not EXCUSE.is_trump and EXCUSE.is_excuse and EXCUSE.rank == 0
    assert {c for c in DECK if c.is_bout} == {PETIT, TRUMP_21, EXCUSE}
    assert sum(1 for c in DECK if c.is_court) == 16
    assert DECK.count_trumps() == 21 and DECK.count_bouts() == 3


def test_S1_card_points_total_91() -> None:
    assert DECK.half_points() == 182
    assert sum(c.points for c in DECK) == 91
    points = {text: Card.parse(text).points for text in ("KS", "QS", "NS", "JS", "10S", "T1")}
    assert points == {"KS": 4.5, "QS": 3.5, "NS": 2.5, "JS": 1.5, "10S": 0.5, "T1": 4.5}
    assert TRUMP_21.points == EXCUSE.points == 4.5 and Card.parse("T20").points == 0.5


def test_D2_ace_of_trefle_is_the_lowest_card_and_trumps_beat_suits() -> None:
    ranked = sorted((c for c in DECK if not c.is_excuse), key=lambda c: c.draw_rank)
    assert str(ranked[0]) == "1C"
    assert [str(c) for c in ranked[:4]] == ["1C", "1D", "1H", "1S"]
    assert [str(c) for c in ranked[-22:-20]] == ["KS", "T1"]
    assert str(ranked[-1]) == "T21"


def test_D2_equal_ranks_follow_pique_coeur_carreau_trefle() -> None:
    sevens = sorted(CardSet.parse("7S 7H 7D 7C"), key=lambda c: c.draw_rank)
    assert [str(c) for c in sevens] == ["7C", "7D", "7H", "7S"]


def test_D3_the_excuse_has_no_draw_rank() -> None:
    with pytest.raises(ValueError, match="D3"):
        _ = EXCUSE.draw_rank


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("KS", "KS"),
        ("ks", "KS"),
        ("R♠", "KS"),
        ("r♠", "KS"),
        ("C♥", "NH"),
        ("NH", "NH"),
        ("D♦", "QD"),
        ("V♣", "JC"),
        ("10♦", "10D"),
        ("1C", "1C"),
        ("A♣", "1C"),
        ("T21", "T21"),
        ("21", "T21"),
        ("t1", "T1"),
        ("Petit", "T1"),
        ("EX", "EX"),
        ("Ex", "EX"),
        ("Excuse", "EX"),
        (" 7h ", "7H"),
    ],
)
def test_lenient_parsing(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "KX", "T22", "0", "22", "11S", "Roi", "K", "T0", "1 0S"])
def test_bad_notation_quotes_the_input(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value) and "docs/reference/formats.md" in str(info.value)


def test_bad_card_number() -> None:
    with pytest.raises(InvalidNotationError, match="78"):
        Card(78)


def test_french_and_english_display() -> None:
    hand = CardSet.parse("KS QH NC JD 10S T21 T1 EX")
    assert hand.display() == "21 1 Ex R♠ 10♠ D♥ C♣ V♦"
    assert hand.display("en") == "21 1 Ex K♠ 10♠ Q♥ N♣ J♦"
    assert Card.parse("KS").name() == "Roi de Pique" and PETIT.name() == "Petit"


@given(st.integers(0, 77))
def test_card_notation_round_trips(index: int) -> None:
    card = Card(index)
    assert Card.parse(str(card)) == card
    assert Card.parse(card.display()) == card
    assert Card.parse(card.display("en")) == card
    assert eval(repr(card)) == card  # repr is evaluable (docs/explanation/design.md)


@given(st.integers(0, (1 << 78) - 1))
def test_cardset_notation_round_trips(mask: int) -> None:
    cards = CardSet.from_mask(mask)
    assert CardSet.parse(str(cards)) == cards
    assert CardSet.parse(cards.display()) == cards
    assert eval(repr(cards)) == cards
    assert len(cards) == bin(mask).count("1")


def test_cardset_algebra() -> None:
    a, b = CardSet.parse("KS QS T21"), CardSet.parse("QS EX")
    assert a | b == CardSet.parse("KS QS T21 EX")
    assert a & b == CardSet.parse("QS")
    assert a - b == CardSet.parse("KS T21")
    assert a.with_card(EXCUSE) - a == CardSet([EXCUSE])
    assert CardSet.parse("QS") <= a and not b <= a
    with pytest.raises(AttributeError):
        a.mask = 0


def test_D16_petit_sec_predicate() -> None:
    assert CardSet.parse("T1 KS QS").has_petit_sec()
    assert not CardSet.parse("T1 EX KS").has_petit_sec()
    assert not CardSet.parse("T1 T2 KS").has_petit_sec()
    assert not CardSet.parse("KS QS").has_petit_sec()


def test_cardset_copies_and_pickles() -> None:
    import copy
    import pickle

    hand = CardSet.parse("KS T21 EX")
    assert copy.deepcopy(hand) is hand and pickle.loads(pickle.dumps(hand)) == hand
    assert pickle.loads(pickle.dumps(Card.parse("KS"))) == Card.parse("KS")
