"""Club tournaments: the seating of donnes libres, duplicate movements and the
comparison of results on a deal (docs/howto/tournaments.md,
docs/reference/tournaments.md).

- :mod:`~atout.tournament.tables`: how many tables of 4 and 5 seat ``n`` players;
- :mod:`~atout.tournament.seating`: donnes libres, players re-seated each round so
  that they meet as rarely as possible, measured against a proven lower bound;
- :mod:`~atout.tournament.search`: the local search both use.

It imports only the core and the standard library.
"""

from atout.tournament.errors import TournamentError
from atout.tournament.seating import lower_bound, meetings, repeats, seatings
from atout.tournament.tables import table_sizes

__all__ = ["TournamentError", "lower_bound", "meetings", "repeats", "seatings", "table_sizes"]
