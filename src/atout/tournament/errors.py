"""The one error of :mod:`atout.tournament`: a tournament that cannot be arranged."""

from __future__ import annotations

from atout.errors import AtoutError


class TournamentError(AtoutError):
    """A tournament that cannot be arranged: too few players, a count of players that
    tables of 4 and 5 cannot seat, a movement that cannot exist, bad results.

    The message is English in ``str(error)``; :meth:`said` gives it in another
    language from the catalogues (``message`` is its ``msgid``, ``values`` fill it).

    >>> message = "{players} players: atout seats at most {most}"
    >>> error = TournamentError(message, players=500, most=400)
    >>> str(error), error.said("fr")
    ('500 players: atout seats at most 400', '500 joueurs : atout en place au plus 400')
    """

    def __init__(self, message: str, /, **values: object) -> None:
        super().__init__(message.format(**values))
        self.message = message
        self.values = values

    def said(self, lang: str) -> str:
        """The message in ``lang`` (``"fr"`` or ``"en"``)."""
        from atout.i18n import said

        return said(lang, self.message, **self.values)
