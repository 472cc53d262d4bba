"""The game after the deal: bidding (B), chien and écart (E), announcements (A), play
(P); one or more tests per rule of docs/reference/rules.md, every refusal included."""

from __future__ import annotations

import random

import pytest

from atout.bidding import Contract, callable_cards, legal_contracts
from atout.cards import ALL_CARDS, EXCUSE, PETIT, Card, CardSet
from atout.chien import poignee_options
from atout.errors import IllegalActionError
from atout.match import Match
from atout.play import legal_cards, trick_winner
from atout.scoring import camp_piles, chelem_bonus, petit_au_bout, score_tricks
from atout.state import (
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    ChienRevealed,
    Discard,
    Donne,
    GamePhase,
    PartnerRevealed,
    PoigneeShown,
    Trick,
)
from atout.table import Variant
from tests.game_helpers import bid_to, cards, set_deal

C = Card.parse


def phase(donne: Donne) -> GamePhase:
    return donne.phase


# -- B: bidding -------------------------------------------------------------------------


def test_B1_right_neighbour_first_each_once_dealer_last() -> None:
    donne = Donne(set_deal(4, {}, dealer=2))
    order = []
    while phase(donne) is GamePhase.BIDDING:
        seat = donne.current_player()
        assert seat is not None
        order.append(seat)
        donne.apply_action(Bid(seat, Contract.PRISE if seat == 3 else None))
    assert order == [3, 0, 1, 2]
    assert donne.taker == 3 and donne.contract is Contract.PRISE


def test_B1_only_higher_contracts() -> None:
    donne = Donne(set_deal(4, {}))
    donne.apply_action(Bid(1, Contract.GARDE))
    assert Bid(2, Contract.PRISE) not in donne.legal_actions()
    with pytest.raises(IllegalActionError, match="^B1: a bid must be higher than Garde, got Prise"):
        donne.apply_action(Bid(2, Contract.PRISE))
    with pytest.raises(
        IllegalActionError, match="^B1: a bid must be higher than Garde, got Garde$"
    ):
        donne.apply_action(Bid(2, Contract.GARDE))
    donne.apply_action(Bid(2, Contract.GARDE_CONTRE))
    assert donne.legal_actions() == (Bid(3, None),)  # after a Garde contre, only pass


def test_B1_out_of_turn_is_refused() -> None:
    donne = Donne(set_deal(4, {}))
    with pytest.raises(IllegalActionError, match="^B1: it is seat 1's turn, not seat 2's"):
        donne.apply_action(Bid(2, None))


def test_B1_barred_seat_can_only_pass() -> None:
    donne = Donne(set_deal(4, {}, barred=frozenset({1})))
    assert donne.legal_actions() == (Bid(1, None),)
    with pytest.raises(IllegalActionError, match="^D12: seat 1 may not bid"):
        donne.apply_action(Bid(1, Contract.PRISE))


def test_B2_contracts_and_multipliers() -> None:
    assert [(c.value, c.multiplier) for c in Contract] == [
        ("prise", 1),
        ("garde", 2),
        ("garde_sans", 4),
        ("garde_contre", 6),
    ]
    assert legal_contracts(None) == list(Contract)
    assert Contract.parse("Garde contre le chien") is Contract.GARDE_CONTRE


def test_B3_all_pass_voids_and_the_next_dealer_deals() -> None:
    match = Match(Variant.for_players(4), first_dealer=1)
    donne = match.start_donne(random.Random(3))
    if donne.void is None:
        while phase(donne) is GamePhase.BIDDING:
            seat = donne.current_player()
            assert seat is not None
            donne.apply_action(Bid(seat, None))
        assert donne.void == "all_pass" and donne.is_terminal() and donne.returns() == [0] * 4
    assert match.next_dealer == 2


def test_B4_call_a_king_or_the_next_card_down() -> None:
    assert [str(c) for c in callable_cards(CardSet.parse("KS KH 3C"))] == ["KS", "KH", "KD", "KC"]
    four_kings = CardSet.parse("KS KH KD KC")
    assert [str(c) for c in callable_cards(four_kings)] == ["QS", "QH", "QD", "QC"]
    kings_queens = four_kings | CardSet.parse("QS QH QD QC")
    assert [str(c) for c in callable_cards(kings_queens)] == ["NS", "NH", "ND", "NC"]


def five_player_donne(
    taker_hand: str, partner: dict[int, str] | None = None, chien: str = ""
) -> Donne:
    donne = Donne(set_deal(5, {1: taker_hand, **(partner or {})}, chien=chien))
    bid_to(donne, 1, Contract.GARDE_SANS)
    assert phase(donne) is GamePhase.CALL
    return donne


def test_B4_partner_is_the_holder_of_the_called_card_and_revealed_when_it_falls() -> None:
    donne = five_player_donne("T21 T20 T19", {3: "KH 2H"})
    with pytest.raises(
        IllegalActionError, match="^B4: the taker must call one of KS KH KD KC, not QH"
    ):
        donne.apply_action(CallCard(1, C("QH")))
    donne.apply_action(CallCard(1, C("KH")))
    assert donne.partner == 3 and donne.camp_of(3) == 0 and donne.camp_of(2) == 1
    assert donne.observation(0).partner is None and donne.observation(3).partner == 3
    donne.apply_action(ChelemDecision(1, False))
    # first trick: seat 1 leads; the called suit may not be led except the called King
    assert all(c.suit != C("KH").suit for c in donne.legal_cards(1))
    while not any(isinstance(op, PartnerRevealed) for op in donne.operations):
        seat = donne.current_player()
        assert seat is not None
        card = (
            C("KH") if seat == 3 and C("KH") in donne.legal_cards(3) else donne.legal_cards(seat)[0]
        )
        donne.apply_action(CardPlayed(seat, card))
    assert donne.observation(0).partner == 3


def test_B4_calling_his_own_king_the_taker_plays_alone() -> None:
    donne = five_player_donne("KS T21")
    donne.apply_action(CallCard(1, C("KS")))
    assert donne.partner is None


def test_B4_called_card_in_the_chien_the_taker_plays_alone() -> None:
    donne = five_player_donne("T21", chien="KD")
    donne.apply_action(CallCard(1, C("KD")))
    assert donne.partner is None


def test_B4_called_suit_not_led_at_the_first_trick_except_the_king() -> None:
    donne = five_player_donne("2H 3H 4H T21", {3: "KH"})  # seat 1 takes and leads
    donne.apply_action(CallCard(1, C("KH")))
    donne.apply_action(ChelemDecision(1, False))
    assert donne.current_player() == 1
    assert not [c for c in donne.legal_cards(1) if c.suit == C("KH").suit]
    with pytest.raises(
        IllegalActionError, match="^B4: the called suit may not be led at the first"
    ):
        donne.apply_action(CardPlayed(1, C("2H")))
    holder = five_player_donne("KH 2H T21")
    holder.apply_action(CallCard(1, C("KH")))  # his own King: he may lead it
    holder.apply_action(ChelemDecision(1, False))
    assert C("KH") in holder.legal_cards(1) and C("2H") not in holder.legal_cards(1)


# -- E: chien and écart ------------------------------------------------------------------


def test_E1_prise_chien_shown_taken_and_discarded() -> None:
    donne = Donne(set_deal(4, {1: "T21 T20"}, chien="2S 3S 4S 5S 6S 7S"))
    bid_to(donne, 1, Contract.PRISE)
    revealed = [op for op in donne.operations if isinstance(op, ChienRevealed)]
    assert [str(c) for c in revealed[0].cards] == ["2S", "3S", "4S", "5S", "6S", "7S"]
    assert len(donne.hands[1]) == 24 and phase(donne) is GamePhase.ECART
    assert donne.observation(0).chien == revealed[0].cards  # shown to everyone
    for card in cards("2S 3S 4S 5S 6S 7S"):
        donne.apply_action(Discard(1, card))
    assert len(donne.hands[1]) == 18 and phase(donne) is GamePhase.CHELEM
    assert donne.observation(1).ecart == tuple(cards("2S 3S 4S 5S 6S 7S"))
    assert donne.observation(0).ecart is None  # the écart is face down
    with pytest.raises(IllegalActionError, match="^E1: discarding is not possible now"):
        donne.apply_action(Discard(1, C("8S")))


def test_E2_no_king_no_bout_in_the_ecart() -> None:
    donne = Donne(set_deal(4, {1: "KS T1 T2 T21 EX"}))
    bid_to(donne, 1, Contract.GARDE)
    for card, what in (("KS", "a King"), ("T1", "a bout"), ("T21", "a bout"), ("EX", "a bout")):
        with pytest.raises(IllegalActionError, match=f"^E2: {what}"):
            donne.apply_action(Discard(1, C(card)))
    with pytest.raises(
        IllegalActionError, match="^E2: a trump may go to the écart only when nothing else"
    ):
        donne.apply_action(Discard(1, C("T2")))
    with pytest.raises(IllegalActionError, match="^E1: 2H is not in the taker's hand"):
        donne.apply_action(
            Discard(1, C("2H")) if C("2H") not in donne.hands[1] else Discard(1, C("KS"))
        )


def test_E2_trumps_only_when_forced() -> None:
    hand = "KS KH KD KC T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 2S 3S"
    donne = Donne(set_deal(4, {1: hand}, chien="T14 T15 T16 4S 5S 6S"))
    bid_to(donne, 1, Contract.PRISE)
    legal = {str(a.card) for a in donne.legal_actions() if isinstance(a, Discard)}
    assert {"2S", "3S", "4S", "5S", "6S", "T2", "T16"} <= legal and "KS" not in legal
    donne.apply_action(Discard(1, C("T16")))
    legal = {str(a.card) for a in donne.legal_actions() if isinstance(a, Discard)}
    assert legal == {"2S", "3S", "4S", "5S", "6S"}  # one trump was the most nothing else forced
    assert donne.observation(0).ecart_trumps_shown == (C("T16"),)  # trumps discarded are shown


@pytest.mark.parametrize(
    ("contract", "camp"), [(Contract.GARDE_SANS, 0), (Contract.GARDE_CONTRE, 1)]
)
def test_E3_garde_sans_and_contre_chien_unseen_counted_for_the_right_camp(
    contract: Contract, camp: int
) -> None:
    donne = Donne(set_deal(4, {}, chien="T21 KS QS 2H 3H 4H"))
    bid_to(donne, 2, contract)
    assert not any(isinstance(op, ChienRevealed) for op in donne.operations)
    assert phase(donne) is GamePhase.CHELEM and donne.observation(0).chien is None
    play_randomly(donne, random.Random(1))
    taker, defence, _ = donne.camp_cards()
    assert CardSet.parse("T21 KS QS 2H 3H 4H") <= (taker, defence)[camp]


def play_randomly(donne: Donne, rng: random.Random) -> None:
    while not donne.is_terminal():
        donne.apply_action(rng.choice(donne.legal_actions()))


# -- A: announcements --------------------------------------------------------------------


def test_A1_poignee_thresholds() -> None:
    four = Variant.for_players(4)
    ten = CardSet.parse("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10")
    assert [lvl for lvl, _ in poignee_options(ten, four)] == ["simple"]
    assert poignee_options(ten.without_card(C("T10")), four) == []
    thirteen = ten | CardSet.parse("T11 T12 T13")
    assert [lvl for lvl, _ in poignee_options(thirteen, four)] == ["simple", "double"]
    fifteen = thirteen | CardSet.parse("T14 T15")
    assert [lvl for lvl, _ in poignee_options(fifteen, four)] == ["simple", "double", "triple"]
    assert Variant.for_players(3).poignee_thresholds == (13, 15, 18)
    assert Variant.for_players(5).poignee_thresholds == (8, 10, 13)


def test_A2_shown_exactly_the_threshold_and_the_excuse_only_when_all_trumps_shown() -> None:
    four = Variant.for_players(4)
    nine_and_excuse = CardSet.parse("T1 T2 T3 T4 T5 T6 T7 T8 T9 EX")
    level, shown = poignee_options(nine_and_excuse, four)[0]
    assert level == "simple" and shown[-1] == EXCUSE and len(shown) == 10
    trumps = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"
    donne = Donne(set_deal(4, {1: f"{trumps} EX"}))
    bid_to(donne, 1, Contract.GARDE_SANS)
    donne.apply_action(ChelemDecision(1, False))
    with pytest.raises(
        IllegalActionError, match="^A2: a simple poignée shows exactly 10 trumps, not 9"
    ):
        donne.apply_action(PoigneeShown(1, "simple", tuple(cards("T2 T3 T4 T5 T6 T7 T8 T9 T10"))))
    with pytest.raises(IllegalActionError, match="^A2: the Excuse may stand for a trump only"):
        donne.apply_action(
            PoigneeShown(1, "simple", tuple(cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX")))
        )
    with pytest.raises(IllegalActionError, match="^A2: a poignée shows only trumps"):
        hand_card = next(c for c in donne.hands[1] if c.is_suit_card)
        shown_cards = (*cards("T2 T3 T4 T5 T6 T7 T8 T9 T10"), hand_card)
        donne.apply_action(PoigneeShown(1, "simple", shown_cards))
    with pytest.raises(IllegalActionError, match="^A1: 'quadruple' is not a poignée"):
        donne.apply_action(PoigneeShown(1, "quadruple", ()))  # type: ignore[arg-type]
    donne.apply_action(PoigneeShown(1, "simple", tuple(cards("T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"))))
    with pytest.raises(IllegalActionError, match="^A2: a poignée is shown once"):
        donne.apply_action(
            PoigneeShown(1, "simple", tuple(cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11")))
        )
    assert [p.seat for p in donne.observation(3).poignees] == [1]


def test_A2_poignee_only_before_the_first_card() -> None:
    trumps = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"
    donne = Donne(set_deal(4, {2: trumps}))
    bid_to(donne, 1, Contract.GARDE_SANS)
    donne.apply_action(ChelemDecision(1, False))
    donne.apply_action(CardPlayed(1, donne.legal_cards(1)[0]))
    assert any(isinstance(a, PoigneeShown) for a in donne.legal_actions())
    donne.apply_action(CardPlayed(2, donne.legal_cards(2)[0]))
    while donne.current_player() != 2:
        seat = donne.current_player()
        assert seat is not None
        donne.apply_action(CardPlayed(seat, donne.legal_cards(seat)[0]))
    assert not any(isinstance(a, PoigneeShown) for a in donne.legal_actions())
    with pytest.raises(IllegalActionError, match="^A2: a poignée is shown once, just before"):
        donne.apply_action(
            PoigneeShown(2, "simple", tuple(cards("T3 T4 T5 T6 T7 T8 T9 T10 T11 T12")))
        )


def test_A6_announcer_of_a_chelem_leads() -> None:
    donne = Donne(set_deal(4, {}, dealer=0))
    bid_to(donne, 3, Contract.GARDE_SANS)
    assert donne.legal_actions() == (ChelemDecision(3, False), ChelemDecision(3, True))
    donne.apply_action(ChelemDecision(3, True))
    assert donne.chelem == 3 and donne.current_player() == 3  # not seat 1 (D18)


def test_D18_without_chelem_the_right_neighbour_leads() -> None:
    donne = Donne(set_deal(4, {}, dealer=0))
    bid_to(donne, 3, Contract.GARDE_SANS)
    donne.apply_action(ChelemDecision(3, False))
    assert donne.current_player() == 1


# -- P: play -------------------------------------------------------------------------------


def test_P1_follow_suit_without_having_to_win() -> None:
    hand = CardSet.parse("2S KS T5 4H")
    assert legal_cards(hand, [C("QS")]) == cards("2S KS")


def test_P2_void_must_trump_and_overtrump() -> None:
    hand = CardSet.parse("T5 T12 4H")
    assert legal_cards(hand, [C("QS")]) == cards("T5 T12")
    assert legal_cards(hand, [C("QS"), C("T8")]) == cards("T12")
    assert legal_cards(hand, [C("QS"), C("T15")]) == cards("T5 T12")  # cannot overtrump: any trump
    assert legal_cards(CardSet.parse("4H 5D"), [C("QS")]) == cards("4H 5D")  # no trump: any card


def test_P3_trump_led_overtrump_if_possible() -> None:
    assert legal_cards(CardSet.parse("T3 T9 2S"), [C("T7")]) == cards("T9")
    assert legal_cards(CardSet.parse("T3 T4 2S"), [C("T7")]) == cards("T3 T4")
    assert legal_cards(CardSet.parse("2S 3H"), [C("T7")]) == cards("2S 3H")


def test_P4_excuse_any_time_and_never_wins() -> None:
    assert EXCUSE in legal_cards(CardSet.parse("2S EX"), [C("QS")])
    assert EXCUSE in legal_cards(CardSet.parse("T9 EX"), [C("T7")])
    assert trick_winner(cards("QS EX")[::-1]) == 1  # EX led: the next card sets the suit
    assert legal_cards(CardSet.parse("2S 3H"), [EXCUSE]) == cards("2S 3H")
    assert legal_cards(CardSet.parse("2S 3H"), [EXCUSE, C("5H")]) == cards("3H")
    assert trick_winner([EXCUSE, C("2S"), C("3S")], excuse_can_win=True) == 0


def test_P4_excuse_exchange_for_a_half_point_card() -> None:
    camps = [1, 0, 1, 1]  # seat 1 takes a garde sans
    tricks = [
        Trick(1, ((1, EXCUSE), (2, C("KS")), (3, C("2S")), (0, C("3S"))), winner=2),
        Trick(2, ((2, C("4S")), (3, C("5S")), (0, C("6S")), (1, C("7S"))), winner=1),
        Trick(1, ((1, C("8S")), (2, C("9S")), (3, C("10S")), (0, C("JS"))), winner=0),
    ]
    gs, chien = Contract.GARDE_SANS, CardSet()
    taker, defence, owed = camp_piles(tricks, camps, gs, chien, chien)
    assert EXCUSE in taker and C("KS") in defence and owed == 1  # gives a half-point card
    taker, _, owed = camp_piles(tricks[:1] + tricks[2:], camps, gs, chien, chien)
    assert EXCUSE in taker and owed == 1  # no trick won: keeps it for 4 points


def test_P5_highest_trump_else_highest_of_the_suit_led() -> None:
    assert trick_winner([C("QS"), C("KS"), C("KH")]) == 1
    assert trick_winner([C("QS"), C("KH"), C("T1")]) == 2
    assert trick_winner([C("QS"), C("T2"), C("T1")]) == 1


def test_P5_the_winner_leads_next() -> None:
    donne = Donne(set_deal(4, {}))
    bid_to(donne, 1, Contract.GARDE_SANS)
    donne.apply_action(ChelemDecision(1, False))
    for _ in range(4):
        seat = donne.current_player()
        assert seat is not None
        donne.apply_action(CardPlayed(seat, donne.legal_cards(seat)[-1]))
    assert donne.current_player() == donne.tricks[0].winner


def test_P1_refusals_name_the_rule() -> None:
    spades = {0: "3S 4S 5S 6S 7S 8S 9S", 1: "QS 1S", 2: "2S 10S JS NS KS T5", 3: "T9 T3"}
    donne = Donne(set_deal(4, spades))
    bid_to(donne, 1, Contract.GARDE_SANS)
    donne.apply_action(ChelemDecision(1, False))
    donne.apply_action(CardPlayed(1, C("QS")))
    with pytest.raises(IllegalActionError, match=r"^P1: T5 does not follow the suit led \(QS\)"):
        donne.apply_action(CardPlayed(2, C("T5")))
    with pytest.raises(IllegalActionError, match="^P1: seat 2 does not hold KH"):
        donne.apply_action(CardPlayed(2, C("KH")))
    donne.apply_action(CardPlayed(2, C("2S")))
    plain = next(c for c in donne.hands[3] if c.is_suit_card)
    with pytest.raises(
        IllegalActionError, match=f"^P2: {plain}: void in the suit led, you must trump"
    ):
        donne.apply_action(CardPlayed(3, plain))
    donne.apply_action(CardPlayed(3, C("T3")))
    other = next(c for c in donne.hands[0] if c.suit != C("QS").suit)
    with pytest.raises(IllegalActionError, match=f"^P1: {other} does not follow the suit led"):
        donne.apply_action(CardPlayed(0, other))


def test_observation_hides_the_other_hands() -> None:
    donne = Donne(set_deal(4, {}))
    seen = donne.observation(2)
    assert seen.hand == donne.hands[2] and seen.legal_actions == ()
    assert donne.observation(1).legal_actions == donne.legal_actions()
    assert not hasattr(seen, "hands") and seen.chien is None
    with pytest.raises(IllegalActionError, match="seat 4 is not a seat"):
        donne.observation(4)


def filler(winner: int, count: int) -> list[Trick]:
    return [Trick(winner, ((winner, C("2S")),), winner) for _ in range(count)]


ALONE = [1, 0, 1, 1]  # seat 1 takes, alone


def test_A5_petit_au_bout_for_the_camp_that_wins_the_last_trick() -> None:
    won = Trick(0, ((0, PETIT), (1, C("T5")), (2, C("2H")), (3, C("3H"))), winner=1)
    assert petit_au_bout([*filler(0, 17), won], ALONE) == 10
    lost = Trick(1, ((1, PETIT), (2, C("T5")), (3, C("2H")), (0, C("3H"))), winner=2)
    assert petit_au_bout([*filler(0, 17), lost], ALONE) == -10
    none = Trick(1, ((1, C("T2")), (2, C("T5")), (3, C("2H")), (0, C("3H"))), winner=2)
    assert petit_au_bout([*filler(0, 17), none], ALONE) == 0
    early = Trick(1, ((1, PETIT), (2, C("T5")), (3, C("2H")), (0, C("3H"))), winner=2)
    assert petit_au_bout([early, *filler(0, 16), none], ALONE) == 0


def test_A5_chelem_with_the_excuse_last_the_petit_of_the_trick_before_counts() -> None:
    before = Trick(1, ((1, PETIT), (2, C("2H")), (3, C("3H")), (0, C("4H"))), winner=1)
    last = Trick(1, ((1, EXCUSE), (2, C("5H")), (3, C("6H")), (0, C("7H"))), winner=1)
    assert petit_au_bout([*filler(1, 16), before, last], ALONE) == 10
    broken = [*filler(1, 15), *filler(2, 1), before, last]  # no chelem: the last trick
    assert petit_au_bout(broken, ALONE) == 0


def test_A4_chelem_bonuses() -> None:
    assert chelem_bonus([0] * 18, announced=False) == 200  # made, unannounced
    assert chelem_bonus([0] * 18, announced=True) == 400  # announced and made
    assert chelem_bonus([0] * 17 + [1], announced=True) == -200  # announced and failed
    assert chelem_bonus([1] * 18, announced=True) == -400  # failed, the defence took all
    assert chelem_bonus([1] * 18, announced=False) == -200  # the defence's chelem
    assert chelem_bonus([0] * 17 + [1], announced=False) == 0


def test_S2_the_petit_is_a_bout_for_the_camp_that_takes_it() -> None:
    """Seat 1 takes alone and wins the 21. A defender leads the Petit: when the taker
    takes that trick, the Petit is his second bout (target 41); when the defence takes
    it, it counts for the defence and the taker has one bout (target 51) (S2)."""
    petit, low = [C(c) for c in ("T1", "T2", "T3", "T4")], [C(c) for c in ("2S", "3S", "4S")]
    excuse = [EXCUSE, *(C(c) for c in ("5S", "6S", "7S"))]
    given = {*petit, *low, *excuse, C("T21")}
    rest = [c for c in ALL_CARDS if c not in given]
    ecart, body = rest[:6], rest[6:]

    def trick(leader: int, cards: list[Card], winner: int) -> Trick:
        return Trick(leader, tuple(((leader + i) % 4, c) for i, c in enumerate(cards)), winner)

    def target(petit_to: int) -> int:
        tricks = [trick(1, [C("T21"), *low], 1), trick(0, petit, petit_to)]
        tricks += [trick(2, excuse, 2)]  # the Excuse stays with the defence
        tricks += [trick(2, body[i : i + 4], 2) for i in range(0, len(body), 4)]
        assert sum(len(t.cards) for t in tricks) == 72
        result = score_tricks(
            tricks=tricks, taker=1, partner=None, contract=Contract.PRISE,
            chien=CardSet(ecart), ecart=CardSet(ecart), poignees=[], chelem_announced=False,
        )  # fmt: skip
        return result.target

    assert target(petit_to=1) == 41
    assert target(petit_to=3) == 51


def test_A4_excuse_led_last_wins_a_chelem_trick() -> None:
    assert trick_winner([EXCUSE, C("KS"), C("T5"), C("2S")], excuse_can_win=True) == 0
    assert trick_winner([C("KS"), EXCUSE, C("T5"), C("2S")], excuse_can_win=True) == 2


def test_clone_is_independent_of_the_original() -> None:
    donne = Donne(set_deal(4, {}))
    copy = donne.clone()
    donne.apply_action(Bid(1, Contract.PRISE))
    assert copy.bids == () and copy.current_player() == 1 and len(donne.bids) == 1
    copy.apply_action(Bid(1, None))
    assert donne.bids[0].contract is Contract.PRISE


def test_A4_A6_P4_announced_chelem_made_with_the_excuse_led_last() -> None:
    trumps = " ".join(f"T{n}" for n in range(5, 22))
    donne = Donne(set_deal(4, {1: f"{trumps} EX"}, dealer=0))
    bid_to(donne, 1, Contract.GARDE_SANS)
    donne.apply_action(ChelemDecision(1, True))
    assert donne.current_player() == 1  # A6
    while not donne.is_terminal():
        seat = donne.current_player()
        assert seat is not None
        legal = donne.legal_cards(seat)
        if seat == 1:
            trumps_left = [c for c in legal if c.is_trump]
            card = max(trumps_left) if trumps_left else EXCUSE
        else:
            card = legal[0]
        donne.apply_action(CardPlayed(seat, card))
    last = donne.tricks[-1]
    assert (
        last.cards[0] == (1, EXCUSE) and last.winner == 1
    )  # P4: the Excuse wins a chelem's last trick
    assert all(trick.winner == 1 for trick in donne.tricks)
    result = donne.result
    assert result is not None
    assert (result.points, result.bouts, result.chelem) == (91.0, 3, 400)
    assert result.score == (25 + 91 - 36) * 4 + 400 and result.marks[1] == 3 * result.score


def test_B4_taker_holding_the_four_kings_calls_a_queen() -> None:
    donne = five_player_donne("KS KH KD KC T21")
    assert [str(a.card) for a in donne.legal_actions() if isinstance(a, CallCard)] == [
        "QS",
        "QH",
        "QD",
        "QC",
    ]
    with pytest.raises(
        IllegalActionError, match="^B4: the taker must call one of QS QH QD QC, not KS"
    ):
        donne.apply_action(CallCard(1, C("KS")))
