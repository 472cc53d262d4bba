"""How many tables of 4 and of 5 seat a number of players.

A club tournament plays at tables of 4; tables of 5 (five-player tarot) come in only
where the count of players requires them, as few as possible: ``n = 4 a + 5 b`` with
``b`` the smallest that works, which is ``n mod 4`` (``5 b ≡ b (mod 4)``). 6, 7 and 11
players cannot be seated so; nor can fewer than 4.

>>> table_sizes(13)
(4, 4, 5)
>>> table_sizes(9)
(4, 5)
>>> try:
...     table_sizes(11)
... except TournamentError as error:
...     print(error)
11 players cannot sit at tables of 4 and 5 (nearest counts that can: 10 or 12)
"""

from __future__ import annotations

from atout.i18n import N_
from atout.tournament.errors import TournamentError

__all__ = ["MAX_PLAYERS", "table_sizes"]

MAX_PLAYERS = 400
"""The most players a tournament seats (a hundred tables)."""


def _split(players: int, fives: int | None = None) -> tuple[int, ...] | None:
    """Tables of 4 then of 5 for ``players`` (``fives`` tables of 5, else the fewest),
    or None when there is no such split."""
    fives = players % 4 if fives is None else fives
    if players < 4 or 5 * fives > players or (players - 5 * fives) % 4:
        return None
    return (4,) * ((players - 5 * fives) // 4) + (5,) * fives


def table_sizes(players: int) -> tuple[int, ...]:
    """The sizes of the tables for ``players`` players: tables of 4, then the fewest
    tables of 5 the count requires; a :class:`TournamentError` if there is no split
    (fewer than 4 players, or 6, 7 or 11) or more than :data:`MAX_PLAYERS`."""
    if players < 4:
        raise TournamentError(
            N_("{players} players: a tournament needs at least 4 (one table)"), players=players
        )
    if players > MAX_PLAYERS:
        raise TournamentError(
            N_("{players} players: atout seats at most {most}"), players=players, most=MAX_PLAYERS
        )
    sizes = _split(players)
    if sizes is None:
        below = max(n for n in range(4, players) if _split(n) is not None)
        raise TournamentError(
            N_(
                "{players} players cannot sit at tables of 4 and 5 "
                "(nearest counts that can: {below} or {above})"
            ),
            players=players,
            below=below,
            above=min(n for n in range(players + 1, players + 5) if _split(n) is not None),
        )
    return sizes
