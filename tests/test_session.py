"""The table shared by the faces (atout.session): the deal done by the seats as La Donne
says, what each seat is told, and a table rebuilt from its actions."""

from __future__ import annotations

import hashlib
import json
import random
import re
from typing import Any

import pytest

from atout.cards import Card
from atout.dealing import Phase
from atout.errors import IllegalActionError
from atout.fairness import commitment, derive
from atout.session import (
    AnnouncePetitSec,
    Contribute,
    CutPack,
    DealPack,
    Draw,
    MakeEcart,
    ShowChien,
    Shuffle,
    Table,
    TableAction,
    TableSettings,
    action_from_json,
    action_to_json,
    observation_json,
)
from atout.state import CardPlayed, Discard

CARD = re.compile(r"^(T([1-9]|1[0-9]|2[01])|EX|([1-9]|10|[JCQK])[SHDC])$")


def settings(players: int, persons: int = 1, **kw: Any) -> TableSettings:
    seats = tuple(None if s < persons else "heuristic" for s in range(players))
    return TableSettings(players=players, deals=kw.pop("deals", 2), seats=seats, **kw)


def run(table: Table, limit: int = 10_000) -> None:
    for _ in range(limit):
        if table.is_over:
            return
        donne = table.donne
        if donne is not None and donne.is_terminal():
            table.next_donne()
            continue
        table.act(table.bot_action(table.to_act()[0]))
    raise AssertionError("the match did not end")


def cards_in(data: Any) -> set[str]:
    """Every string in ``data`` that is a card's code."""
    found: set[str] = set()
    if isinstance(data, str):
        if CARD.match(data):
            found.add(data)
    elif isinstance(data, dict):
        if data.get("type") == "call" and "card" in data:
            return found  # B4: naming a card to call shows nothing of the hands
        for key, value in data.items():
            if key not in ("commitment", "secret", "value", "contributions"):
                found |= cards_in(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= cards_in(value)
    return found


def may_know(table: Table, seat: int | None) -> set[str]:
    """The cards ``seat`` may have been told of so far: the draw, its own hand once
    picked up (D11, D15), the chien when shown (E1), a Petit sec's hand (D16), poignées
    (A1), trumps in the écart (E3), the taker's own écart, cards played."""
    known: set[str] = set()
    for number, deal in enumerate(table.match.deals):
        known |= {str(c) for _, cards in deal.draw_order for c in cards}
        for event in table.events:
            if event.donne == number + 1 and event.kind == "petit_sec":
                known |= set(event.data["hand"])
        if number < len(table.match.donnes):
            donne = table.match.donnes[number]
            if seat is not None:
                known |= {str(c) for c in deal.received[seat]}
                if seat == donne.taker:
                    known |= {str(c) for c in deal.chien_cards}
            if donne.contract is not None and donne.contract.chien_seen:
                known |= {str(c) for c in deal.chien_cards}
            known |= {str(c) for p in donne.poignees for c in p.cards}
            known |= {str(donne.called)} if donne.called is not None else set()
            known |= {str(c) for c in donne.ecart if c.is_trump}
            known |= {str(c) for t in donne.tricks for _, c in t.cards}
            if donne.is_terminal():
                known |= {str(c) for c in donne.ecart}  # counted with the taker's pile
    return known


@pytest.mark.parametrize("players", [3, 4, 5])
def test_D19_no_seat_is_told_a_card_it_may_not_see(players: int) -> None:
    table = Table(settings(players, persons=players, deals=3), seed=players)
    told = 0
    for _ in range(5000):
        if table.is_over:
            break
        donne = table.donne
        if donne is not None and donne.is_terminal():
            table.next_donne()
            continue
        table.act(table.bot_action(table.to_act()[0]))
        for seat in [*range(players), None]:
            view = observation_json(table.observation(seat))
            news = table.events_since(told, seat)
            seen = cards_in(view) | cards_in(news)
            assert seen <= may_know(table, seat), (seat, seen - may_know(table, seat))
            assert "secret" not in json.dumps(view)
        told = len(table.events)
    assert table.is_over


def test_D11_no_hand_is_shown_before_the_deal_is_over() -> None:
    table = Table(settings(4, persons=4), seed=3)
    while table.donne is None:
        view = observation_json(table.observation(1))
        assert view["game"] is None
        own = {str(c) for c in (table.deal.received[1] if table.deal else [])}
        drawn = (
            {str(c) for _, cards in table.deal.draw_order for c in cards} if table.deal else set()
        )
        assert not (cards_in(view) & (own - drawn))
        table.act(table.bot_action(table.to_act()[0]))
    assert len(observation_json(table.observation(1))["game"]["hand"]) == 18


def test_the_deal_goes_step_by_step_in_the_order_of_la_donne() -> None:
    table = Table(settings(4, persons=4, deals=1), seed=11)
    kinds: list[str] = []
    while table.donne is None:
        kinds += [e.kind for e in table.act(table.bot_action(table.to_act()[0]))]
    assert kinds.count("card_drawn") >= 4 and "dealer_chosen" in kinds
    order = [k for k in kinds if k in ("dealer_chosen", "shuffled", "cut", "chien_shown")]
    assert order == ["dealer_chosen", "shuffled", "cut", "chien_shown"]
    dealing = [k for k in kinds if k in ("packet_dealt", "chien_card_dealt")]
    assert dealing.count("packet_dealt") == 24 and dealing.count("chien_card_dealt") == 6
    assert dealing[0] == "packet_dealt" and dealing[-1] == "packet_dealt"  # D8
    deal = table.deal
    assert deal is not None and deal.dealer is not None
    packets = [e for e in table.events if e.kind == "packet_dealt"]
    assert [e.data["seat"] for e in packets[:4]] == [(deal.dealer + 1 + i) % 4 for i in range(4)]
    assert all(e.data["count"] == 3 for e in packets)  # D7


def test_D4_the_shuffle_waits_for_every_persons_value() -> None:
    table = Table(settings(4, persons=2, deals=1), seed=5)
    while table.deal is not None and table.deal.phase is Phase.DRAW:
        table.act(Draw(table.deal.seats_to_draw()[0]))
    deal = table.deal
    assert deal is not None
    shuffler = deal.shuffler
    waiting = table.awaiting_contributions()
    assert waiting == (0, 1) and table.to_act() == (0, 1)
    for seat in range(4):
        assert Shuffle(seat) not in table.options(seat)
    with pytest.raises(IllegalActionError, match="waits for the random values") as caught:
        table.act(Shuffle(shuffler))
    assert caught.value.rule == "D4"
    for seat in waiting:
        with pytest.raises(IllegalActionError, match="D4"):
            table.act(Contribute(seat, "zz"))
        told = table.act(Contribute(seat, "ab" * 32))
        assert [(e.kind, e.data) for e in told] == [("contributed", {"seat": seat})]
        with pytest.raises(IllegalActionError, match="already"):
            table.act(Contribute(seat, "cd" * 32))
    assert table.options(shuffler)[-1] == Shuffle(shuffler)
    table.act(Shuffle(shuffler))
    values = [(s, bytes.fromhex("ab" * 32)) for s in range(2)]
    secret = table._secret
    assert secret is not None
    expected = derive(secret, values, table.variant, table.settings.rules)
    assert deal.shuffled == tuple(Card(i) for i in expected.permutation)


def test_refused_actions_name_their_rule_and_change_nothing() -> None:
    table = Table(settings(4, persons=4, deals=1, verifiable=False), seed=9)
    while table.deal is not None and table.deal.phase is Phase.DRAW:
        table.act(table.bot_action(table.to_act()[0]))
    deal = table.deal
    assert deal is not None and deal.dealer is not None
    before = (len(table.events), len(table.actions), observation_json(table.observation(0)))
    wrong = (deal.shuffler + 1) % 4
    attempts: list[tuple[TableAction, str]] = [
        (Shuffle(wrong), "D4"),
        (CutPack(deal.cutter, 30), "D4"),
        (DealPack(deal.dealer), "D4"),
        (CardPlayed(0, Card.parse("T1")), "D15"),
        (MakeEcart(0, ()), "E1"),
        (Draw(deal.shuffler), "D1"),
    ]
    for action, rule in attempts:
        with pytest.raises(IllegalActionError) as caught:
            table.act(action)
        assert caught.value.rule == rule, (action, caught.value)
    assert (len(table.events), len(table.actions), observation_json(table.observation(0))) == before
    table.act(Shuffle(deal.shuffler))
    for k in (3, 75, 0, 78):
        with pytest.raises(IllegalActionError) as caught:
            table.act(CutPack(deal.cutter, k))
        assert caught.value.rule == "D5"
    table.act(CutPack(deal.cutter, 4))
    assert deal.cut_k == 4


def _first_ecart(seed: int) -> Table | None:
    """A table at its écart, or ``None`` when the donne has none."""
    table = Table(settings(4, persons=4, deals=1, verifiable=False), seed=seed)
    while table.donne is None or table.donne.phase.value not in ("ecart", "play", "over"):
        table.act(table.bot_action(table.to_act()[0]))
        if table.donne is not None and table.donne.is_terminal():
            return None
    return table if table.donne.phase.value == "ecart" else None


def test_E2_the_ecart_is_checked_whole_and_applied_whole() -> None:
    for seed in range(500):
        found = _first_ecart(seed)
        if found is None:
            continue
        table, donne = found, found.donne
        assert donne is not None and donne.taker is not None
        hand = donne.observation(donne.taker).hand
        if (
            any(c.is_king for c in hand)
            and sum(c.is_suit_card and not c.is_king for c in hand) >= 6
        ):
            break
    else:
        pytest.fail("no seed gave an écart whose taker has a King and 6 plain cards")
    taker = donne.taker
    assert taker is not None
    view = observation_json(table.observation(taker))
    rules = view["game"]["ecart_rules"]
    cards = [Card.parse(c) for c in view["game"]["hand"]]
    kings = [c for c in cards if c.is_king]
    plain = [c for c in cards if c.is_suit_card and not c.is_king]
    for king in kings:
        assert rules["refused"][str(king)].startswith("E2")
    if kings:
        bad = MakeEcart(taker, (*plain[:5], kings[0]))
        with pytest.raises(IllegalActionError, match="King"):
            table.act(bad)
        assert donne.ecart == ()
    good = tuple(a.card for a in donne.legal_actions() if isinstance(a, Discard))
    if len(plain) >= 6:
        table.act(MakeEcart(taker, tuple(plain[:6])))
        assert donne.ecart == tuple(plain[:6])
        assert good  # the engine offered them one by one too


def test_a_table_rebuilt_from_its_actions_is_the_same_table_and_goes_on_the_same_way() -> None:
    live = Table(settings(5, persons=2, deals=5), seed=77)
    for _ in range(150):
        if live.donne is not None and live.donne.is_terminal():
            live.next_donne()
        live.act(live.bot_action(live.to_act()[0]))
    assert live.number >= 2 and not live.is_over
    stored = [action_from_json(json.loads(json.dumps(action_to_json(a)))) for a in live.actions]
    again = Table.rebuild(live.settings, live.seed, stored)
    for seat in [*range(5), None]:
        assert observation_json(again.observation(seat)) == observation_json(live.observation(seat))
        assert again.events_since(0, seat) == live.events_since(0, seat)
    run(live)
    run(again)
    assert again.match.totals() == live.match.totals()
    assert [a for a in again.actions] == [a for a in live.actions]


def test_the_secret_is_revealed_only_when_its_donne_is_over() -> None:
    table = Table(settings(4, persons=4, deals=2), seed=21)
    first = table.commitment
    assert first is not None and re.fullmatch(r"[0-9a-f]{64}", first)
    while not (table.donne is not None and table.donne.is_terminal()):
        assert all(e.kind != "secret_revealed" for e in table.events)
        table.act(table.bot_action(table.to_act()[0]))
    revealed = [e for e in table.events if e.kind == "secret_revealed"]
    assert len(revealed) == 1
    secret = bytes.fromhex(revealed[0].data["secret"])
    assert commitment(secret) == first == revealed[0].data["commitment"]
    fair = table.fairness(1)
    assert fair is not None and fair["secret"] == secret.hex()
    assert [s for s, _ in fair["contributions"]] == [0, 1, 2, 3]
    table.next_donne()
    assert table.commitment not in (None, first)
    assert table.fairness(2) == {"commitment": table.commitment}


def test_D16_a_petit_sec_is_announced_by_its_holder_and_the_right_neighbour_deals() -> None:
    for seed in range(3000):
        table = Table(settings(4, persons=0, deals=2), seed=seed)
        while table.donne is None and table.deal is not None:
            if table.deal.phase is Phase.PETIT_SEC:
                break
            table.act(table.bot_action(table.to_act()[0]))
        deal = table.deal
        if deal is not None and deal.phase is Phase.PETIT_SEC:
            break
    else:
        pytest.fail("no Petit sec in 3000 deals")
    holder, dealer = deal.petit_sec, deal.dealer
    assert holder is not None and dealer is not None
    assert table.to_act() == (holder,)
    assert table.options(holder) == (AnnouncePetitSec(holder),)
    other = (holder + 1) % 4
    with pytest.raises(IllegalActionError) as caught:
        table.act(AnnouncePetitSec(other))
    assert caught.value.rule == "D16"
    events = table.act(AnnouncePetitSec(holder))
    shown = [e for e in events if e.kind == "petit_sec"]
    assert shown and len(shown[0].data["hand"]) == 18 and "T1" in shown[0].data["hand"]
    assert table.donne is not None and table.donne.void == "petit_sec"
    table.next_donne()
    assert table.deal is not None and table.deal.dealer == (dealer + 1) % 4


def test_D10_D15_showing_the_chien_lets_everyone_look_at_the_cards() -> None:
    table = Table(settings(4, persons=4, deals=1, verifiable=False), seed=4)
    while table.deal is not None and table.deal.phase is not Phase.SHOW_CHIEN:
        table.act(table.bot_action(table.to_act()[0]))
    deal = table.deal
    assert deal is not None and deal.dealer is not None
    assert table.options(deal.dealer) == (ShowChien(deal.dealer),)
    events = table.act(ShowChien(deal.dealer))
    assert [e.kind for e in events][:2] == ["chien_shown", "cards_picked_up"]
    assert events[0].data == {"count": 6} and events[0].rule == "D10"
    assert table.donne is not None


def test_the_automatic_table_deals_as_the_match_does() -> None:
    from atout.match import Match
    from atout.table import Variant

    table = Table(TableSettings(players=4, deals=3, dealing="automatic", verifiable=False), 8)
    table.next_donne()
    master = random.Random(8)
    match = Match(Variant.for_players(4))
    donne = match.start_donne(random.Random(master.getrandbits(64)))
    assert table.donne is not None and table.donne.deal.received == donne.deal.received
    assert table.events[0].kind == "donne_started"


def test_bad_settings_and_actions_are_refused_in_one_line() -> None:
    for bad, text in [
        (TableSettings(players=4, seats=(None,) * 3), "4 seats expected"),
        (TableSettings(players=4, seats=(None, "nobody", None, None)), "not a bot"),
        (TableSettings(deals=0), "1 to 1000 donnes"),
    ]:
        with pytest.raises(Exception, match=text):
            Table(bad, 1)
    for data, text in [
        ({"type": "cut", "seat": 1}, "k: missing"),
        ({"type": "cut", "seat": 1, "k": "3"}, "D5"),
        ({"type": "draw", "seat": 9}, "seat"),
        ({"type": "ecart", "seat": 1, "cards": ["ZZ"]}, "not a card"),
        ({"type": "shuffle", "seat": 0, "extra": 1}, "not a field"),
    ]:
        with pytest.raises(Exception, match=text):
            action_from_json(data)


def test_events_tell_the_ecart_to_the_taker_only_and_trumps_to_everyone() -> None:
    from atout.session.events import donne_event

    plain = donne_event(1, 1, Discard(2, Card.parse("3S")), 2)
    assert plain.for_seat(2)["card"] == "3S" and plain.for_seat(1)["card"] is None
    assert plain.for_seat(None)["card"] is None and plain.for_seat(None, True)["card"] == "3S"
    trump = donne_event(1, 1, Discard(2, Card.parse("T5")), 2)
    assert trump.for_seat(0)["card"] == "T5" and trump.rule == "E2"


def test_the_table_secret_is_made_from_the_seed_and_never_shown() -> None:
    table = Table(settings(4, persons=4, deals=1), seed=123)
    secret = table._secret
    assert (
        secret
        == hashlib.sha256(
            b"atout.secret/1" + (123).to_bytes(32, "big") + (1).to_bytes(4, "big")
        ).digest()
    )
    text = json.dumps([observation_json(table.observation(s)) for s in range(4)])
    assert secret.hex() not in text and "123" not in re.sub(r"[0-9a-f]{64}", "", text)


@pytest.mark.parametrize("persons", [0, 2, 4])
def test_D4_D5_every_donne_of_a_verifiable_table_verifies_from_its_record(persons: int) -> None:
    from atout.fairness import verify_game
    from atout.record import game_record

    table = Table(settings(4, persons=persons, deals=3), seed=31 + persons)
    run(table)
    donnes = table.match.donnes
    fairness = [table.fairness(n) for n in range(1, len(donnes) + 1)]
    cutters_are_bots = [table.settings.seats[d.deal.cutter] is not None for d in donnes]
    assert [bool(f and f.get("derived_cut")) for f in fairness] == cutters_are_bots
    record = game_record(donnes, ["x"] * 4, None, fairness=fairness)
    verdicts = verify_game(json.dumps(record))
    assert [v.status for v in verdicts] == ["verified"] * len(donnes)
    tampered = json.loads(json.dumps(record))
    tampered["donnes"][0]["fairness"]["contributions"] = []
    assert verify_game(json.dumps(tampered))[0].status != "verified" or persons == 0


def test_D5_a_bot_cuts_where_the_secret_and_the_values_say() -> None:
    table = Table(settings(4, persons=0, deals=1), seed=2)
    while table.deal is not None and table.deal.phase is not Phase.CUT:
        table.act(table.bot_action(table.to_act()[0]))
    deal = table.deal
    assert deal is not None
    chosen = table.bot_action(deal.cutter)
    assert isinstance(chosen, CutPack)
    other = 4 if chosen.k != 4 else 5
    with pytest.raises(IllegalActionError, match="verifiable cut") as caught:
        table.act(CutPack(deal.cutter, other))
    assert caught.value.rule == "D5"
    table.act(chosen)


def test_S4_a_match_with_a_points_target_ends_once_a_total_reaches_it() -> None:
    table = Table(settings(4, persons=0, deals=50, target=150), seed=6)
    run(table)
    totals = table.match.totals()
    assert max(totals) >= 150 and table.number < 50
    before = table.match.donnes[:-1]
    reached_before = [0] * 4
    for donne in before:
        reached_before = [a + b for a, b in zip(reached_before, donne.returns(), strict=True)]
    assert max(reached_before) < 150
    assert table.events[-1].kind == "match_over"
    with pytest.raises(IllegalActionError, match="S4"):
        table.next_donne()
