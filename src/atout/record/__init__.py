"""The JSON records of docs/reference/formats.md: ``atout.deal/1`` (a deal) and ``atout.game/1`` (a
match), read and written.

Records are written in the canonical forms of docs/reference/formats.md and read back only in them:
every field is checked, its type and its value, and every step is replayed against
the rules, so that a record that is read is a legal game and reads back as written.
Input is bounded before anything is built from it (:data:`MAX_RECORD_BYTES`, nesting,
digits, list lengths); every refusal is one :class:`~atout.errors.InvalidRecordError`
line naming the field and the rule.

Each module of the package does one job, and every name below is importable from
``atout.record`` itself:

- :mod:`atout.record.reader`: the bounded JSON reader (:func:`decode`,
  :func:`loads_with`) and the strict field readers whose refusals name the path of the
  bad value (:func:`parse_card`, :func:`compare_field`);
- :mod:`atout.record.deal`: the deal format ``atout.deal/1`` (:func:`deal_record`,
  :func:`dumps_deal`, :func:`loads_deal`, :func:`read_deal_record`) and the faults
  replayed at their place in the deal;
- :mod:`atout.record.rules`: a record's ``rules`` field, the ⚙ settings
  (:func:`rules_record`, :func:`read_rules`);
- :mod:`atout.record.game`: the game format ``atout.game/1`` (:func:`game_record`,
  :func:`donne_record`, :func:`loads_game`) with a donne's ``fairness`` field
  (:func:`donne_fairness`);
- :mod:`atout.record.sheet`: the table companion's score sheets
  (:func:`is_score_sheet`, :func:`read_score_sheet`);
- :mod:`atout.record.actions`: the action codec (:func:`action_to_json`,
  :func:`action_from_json`).

>>> import random
>>> from atout.dealing import Deal
>>> from atout.table import Variant
>>> deal = Deal.automatic(Variant.for_players(4), rng=random.Random(7), dealer=0)
>>> again, seed = loads_deal(dumps_deal(deal, seed=7))
>>> again == deal, seed
(True, 7)
"""

from __future__ import annotations

# The names imported ``as`` themselves are importable from here, outside ``__all__``.
from atout.record.actions import action_from_json, action_to_json
from atout.record.deal import DEAL_FIELDS as DEAL_FIELDS
from atout.record.deal import (
    DEAL_FORMAT,
    deal_record,
    dumps_deal,
    loads_deal,
    read_deal_record,
)
from atout.record.deal import DEAL_RULES as DEAL_RULES
from atout.record.game import DONNE_FIELDS as DONNE_FIELDS
from atout.record.game import DONNE_RULES as DONNE_RULES
from atout.record.game import FAIRNESS_FIELDS as FAIRNESS_FIELDS
from atout.record.game import GAME_FIELDS as GAME_FIELDS
from atout.record.game import (
    GAME_FORMAT,
    MAX_DONNES,
    donne_fairness,
    donne_record,
    game_record,
    loads_game,
)
from atout.record.game import MAX_NAME as MAX_NAME
from atout.record.game import RESULT_RULES as RESULT_RULES
from atout.record.game import SHEET_REFUSAL as SHEET_REFUSAL
from atout.record.reader import (
    MAX_CONTAINERS,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_RECORD_BYTES,
    compare_field,
    decode,
    loads_with,
    parse_card,
)
from atout.record.rules import MAX_PENALTY as MAX_PENALTY
from atout.record.rules import RULE_SETTINGS, read_rules, rules_record
from atout.record.sheet import (
    ENTERED_FIELDS,
    SHEET_DONNE_FIELDS,
    is_score_sheet,
    read_score_sheet,
)
from atout.record.sheet import MAX_SHEET_DONNES as MAX_SHEET_DONNES

__all__ = [
    "DEAL_FORMAT",
    "ENTERED_FIELDS",
    "GAME_FORMAT",
    "MAX_CONTAINERS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_DONNES",
    "MAX_RECORD_BYTES",
    "RULE_SETTINGS",
    "SHEET_DONNE_FIELDS",
    "action_from_json",
    "action_to_json",
    "compare_field",
    "deal_record",
    "decode",
    "donne_fairness",
    "donne_record",
    "dumps_deal",
    "game_record",
    "is_score_sheet",
    "loads_deal",
    "loads_game",
    "loads_with",
    "parse_card",
    "read_deal_record",
    "read_rules",
    "read_score_sheet",
    "rules_record",
]
