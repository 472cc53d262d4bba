"""The bots' levels as a person chooses them: each level's name, what it does and how
long it thinks, said in French and English (the catalogues of :mod:`atout.i18n`).

The registry that makes the bots is :data:`atout.bots.BOTS`; this module says what its
levels are, for the start screen of the terminal table and ``atout play --help``
(part of the core, so that every command's help reads it without loading a bot).

>>> [level.name for level in LEVELS if level.at_table][:3]
['random', 'heuristic', 'heuristic-1']
>>> about("search-cheat", "en").startswith("Search that sees every hand")
True
>>> "search-cheat" in table_levels()
False
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.i18n import N_, gettext

__all__ = ["LEVELS", "Level", "about", "level", "table_levels", "title"]


@dataclass(frozen=True)
class Level:
    """A bots' level: ``name`` as :data:`atout.bots.BOTS` knows it, its ``title`` and
    ``text`` (messages of the catalogues), ``line`` (a few words on it for ``atout play
    --help``), ``at_table`` whether a person may choose it
    to play against, and ``thinks`` whether a decision takes long enough (a search)
    to be made off the interface's thread with a sign of life; ``budget`` the seconds
    of wall time a decision may take at the terminal table (``None``: no limit; a
    search that runs out of time decides on the samples played out so far)."""

    name: str
    title: str
    text: str
    line: str
    at_table: bool = True
    thinks: bool = False
    budget: float | None = None


LEVELS: tuple[Level, ...] = (
    Level(
        "random",
        N_("random"),
        N_("Plays any legal card, at random: to learn the moves."),
        N_("any legal action, picked at random"),
    ),
    Level(
        "heuristic",
        N_("heuristic"),
        N_("Plays by the usual rules of thumb of tarot players; decides at once."),
        N_("bids on its hand's strength, saves the Petit (default)"),
    ),
    Level(
        "heuristic-1",
        N_("heuristic, first version"),
        N_("The first rules of thumb, kept as they were: a weaker yardstick."),
        N_("the first heuristic bot, frozen: the yardstick"),
    ),
    Level(
        "search-fast",
        N_("search, fast"),
        N_("Tries each card on 24 deals of the unseen cards; thinks a moment."),
        N_("search on 24 sampled deals a decision: quicker, weaker"),
        thinks=True,
        budget=1.0,
    ),
    Level(
        "search",
        N_("search"),
        N_("Tries each card on 64 deals of the unseen cards; the best balance."),
        N_("plays each choice out on 64 deals fitting what it saw"),
        thinks=True,
        budget=3.0,
    ),
    Level(
        "search-1",
        N_("search, first version"),
        N_("The first search, kept as it was: the yardstick of the searches to come."),
        N_("the first search bot, frozen: the yardstick"),
        thinks=True,
        budget=3.0,
    ),
    Level(
        "search-strong",
        N_("search, strong"),
        N_("Tries each card on 200 deals of the unseen cards; the strongest, and slow."),
        N_("search on 200 sampled deals a decision: slower, stronger"),
        thinks=True,
        budget=8.0,
    ),
    Level(
        "search-random",
        N_("search, random playouts"),
        N_("Search with trial games played at random: weaker; it measures the search."),
        N_("search with random playouts: the policy's yardstick"),
        thinks=True,
        budget=3.0,
    ),
    Level(
        "search-cheat",
        N_("search, sees every hand"),
        N_("Search that sees every hand: cheats, for measuring the others only."),
        N_("sees every hand (in atout arena): for study only"),
        at_table=False,
        thinks=True,
    ),
)
"""Every level of :data:`atout.bots.BOTS`, weakest first (the cheat last)."""

_BY_NAME = {lv.name: lv for lv in LEVELS}


def level(name: str) -> Level:
    """The level called ``name`` (``KeyError`` for an unknown one)."""
    return _BY_NAME[name]


def table_levels() -> list[str]:
    """The levels a person may play against at a table (not the cheating one)."""
    return [lv.name for lv in LEVELS if lv.at_table]


def title(name: str, lang: str) -> str:
    """The level's short name in ``lang`` (``recherche poussée``)."""
    return gettext(lang, _BY_NAME[name].title)


def about(name: str, lang: str) -> str:
    """What the level does, in one line of ``lang``."""
    return gettext(lang, _BY_NAME[name].text)
