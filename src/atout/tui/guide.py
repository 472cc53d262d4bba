"""The words the table says to help a person learn tarot and play in comfort."""

from __future__ import annotations

from atout.i18n import N_

__all__ = ["COMFORT_HELP"]

COMFORT_HELP = N_("""
[b]Comforts[/b]
  u            undo your last card or bid, and the bots' after it (when the
               Undo setting is on: casual play; off in FFT strict play)
  t            your statistics across matches
""")
"""The help's keys for the comforts, after the table's own."""
