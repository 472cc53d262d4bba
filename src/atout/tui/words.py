"""The terminal table's words in French and English: :func:`tr` gives a message in the
interface's language (``"fr"`` or ``"en"``) from the catalogues shared with the web
table (``atout/locale/*/LC_MESSAGES/atout.po``), and :class:`Seats` names the seats as the
person sees them (``You``, ``Right 1``…)."""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len

from atout.cards import Card
from atout.errors import InvalidNotationError
from atout.i18n import N_, elide, translations
from atout.reasons import Reason, render

__all__ = ["CARD_CODE", "Seats", "plural", "refusal_text", "shown_cards", "tr"]


def tr(ui: str, text: str, context: str = "", **values: Any) -> str:
    """``text`` in the interface language ``ui`` (the gettext catalogues of
    :mod:`atout.i18n`; ``context``: its ``msgctxt``), with ``{names}`` filled in."""
    key = f"{context}\x04{text}" if context else text
    text = translations(ui).get(key, text)
    return elide(ui, text, values).format(**values) if values else text


def plural(ui: str, count: float, one: str, many: str) -> str:
    """The message ``one`` or ``many`` for ``count`` things, as the interface's language
    counts them: French says 0 and 1 in the singular, English only 1."""
    return many if (count >= 2 if ui == "fr" else count != 1) else one


CARD_CODE = re.compile(r"\b(?:T(?:2[01]|1[0-9]|[1-9])|EX|(?:10|[1-9]|[JNQK])[SHDC])\b")


def shown_cards(text: str, lang: str) -> str:
    """``text`` with every card in canonical notation (``T19``, ``3H``, ``KS``) in the
    display form the player chose (``19``, ``3♥``, ``R♠``)."""

    def display(match: re.Match[str]) -> str:
        try:
            return Card.parse(match.group(0)).display(lang)
        except InvalidNotationError:
            return match.group(0)

    return CARD_CODE.sub(display, text)


def refusal_text(why: Reason, ui: str, lang: str, seats: Seats | None = None) -> str:
    """A refusal ``RULE: text`` in the interface's language ``ui``, its cards in the
    display form the player chose (``lang``) and its seats as the person names them."""
    return render(why, ui, None if seats is None else seats.name, cards=lang, with_rule=True)


SETTING_VALUES = (N_("random"), N_("heuristic"), N_("fast"), N_("normal"), N_("slow"))
"""The bots' levels and speeds (:data:`atout.bots.BOTS`, :data:`atout.tui.session.SPEEDS`),
said in the interface's language where a setting shows them."""

PLACES = {
    3: ("", N_("Right"), N_("Left")),
    4: ("", N_("Right"), N_("Across"), N_("Left")),
    5: ("", N_("Right"), N_("Far right"), N_("Far left"), N_("Left")),
}
SHORT_PLACES = {
    3: ("", N_("Right"), N_("Left")),
    4: ("", N_("Right"), N_("Across"), N_("Left")),
    5: ("", N_("Right"), N_("Far R"), N_("Far L"), N_("Left")),
}


class Seats:
    """The seats around the table as the person in seat ``me`` names them: seat
    ``me + 1`` is the right neighbour, the last before ``me`` the left one."""

    def __init__(self, me: int, players: int, ui: str) -> None:
        self.me, self.players, self.ui = me, players, ui

    def relative(self, seat: int) -> int:
        return (seat - self.me) % self.players

    def seat_at(self, relative: int) -> int:
        return (self.me + relative) % self.players

    def name(self, seat: int) -> str:
        """``You`` or ``Right 1``: the form of the table, the status line, the totals,
        the log, the panels and the docs alike."""
        if seat == self.me:
            return tr(self.ui, "You")
        return f"{tr(self.ui, PLACES[self.players][self.relative(seat)])} {seat}"

    def short(self, seat: int) -> str:
        """``You`` or ``Right 1``, ``Far R 2``: the name where the full one does not
        fit, the same words shortened: around the trick in the middle of the table and
        in the totals' line. Everywhere else (the status line, the log, the line above
        the hand, the panels) a seat has its full name, ``Far right 2``."""
        if seat == self.me:
            return tr(self.ui, "You")
        return f"{tr(self.ui, SHORT_PLACES[self.players][self.relative(seat)])} {seat}"

    def says(self, seat: int, mine: str, theirs: str, **values: Any) -> str:
        """The sentence for the person (``You call {card}``) or for another seat
        (``{name} calls {card}``)."""
        if seat == self.me:
            return tr(self.ui, mine, **values)
        return tr(self.ui, theirs, name=self.name(seat), **values)

    def says_within(self, seat: int, mine: str, theirs: str, width: int, **values: Any) -> str:
        """As :meth:`says` when the sentence fits in ``width`` cells, else as
        :meth:`says_short`: the short name only where the full one does not fit."""
        if seat == self.me:  # "{name}" in ``mine`` too: the person's own name
            return tr(self.ui, mine, name=self.name(seat), **values)
        said = self.says(seat, mine, theirs, **values)
        return said if cell_len(said) <= width else self.says_short(seat, mine, theirs, **values)

    def says_short(self, seat: int, mine: str, theirs: str, **values: Any) -> str:
        """As :meth:`says`, the other seats by their short names (``Won by you``,
        ``Won by Right 1``): never a capital *You* in mid-sentence."""
        if seat == self.me:
            return tr(self.ui, mine, **values)
        return tr(self.ui, theirs, name=self.short(seat), **values)
