"""Where randomness comes from: passed in, never module-level
(docs/explanation/design.md, example 7).

Live play uses the operating system's secure source; a seed gives a reproducible
``random.Random`` for tests, bug reports and duplicate tournaments. A verifiable deal
draws from a server's secret and the players' contributions, whose sizes are here,
read by the protocol (:mod:`atout.fairness`) and the records alike.

>>> make_rng(7).random() == make_rng(7).random()
True
>>> isinstance(make_rng(None), random.SystemRandom)
True
"""

from __future__ import annotations

import random

__all__ = ["CONTRIBUTION_BYTES", "SECRET_BYTES", "make_rng", "seed_for"]

SECRET_BYTES = 32
"""The size in bytes of the server's secret, from which a verifiable deal's shuffle is
derived (:mod:`atout.fairness`); a record's ``fairness`` field holds it once revealed."""
CONTRIBUTION_BYTES = (16, 64)
"""The smallest and largest size in bytes of a player's contribution to that shuffle."""


def make_rng(seed: int | None) -> random.Random:
    """A generator seeded with ``seed``, or the OS's secure source when it is ``None``."""
    return random.SystemRandom() if seed is None else random.Random(seed)


def seed_for(seed: int | None, index: int) -> int | None:
    """The seed of the ``index``-th of several deals asked for with ``seed``: ``seed +
    index``, so that each one can be dealt again alone with its own seed."""
    return None if seed is None else seed + index
