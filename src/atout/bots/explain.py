"""A hint: what the search bot would do in a seat's place, and why, in words.

:func:`hint` asks a :class:`atout.bots.search.SearchBot` to weigh the seat's options
(:meth:`~atout.bots.search.SearchBot.weigh`: the mean marks its playouts promise for
each) and keeps the best, the one after it and how far apart they are; then it finds
a reason a player would give, from the position alone: the card follows suit cheaply,
is the cheapest trump that wins, saves the Petit, gives points to a trick the
player's camp wins, leads a King, discards from a suit… :meth:`Hint.text` says it all
in the reader's language.

>>> import random
>>> from atout.dealing import Deal
>>> from atout.state import Donne
>>> from atout.table import Variant
>>> donne = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(3), dealer=0))
>>> found = hint(donne.observation(1), random.Random(1), samples=8)
>>> found.action in donne.legal_actions()
True
>>> found.text("en", "en").startswith("Hint: ")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from atout.bidding import Contract
from atout.cards import EXCUSE, PETIT, TRUMP_21, Card, Suit
from atout.i18n import N_, said
from atout.play import trick_winner
from atout.state import Action, Bid, CallCard, CardPlayed, Discard, Observation

__all__ = ["Beliefs", "Hint", "beliefs", "hint", "reason_of"]

CONTRACT_WORDS = {
    Contract.PRISE: N_("a Prise"),
    Contract.GARDE: N_("a Garde"),
    Contract.GARDE_SANS: N_("a Garde sans"),
    Contract.GARDE_CONTRE: N_("a Garde contre"),
}

GAP_WORDS = {  # the second choice and how many marks less it promises (0, 1, more)
    0: N_("Second choice: {action}, worth about as much."),
    1: N_("Second choice: {action}, 1 mark less."),
    2: N_("Second choice: {action}, {gap} marks less."),
}

REASONS = {
    "excuse": N_("The Excuse keeps its 4.5 points for your camp whoever wins the trick (P4)."),
    "petit_wins": N_("The Petit wins this trick: it is saved, a bout for your camp (S2)."),
    "petit_au_bout": N_("The Petit in the last trick, won: the petit au bout bonus (A5)."),
    "lead_trump": N_("Leading trumps draws the others' trumps before your long suit (P3)."),
    "lead_king": N_("A King led is likely to win the trick and bank its 4.5 points."),
    "lead_low": N_("A low card leads a suit at little cost and lets the others show theirs."),
    "lead": N_("It opens this suit: the playouts favour it over the other leads."),
    "cheapest_trump": N_("The cheapest trump that wins the trick (P2): the higher ones wait."),
    "trump_wins": N_("This trump wins the trick (P2)."),
    "wins": N_("This card wins the trick for now."),
    "give_points": N_("Your camp wins this trick: the card gives it points (S1)."),
    "follow_low": N_("It follows suit with a low card and keeps the higher ones (P1)."),
    "follow": N_("It follows suit (P1): the playouts favour it over your other cards of the suit."),
    "trump_forced": N_("The rules ask for a trump (P2); the smallest keeps the others."),
    "trump_asked": N_("The rules ask for a trump (P2): the playouts favour this one."),
    "discard": N_("With neither the suit led nor a trump, it discards a card (P1–P2)."),
    "only": N_("It is the only card the rules allow (P1–P3)."),
    "pass": N_("No contract plays out well enough with this hand: pass (B1)."),
    "bid": N_("With this hand {contract} plays out best of the bids allowed (B2)."),
    "call": N_("Calling this card gives the partner who plays out best (B4)."),
    "other": N_("The playouts favour it over the other choices."),
}


PASS_BAR = N_("The search bot takes a contract only above {bar:+.0f} marks; a pass is not scored.")


@dataclass(frozen=True)
class Hint:
    """The action advised, its mean marks (``None`` when nothing was weighed; a pass:
    ``bar``), the next best action and its mean, the kind of reason (a key of
    :data:`REASONS`), the deals each choice was tried on (``samples``: fewer than
    asked when the time budget ran out), in the bidding the mean marks a contract
    must promise to be taken (``bar``: the search bot's ``margin``; a pass is not
    played out, so it has no expected marks of its own), and what the search bot
    believes of the hands unseen (``believed``, :class:`Beliefs`)."""

    action: Action
    value: float | None
    runner_up: Action | None
    runner_value: float | None
    reason: str
    samples: int = 0
    bar: float | None = None
    believed: Beliefs | None = None

    def text(self, ui: str, cards: str) -> str:
        """The hint in the reader's language ``ui``, cards in the ``cards`` form."""
        head = said(ui, "Hint: {action}.", action=action_words(self.action, ui, cards))
        if isinstance(self.action, Bid):
            head += self._bidding(ui, cards)
        else:
            head += self._marks(ui, cards)
        contract = ""
        if isinstance(self.action, Bid) and self.action.contract is not None:
            contract = said(ui, CONTRACT_WORDS[self.action.contract])
        return head + " " + said(ui, REASONS[self.reason], contract=contract)

    def _marks(self, ui: str, cards: str) -> str:
        """The marks expected, and the second choice with how many marks less."""
        if self.value is None:
            return ""
        head = " " + said(ui, "Expected marks: {value:+.0f}.", value=self.value)
        if round(self.value) < 0 and self.runner_up is not None:
            head += " " + said(
                ui,
                "With this hand every choice loses marks on the deals played out; "
                "this one loses the fewest.",
            )
        return head + self._second(ui, cards)

    def _second(self, ui: str, cards: str) -> str:
        """The second choice and how many marks less it promises."""
        if self.runner_up is None or self.runner_value is None or self.value is None:
            return ""
        gap = round(max(0.0, self.value - self.runner_value))
        action = action_words(self.runner_up, ui, cards)
        return " " + said(ui, GAP_WORDS.get(gap, GAP_WORDS[2]), action=action, gap=gap)

    def _bidding(self, ui: str, cards: str) -> str:
        """A bid advised: a contract's marks, or a pass's best contract and its marks;
        then the bar a contract must pass, since a pass has no expected marks of its
        own."""
        if self.value is None:
            return ""
        head = ""
        if not _is_pass(self.action):
            head += " " + said(ui, "Expected marks: {value:+.0f}.", value=self.value)
            if round(self.value) < 0:
                head += " " + said(ui, "This contract loses marks on the deals played out.")
            if not _is_pass(self.runner_up):
                head += self._second(ui, cards)
        elif isinstance(self.runner_up, Bid) and self.runner_up.contract is not None:
            head += " " + said(
                ui,
                "Best contract: {contract}, {value:+.0f} marks on the deals played out.",
                contract=said(ui, CONTRACT_WORDS[self.runner_up.contract]),
                value=self.runner_value,
            )
        if self.bar is not None:
            head += " " + said(ui, PASS_BAR, bar=self.bar)
        return head


def _is_pass(action: Action | None) -> bool:
    return isinstance(action, Bid) and action.contract is None


def action_words(action: Action, ui: str, cards: str) -> str:
    """``play 7♥``, ``bid a Garde``, ``pass``, ``call R♠``."""
    if isinstance(action, Bid):
        if action.contract is None:
            return said(ui, "pass (p)")  # "passez", not the bid's name "passe"
        return said(ui, "bid {contract}", contract=said(ui, CONTRACT_WORDS[action.contract]))
    if isinstance(action, CallCard):
        return said(ui, "call {card}", card=action.card.display(cards))
    if isinstance(action, Discard):
        return said(ui, "put {card} in the écart", card=action.card.display(cards))
    if isinstance(action, CardPlayed):
        return said(ui, "play {card}", card=action.card.display(cards))
    return said(ui, "show your poignée")


def hint(
    observation: Observation, rng: random.Random, samples: int = 64, budget: float | None = None
) -> Hint:
    """What the search bot (``samples`` deals a decision) would do in the seat of
    ``observation``, and why; with a ``budget``, after about that many seconds of wall
    time the best found so far (the bots' time budget, :class:`SearchBot`). Slow (a
    second or more): call it off the interface's thread."""
    from atout.bots.search import SearchBot

    bot = SearchBot(rng, samples=samples, budget=budget)
    weighed = bot.weigh(observation)
    action, value = weighed[0]
    runner = weighed[1] if len(weighed) > 1 else None
    valued = len(weighed) > 1
    return Hint(
        action,
        value if valued else None,
        runner[0] if runner else None,
        runner[1] if runner else None,
        reason_of(observation, action),
        bot.used,
        bot.margin if isinstance(action, Bid) else None,
        beliefs(observation, rng),
    )


def reason_of(obs: Observation, action: Action) -> str:
    """The rule-of-thumb reason for ``action`` in the position (a key of
    :data:`REASONS`)."""
    if isinstance(action, Bid):
        return "pass" if action.contract is None else "bid"
    if isinstance(action, CallCard):
        return "call"
    if not isinstance(action, CardPlayed):
        return "other"
    if sum(isinstance(a, CardPlayed) for a in obs.legal_actions) == 1:
        return "only"
    return _card_reason(obs, action.card)


def _trick_so_far(obs: Observation) -> list[tuple[int, Card]]:
    last = obs.tricks[-1] if obs.tricks else None
    return list(last.cards) if last is not None and last.winner is None else []


def _card_reason(obs: Observation, card: Card) -> str:
    played = _trick_so_far(obs)
    if card.is_excuse:
        return "excuse"
    if not played:
        return _lead_reason(card)
    cards = [c for _, c in played] + [card]
    winner = trick_winner(cards)
    last_trick = len(obs.hand) == 1
    if winner == len(played):
        if card == PETIT:
            return "petit_au_bout" if last_trick else "petit_wins"
        return _winning_reason(obs, card, cards)
    if _same_camp(obs, obs.seat, played[winner][0]) and card.half_points >= 3:
        return "give_points"
    led = next((c for c in cards if not c.is_excuse), card)
    alike = [a.card for a in obs.legal_actions if isinstance(a, CardPlayed)]
    if card.is_trump:
        smallest = card == min(c for c in alike if c.is_trump)
        return "trump_forced" if smallest else "trump_asked"
    if led.suit is not None and card.suit == led.suit:
        lowest = card == min(c for c in alike if c.suit == card.suit)
        return "follow_low" if lowest and card.rank <= 10 else "follow"
    return "discard"


def _lead_reason(card: Card) -> str:
    if card.is_trump:
        return "lead_trump"
    if card.is_king:
        return "lead_king"
    return "lead_low" if card.rank <= 10 else "lead"


def _winning_reason(obs: Observation, card: Card, cards: list[Card]) -> str:
    if not card.is_trump:
        return "wins"
    led = next((c for c in cards if not c.is_excuse), card)
    if led.is_trump:
        return "trump_wins"
    winning = [
        a.card
        for a in obs.legal_actions
        if isinstance(a, CardPlayed)
        and a.card.is_trump
        and trick_winner([*cards[:-1], a.card]) == len(cards) - 1
    ]
    return "cheapest_trump" if winning and card == min(winning) else "trump_wins"


def _same_camp(obs: Observation, seat: int, other: int) -> bool:
    """Whether ``seat`` knows ``other`` plays on its side."""
    if seat == other:
        return True
    taker = obs.taker
    if taker is None:
        return False
    partner = obs.partner
    if partner is None and obs.called is not None and obs.called in obs.hand:
        partner = seat
    attack = {taker} if partner is None else {taker, partner}
    if obs.players == 5 and partner is None:
        return False  # the partner is not known yet: only the taker knows his own camp
    return (seat in attack) == (other in attack)


KEY_CARDS: tuple[Card, ...] = (TRUMP_21, PETIT, EXCUSE, *(Card(s * 14 + 13) for s in range(4)))
"""The cards whose whereabouts a player wonders about: the bouts, then the Kings."""

LIKELY = 0.5
"""A card is said to be with the seat that most likely holds it from this chance on."""

PILE_WORDS = {False: N_("the chien"), True: N_("the écart")}
"""The pile as a player names it: the chien, or the écart once the chien was taken."""

SURE_VOID = 0.9
"""A seat is said to hold none of a suit (or no trump) from this chance on."""


@dataclass(frozen=True)
class Beliefs:
    """What the search bot believes of the hands it cannot see, from ``samples`` deals
    consistent with what the seat has seen (weighed by the bids heard, as it plays its
    options out on them): ``holders`` gives, for each key card (:data:`KEY_CARDS`) not
    in the seat's hand nor played, the chance that each place holds it (seats
    ``0 … n-1``, then the pile: the chien, or the écart once the chien was shown and
    taken, ``ecart``); ``voids`` gives, for each
    other seat, the chance that it holds no card of each suit (♠ ♥ ♦ ♣) and no trump."""

    seat: int
    players: int
    samples: int
    holders: dict[Card, tuple[float, ...]]
    voids: dict[int, tuple[float, ...]]
    ecart: bool = False  # the pile is the écart (the chien was shown and taken)

    def text(self, ui: str, cards: str, name: Callable[[int], str]) -> str:
        """The beliefs worth saying, in ``ui``: each key card with the place that most
        likely holds it (from :data:`LIKELY` on), each seat's suits it most likely has
        none of (from :data:`SURE_VOID` on); ``name(seat)`` names a seat."""
        parts = []
        for card, chances in self.holders.items():
            place = max(range(len(chances)), key=chances.__getitem__)
            if chances[place] < LIKELY:
                continue
            where = said(ui, PILE_WORDS[self.ecart]) if place == self.players else name(place)
            parts.append(
                said(
                    ui,
                    "{card}: {where} ({percent}%)",
                    card=card.display(cards),
                    where=where,
                    percent=round(100 * chances[place]),
                )
            )
        for seat, chances in self.voids.items():
            suits = [Suit(i).symbol for i in range(4) if chances[i] >= SURE_VOID]
            if suits:
                parts.append(
                    said(ui, "{name} has no {suits}", name=name(seat), suits=" ".join(suits))
                )
            if chances[4] >= SURE_VOID:
                parts.append(said(ui, "{name} has no trump", name=name(seat)))
        if not parts:
            return said(ui, "The search bot is sure of nothing yet in the hands unseen.")
        between = "\u00a0; " if ui == "fr" else "; "  # French puts a space before ";"
        return said(ui, "The search bot believes: {beliefs}.", beliefs=between.join(parts))


def beliefs(observation: Observation, rng: random.Random, samples: int = 256) -> Beliefs:
    """What the search bot believes of the hands ``observation``'s seat cannot see
    (:class:`Beliefs`), from ``samples`` deals it would play out.

    >>> from atout.dealing import Deal
    >>> from atout.state import Donne
    >>> from atout.table import Variant
    >>> donne = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(3), dealer=0))
    >>> seen = beliefs(donne.observation(1), random.Random(1), samples=64)
    >>> all(abs(sum(chances) - 1) < 1e-9 for chances in seen.holders.values())
    True
    >>> set(seen.voids) == {0, 2, 3}
    True
    """
    from atout.bots.search import SearchBot

    deals = SearchBot(rng, samples=samples).deals(observation, samples)
    n, places = observation.players, observation.players + 1
    count = deals.shape[0]
    holders = {}
    for card in KEY_CARDS:
        column = deals[:, int(card)]
        if (column == observation.seat).any() or (column < 0).all():
            continue  # in the seat's hand, or played: nothing to believe
        holders[card] = tuple(float((column == place).sum()) / count for place in range(places))
    voids = {}
    suits = [[s * 14 + r for r in range(14)] for s in range(4)] + [list(range(56, 77))]
    for seat in range(n):
        if seat == observation.seat:
            continue
        held = deals == seat
        voids[seat] = tuple(float((~held[:, cards].any(axis=1)).sum()) / count for cards in suits)
    ecart = observation.chien is not None or observation.ecart is not None
    return Beliefs(observation.seat, n, count, holders, voids, ecart)
