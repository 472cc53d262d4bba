"""P4, the Excuse, as the FFT's text says it (docs/reference/rules.md P4, corrected): kept by its
camp for a half-point card; kept for 4 points by a camp with no trick; and in the last
trick outside a chelem it changes camp (⚙ ``excuse_last_trick``)."""

from __future__ import annotations

import json
import random

import pytest

from atout.bidding import Contract
from atout.cards import ALL_CARDS, EXCUSE, Card, CardSet
from atout.dealing import Deal
from atout.errors import IllegalActionError
from atout.play import Trick
from atout.scoring import Result, camp_piles, excuse_goes, score_tricks
from atout.state import CallCard, CardPlayed, ChelemDecision, Donne
from atout.table import ExcuseLastTrick, Rules, Variant
from tests.cli_helpers import run
from tests.game_helpers import bid_to

C = Card.parse
PLAIN = [c for c in ALL_CARDS if c != EXCUSE]


def trick(leader: int, cards: list[Card], winner: int, players: int) -> Trick:
    """``cards`` played in order from ``leader``, counter-clockwise."""
    return Trick(leader, tuple(((leader + i) % players, c) for i, c in enumerate(cards)), winner)


def tricks_from(
    players: int, attack: list[Card], defence: list[Card], last: list[Card], last_leader: int
) -> list[Trick]:
    """The taker (seat 0) wins tricks of ``attack``, seat 1 (a defender) those of
    ``defence``; the last trick is ``last`` led by ``last_leader`` and won by seat 2."""
    chunks = [attack[i : i + players] for i in range(0, len(attack), players)]
    tricks = [trick(0, chunk, 0, players) for chunk in chunks]
    chunks = [defence[i : i + players] for i in range(0, len(defence), players)]
    tricks += [trick(1, chunk, 1, players) for chunk in chunks]
    return [*tricks, trick(last_leader, last, 2, players)]


def result_with(tricks: list[Trick], chien: list[Card], setting: ExcuseLastTrick) -> Result:
    """The result of a prise by seat 0, alone, whose écart is ``chien``."""
    return score_tricks(
        tricks=tricks,
        taker=0,
        partner=None,
        contract=Contract.PRISE,
        chien=CardSet(chien),
        ecart=CardSet(chien),
        poignees=[],
        chelem_announced=False,
        excuse_last_trick=setting,
    )


def test_P4_worked_4p_prise_excuse_led_last_by_a_defender_goes_to_the_taker() -> None:
    """A 4-player prise: the taker has the Petit and the 21 and 33 points; a defender
    leads the Excuse at the last trick and another defender wins it: the taker gets the
    Excuse, 37.5 points with 3 bouts against 36: made by 2, S = +27."""
    ecart = list(CardSet.parse("1S 2S 3S 4S 5S 6S"))  # 3 points
    won = list(CardSet.parse("T21 T1 KS KH QS QH JS JH 7S 8S 9S 10S"))  # 30 points
    last = [EXCUSE, C("KD"), C("2H"), C("3H")]  # seat 1 leads EX, seat 2 wins with KD
    rest = [c for c in PLAIN if c not in ecart + won + last]
    tricks = tricks_from(4, won, rest, last, last_leader=1)
    assert len(tricks) == 18 and sum(len(t.cards) for t in tricks) == 72
    result = result_with(tricks, ecart, "changes_camp")
    assert (result.points, result.bouts, result.target, result.made) == (37.5, 3, 36, True)
    assert (result.difference, result.score, result.marks) == (2, 27, (81, -27, -27, -27))
    old = result_with(tricks, ecart, "to_trick_winner")  # to whoever wins the trick
    assert (old.points, old.bouts, old.target, old.made, old.score) == (33.0, 2, 41, False, -33)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("owner", [0, 1])
def test_P4_excuse_in_the_last_trick_changes_camp(players: int, owner: int) -> None:
    """Whoever wins the last trick, the Excuse goes to the camp that did not play it;
    ``to_trick_winner`` gives it to the winner's camp (seat 2, a defender)."""
    chien = PLAIN[: Variant.for_players(players).chien_size]
    pack = [c for c in PLAIN if c not in chien]
    last = (
        [*pack[-(players - 1) :], EXCUSE][::-1] if owner == 0 else [EXCUSE, *pack[-(players - 1) :]]
    )
    leader = 0 if owner == 0 else 1
    body = pack[: -(players - 1)]
    cut = players * 3
    tricks = tricks_from(players, body[:cut], body[cut:], last, leader)
    assert all(len(t.cards) == players for t in tricks)
    camps = [0] + [1] * (players - 1)
    piles = camp_piles(tricks, camps, Contract.PRISE, CardSet(chien), CardSet(chien))
    assert EXCUSE in (piles.defence if owner == 0 else piles.taker) and piles.owed == 0
    to_winner = camp_piles(
        tricks, camps, Contract.PRISE, CardSet(chien), CardSet(chien), "to_trick_winner"
    )
    assert EXCUSE in to_winner.defence and to_winner.owed == 0
    moved = result_with(tricks, chien, "changes_camp").points
    kept = result_with(tricks, chien, "to_trick_winner").points
    assert moved - kept == (4.5 if owner == 1 else 0.0)


def test_P4_5p_taker_plays_the_excuse_last_his_partner_wins_it_goes_to_the_defence() -> None:
    chien = PLAIN[:3]
    pack = [c for c in PLAIN if c not in chien]
    last = [C("2H"), C("3H"), C("4H"), C("5H"), EXCUSE]
    body = [c for c in pack if c not in last]
    tricks = tricks_from(5, body[:15], body[15:], last, last_leader=1)  # seat 0 plays EX
    tricks[-1] = Trick(1, tricks[-1].cards, winner=4)  # the partner, seat 4, wins it
    camps = [0, 1, 1, 1, 0]
    piles = camp_piles(tricks, camps, Contract.PRISE, CardSet(chien), CardSet(chien))
    assert EXCUSE in piles.defence and piles.owed == 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_P4_a_camp_with_no_trick_keeps_the_excuse_for_4_points(players: int) -> None:
    """The defence wins no trick: its Excuse counts 4 points and the taker gets the
    half point (87 points); the taker wins no trick: he keeps it for 4 points."""
    n, chien = players, PLAIN[: Variant.for_players(players).chien_size]
    pack = [c for c in PLAIN if c not in chien]
    first = [pack[0], EXCUSE, *pack[1 : n - 1]]  # the taker leads, seat 1 plays the Excuse
    body = pack[n - 1 :]
    tricks = [trick(0, first, 0, n)] + [
        trick(0, body[i : i + n], 0, n) for i in range(0, len(body), n)
    ]
    result = result_with(tricks, chien, "changes_camp")
    assert result.points == 87.0 and result.chelem == 200
    alone = [trick(0, [EXCUSE, *pack[: n - 1]], 1, n)] + [
        trick(1, body[i : i + n], 1, n) for i in range(0, len(body), n)
    ]
    ecart_points = CardSet(chien).half_points() / 2
    assert result_with(alone, chien, "changes_camp").points == ecart_points + 4.0


def test_P4_excuse_goes_rule_table() -> None:
    settings: tuple[ExcuseLastTrick, ...] = ("changes_camp", "to_trick_winner")
    for setting in settings:
        assert excuse_goes(0, 1, last=False, in_chelem=False, setting=setting) == (0, 1)
        assert excuse_goes(1, 1, last=False, in_chelem=False, setting=setting) == (1, 0)
        assert excuse_goes(0, 0, last=True, in_chelem=True, setting=setting) == (0, 0)
    assert excuse_goes(0, 0, last=True, in_chelem=False, setting="changes_camp") == (1, 0)
    assert excuse_goes(0, 0, last=True, in_chelem=False, setting="to_trick_winner") == (0, 0)
    assert excuse_goes(1, 0, last=True, in_chelem=False, setting="to_trick_winner") == (0, 0)


def test_P4_setting_is_checked() -> None:
    assert Rules().excuse_last_trick == "changes_camp"
    with pytest.raises(IllegalActionError, match="^P4: excuse_last_trick is one of"):
        Rules(excuse_last_trick="to_the_dealer")  # type: ignore[arg-type]


def play_holding_the_excuse(donne: Donne) -> None:
    """Everyone plays his lowest legal card, the Excuse only when it is the last one."""
    while not donne.is_terminal():
        seat = donne.current_player()
        assert seat is not None
        legal = donne.legal_cards(seat)
        others = [c for c in legal if c != EXCUSE]
        donne.apply_action(CardPlayed(seat, others[0] if others else EXCUSE))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_P4_played_donne_excuse_held_to_the_last_trick(players: int) -> None:
    """Whole donnes: a defender keeps the Excuse to the last trick; by default the
    taker's camp gets it; with ``to_trick_winner`` the trick's winner does, and when a
    defender wins it the taker's points differ by exactly 4.5."""
    variant, seen = Variant.for_players(players), 0
    for seed in range(200):
        deal = Deal.automatic(variant, rng=random.Random(seed), dealer=0)
        if deal.void is not None or EXCUSE in deal.chien:
            continue
        holder = next(s for s, hand in enumerate(deal.hands) if EXCUSE in hand)
        taker = (holder + 1) % players
        donne = Donne(deal)
        bid_to(donne, taker, Contract.GARDE_SANS)
        if players == 5:
            call = next(a for a in donne.legal_actions() if isinstance(a, CallCard))
            donne.apply_action(call)
            if donne.camp_of(holder) == 0:
                continue
        donne.apply_action(ChelemDecision(taker, False))
        play_holding_the_excuse(donne)
        last = donne.tricks[-1]
        assert (holder, EXCUSE) in last.cards and donne.result is not None
        if all(donne.camp_of(t.winner or 0) == 1 for t in donne.tricks[:-1]):
            assert EXCUSE in donne.camp_cards().defence  # the defence's chelem: kept
            continue
        assert EXCUSE in donne.camp_cards().taker
        other = Deal.replay(
            variant, deal.operations, rules=Rules(excuse_last_trick="to_trick_winner")
        )
        again = Donne(other)
        for operation in donne.operations:
            if not operation.automatic:
                again.apply_action(operation)  # type: ignore[arg-type]
        assert again.result is not None
        winner_camp = donne.camp_of(last.winner or 0)
        piles = again.camp_cards()
        assert EXCUSE in (piles.taker, piles.defence)[winner_camp]
        if winner_camp == 1:
            assert donne.result.points - again.result.points == 4.5
            seen += 1
    assert seen >= 3


def test_P4_reproduction_atout_play_seed_45(capsys: pytest.CaptureFixture[str]) -> None:
    """``atout play --bots random --players 5 --deals 300 --seed 45 --json``: in donne
    283 the taker, alone, wins no trick and has played the Excuse: 4 points, not 4.5."""
    code, out, _ = run(
        capsys, "play", "--bots", "random", "--players", "5", "--deals", "300", "--seed", "45",
        "--json",
    )  # fmt: skip
    assert code == 0
    entry = json.loads(out)["donnes"][282]
    assert entry["taker"] == 4 and entry["partner"] is None
    assert all(t["winner"] != 4 for t in entry["tricks"])
    assert any(seat == 4 and card == "EX" for t in entry["tricks"] for seat, card in t["cards"])
    assert entry["result"]["points"] == 4.0


@pytest.mark.parametrize("setting", ["changes_camp", "to_trick_winner"])
def test_P4_a_chelem_lost_at_the_last_trick_is_no_chelem(setting: ExcuseLastTrick) -> None:
    """The defence takes the first 17 tricks, then plays the Excuse (not led) in the
    last one, which the taker wins: outside a chelem, so the Excuse goes to the taker's
    camp (the other camp, and the trick's winner)."""
    chien = PLAIN[:6]
    pack = [c for c in PLAIN if c not in chien]
    last = [pack[-3], pack[-2], EXCUSE, pack[-1]]  # seats 1, 2, 3 (EX), 0 wins
    body = pack[:-3]
    tricks = [trick(1, body[i : i + 4], 1, 4) for i in range(0, len(body), 4)]
    tricks.append(Trick(1, tuple(zip((1, 2, 3, 0), last, strict=True)), 0))
    camps = [0, 1, 1, 1]
    piles = camp_piles(tricks, camps, Contract.GARDE_SANS, CardSet(chien), CardSet(), setting)
    assert EXCUSE in piles.taker and piles.owed == 0
