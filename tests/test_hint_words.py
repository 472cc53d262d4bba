"""A hint's words: a negative expectation is explained, not left as a riddle."""

from __future__ import annotations

from atout.bidding import Contract
from atout.bots.explain import CONTRACT_WORDS, Hint
from atout.cards import Card
from atout.i18n import said
from atout.state import Bid, CardPlayed


def test_a_hint_where_every_choice_loses_says_so() -> None:
    losing = Hint(
        CardPlayed(0, Card.parse("7H")), -49.0, CardPlayed(0, Card.parse("KH")), -60.0, "follow_low"
    )
    text = losing.text("en", "en")
    assert text.startswith("Hint: play 7♥. Expected marks: -49.")
    assert "every choice loses marks on the deals played out; this one loses the fewest" in text
    french = losing.text("fr", "fr")
    assert "chaque choix perd des marques" in french


def test_a_losing_contract_says_it_loses_and_why_it_is_still_taken() -> None:
    losing = Hint(Bid(0, Contract.PRISE), -49.0, Bid(0, None), -60.0, "bid", bar=-60.0)
    text = losing.text("en", "en")
    assert text.startswith("Hint: bid a Prise. Expected marks: -49.")
    assert "This contract loses marks on the deals played out." in text
    assert "every choice loses" not in text  # a pass is not scored: not a loss of 60


def test_a_winning_hint_says_nothing_of_losses() -> None:
    winning = Hint(Bid(0, Contract.GARDE), 35.0, Bid(0, Contract.PRISE), 20.0, "bid")
    assert "loses" not in winning.text("en", "en")


def pass_hints(count: int) -> list[Hint]:
    """Real hints in the bidding, on deals where the search bot passes."""
    import random

    from atout.bots.explain import hint
    from atout.dealing import Deal
    from atout.state import Donne
    from atout.table import Variant

    found: list[Hint] = []
    for seed in range(60):
        donne = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(seed), dealer=0))
        given = hint(donne.observation(1), random.Random(seed), samples=8)
        if isinstance(given.action, Bid) and given.action.contract is None:
            found.append(given)
        if len(found) == count:
            return found
    raise AssertionError("the search bot took on every deal")


def test_a_pass_hint_gives_the_best_contracts_marks_not_a_constant() -> None:
    hints = pass_hints(3)
    texts = [given.text("en", "en") for given in hints]
    for given, text in zip(hints, texts, strict=True):
        assert "Expected marks" not in text, text  # a pass is not played out
        assert given.runner_value is not None and given.bar == -60
        assert isinstance(given.runner_up, Bid) and given.runner_up.contract is not None
        contract = said("en", CONTRACT_WORDS[given.runner_up.contract])
        assert f"Best contract: {contract}, {given.runner_value:+.0f} marks" in text, text
        assert "takes a contract only above -60 marks; a pass is not scored" in text
    assert len({round(given.runner_value or 0) for given in hints}) > 1, texts
    french = hints[0].text("fr", "fr")
    assert "Meilleur contrat : " in french and "Marque espérée" not in french, french


def test_a_contract_advised_over_a_pass_names_the_bar_not_a_gap_to_it() -> None:
    taken = Hint(Bid(0, Contract.GARDE), 30.0, Bid(0, None), -60.0, "bid", bar=-60.0)
    text = taken.text("en", "en")
    assert text.startswith("Hint: bid a Garde. Expected marks: +30.")
    assert "Second choice" not in text and "only above -60 marks" in text
