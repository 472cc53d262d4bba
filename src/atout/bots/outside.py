"""Anyone's bot: an agent written outside atout, named ``module:Factory``.

An outside bot is a callable (a class, usually) in an importable module; called with a
:class:`random.Random` it gives an agent, an object whose ``act(observation)`` returns
one of ``observation.legal_actions`` (:class:`atout.bots.Agent`, the interface atout's
own bots follow). ``atout arena --bots mybot:FirstCard,heuristic-1`` loads ``FirstCard``
from ``mybot.py`` in the current directory or anywhere on ``sys.path``, as ``uvicorn``
and ``gunicorn`` find an application (docs/howto/bots-arena.md, "Your own bot").

>>> try:
...     load_factory("string:Template")
... except OutsideBotError as error:
...     print(error.problem)
Template(rng) gives no agent: it has no act(observation) method
>>> is_outside("heuristic-1"), is_outside("mybot:FirstCard")
(False, True)
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from collections.abc import Callable
from functools import cache
from typing import Any

from atout.errors import AtoutError

__all__ = ["BotFailedError", "OutsideBotError", "is_outside", "load_factory"]


class OutsideBotError(AtoutError):
    """A ``module:Factory`` that names no bot atout can load; ``spec`` is the name,
    ``problem`` says why in a few English words (a face may word it its own way)."""

    def __init__(self, spec: str, problem: str) -> None:
        super().__init__(f"{spec}: {problem}")
        self.spec = spec
        self.problem = problem

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.spec, self.problem)


class BotFailedError(AtoutError):
    """A bot that failed in a game: it raised an exception, or chose an action that is
    not legal. ``bot`` is its name, ``deal`` the arena's deal (from 0), ``seat`` where
    it sat, ``problem`` what went wrong."""

    def __init__(self, bot: str, deal: int, seat: int, problem: str) -> None:
        super().__init__(f"bot {bot} (deal {deal}, seat {seat}): {problem}")
        self.bot, self.deal, self.seat, self.problem = bot, deal, seat, problem

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.bot, self.deal, self.seat, self.problem)


def is_outside(name: str) -> bool:
    """Whether ``name`` is an outside bot's ``module:Factory`` (no level has a colon)."""
    return ":" in name


@cache
def load_factory(spec: str) -> Callable[[random.Random], Any]:
    """The factory ``spec`` (``module:attribute``, the attribute may be dotted), checked
    by making one agent with ``random.Random(0)``; the current directory is searched
    first, as ``python -m`` would. :class:`OutsideBotError` says what is wrong."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute or ":" in attribute:
        raise OutsideBotError(spec, "expected module:Factory, e.g. mybot:FirstCard")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        found: Any = importlib.import_module(module_name)
    except Exception as error:  # any failure of someone else's module
        raise OutsideBotError(
            spec, f"cannot import {module_name} ({type(error).__name__}: {error})"
        ) from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise OutsideBotError(spec, f"{module_name} has no {attribute}")
        found = getattr(found, part)
    if not callable(found):
        raise OutsideBotError(spec, f"{attribute} is not callable (a class or a function)")
    try:
        agent = found(random.Random(0))
    except Exception as error:
        raise OutsideBotError(
            spec, f"{attribute}(rng) failed ({type(error).__name__}: {error})"
        ) from None
    if not callable(getattr(agent, "act", None)):
        raise OutsideBotError(
            spec, f"{attribute}(rng) gives no agent: it has no act(observation) method"
        )
    factory: Callable[[random.Random], Any] = found
    return factory
