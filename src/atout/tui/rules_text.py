"""Every rule of RULES.md explained by its id, in English and in French, for the
table's rules screen (``r``; opened on the rule a refusal cites)."""

from __future__ import annotations

__all__ = ["RULE_IDS", "rule_text", "rules_chapters"]

CHAPTERS = (
    ("D", "D — The deal", "D — La donne"),
    ("B", "B — Bidding", "B — Les enchères"),
    ("E", "E — Chien and écart", "E — Le chien et l'écart"),
    ("A", "A — Announcements", "A — Les annonces"),
    ("P", "P — Play of the cards", "P — Le jeu de la carte"),
    ("S", "S — Scoring", "S — Le décompte"),
)

RULES: dict[str, tuple[str, str]] = {
    "D1": (
        "The first dealer is drawn: the pack is spread face down, everyone draws a card, "
        "and the lowest card deals.",
        "Le premier donneur est tiré au sort : le jeu est étalé face cachée, chacun tire "
        "une carte, la plus basse donne.",
    ),
    "D2": (
        "In that draw every suit card is below every trump. Suit cards go 1, 2 … 10, "
        "Valet, Cavalier, Dame, Roi; at equal rank ♣ < ♦ < ♥ < ♠. Trumps go by number.",
        "Pour ce tirage, toute carte de couleur est sous tout atout. Les couleurs vont du "
        "1 au 10, puis Valet, Cavalier, Dame, Roi ; à rang égal ♣ < ♦ < ♥ < ♠. Les atouts "
        "vont par leur numéro.",
    ),
    "D3": (
        "The Excuse does not count in the draw: whoever draws it draws another card.",
        "L'Excuse ne compte pas au tirage : qui la tire en tire une autre.",
    ),
    "D4": (
        "The pack is shuffled by the player opposite the dealer. With 3 or 5 players no "
        "one sits opposite: here the seat 1 (3 players) or 2 (5 players) after the "
        "dealer shuffles (a setting).",
        "Le joueur en face du donneur bat les cartes. À 3 ou 5 joueurs personne n'est en "
        "face : ici le joueur 1 (à 3) ou 2 (à 5) places après le donneur bat (un réglage).",
    ),
    "D5": (
        "The dealer's left neighbour cuts: he takes more than 3 cards and leaves more "
        "than 3 (4 to 74 of the 78). The cut cards go under the rest.",
        "Le voisin de gauche du donneur coupe : il prend plus de 3 cartes et en laisse "
        "plus de 3 (4 à 74 sur 78). Le paquet coupé passe dessous.",
    ),
    "D6": (
        "The dealer deals counter-clockwise: the first packet to his right neighbour, "
        "the last packet of each round to himself.",
        "Le donneur distribue dans le sens inverse des aiguilles d'une montre : le premier "
        "paquet à son voisin de droite, le dernier de chaque tour pour lui.",
    ),
    "D7": (
        "Cards go 3 by 3 with 4 or 5 players, 4 by 4 with 3 players.",
        "Les cartes se donnent 3 par 3 à 4 ou 5 joueurs, 4 par 4 à 3 joueurs.",
    ),
    "D8": (
        "Between packets the dealer puts the chien down one card at a time (6 cards; 3 "
        "with 5 players), never the first nor the last card of the pack, and not two in a "
        "row (a setting may allow it).",
        "Entre les paquets, le donneur pose le chien carte par carte (6 cartes ; 3 à 5 "
        "joueurs), jamais la première ni la dernière du paquet, ni deux à la suite (un "
        "réglage peut le permettre).",
    ),
    "D9": (
        "So each player gets 18 cards with 4 players, 24 with 3, 15 with 5.",
        "Chacun reçoit ainsi 18 cartes à 4 joueurs, 24 à 3, 15 à 5.",
    ),
    "D10": (
        "Once the cards are dealt, the dealer shows that the chien holds the right number "
        "of cards; a wrong count is his fault (D12).",
        "La donne finie, le donneur montre que le chien a le bon nombre de cartes ; une "
        "erreur est sa faute (D12).",
    ),
    "D11": (
        "No one touches his cards before the deal is over (the arbiter records a warning, "
        "or a penalty if the table says so). Here your hand appears once the deal is told.",
        "Personne ne touche ses cartes avant la fin de la donne (l'arbitre note un "
        "avertissement, ou une pénalité selon la table). Ici votre main paraît quand la "
        "donne est racontée.",
    ),
    "D12": (
        "A fault during the deal makes it void and the same dealer deals again; a dealer "
        "at fault may not bid on the new deal.",
        "Une faute pendant la donne l'annule et le même donneur redonne ; un donneur "
        "fautif ne peut pas enchérir sur la nouvelle donne.",
    ),
    "D13": (
        "When the dealer is at fault, everyone gives his hand back without looking at it.",
        "Quand le donneur est fautif, chacun rend sa main sans la regarder.",
    ),
    "D14": (
        "When another player turns a court card or a trump face up, he may not bid on the "
        "new deal; a plain card below the Valet turned up lets the deal go on.",
        "Quand un autre joueur retourne une figure ou un atout, il ne peut pas enchérir "
        "sur la nouvelle donne ; une petite carte (sous le Valet) retournée laisse la "
        "donne continuer.",
    ),
    "D15": (
        "Once the deal is over, everyone picks up and looks at his cards.",
        "La donne finie, chacun prend et regarde ses cartes.",
    ),
    "D16": (
        "Petit sec: whoever holds the Petit with no other trump and no Excuse must say so "
        "and show his hand; the deal is void and the dealer's right neighbour deals anew.",
        "Petit sec : qui a le Petit sans autre atout ni l'Excuse doit l'annoncer et "
        "montrer sa main ; la donne est annulée et le voisin de droite du donneur redonne.",
    ),
    "D17": (
        "The deal passes counter-clockwise: the next dealer is the dealer's right neighbour.",
        "La donne tourne dans le sens du jeu : le donneur suivant est le voisin de droite "
        "du donneur.",
    ),
    "D18": (
        "The dealer's right neighbour speaks first and leads the first trick, unless a "
        "chelem is announced (A6).",
        "Le voisin de droite du donneur parle le premier et entame, sauf chelem annoncé (A6).",
    ),
    "D19": (
        "Everyone sees his own hand until his last card, and no one else's.",
        "Chacun voit sa main jusqu'à sa dernière carte, et jamais celle des autres.",
    ),
    "B1": (
        "Starting with the dealer's right neighbour, each player speaks once: he passes or "
        "bids higher than any bid so far. The dealer speaks last.",
        "En commençant par le voisin de droite du donneur, chacun parle une fois : il "
        "passe ou annonce plus haut que tout ce qui a été dit. Le donneur parle le dernier.",
    ),
    "B2": (
        "The contracts, from low to high: Prise ×1, Garde ×2, Garde sans le chien ×4, "
        "Garde contre le chien ×6.",
        "Les contrats, du plus bas au plus haut : Prise ×1, Garde ×2, Garde sans le chien "
        "×4, Garde contre le chien ×6.",
    ),
    "B3": (
        "If everyone passes, the donne is void and the next dealer deals.",
        "Si tout le monde passe, la donne est annulée et le donneur suivant donne.",
    ),
    "B4": (
        "With 5 players the taker calls a King before the chien is shown (holding all four, "
        "a Dame, and so on). Its holder is his partner, unknown until the card is played; "
        "calling his own King, or a King in the chien, he plays alone. The called suit "
        "may not be led at the first trick, except with the King itself (a setting).",
        "À 5 joueurs, le preneur appelle un Roi avant de voir le chien (s'il a les quatre, "
        "une Dame, etc.). Qui l'a est son partenaire, inconnu jusqu'à ce que la carte tombe "
        "; s'il appelle son propre Roi, ou un Roi du chien, il joue seul. On n'entame pas "
        "la couleur appelée au premier pli, sauf par le Roi lui-même (un réglage).",
    ),
    "E1": (
        "Prise or Garde: the chien is shown to all and goes to the taker, who puts as many "
        "cards aside face down: the écart, which counts for him.",
        "Prise ou Garde : le chien est montré à tous et va au preneur, qui écarte autant "
        "de cartes face cachée : l'écart, qui compte pour lui.",
    ),
    "E2": (
        "No King and no bout in the écart; a trump only when nothing else is possible, and "
        "every trump put there is shown.",
        "Ni Roi ni bout à l'écart ; un atout seulement s'il n'y a pas d'autre choix, et "
        "chaque atout écarté est montré.",
    ),
    "E3": (
        "Garde sans: no one sees the chien, which counts for the taker. Garde contre: no "
        "one sees it, and it counts for the defence.",
        "Garde sans : personne ne voit le chien, qui compte pour le preneur. Garde contre "
        ": personne ne le voit, et il compte pour la défense.",
    ),
    "A1": (
        "A poignée is shown trumps: 10, 13 or 15 with 4 players (13/15/18 with 3, 8/10/13 "
        "with 5) for a simple, double or triple poignée, worth 20, 30 or 40 points, not "
        "multiplied.",
        "Une poignée, ce sont des atouts montrés : 10, 13 ou 15 à 4 joueurs (13/15/18 à 3, "
        "8/10/13 à 5) pour une simple, double ou triple, qui vaut 20, 30 ou 40 points, sans "
        "multiplication.",
    ),
    "A2": (
        "It is shown just before your first card: exactly that many trumps, in order. The "
        "Excuse may stand for a trump only if you hold no other trump besides those shown.",
        "On la montre juste avant sa première carte : exactement ce nombre d'atouts, dans "
        "l'ordre. L'Excuse peut remplacer un atout seulement si l'on n'a pas d'autre atout.",
    ),
    "A3": (
        "The poignée's points go to the camp that wins the donne, whoever showed it.",
        "Les points de la poignée vont au camp qui gagne la donne, quel que soit celui "
        "qui l'a montrée.",
    ),
    "A4": (
        "Chelem, every trick: announced and made +400, made without announcing +200, "
        "announced and failed −200, added after the multiplier; the defence taking every "
        "trick gets +200. Only the taker's camp announces, after the écart.",
        "Chelem, tous les plis : annoncé et réussi +400, réussi sans annonce +200, annoncé "
        "et chuté −200, ajoutés après le multiplicateur ; la défense qui fait tous les plis "
        "gagne +200. Seul le camp du preneur annonce, après l'écart.",
    ),
    "A5": (
        "Petit au bout: the Petit in the last trick is worth 10 × the multiplier to the "
        "camp that wins that trick, whether the contract is made or not.",
        "Petit au bout : le Petit au dernier pli vaut 10 × le multiplicateur au camp qui "
        "gagne ce pli, contrat réussi ou non.",
    ),
    "A6": (
        "Whoever announces a chelem leads the first trick.",
        "Qui annonce un chelem entame le premier pli.",
    ),
    "P1": (
        "Follow the suit led if you can; you need not win the trick.",
        "On fournit la couleur demandée si on le peut, sans obligation de monter.",
    ),
    "P2": (
        "Without the suit led you must trump, and over-trump a trump already in the trick "
        "if you can; with no trump, play any card.",
        "Sans la couleur demandée, on doit couper, et surcouper un atout déjà joué si on "
        "le peut ; sans atout, on joue ce qu'on veut.",
    ),
    "P3": (
        "When a trump is led, play a higher trump than the highest in the trick if you "
        "can, else any trump; with no trump, any card.",
        "Quand on entame atout, on monte sur le plus fort atout du pli si on le peut, "
        "sinon on joue un atout ; sans atout, n'importe quelle carte.",
    ),
    "P4": (
        "The Excuse can be played at any time instead of a legal card; it never wins the "
        "trick, its camp keeps it and gives a half-point card for it. Led, the next card "
        "sets the suit. Played in the last trick outside a chelem, it changes camp.",
        "L'Excuse se joue à tout moment à la place d'une carte ; elle ne gagne jamais le "
        "pli, son camp la garde et donne une carte d'un demi-point en échange. En entame, "
        "la carte suivante donne la couleur. Jouée au dernier pli hors chelem, elle change "
        "de camp.",
    ),
    "P5": (
        "The highest trump wins the trick, else the highest card of the suit led; the "
        "winner leads next.",
        "Le plus fort atout gagne le pli, sinon la plus forte carte de la couleur demandée "
        "; le gagnant entame ensuite.",
    ),
    "S1": (
        "Card points: bouts and Kings 4.5, Dames 3.5, Cavaliers 2.5, Valets 1.5, every "
        "other card 0.5; 91 in all.",
        "Points des cartes : bouts et Rois 4,5, Dames 3,5, Cavaliers 2,5, Valets 1,5, "
        "toute autre carte 0,5 ; 91 en tout.",
    ),
    "S2": (
        "The taker's camp needs 56 points with no bout, 51 with one, 41 with two, 36 with three.",
        "Le camp du preneur doit faire 56 points sans bout, 51 avec un, 41 avec deux, 36 "
        "avec trois.",
    ),
    "S3": (
        "The donne is worth (25 + the difference from the target + petit au bout) × the "
        "multiplier, plus poignée and chelem; exactly the target is made by 0.",
        "La donne vaut (25 + l'écart à l'objectif + petit au bout) × le multiplicateur, "
        "plus poignée et chelem ; l'objectif tout juste atteint est réussi de 0.",
    ),
    "S4": (
        "Marks add up to zero: each defender −S; the taker +3S with 4 players, +2S with 3; "
        "with 5, the taker +2S and his partner +S, or +4S alone.",
        "Les marques font zéro : chaque défenseur −S ; le preneur +3S à 4 joueurs, +2S à 3 "
        "; à 5, le preneur +2S et son partenaire +S, ou +4S seul.",
    ),
    "S5": (
        "Half points: half a point short is a loss, and the difference is rounded away "
        "from zero (40.5 for 41 loses by 1; 41.5 wins by 1).",
        "Demi-points : il manque un demi-point, c'est chuté, et l'écart s'arrondit en "
        "s'éloignant de zéro (40,5 pour 41 chute de 1 ; 41,5 gagne de 1).",
    ),
}

RULE_IDS: tuple[str, ...] = tuple(RULES)


def rule_text(rule: str, ui: str) -> str:
    english, french = RULES[rule]
    return french if ui == "fr" else english


def rules_chapters(ui: str) -> list[tuple[str, list[str]]]:
    """Each chapter's title and its rules, in order."""
    return [
        (french if ui == "fr" else english, [r for r in RULE_IDS if r.startswith(letter)])
        for letter, english, french in CHAPTERS
    ]
