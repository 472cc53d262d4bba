"""The words the table says to help a person learn tarot and play in comfort."""

from __future__ import annotations

from atout.i18n import N_

__all__ = ["COMFORT_HELP", "with_comforts"]

COMFORT_HELP = N_("""\
  u            undo your last card or bid, and the bots' after it (casual
               play: the Undo setting on; off in FFT strict play)
  h            a hint: the card or bid the search bot would choose, and why
  t            your statistics across matches
""")
"""The help's keys for the comforts, among the table's own (before its notes)."""


def with_comforts(help_text: str, comforts: str) -> str:
    """The table's help (its keys, a blank line, its notes) with the comforts' keys
    after its own."""
    keys, _, notes = help_text.partition("\n\n")
    return f"{keys}\n{comforts}\n{notes}"
