"""The companion and the engine agree: whole matches played by bots with the engine,
then entered in a companion evening as a scorer would enter them at a real table (the
draw, Petits secs and all-pass donnes, then for each donne played the contract, the
taker, the called card and partner, the points and bouts, the poignées, the chelem
and the petit au bout). The dealers (D1–D3, D16, D17) and the marks (S1–S5, A1–A5)
must be the engine's, donne by donne."""

from __future__ import annotations

from typing import Any

import pytest

from atout.cards import PETIT
from atout.companion import Evening
from atout.session import Table, TableSettings


def play(players: int, seed: int) -> Table:
    settings = TableSettings(
        players=players, deals=8, seats=("random",) * players, dealing="automatic", verifiable=False
    )
    table = Table(settings, seed)
    table.next_donne()
    while not table.is_over:
        donne = table.donne
        if donne is not None and donne.is_terminal():
            table.next_donne()
            continue
        table.act(table.bot_action(table.to_act()[0]))
    return table


def entry_of(donne: Any) -> dict[str, Any]:
    deal = donne.deal
    if donne.void == "petit_sec":
        return {"type": "petit_sec", "seat": deal.petit_sec}
    if donne.void == "all_pass":
        return {"type": "all_pass"}
    result = donne.result
    camps = [donne.camp_of(seat) for seat in range(donne.players)]
    winners = {camps[t.winner] for t in donne.tricks}
    entry: dict[str, Any] = {
        "type": "result",
        "contract": donne.contract.value,
        "taker": donne.taker,
        "points": result.points,
        "bouts": result.bouts,
        "poignees": [[p.seat, p.level] for p in donne.poignees],
    }
    if donne.players == 5:
        entry["called"] = str(donne.called)
        entry["partner"] = donne.partner
    if donne.chelem is not None:
        entry["chelem"] = donne.chelem
    if len(winners) == 1:
        entry["every_trick"] = "attack" if winners == {0} else "defence"
    if result.petit_au_bout:
        entry["petit_au_bout"] = "attack" if result.petit_au_bout > 0 else "defence"
    if PETIT in deal.chien_cards:
        entry["petit_in_chien"] = True
    return entry


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_companion_scores_and_rotates_like_the_engine(players: int, seed: int) -> None:
    table = play(players, seed)
    donnes = table.match.donnes
    assert len(donnes) >= 8
    evening = Evening(players)
    first = donnes[0].deal
    if first.draws:
        for seat, cards in first.draw_order:
            for card in cards:
                evening.add({"type": "draw", "seat": seat, "card": str(card)})
    else:
        evening.add({"type": "dealer", "seat": first.dealer})
    for donne in donnes:
        evening.add(entry_of(donne))
    assert [s.dealer for s in evening.donnes[: len(donnes)]] == [d.deal.dealer for d in donnes]
    for sheet, donne in zip(evening.donnes, donnes, strict=False):
        if donne.result is None:
            assert sheet.result is None and sheet.void == donne.void
        else:
            assert sheet.result == donne.result
    assert evening.totals() == table.match.totals()
