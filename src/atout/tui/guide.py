"""The words the table says to help a person learn tarot and play in comfort: the
comforts' keys in the help, and the guided first match's notes (:data:`NOTES`), each
shown once, at the moment it is about (:func:`due_note`)."""

from __future__ import annotations

from dataclasses import dataclass

from atout.i18n import N_
from atout.session import TableObservation
from atout.state import GamePhase
from atout.tui.words import tr

__all__ = [
    "COMFORT_HELP",
    "LETTERS",
    "NOTES",
    "Note",
    "due_note",
    "note_named",
    "note_text",
    "with_comforts",
]

COMFORT_HELP = N_("""\
  u            undo your last card or bid, and the bots' after it (casual
               play: the Undo setting on; off in FFT strict play)
  h            a hint: the card or bid the "{search}" bot would choose, and why
  t            your statistics across matches
  Escape       let go of a card chosen before your turn (queued)
""")
"""The help's keys for the comforts, among the table's own (before its notes)."""


def with_comforts(help_text: str, comforts: str) -> str:
    """The table's help (its keys, a blank line, its notes) with the comforts' keys
    after its own."""
    keys, _, notes = help_text.partition("\n\n")
    return f"{keys}\n{comforts}\n{notes}"


@dataclass(frozen=True)
class Note:
    """One of the guided match's short screens: its title, its words, the rules whose
    text follows (:mod:`atout.rulebook`)."""

    name: str
    title: str
    text: str
    rules: tuple[str, ...]


NOTES = (
    Note(
        "bouts",
        N_("Your cards, and the three bouts"),
        N_(
            "Tarot is played with 78 cards: four suits of 14 (King, Queen, Cavalier, "
            "Valet, 10 … 1), 21 trumps that beat every suit card, and the Excuse. Three "
            "cards are the bouts: the 1 of trumps (the Petit), the 21 and the Excuse. "
            "In your hand a trump is shown as a bare number (21, 7), the Excuse as Ex, "
            "a suit card with its suit's sign (7♥, R♠ or K♠). The more bouts the "
            "taker's camp wins, the fewer points it needs: count yours before you bid. "
            "h gives a hint at any turn."
        ),
        ("S1", "S2"),
    ),
    Note(
        "bidding",
        N_("Bidding"),
        N_(
            "Each player speaks once: pass, or bid higher than the bids so far. The "
            "highest bidder is the taker and plays against all the others. The score "
            "is multiplied by the contract: Prise ×1, Garde ×2, Garde sans ×4, Garde "
            "contre ×6. The chien is the 6 cards (3 with 5 players) dealt face down "
            "apart from the hands: with a Prise or a Garde it is shown to all, then the "
            "taker takes it into his hand and puts as many cards aside (E1); with a "
            "Garde sans or a Garde contre nobody sees it and the taker does not take it "
            "(E3). With few trumps and no bout, pass (p)."
        ),
        ("B1", "B2"),
    ),
    Note(
        "ecart",
        N_("The écart"),
        N_(
            "You take a Prise or a Garde: the chien, shown to all, is now in your hand "
            "(its cards underlined), and you put as many cards aside face down, the "
            "écart, which counts for your camp (E1). No King and no bout may go in it, "
            "and a trump only when nothing else can (E2). With a Garde sans or a Garde "
            "contre nobody sees the chien and there is no écart (E3). Enter puts the "
            "highlighted card aside, u takes one back, y confirms."
        ),
        ("E1", "E2"),
    ),
    Note(
        "contract",
        N_("What the contract needs"),
        N_(
            "The taker's camp must win enough card points in its tricks: the target "
            "depends on the bouts it wins. The others defend together (with 5 players "
            "the holder of the called King plays with the taker) and try to keep the "
            "points, and the bouts, from it."
        ),
        ("S2", "S1"),
    ),
    Note(
        "dim",
        N_("Why some cards are dim"),
        N_(
            "Only the cards marked ▲ may be played now: you must follow the suit led, "
            "and without it you must trump (higher than the trumps already played if "
            "you can). The Excuse may always be played. ←/→ go from one ▲ card to the "
            "next; a dim card clicked with the mouse says which rule forbids it."
        ),
        ("P1", "P2"),
    ),
    Note(
        "score",
        N_("How the score came out"),
        N_(
            "The taker's camp's points are compared with the target; the difference, "
            "plus 25, times the contract's multiplier, is what each defender pays the "
            "taker (or the taker pays each defender when the contract fails). The "
            "marks of a donne add up to zero."
        ),
        ("S3", "S4"),
    ),
)
"""The guided match's notes, in the order a donne meets them."""


def due_note(obs: TableObservation, to_act: bool, legal: int, read: set[str]) -> str | None:
    """The note the person should read now (``None``: none): ``to_act`` the person's
    turn, ``legal`` how many of the hand's cards may be played (0: not a card turn)."""
    game = obs.game
    if game is None:
        return None
    over = bool(obs.sheet) and obs.sheet[-1].number == obs.number
    due = {
        "bouts": True,
        "bidding": game.phase is GamePhase.BIDDING and to_act,
        "ecart": game.phase is GamePhase.ECART and to_act and game.taker == game.seat,
        "contract": game.phase is GamePhase.PLAY and game.contract is not None,
        "dim": game.phase is GamePhase.PLAY and to_act and 0 < legal < len(game.hand),
        "score": over and obs.sheet[-1].result is not None,
    }
    for note in NOTES:
        if note.name not in read and due[note.name]:
            return note.name
    return None


def note_named(name: str) -> Note:
    return next(note for note in NOTES if note.name == name)


LETTERS = {
    "fr": N_(
        "The letters of the suit cards: R Roi (King), D Dame (Queen), C Cavalier "
        "(Knight), V Valet (Jack)."
    ),
    "en": N_("The letters of the suit cards: K King, Q Queen, N Knight (the Cavalier), J Jack."),
}
"""What the letters of the suit cards stand for, in the cards' names of the settings
(:meth:`atout.cards.Card.display`): said once, in the first note, where the person
first sees the hand."""


def note_text(note: Note, ui: str, lang: str) -> str:
    """The words of ``note`` in the interface's language ``ui``; the first one says
    what the letters of the cards stand for in the cards' language ``lang``."""
    text = tr(ui, note.text)
    if note.name == NOTES[0].name:
        text += " " + tr(ui, LETTERS.get(lang, LETTERS["fr"]))
    return text
