"""The ``rules`` field of a record: the ⚙ settings of :class:`~atout.table.Rules` that
differ from the FFT's, written and read back.

An ``atout.game/1`` record may hold, after ``seats``, a ``rules`` field: the ⚙
settings that differ from the FFT's, by name (:data:`RULE_SETTINGS`), ``{}`` for the
FFT; a setting it leaves out is the FFT's, and a record without the field is read with
the rules the caller gives (the FFT's by default). Every name must be a field of
``Rules``, every value of that field's type and different from the FFT's (so that a
record has one form); the rules read are the rules of the replay and of the scoring
(:func:`read_rules`, :func:`rules_record`; :func:`atout.record.game_record` writes the
field when given ``rules``)::

    "rules": {"five_player_split": "1.5:1.5", "poignee_goes": "attack_if_made"}

>>> from atout.table import Rules
>>> rules_record(Rules(poignee_goes="attack_if_made"))
{'poignee_goes': 'attack_if_made'}
>>> read_rules({"poignee_goes": "attack_if_made"}).poignee_goes
'attack_if_made'
"""

from __future__ import annotations

import dataclasses
from typing import Any

from atout.record.reader import _at, _int, _join, _quote, _refuse, _same, _string
from atout.table import EXCUSE_LAST_TRICK, FIVE_PLAYER_SPLITS, POIGNEE_GOES, Rules

__all__ = ["MAX_PENALTY", "RULE_SETTINGS", "read_rules", "rules_record"]

_FFT = Rules()
RULE_SETTINGS: dict[str, str] = {
    "consecutive_chien_cards": "D8",
    "early_pickup_penalty": "D11",
    "bar_plain_card_exposer": "D14",
    "excuse_exposed_as_trump": "D14",
    "shuffler_offset": "D4",
    "called_suit_first_trick": "B4",
    "excuse_last_trick": "P4",
    "five_player_split": "S4",
    "poignee_goes": "A3",
    "poignee_multiplied": "A1",
    "petit_au_bout_multiplied": "A5",
    "defence_chelem_bonus": "A4",
}
"""Every setting of :class:`~atout.table.Rules` a record's ``rules`` may hold, with its
rule id."""
_SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "excuse_last_trick": EXCUSE_LAST_TRICK,
    "five_player_split": FIVE_PLAYER_SPLITS,
    "poignee_goes": POIGNEE_GOES,
}
MAX_PENALTY = 10_000
"""The largest D11 penalty a record's ``rules`` hold, in points."""


def rules_record(rules: Rules) -> dict[str, Any]:
    """The ``rules`` field of a record: the settings of ``rules`` that differ from the
    FFT's, in the order of :class:`~atout.table.Rules` (``{}`` for the FFT)."""
    return {
        f.name: getattr(rules, f.name)
        for f in dataclasses.fields(Rules)
        if getattr(rules, f.name) != getattr(_FFT, f.name)
    }


def read_rules(value: Any, players: int = 5, at: str = "rules") -> Rules:
    """The :class:`~atout.table.Rules` of a record's ``rules`` field (the module's
    description): an object of settings, each a field of ``Rules`` with a value of its
    type that differs from the FFT's; the settings it leaves out are the FFT's."""
    if not isinstance(value, dict):
        raise _refuse(
            at,
            f"the rules are a JSON object of ⚙ settings ({{}} for the FFT), got {_quote(value)}",
        )
    settings: dict[str, Any] = {}
    for key, given in value.items():
        where = _join(at, key)
        rule = RULE_SETTINGS.get(key)
        if rule is None:
            raise _refuse(
                where, f"not a setting of atout.table.Rules (one of {', '.join(RULE_SETTINGS)})"
            )
        settings[key] = _setting(key, given, where, rule, players)
        if _same(given, getattr(_FFT, key)):
            raise _refuse(
                where,
                f"{_quote(given)} is the FFT's: a record lists only the settings that differ "
                f"from the FFT ({rule})",
            )
    with _at(at):
        return Rules(**settings)


def _setting(key: str, value: Any, at: str, rule: str, players: int) -> Any:
    """One setting's value, of the type of its FFT default."""
    default = getattr(_FFT, key)
    if key in _SETTING_CHOICES:
        return _string(value, at, _SETTING_CHOICES[key], f"a value of {key} ({rule})")
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise _refuse(at, f"true or false, got {_quote(value)} ({rule})")
        return value
    if key == "shuffler_offset":
        return _int(value, at, 1, players - 1, f"an offset from the dealer ({rule})")
    return _int(value, at, 0, MAX_PENALTY, f"a number of points ({rule})")
