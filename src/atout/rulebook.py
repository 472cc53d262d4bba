"""The rule book as data: every rule of French Tarot atout plays, by its id.

Each rule (D1 … D19 for the deal, B1 … B4 bidding, E1 … E3 chien and écart, A1 … A6
announcements, P1 … P5 play, S1 … S5 scoring) has a chapter, a title and a text in
French and in English, the ⚙ settings of :class:`atout.table.Rules` that change it
(where the official text is silent, or where tables play differently), and examples.
This catalogue is the only place the rules are written: ``atout rules``, the
terminal's rules screen, the web server's ``/rules`` page and the reference documents
``docs/reference/rules.md`` and ``docs/reference/regles.md`` are all made from it.

>>> rule("d5").title.en
'The cut'
>>> [chapter.letter for chapter in chapters()]
['D', 'B', 'E', 'A', 'P', 'S']
>>> len(rules())
42
>>> print(render_rule("A6", "en"))
A6 — The chelem's announcer leads
Whoever announces a chelem leads the first trick, in place of the dealer's right neighbour (D18).

Run ``python -m atout.rulebook --markdown en`` (or ``fr``) to print the reference
document in that language.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Literal

from atout.errors import AtoutError

__all__ = [
    "Chapter",
    "Example",
    "Rule",
    "Setting",
    "Words",
    "as_json",
    "book_title",
    "chapters",
    "figures",
    "introduction",
    "label",
    "markdown",
    "render_rule",
    "rule",
    "rules",
    "setting_lines",
    "setting_value",
]

Lang = Literal["fr", "en"]
SettingValue = bool | int | str | None


@dataclass(frozen=True)
class Words:
    """One text in English and in French."""

    en: str
    fr: str

    def __call__(self, lang: str) -> str:
        """The text in ``lang`` (French for ``"fr"``, English otherwise)."""
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True)
class Setting:
    """A ⚙ setting of a rule: the field ``name`` of :class:`atout.table.Rules`, its
    default (the FFT's reading, or the project's where the text is silent), the values
    it takes (``choices``, or ``values`` in words when they are a range of numbers),
    and what it changes."""

    name: str
    default: SettingValue
    choices: tuple[SettingValue, ...]
    text: Words
    values: Words | None = None


@dataclass(frozen=True)
class Example:
    """A short case that shows the rule at work."""

    text: Words


@dataclass(frozen=True)
class Rule:
    """One rule: its id (``"D5"``), chapter letter, title, text, settings, examples."""

    id: str
    chapter: str
    title: Words
    text: Words
    settings: tuple[Setting, ...] = ()
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class Chapter:
    """A chapter of the rule book: its letter, title and the ids of its rules."""

    letter: str
    title: Words
    rules: tuple[str, ...]


def _w(en: str, fr: str) -> Words:
    return Words(en, fr)


def _ex(en: str, fr: str) -> Example:
    return Example(Words(en, fr))


_YES_NO: tuple[SettingValue, ...] = (False, True)

_INTRODUCTION = (
    _w("Table and cards", "La table et les cartes"),
    _w(
        "Seats are numbered 0 … n−1 in the order of play, which goes counter-clockwise "
        "(so records and the engine count them; the tables show them as seats 1 … n). "
        "The right neighbour of seat s is s+1, its left neighbour s−1 (counting round "
        "the table); with 4 players the seat opposite s is s+2. The pack has 78 cards: "
        "four suits, Pique ♠, Cœur ♥, Carreau ♦ and Trèfle ♣, of 14 cards each (the 1 or "
        "As, 2 … 10, then the court cards Valet V, Cavalier C, Dame D and Roi R); 21 "
        "trumps (atouts) numbered 1 … 21, the 1 being the Petit; and the Excuse. The "
        "three bouts (oudlers) are the Petit, the 21 and the Excuse. With 3 players "
        "each hand has 24 cards and the chien 6; with 4 players, 18 and 6; with 5 "
        "players, 15 and 3.",
        "Les places sont numérotées de 0 à n−1 dans l'ordre du jeu, qui tourne dans le "
        "sens inverse des aiguilles d'une montre (ainsi les comptent les enregistrements "
        "et le moteur ; les tables les montrent comme places 1 à n). Le voisin de droite "
        "de la place s est s+1, son voisin de gauche s−1 (en faisant le tour de la table) "
        "; à 4 joueurs, la place en face de s est s+2. Le jeu compte 78 cartes : quatre "
        "couleurs, Pique ♠, Cœur ♥, Carreau ♦ et Trèfle ♣, de 14 cartes chacune (le 1 ou "
        "As, 2 … 10, puis les figures, ou cartes habillées : Valet V, Cavalier C, Dame D "
        "et Roi R) ; 21 atouts numérotés de 1 à 21, le 1 étant le Petit ; et l'Excuse. "
        "Les trois bouts (oudlers) sont le Petit, le 21 et l'Excuse. À 3 joueurs chaque "
        "main a 24 cartes et le chien 6 ; à 4 joueurs, 18 et 6 ; à 5 joueurs, 15 et 3.",
    ),
)

_FIGURES = (
    _w("Exact figures for a uniform shuffle", "Chiffres exacts pour un mélange uniforme"),
    _w(
        "A petit sec somewhere in the deal: 0.01202 % with 3 players, 0.18441 % with 4 "
        "(about 1 deal in 542), 0.66447 % with 5; for one given player, "
        "C(56, h−1) / C(78, h) with h cards in a hand. The Petit in the chien: 6/78 with "
        "3 or 4 players, 3/78 with 5. The number of trumps (1 … 21) in one 4-player "
        "hand, in %: 0: 0.146, 1: 1.380, 2: 5.720, 3: 13.801, 4: 21.665, 5: 23.438, "
        "6: 18.056, 7: 10.093, 8: 4.134, 9: 1.244, 10: 0.274, 11: 0.044. The "
        "statistics of atout's dealer are tested against these figures.",
        "Un Petit sec dans la donne : 0,01202 % à 3 joueurs, 0,18441 % à 4 (environ une "
        "donne sur 542), 0,66447 % à 5 ; pour un joueur donné, C(56, h−1) / C(78, h) "
        "avec h cartes par main. Le Petit au chien : 6/78 à 3 ou 4 joueurs, 3/78 à 5. "
        "Le nombre d'atouts (1 … 21) d'une main à 4 joueurs, en % : 0 : 0,146, "
        "1 : 1,380, 2 : 5,720, 3 : 13,801, 4 : 21,665, 5 : 23,438, 6 : 18,056, "
        "7 : 10,093, 8 : 4,134, 9 : 1,244, 10 : 0,274, 11 : 0,044. Les statistiques du "
        "donneur d'atout sont vérifiées sur ces chiffres.",
    ),
)

_CHAPTERS: tuple[tuple[str, Words], ...] = (
    ("D", _w("D — The deal", "D — La donne")),
    ("B", _w("B — Bidding", "B — Les enchères")),
    ("E", _w("E — Chien and écart", "E — Le chien et l'écart")),
    ("A", _w("A — Announcements", "A — Les annonces")),
    ("P", _w("P — Play of the cards", "P — Le jeu de la carte")),
    ("S", _w("S — Scoring", "S — Le décompte")),
)


def _rule(
    id_: str,
    title: Words,
    text: Words,
    settings: tuple[Setting, ...] = (),
    examples: tuple[Example, ...] = (),
) -> Rule:
    return Rule(id_, id_[0], title, text, settings, examples)


_RULES: tuple[Rule, ...] = (
    # -- D: the deal -------------------------------------------------------------------
    _rule(
        "D1",
        _w("Drawing the first dealer", "Le tirage du premier donneur"),
        _w(
            "The first dealer is drawn: the pack is spread face down, each player draws "
            "one card, and the lowest card deals.",
            "Le premier donneur est tiré au sort : le jeu est étalé face cachée, chacun "
            "tire une carte, et la plus basse donne.",
        ),
    ),
    _rule(
        "D2",
        _w("The order of the draw", "L'ordre du tirage"),
        _w(
            "In that draw every suit card is below every trump. Suit cards rank 1, 2 … "
            "10, Valet, Cavalier, Dame, Roi; at equal rank the suits go Trèfle ♣ < "
            "Carreau ♦ < Cœur ♥ < Pique ♠, so the As of Trèfle is the lowest card of "
            "the pack. Trumps rank by their number, the 1 lowest.",
            "Pour ce tirage, toute carte de couleur est sous tout atout. Les cartes de "
            "couleur vont du 1 au 10, puis Valet, Cavalier, Dame, Roi ; à rang égal les "
            "couleurs vont Trèfle ♣ < Carreau ♦ < Cœur ♥ < Pique ♠ : l'As de Trèfle est "
            "la plus basse carte du jeu. Les atouts vont par leur numéro, le 1 le plus bas.",
        ),
        examples=(
            _ex(
                "7♠, 9♥, 4 (a trump) and K♣ are drawn: the 7♠ is lowest, its drawer deals.",
                "On tire 7♠, 9♥, 4 (un atout) et R♣ : le 7♠ est le plus bas, qui l'a tiré donne.",
            ),
        ),
    ),
    _rule(
        "D3",
        _w("The Excuse in the draw", "L'Excuse au tirage"),
        _w(
            "The Excuse does not count in the draw: whoever draws it draws another card.",
            "L'Excuse ne compte pas au tirage : qui la tire en tire une autre.",
        ),
    ),
    _rule(
        "D4",
        _w("The shuffle", "Le mélange"),
        _w(
            "The pack must be shuffled, by the player opposite the dealer. With 3 or 5 "
            "players no one sits opposite: the seat half the number of players (rounded "
            "down) places after the dealer shuffles (with 3 players the dealer's right "
            "neighbour, with 5 the second "
            "seat after the dealer).",
            "Le jeu doit être mélangé, par le joueur en face du donneur. À 3 ou 5 joueurs "
            "personne n'est en face : mélange le joueur placé après le donneur d'autant "
            "de places que la moitié du nombre de joueurs, arrondie à l'entier inférieur "
            "(à 3, le voisin de droite du donneur ; à 5, la deuxième place après le "
            "donneur).",
        ),
        settings=(
            Setting(
                "shuffler_offset",
                None,
                (None, 1, 2, 3, 4),
                _w(
                    "the shuffler is the dealer's seat + this offset; none (the default) "
                    "means the seat opposite, or with 3 and 5 players the dealer + half the "
                    "number of players, rounded down",
                    "le mélangeur est la place du donneur + ce décalage ; aucun (par "
                    "défaut) veut dire la place en face, ou à 3 et 5 joueurs le donneur + la "
                    "moitié du nombre de joueurs, arrondie à l'entier inférieur",
                ),
                _w("none, or 1 … n−1", "aucun, ou 1 … n−1"),
            ),
        ),
        examples=(
            _ex(
                "4 players, seat 0 deals: seat 2 shuffles. 3 players, seat 2 deals: seat 0.",
                "À 4 joueurs, la place 0 donne : la place 2 mélange. À 3, la place 2 "
                "donne : la place 0.",
            ),
        ),
    ),
    _rule(
        "D5",
        _w("The cut", "La coupe"),
        _w(
            "Then the dealer's left neighbour must cut, taking more than 3 cards and "
            "leaving more than 3: a cut of k cards needs 4 ≤ k ≤ 74 of the 78. The k "
            "cards taken from the top go under the rest.",
            "Le voisin de gauche du donneur doit ensuite couper, en prenant plus de 3 "
            "cartes et en en laissant plus de 3 : une coupe de k cartes demande "
            "4 ≤ k ≤ 74 sur 78. Les k cartes prises sur le dessus passent dessous.",
        ),
        examples=(
            _ex(
                "Seat 0 deals with 4 players: seat 3 cuts. A cut of 3 or of 75 is refused; "
                "a cut of 37 puts the top 37 cards under the other 41.",
                "À 4 joueurs, la place 0 donne : la place 3 coupe. Une coupe de 3 ou de 75 "
                "est refusée ; une coupe de 37 met les 37 cartes du dessus sous les 41 "
                "autres.",
            ),
        ),
    ),
    _rule(
        "D6",
        _w("Dealing counter-clockwise", "La distribution dans le sens du jeu"),
        _w(
            "The dealer deals counter-clockwise: the first packet of each round goes to "
            "his right neighbour, and the last packet of each round to himself.",
            "Le donneur distribue dans le sens inverse des aiguilles d'une montre : le "
            "premier paquet de chaque tour va à son voisin de droite, et le dernier "
            "paquet de chaque tour à lui-même.",
        ),
    ),
    _rule(
        "D7",
        _w("Packets", "Les paquets"),
        _w(
            "Cards are dealt 3 by 3 with 4 or 5 players, and 4 by 4 with 3 players.",
            "Les cartes se donnent 3 par 3 à 4 ou 5 joueurs, et 4 par 4 à 3 joueurs.",
        ),
    ),
    _rule(
        "D8",
        _w("Building the chien", "La constitution du chien"),
        _w(
            "While dealing, the dealer puts the chien down one card at a time, between "
            "packets (6 cards; 3 with 5 players). The first and the last card of the "
            "pack may never go to the chien, and by default at most one chien card goes "
            "down between two packets.",
            "Pendant la distribution, le donneur pose le chien carte par carte, entre "
            "les paquets (6 cartes ; 3 à 5 joueurs). La première et la dernière carte du "
            "jeu ne vont jamais au chien, et par défaut une seule carte du chien au plus "
            "est posée entre deux paquets.",
        ),
        settings=(
            Setting(
                "consecutive_chien_cards",
                False,
                _YES_NO,
                _w(
                    "two chien cards may be put down one right after the other",
                    "deux cartes du chien peuvent être posées l'une après l'autre",
                ),
            ),
        ),
        examples=(
            _ex(
                "The pack's first card goes to the dealer's right neighbour, never to the "
                "chien; the 78th card goes to the dealer.",
                "La première carte du jeu va au voisin de droite du donneur, jamais au "
                "chien ; la 78e va au donneur.",
            ),
        ),
    ),
    _rule(
        "D9",
        _w("Hand sizes", "La taille des mains"),
        _w(
            "So each player receives 18 cards with 4 players, 24 with 3 and 15 with 5.",
            "Chacun reçoit ainsi 18 cartes à 4 joueurs, 24 à 3 et 15 à 5.",
        ),
    ),
    _rule(
        "D10",
        _w("Counting the chien", "Le compte du chien"),
        _w(
            "When the deal is over, the dealer shows that the chien holds exactly its "
            "number of cards (6, or 3 with 5 players). A wrong count is the dealer's "
            "fault (D12).",
            "La donne finie, le donneur montre que le chien a exactement son nombre de "
            "cartes (6, ou 3 à 5 joueurs). Un compte faux est une faute du donneur (D12).",
        ),
    ),
    _rule(
        "D11",
        _w("Cards untouched during the deal", "Ne pas toucher ses cartes pendant la donne"),
        _w(
            "No player may touch or pick up his cards before the deal is completely "
            "over. The arbiter may penalise one who does: by default a recorded warning "
            "and no points. At atout's tables a hand appears only once it is dealt.",
            "Aucun joueur ne peut toucher ni ramasser ses cartes avant la fin complète "
            "de la donne. L'arbitre peut pénaliser celui qui le fait : par défaut un "
            "avertissement noté, sans points. Aux tables d'atout une main n'apparaît "
            "qu'une fois donnée.",
        ),
        settings=(
            Setting(
                "early_pickup_penalty",
                0,
                (),
                _w(
                    "points taken from a player who picked up his cards too early",
                    "points retirés au joueur qui a ramassé ses cartes trop tôt",
                ),
                _w("a whole number of points ≥ 0", "un nombre entier de points ≥ 0"),
            ),
        ),
    ),
    _rule(
        "D12",
        _w("A fault in the deal", "Une faute pendant la donne"),
        _w(
            "Any fault during the deal makes it void, and the same dealer deals again. "
            "If the dealer caused the fault, he may not bid on that new deal.",
            "Toute faute pendant la donne l'annule, et le même donneur redonne. Si la "
            "faute vient du donneur, il ne peut pas enchérir sur la nouvelle donne.",
        ),
        examples=(
            _ex(
                "The chien holds 5 cards at the end of a 4-player deal: the dealer deals "
                "again, and passes on that deal.",
                "Le chien a 5 cartes à la fin d'une donne à 4 : le donneur redonne, et "
                "passe sur cette donne.",
            ),
        ),
    ),
    _rule(
        "D13",
        _w("A misdeal", "La maldonne"),
        _w(
            "When the dealer is at fault (a misdeal), every player gives his hand back "
            "without looking at it.",
            "Quand le donneur est fautif (une maldonne), chacun rend sa main sans la regarder.",
        ),
    ),
    _rule(
        "D14",
        _w("A card turned face up", "Une carte retournée"),
        _w(
            "When the fault is not the dealer's — another player turns a court card or a "
            "trump face up — that player may not bid on the new deal. When the card "
            "turned up is a plain card below the Valet (1 … 10), the deal goes on in "
            "either case, with no new deal; by default its player is not barred from "
            "bidding, and the Excuse turned up counts as a trump.",
            "Quand la faute n'est pas celle du donneur — un autre joueur retourne une "
            "figure ou un atout — ce joueur ne peut pas enchérir sur la nouvelle donne. "
            "Quand la carte retournée est une basse carte sous le Valet (1 … 10), la "
            "donne continue dans les deux cas, sans redonner ; par défaut son joueur "
            "n'est pas privé d'enchère, et l'Excuse retournée compte comme un atout.",
        ),
        settings=(
            Setting(
                "bar_plain_card_exposer",
                False,
                _YES_NO,
                _w(
                    "a player who turns up a plain card below the Valet may not bid",
                    "un joueur qui retourne une basse carte (sous le Valet) ne peut pas enchérir",
                ),
            ),
            Setting(
                "excuse_exposed_as_trump",
                True,
                _YES_NO,
                _w(
                    "the Excuse turned face up counts as a trump (a new deal, its player "
                    "barred); otherwise as a plain card (the deal goes on)",
                    "l'Excuse retournée compte comme un atout (on redonne, son joueur ne "
                    "peut pas enchérir) ; sinon comme une basse carte (la donne continue)",
                ),
            ),
        ),
        examples=(
            _ex(
                "Seat 2 turns up the K♥: the same dealer deals again and seat 2 may not "
                "bid. Seat 2 turns up the 7♥: the deal goes on.",
                "La place 2 retourne le R♥ : le même donneur redonne et la place 2 ne peut "
                "pas enchérir. La place 2 retourne le 7♥ : la donne continue.",
            ),
        ),
    ),
    _rule(
        "D15",
        _w("Looking at one's cards", "Regarder ses cartes"),
        _w(
            "Once the deal is over, each player picks up and looks at his cards.",
            "La donne finie, chacun ramasse et regarde ses cartes.",
        ),
    ),
    _rule(
        "D16",
        _w("Petit sec", "Le Petit sec"),
        _w(
            "A player who holds the Petit with no other trump and without the Excuse "
            "must announce it and show his hand. The deal is void before the bidding, "
            "and the dealer's right neighbour deals the new one.",
            "Le joueur qui a le Petit sans autre atout et sans l'Excuse doit l'annoncer "
            "et montrer sa main. La donne est annulée avant les enchères, et le voisin "
            "de droite du donneur fait la suivante.",
        ),
        examples=(
            _ex(
                "A hand with the Petit, the Excuse and no other trump is not a petit sec.",
                "Une main avec le Petit, l'Excuse et aucun autre atout n'est pas un Petit sec.",
            ),
        ),
    ),
    _rule(
        "D17",
        _w("The next dealer", "Le donneur suivant"),
        _w(
            "The deal passes in the order of play: the next dealer is the current "
            "dealer's right neighbour.",
            "La donne tourne dans l'ordre du jeu : le donneur suivant est le voisin de "
            "droite du donneur.",
        ),
    ),
    _rule(
        "D18",
        _w("Who speaks and leads first", "Qui parle et entame le premier"),
        _w(
            "The dealer's right neighbour speaks first in the bidding (B1) and leads the "
            "first trick, except after an announced chelem (A6).",
            "Le voisin de droite du donneur parle le premier aux enchères (B1) et entame "
            "le premier pli, sauf après un chelem annoncé (A6).",
        ),
    ),
    _rule(
        "D19",
        _w("Cards held in sight", "Les cartes tenues en vue"),
        _w(
            "Each player holds his cards above the table, as cards, until his last card "
            "is played. On screen: a player always sees his own hand and never another "
            "player's.",
            "Chacun tient ses cartes au-dessus de la table, comme des cartes, jusqu'à ce "
            "que sa dernière carte soit jouée. À l'écran : un joueur voit toujours sa "
            "main, et jamais celle d'un autre.",
        ),
    ),
    # -- B: bidding --------------------------------------------------------------------
    _rule(
        "B1",
        _w("Each player speaks once", "Chacun parle une fois"),
        _w(
            "The dealer's right neighbour speaks first, then the others counter-"
            "clockwise; the dealer speaks last. Each player speaks once: he passes, or "
            "bids a contract higher than any bid so far (so after a Garde contre the "
            "others can only pass).",
            "Le voisin de droite du donneur parle le premier, puis les autres dans le "
            "sens du jeu ; le donneur parle le dernier. Chacun parle une fois : il passe, "
            "ou annonce un contrat plus haut que tous ceux déjà annoncés (après une "
            "Garde contre, les autres ne peuvent donc que passer).",
        ),
        examples=(
            _ex(
                "Seat 1 bids Garde: seat 2 may pass or bid Garde sans or Garde contre, not Prise.",
                "La place 1 annonce Garde : la place 2 peut passer, ou annoncer Garde sans "
                "ou Garde contre, pas Prise.",
            ),
        ),
    ),
    _rule(
        "B2",
        _w("The contracts", "Les contrats"),
        _w(
            "The contracts, from low to high, with their multipliers: Prise (or Petite) "
            "×1, Garde ×2, Garde sans le chien ×4, Garde contre le chien ×6.",
            "Les contrats, du plus bas au plus haut, avec leur multiplicateur : Prise (ou "
            "Petite) ×1, Garde ×2, Garde sans le chien ×4, Garde contre le chien ×6.",
        ),
    ),
    _rule(
        "B3",
        _w("Everyone passes", "Tout le monde passe"),
        _w(
            "If every player passes, the deal is void and the next dealer (D17) deals.",
            "Si tous les joueurs passent, la donne est annulée et le donneur suivant (D17) donne.",
        ),
    ),
    _rule(
        "B4",
        _w("Calling a King (5 players)", "L'appel au Roi (5 joueurs)"),
        _w(
            "With 5 players, after the bidding and before the chien is shown, the taker "
            "calls a King; holding all four, a Dame; holding those too, a Cavalier; then "
            "a Valet. He may call a card he holds, and then plays alone; if the called "
            "card is in the chien he plays alone as well. Whoever holds the called card "
            "is his partner, unknown until that card is played. By default the called "
            "suit may not be led at the first trick, except with the called King itself.",
            "À 5 joueurs, après les enchères et avant que le chien soit montré, le "
            "preneur appelle un Roi ; s'il a les quatre, une Dame ; s'il les a aussi, un "
            "Cavalier ; puis un Valet. Il peut appeler une carte qu'il a, et joue alors "
            "seul ; si la carte appelée est au chien, il joue seul aussi. Celui qui a la "
            "carte appelée est son partenaire, inconnu jusqu'à ce qu'elle soit jouée. Par "
            "défaut on n'entame pas la couleur appelée au premier pli, sauf avec le Roi "
            "appelé lui-même.",
        ),
        settings=(
            Setting(
                "called_suit_first_trick",
                False,
                _YES_NO,
                _w(
                    "the called suit may be led at the first trick",
                    "la couleur appelée peut être entamée au premier pli",
                ),
            ),
        ),
        examples=(
            _ex(
                "The taker holds R♠ R♥ R♦ R♣: he calls a Dame, say D♥.",
                "Le preneur a R♠ R♥ R♦ R♣ : il appelle une Dame, par exemple D♥.",
            ),
        ),
    ),
    # -- E: chien and écart ------------------------------------------------------------
    _rule(
        "E1",
        _w("The chien and the écart", "Le chien et l'écart"),
        _w(
            "With a Prise or a Garde, the chien is shown to everyone and then goes to "
            "the taker, who puts the same number of cards aside face down: the écart, "
            "which counts for him.",
            "Sur une Prise ou une Garde, le chien est montré à tous puis va au preneur, "
            "qui met de côté autant de cartes face cachée : l'écart, qui compte pour lui.",
        ),
    ),
    _rule(
        "E2",
        _w("What the écart may hold", "Ce que l'écart peut contenir"),
        _w(
            "The écart may hold no King and no bout. It may hold trumps only when "
            "nothing else is possible, and each trump put there is shown.",
            "L'écart ne peut contenir ni Roi ni bout. Il ne contient des atouts que s'il "
            "n'y a pas d'autre choix, et chaque atout écarté est montré.",
        ),
        examples=(
            _ex(
                "A taker whose 24 cards are 20 trumps, the Excuse and 3 Kings has only "
                "trumps he may discard: he puts 6 trumps, neither the Petit nor the 21, "
                "in the écart and shows them.",
                "Un preneur dont les 24 cartes sont 20 atouts, l'Excuse et 3 Rois ne peut "
                "écarter que des atouts : il en met 6 à l'écart, ni le Petit ni le 21, "
                "et les montre.",
            ),
        ),
    ),
    _rule(
        "E3",
        _w("Garde sans and Garde contre", "Garde sans et Garde contre"),
        _w(
            "Garde sans: nobody sees the chien, and it counts for the taker (its bouts "
            "included). Garde contre: nobody sees it, and it counts for the defence.",
            "Garde sans : personne ne voit le chien, et il compte pour le preneur (ses "
            "bouts compris). Garde contre : personne ne le voit, et il compte pour la "
            "défense.",
        ),
    ),
    # -- A: announcements --------------------------------------------------------------
    _rule(
        "A1",
        _w("Poignées", "Les poignées"),
        _w(
            "A poignée is a number of trumps shown. With 4 players: 10 for a simple, "
            "13 for a double, 15 for a triple; with 3 players 13, 15, 18; with 5 players "
            "8, 10, 13. They are worth 20, 30 and 40 points, not multiplied by the "
            "contract.",
            "Une poignée est un nombre d'atouts montrés. À 4 joueurs : 10 pour une "
            "simple, 13 pour une double, 15 pour une triple ; à 3 joueurs 13, 15, 18 ; à "
            "5 joueurs 8, 10, 13. Elles valent 20, 30 et 40 points, sans multiplication "
            "par le contrat.",
        ),
        settings=(
            Setting(
                "poignee_multiplied",
                False,
                _YES_NO,
                _w(
                    "the poignée is multiplied by the contract",
                    "la poignée est multipliée par le contrat",
                ),
            ),
        ),
    ),
    _rule(
        "A2",
        _w("Showing a poignée", "Montrer une poignée"),
        _w(
            "A poignée is shown just before its player's first card: exactly the number "
            "of trumps of its level, in order. The Excuse may stand for a trump only if "
            "the player holds no other trump besides those shown.",
            "Une poignée se montre juste avant la première carte de son joueur : "
            "exactement le nombre d'atouts de son niveau, dans l'ordre. L'Excuse peut "
            "remplacer un atout seulement si le joueur n'a pas d'autre atout que ceux "
            "montrés.",
        ),
        examples=(
            _ex(
                "With 4 players and 11 trumps, a simple poignée shows 10 of them; the "
                "Excuse may not take the place of the eleventh.",
                "À 4 joueurs avec 11 atouts, une simple poignée en montre 10 ; l'Excuse "
                "ne peut pas tenir la place du onzième.",
            ),
        ),
    ),
    _rule(
        "A3",
        _w("Who gets the poignée", "À qui va la poignée"),
        _w(
            "The poignée's bonus goes to the camp that wins the deal, whoever showed it.",
            "La prime de poignée va au camp qui gagne la donne, quel que soit celui qui "
            "l'a montrée.",
        ),
        settings=(
            Setting(
                "poignee_goes",
                "winning_camp",
                ("winning_camp", "attack_if_made"),
                _w(
                    "to the winning camp; or, to the attack if made, to the taker's camp "
                    "when the contract is made and to nobody otherwise",
                    "au camp gagnant ; ou, à l'attaque si réussi, au camp du preneur "
                    "quand le contrat est réussi et à personne sinon",
                ),
            ),
        ),
        examples=(
            _ex(
                "A defender shows a simple poignée and the taker makes his contract: the "
                "20 points go to the taker's camp.",
                "Un défenseur montre une simple poignée et le preneur réussit son "
                "contrat : les 20 points vont au camp du preneur.",
            ),
        ),
    ),
    _rule(
        "A4",
        _w("Chelem", "Le chelem"),
        _w(
            "A chelem is every trick. Announced and made: +400; made without being "
            "announced: +200; announced and failed: −200. These are added after the "
            "multiplier. If the defence takes every trick, it gets +200 (on top of the "
            "−200 of a failed announcement). Only the taker's camp may announce a "
            "chelem, after the écart.",
            "Un chelem, ce sont tous les plis. Annoncé et réussi : +400 ; réussi sans "
            "annonce : +200 ; annoncé et chuté : −200. Ils s'ajoutent après le "
            "multiplicateur. Si la défense fait tous les plis, elle gagne +200 (en plus "
            "des −200 d'une annonce chutée). Seul le camp du preneur peut annoncer un "
            "chelem, après l'écart.",
        ),
        settings=(
            Setting(
                "defence_chelem_bonus",
                True,
                _YES_NO,
                _w(
                    "+200 to the defence when it takes every trick",
                    "+200 à la défense quand elle fait tous les plis",
                ),
            ),
        ),
    ),
    _rule(
        "A5",
        _w("Petit au bout", "Le Petit au bout"),
        _w(
            "The Petit in the last trick is worth 10 × the multiplier to the camp that "
            "wins that trick, whether the contract is made or not. In a chelem of the "
            "taker's camp, that camp may lead the Excuse to the last trick and win it "
            "(P4); the Petit played in the trick before then counts as au bout. A defence "
            "that took every earlier trick does not win the last trick with its Excuse.",
            "Le Petit dans le dernier pli vaut 10 × le multiplicateur au camp qui gagne "
            "ce pli, que le contrat soit réussi ou non. Dans un chelem du camp du "
            "preneur, ce camp peut entamer l'Excuse au dernier pli et le gagner (P4) ; le "
            "Petit joué à l'avant-dernier pli compte alors comme au bout. Une défense qui "
            "a fait tous les plis précédents ne gagne pas le dernier pli avec son Excuse.",
        ),
        settings=(
            Setting(
                "petit_au_bout_multiplied",
                True,
                _YES_NO,
                _w(
                    "the petit au bout is multiplied by the contract",
                    "le petit au bout est multiplié par le contrat",
                ),
            ),
        ),
        examples=(
            _ex(
                "Garde: the defence wins the last trick with the Petit in it: −20 for the "
                "taker's camp, even when the contract is made.",
                "Garde : la défense gagne le dernier pli où est le Petit : −20 pour le camp "
                "du preneur, même si le contrat est réussi.",
            ),
        ),
    ),
    _rule(
        "A6",
        _w("The chelem's announcer leads", "Qui annonce le chelem entame"),
        _w(
            "Whoever announces a chelem leads the first trick, in place of the dealer's "
            "right neighbour (D18).",
            "Celui qui annonce un chelem entame le premier pli, à la place du voisin de "
            "droite du donneur (D18).",
        ),
    ),
    # -- P: play of the cards ----------------------------------------------------------
    _rule(
        "P1",
        _w("Following suit", "Fournir"),
        _w(
            "Follow the suit led if you can; you need not win the trick.",
            "On fournit la couleur demandée si on le peut, sans obligation de la gagner.",
        ),
    ),
    _rule(
        "P2",
        _w("Trumping", "Couper"),
        _w(
            "With no card of the suit led you must trump; if a trump is already in the "
            "trick you must play a higher one if you can, otherwise any trump. With no "
            "trump either, play any card.",
            "Sans carte de la couleur demandée on doit couper ; si un atout est déjà "
            "dans le pli on doit en jouer un plus fort si on le peut, sinon n'importe "
            "quel atout. Sans atout non plus, on joue n'importe quelle carte.",
        ),
        examples=(
            _ex(
                "K♠ led, the 8 played on it; with no ♠ and the 5 and the 12, you play the 12.",
                "R♠ entamé, le 8 joué dessus ; sans ♠ avec le 5 et le 12, on joue le 12.",
            ),
        ),
    ),
    _rule(
        "P3",
        _w("Trump led", "Atout demandé"),
        _w(
            "When a trump is led, play a trump higher than the highest in the trick if "
            "you can, otherwise any trump; with no trump, any card.",
            "Quand on entame atout, on joue un atout plus fort que le plus fort du pli si "
            "on le peut, sinon n'importe quel atout ; sans atout, n'importe quelle carte.",
        ),
    ),
    _rule(
        "P4",
        _w("The Excuse", "L'Excuse"),
        _w(
            "The Excuse may be played at any time in place of a legal card. It never "
            "wins the trick, with one exception: in a chelem of the taker's camp (that "
            "camp has taken every earlier trick), the Excuse it leads to the last trick "
            "wins it (A5). A defence that took every earlier trick does not "
            "win the last trick with its Excuse. The Excuse's camp keeps it and gives "
            "the trick's winner a half-point card in exchange (later, if it has taken "
            "no trick yet; never a card of the écart). When the Excuse leads, the next "
            "card sets the suit. A camp that takes no trick at all keeps its Excuse, "
            "which then counts 4 points for it, and the half point goes to the other "
            "camp. The Excuse must not be played in the last trick except in a chelem: "
            "played there, it changes camp, whoever wins the trick, with no exchange.",
            "L'Excuse peut se jouer à tout moment à la place d'une carte permise. Elle "
            "ne gagne jamais le pli, à une exception près : dans un chelem du camp du "
            "preneur (ce camp a fait tous les plis précédents), l'Excuse qu'il entame "
            "au dernier pli le gagne (A5). Une défense qui a fait tous les plis "
            "précédents ne gagne pas le dernier pli avec son Excuse. Le camp de l'Excuse "
            "la garde et donne en échange au gagnant du pli une carte d'un demi-point "
            "(plus tard s'il n'a pas encore de pli ; jamais une carte de l'écart). "
            "Quand l'Excuse est entamée, la carte suivante donne la couleur. Un camp qui "
            "ne fait aucun pli garde son Excuse, qui compte alors 4 points pour lui, et "
            "le demi-point va à l'autre camp. L'Excuse ne doit pas être jouée au dernier "
            "pli, sauf en cas de chelem : jouée là, elle change de camp, quel que soit le "
            "gagnant du pli, sans échange.",
        ),
        settings=(
            Setting(
                "excuse_last_trick",
                "changes_camp",
                ("changes_camp", "to_trick_winner"),
                _w(
                    "where the Excuse played in the last trick outside a chelem goes: "
                    "to the other camp (the FFT text), or, as some clubs read it, to the "
                    "camp that wins the trick",
                    "où va l'Excuse jouée au dernier pli hors chelem : à l'autre camp (le "
                    "texte de la FFT) ou, comme le lisent certains clubs, au camp qui "
                    "gagne le pli",
                ),
            ),
        ),
        examples=(
            _ex(
                "A defender plays the Excuse on a trick the taker wins: the defence keeps "
                "the Excuse and gives the taker a 0.5-point card.",
                "Un défenseur joue l'Excuse sur un pli que gagne le preneur : la défense "
                "garde l'Excuse et donne au preneur une carte d'un demi-point.",
            ),
            _ex(
                "The taker's camp has taken every trick and leads the Excuse to the last "
                "one: it wins that trick and the chelem.",
                "Le camp du preneur a fait tous les plis et entame l'Excuse au dernier : "
                "il gagne ce pli et le chelem.",
            ),
        ),
    ),
    _rule(
        "P5",
        _w("Who wins the trick", "Qui gagne le pli"),
        _w(
            "The highest trump in the trick wins it; with no trump, the highest card of "
            "the suit led. The winner leads the next trick.",
            "Le plus fort atout du pli le gagne ; sans atout, la plus forte carte de la "
            "couleur demandée. Le gagnant entame le pli suivant.",
        ),
    ),
    # -- S: scoring --------------------------------------------------------------------
    _rule(
        "S1",
        _w("Card points", "La valeur des cartes"),
        _w(
            "Bouts and Kings count 4.5 points, Dames 3.5, Cavaliers 2.5, Valets 1.5, "
            "every other card 0.5: 91 points in the pack.",
            "Les bouts et les Rois valent 4,5 points, les Dames 3,5, les Cavaliers 2,5, "
            "les Valets 1,5, toute autre carte 0,5 : 91 points dans le jeu.",
        ),
    ),
    _rule(
        "S2",
        _w("The target", "Le contrat à atteindre"),
        _w(
            "The taker's camp needs 56 points with no bout, 51 with one, 41 with two "
            "and 36 with three.",
            "Le camp du preneur doit faire 56 points sans bout, 51 avec un, 41 avec deux "
            "et 36 avec trois.",
        ),
    ),
    _rule(
        "S3",
        _w("The deal's score", "La marque de la donne"),
        _w(
            "A deal is worth S = (25 + the difference between the points and the target "
            "+ petit au bout) × the multiplier + poignée + chelem, counted for the "
            "taker's camp when the contract is made and against it when it fails; the "
            "petit au bout and the chelem carry their own signs (A4, A5). Exactly the "
            "target is made by 0.",
            "Une donne vaut S = (25 + la différence entre les points et le contrat + petit au "
            "bout) × le multiplicateur + poignée + chelem, pour le camp du preneur si le "
            "contrat est réussi et contre lui s'il chute ; le petit au bout et le chelem "
            "ont leur propre signe (A4, A5). Le contrat tout juste atteint est réussi de 0.",
        ),
        examples=(
            _ex(
                "Garde, 2 bouts, 50 points, the Petit au bout won by the taker: "
                "(25 + 9 + 10) × 2 = 88.",
                "Garde, 2 bouts, 50 points, le Petit au bout gagné par le preneur : "
                "(25 + 9 + 10) × 2 = 88.",
            ),
        ),
    ),
    _rule(
        "S4",
        _w("Marks", "Les marques"),
        _w(
            "Marks add up to zero. With 4 players each defender scores −S and the taker "
            "+3S; with 3 players the defenders −S and the taker +2S; with 5 players the "
            "defenders −S, the taker +2S and his partner +S, or the taker +4S when he "
            "plays alone.",
            "Les marques font zéro. À 4 joueurs chaque défenseur marque −S et le preneur "
            "+3S ; à 3 joueurs les défenseurs −S et le preneur +2S ; à 5 joueurs les "
            "défenseurs −S, le preneur +2S et son partenaire +S, ou le preneur +4S s'il "
            "joue seul.",
        ),
        settings=(
            Setting(
                "five_player_split",
                "2:1",
                ("2:1", "1.5:1.5"),
                _w(
                    "with 5 players, how the taker and his partner share the marks: 2 × S "
                    "to the taker and S to the partner, or 1.5 × S each (the odd half "
                    "mark to the taker, so marks stay whole)",
                    "à 5 joueurs, le partage des marques entre le preneur et son "
                    "partenaire : 2 × S au preneur et S au partenaire, ou 1,5 × S à "
                    "chacun (le demi-point restant au preneur, pour des "
                    "marques entières)",
                ),
            ),
        ),
        examples=(
            _ex(
                "4 players, S = 88 for the taker: taker +264, each defender −88.",
                "À 4 joueurs, S = 88 pour le preneur : preneur +264, chaque défenseur −88.",
            ),
        ),
    ),
    _rule(
        "S5",
        _w("Half points", "Les demi-points"),
        _w(
            "With 3 or 5 players (and in rare 4-player cases of the Excuse) a camp may "
            "end with half a point. Half a point short of the target is a loss, and the "
            "difference is rounded away from zero.",
            "À 3 ou 5 joueurs (et dans de rares cas de l'Excuse à 4) un camp peut finir "
            "avec un demi-point. Un demi-point sous le contrat, c'est chuté, et la différence "
            "s'arrondit en s'éloignant de zéro.",
        ),
        examples=(
            _ex(
                "40.5 points against 41 loses by 1; 41.5 wins by 1.",
                "40,5 points pour 41 chute de 1 ; 41,5 gagne de 1.",
            ),
        ),
    ),
)

_BY_ID: dict[str, Rule] = {r.id: r for r in _RULES}
_CHAPTER_LIST: tuple[Chapter, ...] = tuple(
    Chapter(letter, title, tuple(r.id for r in _RULES if r.chapter == letter))
    for letter, title in _CHAPTERS
)


def rule(rule_id: str) -> Rule:
    """The rule ``rule_id`` (``"D5"``; any case); an unknown id is an :class:`AtoutError`
    naming the chapters."""
    found = _BY_ID.get(rule_id.strip().upper()) if isinstance(rule_id, str) else None
    if found is None:
        spans = ", ".join(f"{c.rules[0]}–{c.rules[-1]}" for c in _CHAPTER_LIST)
        raise AtoutError(f"no rule {str(rule_id)[:20]!r}: the rules are {spans}")
    return found


def rules() -> tuple[Rule, ...]:
    """Every rule, in the order of the rule book."""
    return _RULES


def chapters() -> tuple[Chapter, ...]:
    """The chapters D, B, E, A, P, S, each with its rules' ids."""
    return _CHAPTER_LIST


def introduction() -> tuple[Words, Words]:
    """The title and text of the introduction: the table and the cards."""
    return _INTRODUCTION


def figures() -> tuple[Words, Words]:
    """The title and text of the appendix: exact figures of a uniformly shuffled deal."""
    return _FIGURES


_LABELS = {
    "settings": _w("⚙ Settings", "⚙ Réglages"),
    "default": _w("default", "par défaut"),
    "choices": _w("choices", "valeurs"),
    "example": _w("Example", "Exemple"),
    "none": _w("none", "aucun"),
    "yes": _w("yes", "oui"),
    "no": _w("no", "non"),
}


def label(name: str, lang: str) -> str:
    """A word the rule book's pages use around the rules: ``settings``, ``default``,
    ``choices``, ``example``, ``none``, ``yes``, ``no``, ``colon``."""
    return _colon(lang) if name == "colon" else _LABELS[name](lang)


def _colon(lang: str) -> str:
    """A colon as the language writes it (French puts a space before it)."""
    return " :" if lang == "fr" else ":"


_SETTING_LABELS = {
    "shuffler_offset": _w("Shuffler's place", "Place du mélangeur"),
    "consecutive_chien_cards": _w("Two chien cards in a row", "Deux cartes du chien à la suite"),
    "early_pickup_penalty": _w(
        "Penalty for picking up too early", "Pénalité pour ramassage trop tôt"
    ),
    "bar_plain_card_exposer": _w(
        "No bid after turning up a plain card", "Pas d'enchère après une basse carte retournée"
    ),
    "excuse_exposed_as_trump": _w(
        "The Excuse turned up counts as a trump", "L'Excuse retournée compte comme un atout"
    ),
    "called_suit_first_trick": _w(
        "Called suit at the first trick", "Couleur appelée au premier pli"
    ),
    "poignee_multiplied": _w("Poignée multiplied", "Poignée multipliée"),
    "poignee_goes": _w("Who gets the poignée", "À qui va la poignée"),
    "defence_chelem_bonus": _w("Defence's chelem bonus", "Prime de chelem de la défense"),
    "petit_au_bout_multiplied": _w("Petit au bout multiplied", "Petit au bout multiplié"),
    "excuse_last_trick": _w("Excuse in the last trick", "Excuse au dernier pli"),
    "five_player_split": _w("Split at 5 players", "Partage à 5 joueurs"),
}
"""Each ⚙ setting's name as a reader says it (its identifier is for the program)."""

_VALUE_LABELS = {
    "winning_camp": _w("to the winning camp", "au camp gagnant"),
    "attack_if_made": _w("to the attack if made", "à l'attaque si réussi"),
    "changes_camp": _w("changes camp", "change de camp"),
    "to_trick_winner": _w("to the trick's winner", "au gagnant du pli"),
    "2:1": _w("2 × S and S", "2 × S et S"),
    "1.5:1.5": _w("1.5 × S each", "1,5 × S chacun"),
}
"""Each named value of a ⚙ setting as a reader says it."""


def setting_label(setting: Setting, lang: str) -> str:
    """The setting's name as a reader says it (``Shuffler's place``), in ``lang``."""
    found = _SETTING_LABELS.get(setting.name)
    return setting.name if found is None else found(lang)


def setting_value(value: SettingValue, lang: str) -> str:
    """A setting's value as a reader sees it: yes/no, none, a number or its words."""
    if value is None:
        return _LABELS["none"](lang)
    if isinstance(value, bool):
        return _LABELS["yes" if value else "no"](lang)
    if isinstance(value, str) and value in _VALUE_LABELS:
        return _VALUE_LABELS[value](lang)
    return str(value)


def setting_lines(setting: Setting, lang: str) -> tuple[str, str]:
    """The setting's name as a reader says it with its default and values, and what it
    changes (the identifier, :attr:`Setting.name`, is the caller's to show)."""
    values = (
        setting.values(lang)
        if setting.values is not None
        else " | ".join(setting_value(v, lang) for v in setting.choices)
    )
    colon, semicolon = (" :", " ;") if lang == "fr" else (":", ";")
    head = (
        f"{setting_label(setting, lang)} ({_LABELS['default'](lang)}{colon} "
        f"{setting_value(setting.default, lang)}{semicolon} "
        f"{_LABELS['choices'](lang)}{colon} {values})"
    )
    return head, setting.text(lang)


def render_rule(rule_id: str, lang: str, keys: bool = True) -> str:
    """The rule ``rule_id`` as plain text in ``lang``: its id and title, its text, its
    ⚙ settings (each with its key in the configuration, unless not ``keys``: a
    table that has no such file) and its examples."""
    found = rule(rule_id)
    lines = [f"{found.id} — {found.title(lang)}", found.text(lang)]
    if found.settings:
        lines += ["", _LABELS["settings"](lang) + _colon(lang)]
        for setting in found.settings:
            head, text = setting_lines(setting, lang)
            key = f" [{setting.name}]" if keys else ""
            lines.append(f"  {head}{key}{_colon(lang)} {text}")
    for example in found.examples:
        lines += ["", f"{_LABELS['example'](lang)}{_colon(lang)} {example.text(lang)}"]
    return "\n".join(lines)


_DOCUMENT = {
    "title": _w("The rules of French Tarot", "Les règles du Tarot"),
    "lead": _w(
        "The rules atout plays, by the Fédération Française de Tarot, each with the id "
        "the program cites in its messages, records and pages. Where the official text "
        "is silent, or where tables play differently, atout's default is stated and the "
        "point is a setting (⚙), a field of `atout.table.Rules`. This page is generated "
        "from `atout.rulebook` (`python -m atout.rulebook --markdown en`); "
        "[version française](regles.md).",
        "Les règles que joue atout, d'après la Fédération Française de Tarot, chacune "
        "avec l'identifiant que le programme cite dans ses messages, ses enregistrements "
        "et ses pages. Là où le texte officiel se tait, ou quand les tables jouent "
        "autrement, le choix d'atout est indiqué et le point est un réglage (⚙), un "
        "champ de `atout.table.Rules`. Cette page est produite par `atout.rulebook` "
        "(`python -m atout.rulebook --markdown fr`) ; [English version](rules.md).",
    ),
}


def markdown(lang: str) -> str:
    """The whole rule book as a Markdown document in ``lang`` (the files
    ``docs/reference/rules.md`` and ``docs/reference/regles.md``)."""
    title, text = _INTRODUCTION
    out = [f"# {_DOCUMENT['title'](lang)}", "", _DOCUMENT["lead"](lang), ""]
    out += [f"## {title(lang)}", "", text(lang), ""]
    for chapter in _CHAPTER_LIST:
        out += [f"## {chapter.title(lang)}", ""]
        for rule_id in chapter.rules:
            found = _BY_ID[rule_id]
            out += [
                f'<a id="{found.id}"></a>',
                "",
                f"### {found.id} — {found.title(lang)}",
                "",
                found.text(lang),
                "",
            ]
            for setting in found.settings:
                head, what = setting_lines(setting, lang)
                out += [f"- ⚙ {head} `{setting.name}`{_colon(lang)} {what}."]
            if found.settings:
                out.append("")
            for example in found.examples:
                out += [f"*{_LABELS['example'](lang)}*{_colon(lang)} {example.text(lang)}", ""]
    title, text = _FIGURES
    out += [f"## {title(lang)}", "", text(lang), ""]
    return "\n".join(out).rstrip("\n") + "\n"


def book_title() -> Words:
    """The rule book's title."""
    return _DOCUMENT["title"]


def _words(words: Words) -> dict[str, str]:
    return {"en": words.en, "fr": words.fr}


def as_json() -> dict[str, object]:
    """The whole catalogue as JSON data, both languages (the server's ``/rules.json``):
    the introduction, the chapters with their rules' ids, and every rule by id with
    its title, text, settings (name, default, choices) and examples."""
    title, text = _INTRODUCTION
    return {
        "title": _words(book_title()),
        "introduction": {"title": _words(title), "text": _words(text)},
        "figures": {"title": _words(_FIGURES[0]), "text": _words(_FIGURES[1])},
        "chapters": [
            {"letter": c.letter, "title": _words(c.title), "rules": list(c.rules)}
            for c in _CHAPTER_LIST
        ],
        "rules": {
            r.id: {
                "chapter": r.chapter,
                "title": _words(r.title),
                "text": _words(r.text),
                "settings": [
                    {
                        "name": s.name,
                        "default": s.default,
                        "choices": list(s.choices),
                        "values": _words(s.values) if s.values else None,
                        "text": _words(s.text),
                    }
                    for s in r.settings
                ],
                "examples": [_words(e.text) for e in r.examples],
            }
            for r in _RULES
        },
    }


def _main(argv: list[str]) -> int:
    usage = "usage: python -m atout.rulebook --markdown en|fr"
    if len(argv) != 2 or argv[0] != "--markdown" or argv[1] not in ("en", "fr"):
        print(usage, file=sys.stderr)
        return 2
    sys.stdout.write(markdown(argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
