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
        self.plural: tuple[str, str] | None = None  # (message for many, the value counted)

    @classmethod
    def counted(cls, one: str, many: str, count: str, /, **values: object) -> TournamentError:
        """The error said with ``one`` or ``many`` as its value ``count`` asks in each
        language (:func:`plural`).

        >>> error = TournamentError.counted("{n} round", "{n} rounds", "n", n=1)
        >>> str(error), TournamentError.counted("{n} round", "{n} rounds", "n", n=0).args[0]
        ('1 round', '0 rounds')
        """
        number = values[count]
        english = many if plural("en", number) else one
        error = cls(english, **values)
        error.message = one
        error.plural = (many, count)
        return error

    def said(self, lang: str) -> str:
        """The message in ``lang`` (``"fr"`` or ``"en"``)."""
        from atout.i18n import said

        message = self.message
        if self.plural is not None and plural(lang, self.values[self.plural[1]]):
            message = self.plural[0]
        return said(lang, message, **self.values)


def plural(lang: str, count: object) -> bool:
    """Whether ``count`` takes the plural in ``lang``: French says 0 and 1 in the
    singular, English only 1."""
    if not isinstance(count, int):
        return True
    return count >= 2 if lang == "fr" else count != 1
