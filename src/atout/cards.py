"""The 78 cards of French Tarot, their points and order, and their notation.

A :class:`Card` is an ``int`` from 0 to 77 in a fixed canonical order (the order of
the C reference dealer that the benchmarks time atout against)::

    0 … 55   the suit cards: suit = card // 14 (♠ ♥ ♦ ♣), rank = card % 14 + 1
             (1 … 10, then 11 Valet, 12 Cavalier, 13 Dame, 14 Roi)
    56 … 76  the trumps 1 (the Petit) … 21
    77       the Excuse

A :class:`CardSet` is a set of cards over a 78-bit integer, so that membership,
counts and set algebra are single integer operations.

>>> Card.parse("R♠"), Card.parse("t21"), Card.parse("Excuse")
(Card.parse('KS'), Card.parse('T21'), Card.parse('EX'))
>>> Card.parse("KS").points
4.5
>>> hand = CardSet.parse("KS QS T21 EX 7H")
>>> len(hand), Card.parse("T21") in hand, hand.count_trumps()
(5, True, 1)
>>> hand.display()
'21 Ex R♠ D♠ 7♥'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from atout.errors import InvalidNotationError

__all__ = [
    "ALL_CARDS",
    "DECK",
    "EXCUSE",
    "PETIT",
    "TRUMP_21",
    "Card",
    "CardSet",
    "Suit",
    "holds_petit_sec",
    "readings",
]


class Suit(IntEnum):
    """The four suits, in the order of the canonical card numbering."""

    SPADES = 0  # Pique
    HEARTS = 1  # Cœur
    DIAMONDS = 2  # Carreau
    CLUBS = 3  # Trèfle

    @property
    def letter(self) -> str:
        """The canonical ASCII letter: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The display symbol: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self]

    @property
    def french(self) -> str:
        """The French name: Pique, Cœur, Carreau, Trèfle."""
        return ("Pique", "Cœur", "Carreau", "Trèfle")[self]


SUIT_CARDS: Final = 56
FIRST_TRUMP: Final = 56
EXCUSE_INDEX: Final = 77
DECK_SIZE: Final = 78

# D2: equal ranks are ordered by suit, Trèfle < Carreau < Cœur < Pique.
_D2_SUIT_ORDER: Final = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}

_ASCII_RANKS: Final = {11: "J", 12: "N", 13: "Q", 14: "K"}
_FRENCH_RANKS: Final = {11: "V", 12: "C", 13: "D", 14: "R"}
_RANK_LETTERS: Final = {
    "a": 1,
    "j": 11,
    "n": 12,
    "q": 13,
    "k": 14,
    "v": 11,
    "c": 12,
    "d": 13,
    "r": 14,
}
_SUIT_CHARS: Final = {
    "s": Suit.SPADES,
    "h": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "c": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_SUIT_CARD_RE: Final = re.compile(r"^(10|[1-9]|[ajnqkvcdr])([shdc♠♥♦♣♤♡♢♧])$")
_TRUMP_RE: Final = re.compile(r"^(?:t|a|atout\s*)?(\d{1,2})$")
_EXCUSE_WORDS: Final = frozenset({"ex", "exc", "excuse"})
_NOTATION_HELP: Final = (
    "expected a suit card like KS, 10H, 1C, R♠ or C♥, a trump like T21, 21 or Petit, "
    "or the Excuse EX (docs/reference/formats.md, Cards)"
)


class Card(int):
    """One of the 78 cards, an ``int`` in the canonical order (see the module doc)."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index < DECK_SIZE:
            raise InvalidNotationError(f"{index!r} is not a card number: cards are 0 … 77")
        return super().__new__(cls, index)

    @classmethod
    def suit_card(cls, suit: Suit, rank: int) -> Card:
        """The card of ``suit`` and ``rank`` (1 … 14; 11 Valet … 14 Roi)."""
        if not 1 <= rank <= 14:
            raise InvalidNotationError(f"rank {rank!r} is not 1 … 14")
        return ALL_CARDS[suit * 14 + rank - 1]

    @classmethod
    def trump(cls, number: int) -> Card:
        """Trump ``number`` (1 is the Petit, 21 the highest)."""
        if not 1 <= number <= 21:
            raise InvalidNotationError(f"trump {number!r} is not 1 … 21")
        return ALL_CARDS[FIRST_TRUMP + number - 1]

    @classmethod
    def parse(cls, text: str, lang: str | None = None) -> Card:
        """Read one card, leniently: canonical ASCII or the French display form.

        With ``lang`` (``"fr"`` or ``"en"``: where a person types) the card is read as
        :func:`readings` reads it in that language, and a text it reads two ways is
        refused: on a French page ``RC`` is the Roi de Cœur and ``7C`` the 7 de Cœur,
        on an English page ``7C`` is the 7 of Clubs and ``RC`` is refused (the Roi de
        Trèfle in the record's letters, or the Roi de Cœur in French letters).

        Case does not matter; ``KS``, ``ks``, ``R♠`` are the King of Spades, ``NH`` and
        ``C♥`` the Cavalier of Hearts, ``T21``, ``21`` the 21, ``Petit`` the 1,
        ``EX``, ``Ex``, ``Excuse`` the Excuse.

        >>> Card.parse("10♦"), Card.parse("1C"), Card.parse("Petit")
        (Card.parse('10D'), Card.parse('1C'), Card.parse('T1'))
        >>> Card.parse("RC", "fr"), Card.parse("10T", "fr"), Card.parse("Dame de pique", "en")
        (Card.parse('KH'), Card.parse('10C'), Card.parse('QS'))
        >>> Card.parse("RC", "en")
        Traceback (most recent call last):
        ...
        atout.errors.InvalidNotationError: 'RC' is ambiguous: KC (Roi de Trèfle) or KH (Roi de Cœur)
        >>> Card.parse("KX")
        Traceback (most recent call last):
        ...
        atout.errors.InvalidNotationError: 'KX' is not a card: expected a suit card like KS, 10H, 1C, R♠ or C♥, a trump like T21, 21 or Petit, or the Excuse EX (docs/reference/formats.md, Cards)
        """  # noqa: E501
        if not isinstance(text, str):
            raise InvalidNotationError(f"{text!r} is not a card: a card is written as text")
        if lang in ("en", "fr"):
            found_all = readings(text, lang)
            if len(found_all) > 1:
                meant = " or ".join(f"{c} ({c.name()})" for c in found_all)
                raise InvalidNotationError(f"{text!r} is ambiguous: {meant}")
            if not found_all:
                raise InvalidNotationError(f"{text!r} is not a card: {_NOTATION_HELP}")
            return found_all[0]
        key = text.strip().casefold()
        found = _PARSE_CACHE.get(key)
        if found is None:
            found = _parse_uncached(key)
            if found is None:
                raise InvalidNotationError(f"{text!r} is not a card: {_NOTATION_HELP}")
            _PARSE_CACHE[key] = found
        return found

    # -- what the card is -------------------------------------------------------

    @property
    def suit(self) -> Suit | None:
        """The suit of a suit card; ``None`` for a trump or the Excuse."""
        return _SUIT_OF[self]

    @property
    def rank(self) -> int:
        """1 … 14 for a suit card, 1 … 21 for a trump, 0 for the Excuse."""
        if self < SUIT_CARDS:
            return self % 14 + 1
        return self - FIRST_TRUMP + 1 if self < EXCUSE_INDEX else 0

    @property
    def is_trump(self) -> bool:
        """A trump 1 … 21 (the Excuse is not a trump)."""
        return FIRST_TRUMP <= self < EXCUSE_INDEX

    @property
    def is_excuse(self) -> bool:
        return self == EXCUSE_INDEX

    @property
    def is_suit_card(self) -> bool:
        return self < SUIT_CARDS

    @property
    def is_bout(self) -> bool:
        """The three bouts (oudlers): the Petit, the 21 and the Excuse."""
        return self in (FIRST_TRUMP, FIRST_TRUMP + 20, EXCUSE_INDEX)

    @property
    def is_court(self) -> bool:
        """A court card (carte habillée): Valet, Cavalier, Dame or Roi."""
        return self < SUIT_CARDS and self % 14 >= 10

    @property
    def is_king(self) -> bool:
        return self < SUIT_CARDS and self % 14 == 13

    @property
    def half_points(self) -> int:
        """Twice the card's points (S1), an exact integer: 9, 7, 5, 3 or 1."""
        return _HALF_POINTS[self]

    @property
    def points(self) -> float:
        """Card points (S1): bouts and Kings 4.5, Queens 3.5, Cavaliers 2.5, Valets
        1.5, any other card 0.5."""
        return _HALF_POINTS[self] / 2

    @property
    def draw_rank(self) -> tuple[int, int, int]:
        """The key of the D2 draw order (lowest deals); the Excuse has none (D3).

        >>> sorted(CardSet.parse("1S 1C 1H T1 KC"), key=lambda c: c.draw_rank)
        [Card.parse('1C'), Card.parse('1H'), Card.parse('1S'), Card.parse('KC'), Card.parse('T1')]
        """
        if self.is_excuse:
            raise ValueError("D3: the Excuse does not count in the draw for the dealer")
        if self.is_trump:
            return (1, self.rank, 0)
        suit = self.suit
        assert suit is not None
        return (0, self.rank, _D2_SUIT_ORDER[suit])

    # -- notation ----------------------------------------------------------------

    def __str__(self) -> str:
        """The canonical ASCII form (docs/reference/formats.md): ``KS``, ``10H``, ``T21``,
        ``EX``."""
        return _ASCII[self]

    def __repr__(self) -> str:
        return f"Card.parse({_ASCII[self]!r})"

    def display(self, lang: str = "fr") -> str:
        """The form for people: French ``R♠ D♥ C♦ V♣ 10♠ 21 Ex`` or English
        (``lang="en"``) ``K♠ Q♥ N♦ J♣ 10♠ 21 Ex``."""
        if self < SUIT_CARDS:
            rank = self % 14 + 1
            names = _FRENCH_RANKS if lang == "fr" else _ASCII_RANKS
            return names.get(rank, str(rank)) + "♠♥♦♣"[self // 14]
        return str(self - FIRST_TRUMP + 1) if self < EXCUSE_INDEX else "Ex"

    def name(self) -> str:
        """The French name, e.g. ``Roi de Pique``, ``Atout 21``, ``Excuse``."""
        if self.is_excuse:
            return "Excuse"
        if self.is_trump:
            return "Petit" if self.rank == 1 else f"Atout {self.rank}"
        suit = self.suit
        assert suit is not None
        rank = ("As", *map(str, range(2, 11)), "Valet", "Cavalier", "Dame", "Roi")[self.rank - 1]
        return f"{rank} de {suit.french}"


def _ascii_form(index: int) -> str:
    if index < SUIT_CARDS:
        rank = index % 14 + 1
        return _ASCII_RANKS.get(rank, str(rank)) + "SHDC"[index // 14]
    return f"T{index - FIRST_TRUMP + 1}" if index < EXCUSE_INDEX else "EX"


def _half_points(index: int) -> int:
    if index in (FIRST_TRUMP, FIRST_TRUMP + 20, EXCUSE_INDEX):
        return 9
    if index < SUIT_CARDS and index % 14 >= 10:
        return 2 * (index % 14 - 10) + 3  # V 3, C 5, D 7, R 9
    return 1


def _parse_uncached(key: str) -> Card | None:
    if key in _EXCUSE_WORDS:
        return ALL_CARDS[EXCUSE_INDEX]
    if key == "petit":
        return ALL_CARDS[FIRST_TRUMP]
    match = _SUIT_CARD_RE.match(key)
    if match:
        rank_text, suit_text = match.groups()
        rank = int(rank_text) if rank_text.isdigit() else _RANK_LETTERS[rank_text]
        return ALL_CARDS[_SUIT_CHARS[suit_text] * 14 + rank - 1]
    match = _TRUMP_RE.match(key)
    if match and 1 <= int(match.group(1)) <= 21:
        return ALL_CARDS[FIRST_TRUMP + int(match.group(1)) - 1]
    return None


# A card as a person types it (:func:`readings`): letters of either language, the
# suit's name or symbol, a trump's number, the Excuse's and the Petit's names.
_WORD_RANKS: Final = {
    **{str(n): n for n in range(1, 11)},
    **{"as": 1, "ace": 1, "valet": 11, "jack": 11, "cavalier": 12, "knight": 12},
    **{"dame": 13, "queen": 13, "roi": 14, "king": 14},
}
_WORD_SUITS: Final = {
    **{"pique": Suit.SPADES, "spade": Suit.SPADES, "cœur": Suit.HEARTS, "coeur": Suit.HEARTS},
    **{"heart": Suit.HEARTS, "carreau": Suit.DIAMONDS, "diamond": Suit.DIAMONDS},
    **{"trèfle": Suit.CLUBS, "trefle": Suit.CLUBS, "club": Suit.CLUBS},
    **{s: suit for s, suit in _SUIT_CHARS.items() if not s.isascii()},
}
_WORD_SUIT_PLURALS: Final = {"carreaux": Suit.DIAMONDS}
_NAMED_CARD_RE: Final = re.compile(r"^([a-z0-9]+)\s*(?:de\s+|d'|d’|of\s+(?:the\s+)?)?(\S+?)$")
_TYPED_CARD_RE: Final = re.compile(r"^(10|[1-9]|[ajnqkvcdr])(co|ca|[shdcpkt♠♥♦♣♤♡♢♧])$")
_TYPED_TRUMP_RE: Final = re.compile(  # 21, T21, atout 21, le 21, 21 d'atout, 21 of trumps
    r"^(?:t|a|atout|trump|l'atout|the trump|le|the)?\s*([0-9]{1,2})"
    r"(?:\s*(?:d'atout|d’atout|of trumps?))?$"
)
_TYPED_EXCUSE: Final = frozenset({"ex", "exc", "excuse", "l'excuse", "l’excuse", "the excuse"})
_TYPED_PETIT: Final = frozenset({"petit", "le petit", "the petit"})
_LETTER_SUITS: Final = {
    "s": Suit.SPADES,
    "h": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "p": Suit.SPADES,
    "co": Suit.HEARTS,
    "k": Suit.DIAMONDS,
    "ca": Suit.DIAMONDS,
    "t": Suit.CLUBS,
    **{s: suit for s, suit in _SUIT_CHARS.items() if not s.isascii()},
}
# C is the one suit letter of both languages: Clubs in the record's letters, Cœur in
# French ones. It is read in the page's language, unless the rank's letter is the
# other language's (KC on a French page, RC on an English one): then it is refused.
_C_SUIT: Final = {"en": Suit.CLUBS, "fr": Suit.HEARTS}
_OTHER_RANKS: Final = {"en": frozenset("vcdr"), "fr": frozenset("jnqk")}


def readings(text: str, lang: str) -> tuple[Card, ...]:
    """The cards ``text`` may mean when a person types it on a page in ``lang``
    (``"en"`` or ``"fr"``): one card, or two when the text reads two ways, or none.

    Ranks are letters of either language (``K Q N J`` or ``R D C V``, ``A`` or ``1``
    the ace) or names (``Roi``, ``Queen``); suits are letters (``S H D C``, French
    ``P C``/``Co`` ``K``/``Ca`` ``T``), symbols, or names (``de cœur``, ``of
    spades``); trumps are numbers (``21``, ``T21``, ``atout 21``, ``Petit``) and the
    Excuse is ``EX`` or ``Excuse``. The letter ``C`` as a suit is Cœur on a French
    page and Clubs on an English one; after a rank letter of the other language it
    reads both ways.

    >>> readings("7C", "fr"), readings("7C", "en"), readings("Roi de cœur", "en")
    ((Card.parse('7H'),), (Card.parse('7C'),), (Card.parse('KH'),))
    >>> readings("21 d'atout", "fr"), readings("the 21 of trumps", "en")
    ((Card.parse('T21'),), (Card.parse('T21'),))
    >>> readings("KC", "fr"), readings("KX", "fr")
    ((Card.parse('KC'), Card.parse('KH')), ())
    """
    key = " ".join(text.strip().casefold().split())
    if key in _TYPED_EXCUSE:
        return (ALL_CARDS[EXCUSE_INDEX],)
    if key in _TYPED_PETIT:
        return (ALL_CARDS[FIRST_TRUMP],)
    match = _TYPED_TRUMP_RE.match(key)
    if match:
        number = int(match.group(1))
        return (ALL_CARDS[FIRST_TRUMP + number - 1],) if 1 <= number <= 21 else ()
    match = _TYPED_CARD_RE.match(key.replace(" ", ""))
    if match:
        rank_text, suit_text = match.groups()
        rank = int(rank_text) if rank_text.isdigit() else _RANK_LETTERS[rank_text]
        if suit_text != "c":
            return (Card.suit_card(_LETTER_SUITS[suit_text], rank),)
        if rank_text in _OTHER_RANKS.get(lang, ()):
            return (Card.suit_card(Suit.CLUBS, rank), Card.suit_card(Suit.HEARTS, rank))
        return (Card.suit_card(_C_SUIT.get(lang, Suit.CLUBS), rank),)
    return _named(key)


def _named(key: str) -> tuple[Card, ...]:
    """``Roi de cœur``, ``dame de pique``, ``R de pique``, ``7 of hearts``, ``roi ♥``."""
    match = _NAMED_CARD_RE.match(key)
    if not match:
        return ()
    rank_text, suit_text = match.groups()
    rank = _WORD_RANKS.get(rank_text, _RANK_LETTERS.get(rank_text))
    suit = _WORD_SUITS.get(suit_text.removesuffix("s"), _WORD_SUIT_PLURALS.get(suit_text))
    if rank is None or suit is None:
        return ()
    return (Card.suit_card(suit, rank),)


_ASCII: Final = tuple(_ascii_form(i) for i in range(DECK_SIZE))
_HALF_POINTS: Final = tuple(_half_points(i) for i in range(DECK_SIZE))
_HALF_POINTS_BY_BYTE: Final = tuple(  # [byte of a mask][its value]: the half-points of its cards
    tuple(
        sum(_HALF_POINTS[8 * i + b] for b in range(8) if v >> b & 1 and 8 * i + b < DECK_SIZE)
        for v in range(256)
    )
    for i in range(10)
)
ALL_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(DECK_SIZE))
_PARSE_CACHE: dict[str, Card] = {}
_SUIT_OF: Final[tuple[Suit | None, ...]] = tuple(
    Suit(i // 14) if i < SUIT_CARDS else None for i in range(DECK_SIZE)
)

PETIT: Final = ALL_CARDS[FIRST_TRUMP]
TRUMP_21: Final = ALL_CARDS[FIRST_TRUMP + 20]
EXCUSE: Final = ALL_CARDS[EXCUSE_INDEX]

_FULL_MASK: Final = (1 << DECK_SIZE) - 1
SUIT_MASKS: Final = tuple(((1 << 14) - 1) << (14 * suit) for suit in range(4))
TRUMP_MASK: Final = ((1 << 21) - 1) << FIRST_TRUMP
EXCUSE_BIT: Final = 1 << EXCUSE_INDEX
_TRUMP_MASK: Final = ((1 << 21) - 1) << FIRST_TRUMP
_BOUT_MASK: Final = (1 << FIRST_TRUMP) | (1 << (FIRST_TRUMP + 20)) | (1 << EXCUSE_INDEX)


def holds_petit_sec(cards: Iterable[int]) -> bool:
    """D16, written once: a hand holds the Petit sec when the Petit is its highest card
    (every other trump and the Excuse rank above it): the Petit with no other trump and
    without the Excuse.

    >>> holds_petit_sec([Card.parse("KS"), PETIT]), holds_petit_sec([PETIT, EXCUSE])
    (True, False)
    """
    return max(cards, default=None) == FIRST_TRUMP


def _hand_order_key(card: Card) -> tuple[int, int]:
    """Players' order: trumps high to low, the Excuse, then ♠ ♥ ♣ ♦, each high to low."""
    if card.is_trump:
        return (0, -card.rank)
    if card.is_excuse:
        return (1, 0)
    return (2 + (0, 1, 3, 2)[card // 14], -card.rank)


class CardSet:
    """An immutable set of cards over a 78-bit integer ``mask`` (bit ``c`` = card ``c``).

    Iteration is in the canonical card order; :meth:`sorted_for_hand` gives the order
    players hold their cards in.
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[int] = ()) -> None:
        mask = 0
        for card in cards:
            if not 0 <= card < DECK_SIZE:
                raise InvalidNotationError(f"{card!r} is not a card number: cards are 0 … 77")
            mask |= 1 << card
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet.from_mask, (self.mask,))

    def __copy__(self) -> CardSet:
        return self

    def __deepcopy__(self, memo: object) -> CardSet:
        return self

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        if not 0 <= mask <= _FULL_MASK:
            raise InvalidNotationError(f"{mask!r} is not a 78-bit card mask")
        new = object.__new__(cls)
        object.__setattr__(new, "mask", mask)
        return new

    @classmethod
    def of_mask(cls, mask: int) -> CardSet:
        """The set of ``mask``, which the caller knows is a 78-bit card mask."""
        new = object.__new__(cls)
        object.__setattr__(new, "mask", mask)
        return new

    @classmethod
    def full(cls) -> CardSet:
        """All 78 cards."""
        return cls.from_mask(_FULL_MASK)

    @classmethod
    def parse(cls, text: str, lang: str | None = None) -> CardSet:
        """Read cards separated by spaces or commas, e.g. ``"T21 T1 EX KS 10♥"``
        (``lang="fr"``: as :meth:`Card.parse` reads them in French).

        >>> CardSet.parse("KS, ks")
        Traceback (most recent call last):
        ...
        atout.errors.InvalidNotationError: 'ks' appears twice in 'KS, ks': a set holds each card once
        """  # noqa: E501
        mask = 0
        for word in re.split(r"[\s,]+", text.strip()):
            if not word:
                continue
            bit = 1 << Card.parse(word, lang)
            if mask & bit:
                raise InvalidNotationError(
                    f"{word!r} appears twice in {text!r}: a set holds each card once"
                )
            mask |= bit
        return cls.from_mask(mask)

    # -- set protocol ------------------------------------------------------------

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < DECK_SIZE and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield ALL_CARDS[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def with_card(self, card: int) -> CardSet:
        return CardSet.from_mask(self.mask | 1 << Card(card))

    def without_card(self, card: int) -> CardSet:
        return CardSet.from_mask(self.mask & ~(1 << Card(card)))

    # -- tarot questions -----------------------------------------------------------

    def trumps(self) -> CardSet:
        """The trumps 1 … 21 in the set (not the Excuse)."""
        return CardSet.from_mask(self.mask & _TRUMP_MASK)

    def count_trumps(self) -> int:
        return (self.mask & _TRUMP_MASK).bit_count()

    def count_bouts(self) -> int:
        return (self.mask & _BOUT_MASK).bit_count()

    def of_suit(self, suit: Suit) -> CardSet:
        return CardSet.from_mask(self.mask & SUIT_MASKS[suit])

    def half_points(self) -> int:
        """Twice the card points of the set (S1), an exact integer."""
        return sum(
            table[byte]
            for table, byte in zip(
                _HALF_POINTS_BY_BYTE, self.mask.to_bytes(10, "little"), strict=True
            )
        )

    def has_petit_sec(self) -> bool:
        """D16: the Petit with no other trump and without the Excuse
        (:func:`holds_petit_sec`)."""
        return holds_petit_sec(self)

    def sorted_for_hand(self) -> list[Card]:
        """The cards in the order players sort them: trumps from the 21 down, the
        Excuse, then ♠ ♥ ♣ ♦ (colours alternate), each from the Roi down."""
        return sorted(self, key=_hand_order_key)

    # -- notation ------------------------------------------------------------------

    def __str__(self) -> str:
        """Canonical ASCII forms in canonical order, separated by spaces."""
        return " ".join(_ASCII[card] for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def display(self, lang: str = "fr") -> str:
        """The display forms in the order players hold their cards."""
        return " ".join(card.display(lang) for card in self.sorted_for_hand())


DECK: Final = CardSet.full()
