"""The rules profiles of an evening: the FFT's, a house profile, and what a profile's
⚙ settings change."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from atout.companion.base import CompanionError, refuse
from atout.errors import AtoutError, IllegalActionError
from atout.table import Rules


@dataclass(frozen=True)
class Difference:
    """One setting where a profile differs from the FFT: the ⚙ field, its rule, the
    FFT's value and the profile's, and what it means."""

    setting: str
    rule: str
    fft: Any
    value: Any
    en: str
    fr: str

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


# What each ⚙ setting of Rules means when it differs from the FFT default.
SETTING_TEXTS: dict[str, tuple[str, str, str]] = {
    "consecutive_chien_cards": (
        "D8",
        "two chien cards may be put down one right after the other",
        "deux cartes du chien peuvent être posées l'une après l'autre",
    ),
    "early_pickup_penalty": (
        "D11",
        "a player who picks up his cards too early loses {value} points",
        "un joueur qui ramasse ses cartes trop tôt perd {value} points",
    ),
    "bar_plain_card_exposer": (
        "D14",
        "a player who turns up a plain card below the Valet may not bid",
        "un joueur qui retourne une basse carte (sous le Valet) ne peut pas enchérir",
    ),
    "excuse_exposed_as_trump": (
        "D14",
        "the Excuse turned face up counts as a plain card (the deal goes on)",
        "l'Excuse retournée compte comme une basse carte (la donne continue)",
    ),
    "shuffler_offset": (
        "D4",
        "the shuffler is the dealer + {value}",
        "le mélangeur est le donneur + {value}",
    ),
    "called_suit_first_trick": (
        "B4",
        "the called suit may be led at the first trick",
        "la couleur appelée peut être jouée au premier pli",
    ),
    "excuse_last_trick": (
        "P4",
        "the Excuse played in the last trick goes to the trick's winner",
        "l'Excuse jouée au dernier pli va à celui qui remporte le pli",
    ),
    "five_player_split": (
        "S4",
        "5 players: taker and partner 1.5 × S each (the FFT: 2 × S and 1 × S)",
        "à 5 : preneur et appelé 1,5 × S chacun (FFT : 2 × S et 1 × S)",
    ),
    "poignee_goes": (
        "A3",
        "the poignée counts for the attack only when the contract is made "
        "(the FFT: for the camp that wins)",
        "la poignée ne compte pour l'attaque que si le contrat est réussi "
        "(FFT : pour le camp gagnant)",
    ),
    "poignee_multiplied": (
        "A1",
        "the poignée is multiplied by the contract (the FFT: not multiplied)",
        "la poignée est multipliée par le contrat (FFT : non multipliée)",
    ),
    "petit_au_bout_multiplied": (
        "A5",
        "the petit au bout is not multiplied by the contract (the FFT: multiplied)",
        "le petit au bout n'est pas multiplié par le contrat (FFT : multiplié)",
    ),
    "defence_chelem_bonus": (
        "A4",
        "no bonus for a chelem of the defence (the FFT: +200 to the defence)",
        "pas de prime pour un chelem de la défense (FFT : +200 à la défense)",
    ),
}

_FFT = Rules()

PROFILES: dict[str, Rules] = {
    "fft": _FFT,
    "maison": Rules(
        five_player_split="1.5:1.5",
        poignee_goes="attack_if_made",
        defence_chelem_bonus=False,
    ),
}
"""The named profiles: the FFT (default) and one house profile of common differences."""


def profile_rules(name: str, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The rules of profile ``name``, with ``overrides`` (⚙ settings) on top."""
    if name not in PROFILES:
        raise refuse("⚙", "c_no_profile", name=f"{name!r:.30}", profiles=", ".join(PROFILES))
    base = PROFILES[name]
    if not overrides:
        return base
    known = {f.name for f in dataclasses.fields(Rules)}
    for key in overrides:
        if key not in known:
            raise refuse(
                "⚙",
                "c_not_a_setting",
                name=repr(str(key)[:30]),
                settings=", ".join(sorted(known)),
            )
    try:
        return dataclasses.replace(base, **dict(overrides))
    except IllegalActionError as error:
        raise CompanionError(error.reason) from None
    except (AtoutError, TypeError):
        raise refuse("⚙", "c_setting_type") from None


def differences(rules: Rules) -> list[Difference]:
    """Every ⚙ setting where ``rules`` differs from the FFT, with what it means."""
    found = []
    for f in dataclasses.fields(Rules):
        value, fft = getattr(rules, f.name), getattr(_FFT, f.name)
        if value != fft:
            rule, en, fr = SETTING_TEXTS.get(f.name, ("⚙", f.name, f.name))
            found.append(
                Difference(f.name, rule, fft, value, en.format(value=value), fr.format(value=value))
            )
    return found
