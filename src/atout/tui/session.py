"""A person's match against bots, saved after every action, resumable.

The terminal table (:mod:`atout.tui.app`) shows a :class:`TableSession`; the session
holds the match, lets the bots act, checks the person's actions against the rules,
and writes the save file after every change (atomically: a crash never loses what was
saved before).

A save is a JSON object ``{"format": "atout.save/1", "settings": …, "seed": S,
"actions": [[donne, action], …]}``: the deals come again from the seed, the actions
are applied again, each checked against the rules.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from atout.bots import BOTS, Agent
from atout.errors import AtoutError, InvalidRecordError
from atout.match import Match
from atout.randomness import make_rng
from atout.record import action_from_json, action_to_json, game_record
from atout.state import Action, Donne
from atout.table import Variant

__all__ = ["SAVE_FORMAT", "Settings", "TableSession", "default_save_path", "set_aside"]

SAVE_FORMAT = "atout.save/1"


def default_save_path() -> Path:
    """Where the unfinished match is kept: ``$ATOUT_HOME/match.json``, by default in the
    user's data folder."""
    home = os.environ.get("ATOUT_HOME")
    if home:
        return Path(home) / "match.json"
    from platformdirs import user_data_dir

    return Path(user_data_dir("atout")) / "match.json"


@dataclass(frozen=True)
class Settings:
    players: int = 4
    bots: str = "heuristic"
    deals: int = 5
    animate: bool = True
    lang: str = "fr"

    def check(self) -> None:
        Variant.for_players(self.players)
        if self.bots not in BOTS:
            raise AtoutError(f"bots: {self.bots!r} is not one of {', '.join(BOTS)}")
        if self.deals < 1:
            raise AtoutError(f"deals: a match has at least 1 donne, not {self.deals}")
        if self.lang not in ("fr", "en"):
            raise AtoutError(f"lang: 'fr' or 'en', not {self.lang!r}")


class TableSession:
    """One person (seat ``human``) against bots, donne after donne."""

    human = 0

    def __init__(self, settings: Settings, seed: int | None = None, save_path: Path | None = None):
        settings.check()
        self.settings = settings
        self.seed = seed if seed is not None else make_rng(None).getrandbits(48)
        self.save_path = save_path
        master = random.Random(self.seed)
        self.deal_rng = random.Random(master.getrandbits(64))
        self.bots: list[Agent] = [
            BOTS[settings.bots](random.Random(master.getrandbits(64)))
            for _ in range(settings.players)
        ]
        self.match = Match(Variant.for_players(settings.players))
        self.actions: list[tuple[int, dict[str, Any]]] = []

    # -- state -----------------------------------------------------------------------------

    @property
    def donne(self) -> Donne | None:
        return self.match.donnes[-1] if self.match.donnes else None

    @property
    def donne_number(self) -> int:
        return len(self.match.donnes)

    @property
    def is_over(self) -> bool:
        """The match is over: its last donne is played (or void)."""
        donne = self.donne
        return (
            donne is not None and donne.is_terminal() and self.donne_number >= self.settings.deals
        )

    def human_to_act(self) -> bool:
        donne = self.donne
        return donne is not None and donne.current_player() == self.human

    # -- moves -------------------------------------------------------------------------------

    def new_donne(self) -> Donne:
        """Deal the next donne (D17: the right dealer, the barred seats)."""
        donne = self.match.start_donne(self.deal_rng)
        self.save()
        return donne

    def bot_step(self) -> Action | None:
        """Let the bot whose turn it is act once; ``None`` when it is the person's turn
        or the donne is over."""
        donne = self.donne
        if donne is None or donne.is_terminal() or self.human_to_act():
            return None
        seat = donne.current_player()
        assert seat is not None
        action = self.bots[seat].act(donne.observation(seat))
        self._apply(action)
        return action

    def act(self, action: Action) -> None:
        """The person's action: checked against the rules (an ``IllegalActionError``
        names the rule it breaks), applied and saved."""
        self._apply(action)

    def _apply(self, action: Action) -> None:
        donne = self.donne
        assert donne is not None
        donne.apply_action(action)
        self.actions.append((self.donne_number - 1, action_to_json(action)))
        self.save()

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "settings": asdict(self.settings),
            "seed": self.seed,
            "donnes": self.donne_number,
            "actions": [[index, action] for index, action in self.actions],
        }

    def save(self) -> None:
        """Write the save file atomically (a temporary file, then a rename)."""
        if self.save_path is None:
            return
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.save_path.with_suffix(".tmp")
        temporary.write_text(json.dumps(self.to_json()), encoding="utf-8")
        os.replace(temporary, self.save_path)

    def finish(self) -> None:
        """The match is over: the save file is no longer an unfinished match."""
        if self.save_path is not None and self.save_path.exists():
            self.save_path.unlink()

    @classmethod
    def load(cls, path: Path) -> TableSession:
        """Resume the match saved in ``path``, re-applying every action against the
        rules; :class:`InvalidRecordError` when the file is damaged."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise InvalidRecordError(f"{path}: not a readable save ({error})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidRecordError(f"{path}: not an {SAVE_FORMAT} file")
        try:
            settings = Settings(**data["settings"])
            session = cls(settings, int(data["seed"]), None)
            for number in range(int(data["donnes"])):
                session.match.start_donne(session.deal_rng)
                for index, action in data["actions"]:
                    if index == number:
                        session._apply(action_from_json(action))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, AtoutError) as error:
            raise InvalidRecordError(f"{path}: damaged save ({error})") from None
        session.save_path = path
        return session

    def export(self, path: Path) -> None:
        """Write the match so far as an ``atout.game/1`` record: every donne that is
        over (one being played is left out: a record holds whole donnes)."""
        seats = ["human", *([f"bot:{self.settings.bots}"] * (self.settings.players - 1))]
        finished = [donne for donne in self.match.donnes if donne.is_terminal()]
        record = game_record(finished, seats, self.seed)
        path.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")


def set_aside(path: Path) -> Path:
    """Move a damaged save out of the way (``match.json.damaged``, numbered if needed)."""
    target = path.with_name(path.name + ".damaged")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.damaged{number}")
    os.replace(path, target)
    return target
