"""Seats, the three variants (3, 4 and 5 players) and the settings (⚙ of docs/reference/rules.md).

Seats are numbered ``0 … n-1`` in the order of play, which is counter-clockwise:
the right neighbour of seat ``s`` is ``s+1``, the left neighbour ``s-1`` (mod n).

>>> v = Variant.for_players(4)
>>> v.hand_size, v.chien_size, v.packet_size, v.right_of(3), v.left_of(0), v.opposite_of(1)
(18, 6, 3, 0, 3, 3)
>>> Rules().shuffler(v, dealer=0), Rules().cutter(v, dealer=0)
(2, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar, Final, Literal

from atout.errors import IllegalActionError

__all__ = [
    "CHIEN",
    "EXCUSE_LAST_TRICK",
    "FIVE_PLAYER_SPLITS",
    "POIGNEE_GOES",
    "ExcuseLastTrick",
    "FivePlayerSplit",
    "PoigneeGoes",
    "Rules",
    "Variant",
]

ExcuseLastTrick = Literal["changes_camp", "to_trick_winner"]
EXCUSE_LAST_TRICK: tuple[ExcuseLastTrick, ...] = ("changes_camp", "to_trick_winner")
FivePlayerSplit = Literal["2:1", "1.5:1.5"]
FIVE_PLAYER_SPLITS: tuple[FivePlayerSplit, ...] = ("2:1", "1.5:1.5")
CHIEN: Final = -1  # a step of the deal (or a place of the pack) that is a chien card
PoigneeGoes = Literal["winning_camp", "attack_if_made"]
POIGNEE_GOES: tuple[PoigneeGoes, ...] = ("winning_camp", "attack_if_made")


@dataclass(frozen=True)
class Variant:
    """What differs between 3, 4 and 5 players; everything else is the same game.

    The deal is ``packets_per_hand`` rounds of one packet to each seat, with
    ``chien_size`` chien cards put down one at a time between packets (D6–D9).
    """

    players: int
    hand_size: int
    chien_size: int
    packet_size: int
    poignee_thresholds: tuple[int, int, int]

    _BY_PLAYERS: ClassVar[dict[int, Variant]]

    @classmethod
    def for_players(cls, players: int) -> Variant:
        """The variant for 3, 4 or 5 players (D9: hands of 24, 18 or 15 cards)."""
        try:
            return cls._BY_PLAYERS[players]
        except (KeyError, TypeError):
            raise IllegalActionError("D9", "player_count", value=f"{players!r:.80}") from None

    @cached_property
    def packets_per_hand(self) -> int:
        return self.hand_size // self.packet_size

    @cached_property
    def packet_count(self) -> int:
        """Packets in the whole deal (D7): 18 with 3 players, 24 with 4, 25 with 5."""
        return self.packets_per_hand * self.players

    # -- the layout of the deal (D6–D8), written once ---------------------------------------
    #
    # Every Python user calls these; the fast copies (``atout.sim.kernel.lay_out`` and
    # ``count_deal``, ``atout.sim.vector._layouts``, ``web/static/fairness.js``'s
    # ``dealOf``) are checked against them through ``tests/vectors/deal_layout.json``.

    @cached_property
    def packet_hands(self) -> tuple[int, ...]:
        """D6: the hand that receives each packet, in the order dealt, counted from the
        dealer's right neighbour (0) counter-clockwise: the packets go round the table."""
        return tuple(packet % self.players for packet in range(self.packet_count))

    def chien_places(self, gaps: Sequence[int]) -> list[int]:
        """D8: where the chien cards lie in the cut pack, for a placement ``gaps`` (for
        each chien card, sorted, the number of packets dealt before it): the ``i``-th
        chien card comes after ``gaps[i]`` packets and ``i`` chien cards. Every other
        card goes, ``packet_size`` at a time, to the hands of :attr:`packet_hands`.

        >>> Variant.for_players(5).chien_places([1, 2, 24])
        [3, 7, 74]
        """
        size = self.packet_size
        return [gap * size + i for i, gap in enumerate(gaps)]

    def deal_steps(self, gaps: Sequence[int]) -> tuple[int, ...]:
        """D6–D8, the steps of the deal in order for the placement ``gaps``: for each
        packet the hand that receives it (as in :attr:`packet_hands`), and
        :data:`CHIEN` for each chien card.

        >>> Variant.for_players(5).deal_steps([1, 2, 24])[:6]
        (0, -1, 1, -1, 2, 3)
        """
        places = self.chien_places(gaps)
        hands = iter(self.packet_hands)
        steps: list[int] = []
        top = 0
        while top < 78:
            if places and places[0] == top:
                places.pop(0)
                steps.append(CHIEN)
                top += 1
            else:
                steps.append(next(hands))
                top += self.packet_size
        return tuple(steps)

    def layout(self, gaps: Sequence[int]) -> tuple[int, ...]:
        """For each of the 78 places of the cut pack, the hand that receives its card
        (counted as in :attr:`packet_hands`) or :data:`CHIEN` (:meth:`deal_steps`)."""
        return tuple(
            hand
            for step in self.deal_steps(gaps)
            for hand in ((CHIEN,) if step == CHIEN else (step,) * self.packet_size)
        )

    def check_seat(self, seat: object, what: str = "seat", rule: str = "D6") -> int:
        """``seat`` as an int, or an error naming it and ``rule`` (the rule of the action
        it takes part in; by default D6, the order of play the seats are numbered in)
        when it is not ``0 … n-1``."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalActionError(
                rule,
                "not_a_seat",
                what=what,
                value=f"{seat!r:.80}",
                last=self.players - 1,
                players=self.players,
            )
        return seat

    def right_of(self, seat: int) -> int:
        """The right neighbour: the next seat in the order of play (counter-clockwise)."""
        return (seat + 1) % self.players

    def left_of(self, seat: int) -> int:
        return (seat - 1) % self.players

    def opposite_of(self, seat: int) -> int:
        """The seat facing ``seat``: exact with 4 players; ``seat + n//2`` otherwise
        (docs/reference/rules.md D4 ⚙)."""
        return (seat + self.players // 2) % self.players


Variant._BY_PLAYERS = {
    3: Variant(3, hand_size=24, chien_size=6, packet_size=4, poignee_thresholds=(13, 15, 18)),
    4: Variant(4, hand_size=18, chien_size=6, packet_size=3, poignee_thresholds=(10, 13, 15)),
    5: Variant(5, hand_size=15, chien_size=3, packet_size=3, poignee_thresholds=(8, 10, 13)),
}


@dataclass(frozen=True)
class Rules:
    """The settings where the official text is silent (⚙ in docs/reference/rules.md), FFT defaults.

    - ``consecutive_chien_cards`` (D8): may two chien cards be put down one right after
      the other, with no packet between them? Default no.
    - ``early_pickup_penalty`` (D11): points the arbiter takes from a player who touched
      or picked up his cards before the end of the deal; default 0, a recorded warning.
    - ``bar_plain_card_exposer`` (D14): is a player who turned up a plain card below the
      Valet (the deal goes on) barred from bidding? Default no.
    - ``excuse_exposed_as_trump`` (D14): is the Excuse turned face up treated like a
      trump (redeal, exposer barred)? Default yes; otherwise like a plain card.
    - ``shuffler_offset`` (D4): the shuffler is ``dealer + offset``; ``None`` (default)
      means the opposite seat with 4 players and ``dealer + n//2`` with 3 and 5.
    - ``called_suit_first_trick`` (B4): may the called suit be led at the first trick
      (5 players)? Default no, except the called King itself.
    - ``excuse_last_trick`` (P4): where the Excuse goes when it is played in the last
      trick outside a chelem: ``"changes_camp"`` (default, the FFT text: to the other
      camp, whoever wins the trick) or ``"to_trick_winner"`` (to the trick's winner).

    House scoring (the FFT text is not silent here; these are the differences some
    tables play, each off by default so that the defaults are the FFT's scoring):

    - ``five_player_split`` (S4): with 5 players, ``"2:1"`` (default: taker +2S,
      partner +S) or ``"1.5:1.5"`` (each 1.5 × S; the odd half mark goes to the taker,
      so that the marks stay whole and zero-sum).
    - ``poignee_goes`` (A3): ``"winning_camp"`` (default) or ``"attack_if_made"`` (the
      poignée counts only for a contract made, and for nobody when it fails).
    - ``poignee_multiplied`` (A1): is the poignée multiplied by the contract? Default no.
    - ``petit_au_bout_multiplied`` (A5): is the petit au bout multiplied by the contract?
      Default yes.
    - ``defence_chelem_bonus`` (A4): +200 to the defence when it takes every trick.
      Default yes.
    """

    consecutive_chien_cards: bool = False
    early_pickup_penalty: int = 0
    bar_plain_card_exposer: bool = False
    excuse_exposed_as_trump: bool = True
    shuffler_offset: int | None = None
    called_suit_first_trick: bool = False
    excuse_last_trick: ExcuseLastTrick = "changes_camp"
    five_player_split: FivePlayerSplit = "2:1"
    poignee_goes: PoigneeGoes = "winning_camp"
    poignee_multiplied: bool = False
    petit_au_bout_multiplied: bool = True
    defence_chelem_bonus: bool = True

    def __post_init__(self) -> None:
        if self.five_player_split not in FIVE_PLAYER_SPLITS:
            raise IllegalActionError(
                "S4",
                "setting_choice",
                name="five_player_split",
                choices=", ".join(FIVE_PLAYER_SPLITS),
                value=f"{self.five_player_split!r:.40}",
            )
        if self.poignee_goes not in POIGNEE_GOES:
            raise IllegalActionError(
                "A3",
                "setting_choice",
                name="poignee_goes",
                choices=", ".join(POIGNEE_GOES),
                value=f"{self.poignee_goes!r:.40}",
            )
        for name, rule in (
            ("poignee_multiplied", "A1"),
            ("petit_au_bout_multiplied", "A5"),
            ("defence_chelem_bonus", "A4"),
        ):
            if not isinstance(getattr(self, name), bool):
                raise IllegalActionError(
                    rule, "setting_bool", name=name, value=f"{getattr(self, name)!r:.40}"
                )
        if self.excuse_last_trick not in EXCUSE_LAST_TRICK:
            raise IllegalActionError(
                "P4",
                "setting_choice",
                name="excuse_last_trick",
                choices=", ".join(EXCUSE_LAST_TRICK),
                value=f"{self.excuse_last_trick!r:.40}",
            )
        if self.early_pickup_penalty < 0:
            raise IllegalActionError(
                "D11", "penalty_value", value=f"{self.early_pickup_penalty!r:.40}"
            )

    def shuffler(self, variant: Variant, dealer: int) -> int:
        """D4: the player opposite the dealer shuffles."""
        if self.shuffler_offset is None:
            return variant.opposite_of(dealer)
        return (dealer + self.shuffler_offset) % variant.players

    def cutter(self, variant: Variant, dealer: int) -> int:
        """D5: the dealer's left neighbour cuts."""
        return variant.left_of(dealer)
