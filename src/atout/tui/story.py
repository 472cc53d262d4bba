"""The story of a donne for the table's log, told from the table's feed of events
(:meth:`atout.session.Table.events_since`) as the person's seat is told them: the
deal step by step, the bids, the King called, the chien, the écart, the poignées, the
tricks and the score, each with the rule it follows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from atout.bidding import Contract
from atout.cards import Card
from atout.i18n import N_
from atout.score_text import number
from atout.table import Variant
from atout.tui.words import Seats, plural, tr

__all__ = ["DEAL_EVENTS", "Story", "contract_name"]

DEAL_EVENTS = frozenset(
    {
        "donne_started",
        "card_drawn",
        "dealer_chosen",
        "shuffled",
        "cut",
        "packet_dealt",
        "chien_card_dealt",
        "chien_shown",
        "cards_picked_up",
        "fault",
        "petit_sec",
        "deal_voided",
    }
)
"""The events of the deal, told before the person picks up his cards (D11)."""


def contract_name(value: str | None, ui: str) -> str:
    if value is None or value == "pass":
        return tr(ui, "pass")
    return Contract(value).label


def cards_text(codes: Any, lang: str) -> str:
    return " ".join(Card.parse(code).display(lang) for code in codes)


class Story:
    """Turns events into lines of the log; keeps what a line needs from the events
    before it (the cards of the trick, the écart so far, the round of the deal)."""

    def __init__(self, seats: Seats, lang: str, deals: int) -> None:
        self.seats, self.lang, self.deals = seats, lang, deals
        self.ui = seats.ui
        self.dealer: int | None = None
        self.trick: list[tuple[int, str]] = []
        self.tricks = 0
        self.discards: list[tuple[int, str | None]] = []
        self.round: list[str] = []
        self.rounds = 0
        self.taker: int | None = None
        self.chien_size = Variant.for_players(seats.players).chien_size

    def card(self, code: str) -> str:
        return Card.parse(code).display(self.lang)

    def lines(self, event: Mapping[str, Any]) -> list[str]:
        """What the log says of ``event`` (often nothing until a step is complete)."""
        method = getattr(self, "on_" + str(event["kind"]), None)
        if method is None:
            return []
        result: list[str] = method(event)
        return result

    # -- the deal ----------------------------------------------------------------------------

    def on_donne_started(self, event: Mapping[str, Any]) -> list[str]:
        self.dealer = event["dealer"]
        self.trick, self.tricks, self.discards, self.round, self.rounds = [], 0, [], [], 0
        self.taker = None
        line = tr(
            self.ui, "── Donne {number} of {deals} ──", number=event["donne"], deals=self.deals
        )
        if self.deals >= 1000:
            line = tr(self.ui, "── Donne {number} ──", number=event["donne"])
        lines = [line]
        if event["dealer"] is not None and event["donne"] > 1:
            lines.append(
                self.seats.says(
                    event["dealer"],
                    N_("You deal (D17)."),
                    N_("{name} deals (D17)."),
                )
            )
        for seat in event.get("barred") or []:
            lines.append(
                self.seats.says(
                    seat,
                    N_("You may not bid on this deal (D12, D14)."),
                    N_("{name} may not bid on this deal (D12, D14)."),
                )
            )
        return lines

    def on_card_drawn(self, event: Mapping[str, Any]) -> list[str]:
        card = self.card(event["card"])
        if event["rule"] == "D3":
            return [
                self.seats.says(
                    event["seat"],
                    N_("You draw {card}: the Excuse does not count, you draw again (D3)."),
                    N_("{name} draws {card}: the Excuse does not count, draws again (D3)."),
                    card=card,
                )
            ]
        return [
            self.seats.says(
                event["seat"],
                N_("You draw {card} (D1)."),
                N_("{name} draws {card} (D1)."),
                card=card,
            )
        ]

    def on_dealer_chosen(self, event: Mapping[str, Any]) -> list[str]:
        self.dealer = event["dealer"]
        if not event["by_draw"]:
            return []
        return [
            self.seats.says(
                event["dealer"],
                N_(
                    "The lowest card deals (D2: suit cards below trumps, then by rank, then "
                    "♣ < ♦ < ♥ < ♠): you deal."
                ),
                N_(
                    "The lowest card deals (D2: suit cards below trumps, then by rank, then "
                    "♣ < ♦ < ♥ < ♠): {name} deals."
                ),
            )
        ]

    def on_shuffled(self, event: Mapping[str, Any]) -> list[str]:
        if self.seats.players == 4:
            return [
                self.seats.says(
                    event["seat"],
                    N_("You sit opposite the dealer: you shuffle the pack (D4)."),
                    N_("{name}, opposite the dealer, shuffles the pack (D4)."),
                )
            ]
        return [
            self.seats.says(
                event["seat"],
                N_(
                    "You shuffle the pack (D4: with {players} players, the seat {step} after "
                    "the dealer shuffles)."
                ),
                N_(
                    "{name} shuffles the pack (D4: with {players} players, the seat {step} "
                    "after the dealer shuffles)."
                ),
                players=self.seats.players,
                step=self.seats.players // 2,
            )
        ]

    def on_cut(self, event: Mapping[str, Any]) -> list[str]:
        k = event["k"]
        cut = self.seats.says(
            event["seat"],
            N_("You, the dealer's left neighbour, cut {k} cards and leave {rest} (D5)."),
            N_("{name}, the dealer's left neighbour, cuts {k} cards and leaves {rest} (D5)."),
            k=k,
            rest=78 - k,
        )
        size = 4 if self.seats.players == 3 else 3
        dealer = self.dealer if self.dealer is not None else 0
        first = self.seats.name((dealer + 1) % self.seats.players)
        deal = self.seats.says(
            dealer,
            N_(
                "You deal {size} by {size} counter-clockwise from {first} (D6–D7), the chien "
                "card by card (D8):"
            ),
            N_(
                "{name} deals {size} by {size} counter-clockwise from {first} (D6–D7), the "
                "chien card by card (D8):"
            ),
            size=size,
            first=first,
        )
        return [cut, deal]

    def on_packet_dealt(self, event: Mapping[str, Any]) -> list[str]:
        self.round.append(f"{self.seats.name(event['seat'])} {'▮' * event['count']}")
        if event["seat"] != self.dealer:
            return []
        self.rounds += 1
        line = tr(self.ui, "Round {number}:", number=self.rounds) + " " + " · ".join(self.round)
        self.round = []
        return [line]

    def on_chien_card_dealt(self, event: Mapping[str, Any]) -> list[str]:
        self.round.append(tr(self.ui, "chien") + " ▮")
        return []

    def on_chien_shown(self, event: Mapping[str, Any]) -> list[str]:
        return [
            tr(self.ui, "The chien stays face down: {count} cards (D10).", count=event["count"])
        ]

    def on_cards_picked_up(self, event: Mapping[str, Any]) -> list[str]:
        return [tr(self.ui, "The deal is over: everyone picks up his cards (D15).")]

    def on_fault(self, event: Mapping[str, Any]) -> list[str]:
        what = {
            "misdeal": N_("a misdeal"),
            "chien_count": N_("a wrong chien count"),
            "card_exposed": N_("a card turned face up"),
            "early_pickup": N_("cards picked up before the end of the deal"),
        }.get(event["fault"], event["fault"])
        line = self.seats.says(
            event["by"],
            N_("Fault ({rule}): {what}, by you."),
            N_("Fault ({rule}): {what}, by {name}."),
            rule=event["rule"],
            what=tr(self.ui, what),
        )
        if event["voids"]:
            line += " " + tr(self.ui, "The deal is void; the same dealer deals again (D12).")
        return [line]

    def on_petit_sec(self, event: Mapping[str, Any]) -> list[str]:
        return [
            self.seats.says(
                event["seat"],
                N_(
                    "Petit sec! You hold the Petit without any other trump or the Excuse and "
                    "show your hand: {hand} (D16)."
                ),
                N_(
                    "Petit sec! {name} holds the Petit without any other trump or the Excuse "
                    "and shows his hand: {hand} (D16)."
                ),
                hand=cards_text(event["hand"], self.lang),
            )
        ]

    def on_deal_voided(self, event: Mapping[str, Any]) -> list[str]:
        if event["reason"] == "petit_sec":
            return [
                self.seats.says(
                    event["next_dealer"],
                    N_("The deal is void before the bidding; you deal the next one (D16)."),
                    N_("The deal is void before the bidding; {name} deals the next one (D16)."),
                )
            ]
        return []

    # -- the donne ---------------------------------------------------------------------------

    def on_bid(self, event: Mapping[str, Any]) -> list[str]:
        if event["contract"] != "pass":
            self.taker = event["seat"]
        contract = contract_name(event["contract"], self.ui)
        return [
            tr(
                self.ui,
                "{name}: {contract}",
                name=self.seats.name(event["seat"]),
                contract=contract,
            )
        ]

    def on_call(self, event: Mapping[str, Any]) -> list[str]:
        return [
            self.seats.says(
                event["seat"],
                N_("You call {card} (B4)."),
                N_("{name} calls {card} (B4)."),
                card=self.card(event["card"]),
            )
        ]

    def on_chien_revealed(self, event: Mapping[str, Any]) -> list[str]:
        return [tr(self.ui, "The chien (E1): {cards}", cards=cards_text(event["cards"], self.lang))]

    def on_discard(self, event: Mapping[str, Any]) -> list[str]:
        self.discards.append((event["seat"], event.get("card")))
        if len(self.discards) < self.chien_size:
            return []
        seat = event["seat"]
        shown = [card for _, card in self.discards if card is not None]
        if seat == self.seats.me:
            lines = [tr(self.ui, "Your écart (E1): {cards}", cards=cards_text(shown, self.lang))]
            trumps = [code for code in shown if code.startswith("T")]
        else:
            lines = [self.seats.says(seat, "", N_("{name} makes the écart (E1)."))]
            trumps = shown
        if trumps:
            lines.append(
                tr(
                    self.ui,
                    "Trumps put in the écart, shown (E2): {cards}",
                    cards=cards_text(trumps, self.lang),
                )
            )
        return lines

    def on_chelem(self, event: Mapping[str, Any]) -> list[str]:
        if not event["announce"]:
            return []
        return [
            self.seats.says(
                event["seat"],
                N_("You announce a chelem (A4) and lead the first trick (A6)."),
                N_("{name} announces a chelem (A4) and leads the first trick (A6)."),
            )
        ]

    def on_poignee(self, event: Mapping[str, Any]) -> list[str]:
        return [
            self.seats.says(
                event["seat"],
                N_("You show a {level} poignée (A1): {cards}"),
                N_("{name} shows a {level} poignée (A1): {cards}"),
                level=tr(self.ui, event["level"]),
                cards=cards_text(event["cards"], self.lang),
            )
        ]

    def on_card_played(self, event: Mapping[str, Any]) -> list[str]:
        self.trick.append((event["seat"], event["card"]))
        return []

    def on_partner_revealed(self, event: Mapping[str, Any]) -> list[str]:
        seat = event["seat"]
        if seat == self.taker:
            return [tr(self.ui, "The taker played the card he called: he plays alone (B4).")]
        return [
            self.seats.says(
                seat,
                N_("You played the called card: you are the taker's partner (B4)."),
                N_("{name} played the called card: partner of the taker (B4)."),
            )
        ]

    def on_trick_taken(self, event: Mapping[str, Any]) -> list[str]:
        self.tricks += 1
        cards = " ".join(self.card(code) for _, code in self.trick)
        self.trick = []
        return [
            tr(
                self.ui,
                "Trick {number}: {cards} → {winner}",
                number=self.tricks,
                cards=cards,
                winner=self.seats.name(event["winner"]),
            )
        ]

    def on_donne_voided(self, event: Mapping[str, Any]) -> list[str]:
        if event["reason"] == "all_pass":
            return [tr(self.ui, "Everyone passed: the donne is void (B3).")]
        if event["reason"] == "petit_sec":
            return []
        return [tr(self.ui, "The donne is void after a fault (D12).")]

    def on_donne_scored(self, event: Mapping[str, Any]) -> list[str]:
        result = event["result"]
        if result["made"]:
            text = plural(
                self.ui,
                result["bouts"],
                N_(
                    "The contract is made: {points} points with {bouts} bout, target {target} (S2)."
                ),
                N_(
                    "The contract is made: {points} points with {bouts} bouts, target {target} "
                    "(S2)."
                ),
            )
        else:
            text = plural(
                self.ui,
                result["bouts"],
                N_("The contract fails: {points} points with {bouts} bout, target {target} (S2)."),
                N_("The contract fails: {points} points with {bouts} bouts, target {target} (S2)."),
            )
        values = {"points": number(result["points"], self.ui), "bouts": result["bouts"]}
        return [tr(self.ui, text, target=result["target"], **values)]

    def on_match_over(self, event: Mapping[str, Any]) -> list[str]:
        return [tr(self.ui, "The match is over.")]
