"""A hint's words: a negative expectation is explained, not left as a riddle."""

from __future__ import annotations

from atout.bidding import Contract
from atout.bots.explain import Hint
from atout.state import Bid


def test_a_hint_where_every_choice_loses_says_so() -> None:
    losing = Hint(Bid(0, Contract.PRISE), -49.0, Bid(0, None), -60.0, "bid")
    text = losing.text("en", "en")
    assert text.startswith("Hint: bid a Prise. Expected marks: -49.")
    assert "every choice loses marks on the deals played out; this one loses the fewest" in text
    french = losing.text("fr", "fr")
    assert "chaque choix perd des points" in french


def test_a_winning_hint_says_nothing_of_losses() -> None:
    winning = Hint(Bid(0, Contract.GARDE), 35.0, Bid(0, Contract.PRISE), 20.0, "bid")
    assert "loses" not in winning.text("en", "en")
