"""Set deals for the game tests: chosen hands, the rest dealt in card order."""

from __future__ import annotations

from atout.bidding import Contract
from atout.cards import ALL_CARDS, Card, CardSet
from atout.dealing import Deal
from atout.state import Bid, Donne
from atout.table import Rules, Variant


def set_deal(
    players: int,
    given: dict[int, str],
    chien: str = "",
    dealer: int = 0,
    rules: Rules | None = None,
    barred: frozenset[int] = frozenset(),
) -> Deal:
    """A deal where ``given[seat]`` are in that seat's hand; the rest of the chien is
    the lowest cards left, and the other cards go round the seats one at a time (so
    trumps are spread and no Petit sec appears by accident)."""
    variant = Variant.for_players(players)
    hands = [list(CardSet.parse(given.get(seat, ""))) for seat in range(players)]
    chien_cards = list(CardSet.parse(chien))
    used = CardSet([c for h in hands for c in h] + chien_cards)
    rest = [card for card in ALL_CARDS if card not in used]
    chien_cards += rest[: variant.chien_size - len(chien_cards)]  # low suit cards
    seat = 0
    for card in rest:
        if card in chien_cards:
            continue
        while len(hands[seat]) >= variant.hand_size:
            seat = (seat + 1) % players
        hands[seat].append(card)
        seat = (seat + 1) % players
    deal = Deal.prearranged(variant, hands, chien_cards, dealer, rules)
    if barred:
        deal.barred = barred
    return deal


def bid_to(donne: Donne, taker: int, contract: Contract) -> None:
    """Everyone passes but ``taker``, who bids ``contract``."""
    while donne.bids.__len__() < donne.players:
        seat = donne.current_player()
        assert seat is not None
        donne.apply_action(Bid(seat, contract if seat == taker else None))


def cards(text: str) -> list[Card]:
    return list(CardSet.parse(text))
