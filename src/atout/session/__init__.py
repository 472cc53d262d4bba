"""The table shared by every face: seats that are people or bots, the deal as La Donne
says, the feed of events, and what each seat may see (:class:`Table`). The terminal
table and the web table are two faces of it."""

from atout.session.actions import (
    AnnouncePetitSec,
    Contribute,
    CutPack,
    DealPack,
    Draw,
    MakeEcart,
    ShowChien,
    Shuffle,
    TableAction,
    action_from_json,
    action_to_json,
)
from atout.session.events import Event
from atout.session.table import DealView, SheetRow, Table, TableObservation, TableSettings
from atout.session.view import observation_json

__all__ = [
    "AnnouncePetitSec",
    "Contribute",
    "CutPack",
    "DealPack",
    "DealView",
    "Draw",
    "Event",
    "MakeEcart",
    "SheetRow",
    "ShowChien",
    "Shuffle",
    "Table",
    "TableAction",
    "TableObservation",
    "TableSettings",
    "action_from_json",
    "action_to_json",
    "observation_json",
]
