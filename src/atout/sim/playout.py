"""Fast playouts: the play of the cards (P1–P5, B4's first-trick rule) and the scoring
(S1–S5, A3–A5, P4's Excuse) of a donne whose every hand is known, played to its end by
a quick policy. Compiled by numba when it is installed (``atout[fast]``), plain Python
otherwise (or with ``NUMBA_DISABLE_JIT=1``): the very same functions, so the same cards
and the same marks.

The kernel agrees with :mod:`atout.play` and :mod:`atout.scoring` card for card and
point for point (``tests/test_search_playout.py`` replays its games on a
:class:`~atout.state.Donne`). A position is given as arrays:

- ``owners[78]``: who holds each card not yet played: a seat ``0 … n-1``, ``n`` for the
  pile that counts for one camp whatever happens (the écart, or the chien of a garde
  sans / garde contre), ``-1`` for a card already played (it is in ``tricks``);
- ``tricks[T, n]`` the cards of each trick in the order played, ``leaders[T]`` and
  ``winners[T]`` their leader and winner, ``t`` the trick being played and ``k`` the
  number of cards already in it (the leader of trick ``t`` must be set);
- the contract's facts: the taker, his partner (or -1), the multiplier (B2), the camp
  the pile counts for, the poignée bonus shown (A1, A3), whether a chelem was
  announced (A4), where the Excuse goes in the last trick (P4 ⚙), the called card
  and whether its suit may not be led at the first trick (B4 ⚙).

The policy (:func:`_choose`) plays with every hand in view (it is a playout): give
points to a partner who surely wins the trick, save the Petit, win as cheaply as is
safe, otherwise play the cheapest card; with probability ``eps`` any legal card.

>>> import numpy as np
>>> from atout.sim.playout import Position, playout
>>> position = Position.start(players=4, hands=[range(0, 18), range(18, 36),
...     range(36, 54), [54, 55, *range(56, 72)]], pile=range(72, 78), leader=1, taker=3,
...     multiplier=2)
>>> marks = playout(position, eps=0.0, seed=1)
>>> sum(marks), len(marks)
(0, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.scoring import TARGETS
from atout.sim.kernel import HAVE_NUMBA, jit
from atout.table import Variant

__all__ = [
    "HAVE_NUMBA",
    "Position",
    "evaluate",
    "evaluate_batch",
    "playout",
    "playout_trace",
]

I64 = npt.NDArray[np.int64]
I8 = npt.NDArray[np.int8]
F64 = npt.NDArray[np.float64]

_HALF = np.array(
    [([1] * 10 + [3, 5, 7, 9])[c % 14] if c < 56 else 1 for c in range(78)], dtype=np.int64
)
_HALF[56] = _HALF[76] = _HALF[77] = 9  # S1: the bouts are worth 4.5
HALF_POINTS = _HALF
PETIT, TRUMP21, EXCUSE = 56, 76, 77
TARGET = np.array([TARGETS[bouts] for bouts in range(4)], dtype=np.int64)  # S2
MASK32 = 0xFFFFFFFF


@jit
def _next(x: int) -> int:
    """One xorshift32 step (Marsaglia), on plain integers below 2**32: the same
    numbers in numba and in Python."""
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x


@jit
def _suit_of(card: int) -> int:
    """0 … 3 a suit, 4 a trump, 5 the Excuse."""
    if card < 56:
        return card // 14
    return 4 if card < 77 else 5


@jit
def _legal(hold: I8, cnt: I64, seat: int, lead: int, best: int, first_called: int, out: I64) -> int:
    """P1–P4 and B4 (:func:`atout.play.play_limit`): the legal cards of ``seat`` into
    ``out``; returns how many. ``lead`` the card that sets the suit (-1 none), ``best``
    the highest trump in the trick (-1 none), ``first_called`` the called card when its
    suit may not be led now (-1 otherwise)."""
    m = 0
    if lead < 0:
        if first_called >= 0:
            s = first_called // 14
            for c in range(78):
                if hold[seat, c] and (c // 14 != s or c >= 56 or c == first_called):
                    out[m] = c
                    m += 1
            if m > 0:
                return m
        for c in range(78):
            if hold[seat, c]:
                out[m] = c
                m += 1
        return m
    if lead < 56:
        s = lead // 14
        if cnt[seat, s] > 0:
            for c in range(14 * s, 14 * s + 14):
                if hold[seat, c]:
                    out[m] = c
                    m += 1
            if hold[seat, EXCUSE]:
                out[m] = EXCUSE
                m += 1
            return m
    if cnt[seat, 4] == 0:
        for c in range(78):
            if hold[seat, c]:
                out[m] = c
                m += 1
        return m
    for c in range(max(best + 1, 56), 77):
        if hold[seat, c]:
            out[m] = c
            m += 1
    if m == 0:
        for c in range(56, 77):
            if hold[seat, c]:
                out[m] = c
                m += 1
    if hold[seat, EXCUSE]:
        out[m] = EXCUSE
        m += 1
    return m


@jit
def _all_won(camp: int, camps: I64, winners: I64, upto: int) -> bool:
    """:func:`atout.play.chelem_so_far`: ``camp`` won tricks ``0 … upto-1``."""
    for i in range(upto):  # noqa: SIM110 (a plain loop compiles everywhere)
        if camps[winners[i]] != camp:
            return False
    return True


@jit
def _trick_winner(players: int, last: int, t: int, tricks: I64, leaders: I64, winners: I64,
                  camps: I64) -> int:  # fmt: skip
    """P5, and the Excuse led to the last trick of the taker's chelem (P4–A5): the
    winning seat. A fast copy of :func:`atout.play.winning_card` and
    :func:`atout.play.excuse_led_wins`, checked against them on random tricks by
    ``tests/test_one_rule.py``."""
    leader = leaders[t]
    taker_leads_last = t == last and camps[leader] == 0
    if tricks[t, 0] == EXCUSE and taker_leads_last and _all_won(0, camps, winners, t):
        return int(leader)
    best_pos, best_card, lead = -1, -1, -1
    for i in range(players):
        c = tricks[t, i]
        if c == EXCUSE:
            continue
        if lead < 0:
            lead = c
            best_pos, best_card = i, c
        elif c >= 56:
            if best_card < 56 or c > best_card:
                best_pos, best_card = i, c
        elif best_card < 56 and c // 14 == lead // 14 and c > best_card:
            best_pos, best_card = i, c
    return int((leader + best_pos) % players)


@jit
def _beaten_later(hold: I8, cnt: I64, players: int, leader: int, k: int, camps: I64,
                  camp: int, card: int, lead: int) -> bool:  # fmt: skip
    """Whether a seat of the other camp still to play (after position ``k``) holds a
    card that beats ``card``, the trick's winning card once played (all hands seen)."""
    for j in range(k + 1, players):
        r = (leader + j) % players
        if camps[r] == camp:
            continue
        if card >= 56:
            if lead >= 56 or lead < 0 or cnt[r, lead // 14] == 0:
                for c in range(card + 1, 77):
                    if hold[r, c]:
                        return True
        else:
            s = card // 14
            if cnt[r, s] > 0:
                for c in range(card + 1, 14 * s + 14):
                    if hold[r, c]:
                        return True
            elif cnt[r, 4] > 0:
                return True
    return False


@jit
def _cheapest(legal: I64, m: int) -> int:
    """The card worth least (suit cards before trumps, low first), keeping the Petit
    and the 21 while anything else is possible."""
    pick, key = -1, 1 << 30
    for i in range(m):
        c = legal[i]
        if c == EXCUSE:
            continue
        k = HALF_POINTS[c] * 1000 + (500 if c >= 56 else 0) + (c % 14 if c < 56 else c)
        if c == PETIT or c == TRUMP21:  # noqa: SIM109
            k += 100000
        if k < key:
            pick, key = c, k
    return pick if pick >= 0 else legal[0]


@jit
def _richest(legal: I64, m: int) -> int:
    """The card worth most for a partner sure to win (the Petit first, never the 21
    while anything else is possible), suit cards before trumps."""
    pick, key = -1, -1
    for i in range(m):
        c = legal[i]
        if c == PETIT:
            return int(c)
        if c == EXCUSE:
            continue
        k = HALF_POINTS[c] * 1000 + (0 if c >= 56 else 500) + (c % 14 if c < 56 else 77 - c)
        if c == TRUMP21:
            k = 0
        if k > key:
            pick, key = c, k
    return pick if pick >= 0 else legal[0]


@jit
def _lead(hold: I8, cnt: I64, players: int, seat: int, camps: I64, legal: I64, m: int,
          left: int) -> int:  # fmt: skip
    """The card to lead: not the Excuse kept to the end; the master trump of the
    taker's camp to draw trumps; a King the others must follow; else the lowest card
    of the longest suit."""
    has_excuse = False
    for i in range(m):
        if legal[i] == EXCUSE:
            has_excuse = True
    if has_excuse and left <= 2:
        return EXCUSE
    top = -1
    for i in range(m):
        if 56 <= legal[i] < 77 and legal[i] > top:
            top = legal[i]
    if camps[seat] == 0 and top >= 0:
        master, others = True, False
        for r in range(players):
            if camps[r] != camps[seat]:
                for c in range(top + 1, 77):
                    if hold[r, c]:
                        master = False
                if cnt[r, 4] > 0:
                    others = True
        if master and others:
            return top
    best, key = -1, 1 << 30
    for i in range(m):
        c = legal[i]
        if c >= 56:
            continue
        s = c // 14
        if c % 14 == 13:
            safe = True
            for r in range(players):
                if camps[r] != camps[seat] and cnt[r, s] == 0 and cnt[r, 4] > 0:
                    safe = False
            if safe:
                return int(c)
        k = (20 - cnt[seat, s]) * 100 + c % 14
        if k < key:
            best, key = c, k
    if best >= 0:
        return best
    for i in range(m):
        if 56 < legal[i] < 77:
            return int(legal[i])
    return int(legal[0])


@jit
def _led(tricks: I64, t: int, k: int) -> tuple[int, int, int]:
    """The first ``k`` cards of trick ``t``: the card led (the Excuse aside), the best
    card so far and its place in the trick (-1 each when only the Excuse was played)."""
    lead, best, win_pos = -1, -1, -1
    for i in range(k):
        c = tricks[t, i]
        if c == EXCUSE:
            continue
        if lead < 0:
            lead, best, win_pos = c, c, i
        elif c >= 56:
            if best < 56 or c > best:
                best, win_pos = c, i
        elif best < 56 and c // 14 == lead // 14 and c > best:
            best, win_pos = c, i
    return lead, best, win_pos


@jit
def _winning(legal: I64, m: int, lead: int, best: int, winning: I64) -> int:
    """The legal cards that would beat ``best`` into ``winning``, lowest first; their count."""
    w = 0
    for i in range(m):
        c = legal[i]
        if c == EXCUSE:
            continue
        if best < 0:
            beats = True
        elif c >= 56:
            beats = best < 56 or c > best
        else:
            beats = best < 56 and c // 14 == lead // 14 and c > best
        if beats:
            winning[w] = c
            w += 1
    return w


@jit
def _follow(hold: I8, cnt: I64, players: int, seat: int, leader: int, k: int, t: int,
            tricks: I64, camps: I64, legal: I64, m: int, left: int) -> int:  # fmt: skip
    """The card to play on a trick already led (see the module's doc)."""
    lead, best, win_pos = _led(tricks, t, k)
    has_excuse = False
    for i in range(m):
        if legal[i] == EXCUSE:
            has_excuse = True
    if has_excuse and left <= 2:
        return EXCUSE
    me = camps[seat]
    last = k == players - 1
    if win_pos >= 0:
        friend = camps[(leader + win_pos) % players] == me
        if friend and (
            last or not _beaten_later(hold, cnt, players, leader, k, camps, me, best, lead)
        ):
            return _richest(legal, m)
    else:
        friend = False
    winning = np.empty(m, dtype=np.int64)
    w = _winning(legal, m, lead, best, winning)
    for i in range(w):
        if winning[i] == PETIT and (
            last or not _beaten_later(hold, cnt, players, leader, k, camps, me, PETIT, lead)
        ):
            return PETIT
    if w > 0 and not friend:
        for i in range(w):  # the lowest winning card that nobody can beat
            c = winning[i]
            if c != PETIT and (
                last or not _beaten_later(hold, cnt, players, leader, k, camps, me, c, lead)
            ):
                return int(c)
    if has_excuse and not friend:
        dear = True
        for i in range(m):
            if legal[i] != EXCUSE and HALF_POINTS[legal[i]] < 5:
                dear = False
        if dear:
            return EXCUSE
    return _cheapest(legal, m)


@jit
def _note_legal(legal: I64, m: int, masks: I64, step: int) -> None:
    """Step ``step``'s legal cards as two words of bits in ``masks``."""
    lo, hi = 0, 0
    for i in range(m):
        if legal[i] < 63:
            lo |= 1 << legal[i]
        else:
            hi |= 1 << (legal[i] - 63)
    masks[step, 0] = lo
    masks[step, 1] = hi


@jit
def _play_out(players: int, last: int, hold: I8, cnt: I64, tricks: I64, leaders: I64,
              winners: I64, t: int, k: int, camps: I64, called: int, restrict: bool,
              first: int, eps: int, rng: int, trace: I64, masks: I64) -> int:  # fmt: skip
    """Play from trick ``t``, card ``k`` to the end; ``first`` (if ≥ 0) is the next
    card. ``trace`` (when it has room) receives each card played, ``masks`` the legal
    cards of each step as two words. Returns the generator's state."""
    legal = np.empty(24, dtype=np.int64)
    step = 0
    while t <= last:
        leader = leaders[t]
        seat = (leader + k) % players
        lead, best = -1, -1
        for i in range(k):
            c = tricks[t, i]
            if c != EXCUSE:
                if lead < 0:
                    lead = c
                if c >= 56 and c > best:
                    best = c
        fc = called if (restrict and t == 0 and k == 0) else -1
        m = _legal(hold, cnt, seat, lead, best, fc, legal)
        left = 0
        for s in range(6):
            left += cnt[seat, s]
        if step < trace.shape[0]:
            _note_legal(legal, m, masks, step)
        if first >= 0 and step == 0:
            card = first
        elif m == 1:
            card = legal[0]
        else:
            rng = _next(rng)
            if rng < eps:
                rng = _next(rng)
                card = legal[(rng * m) >> 32]
            elif k == 0:
                card = _lead(hold, cnt, players, seat, camps, legal, m, left)
            else:
                card = _follow(
                    hold, cnt, players, seat, leader, k, t, tricks, camps, legal, m, left
                )
        if step < trace.shape[0]:
            trace[step] = card
        step += 1
        hold[seat, card] = 0
        cnt[seat, _suit_of(card)] -= 1
        tricks[t, k] = card
        k += 1
        if k == players:
            w = _trick_winner(players, last, t, tricks, leaders, winners, camps)
            winners[t] = w
            t += 1
            k = 0
            if t <= last:
                leaders[t] = w
    return rng


@jit
def _count(players: int, last: int, tricks: I64, leaders: I64, winners: I64, camps: I64,
           pile: I8, pile_camp: int, excuse_to_winner: bool, half: I64,
           bouts: I64) -> int:  # fmt: skip
    """S1, S2, P4: each camp's half-points and bouts into ``half`` and ``bouts`` (the pile
    counted for ``pile_camp``); returns the half-point the taker's camp owes for its
    Excuse kept (negative: owed to it)."""
    for c in range(78):
        if pile[c]:
            half[pile_camp] += HALF_POINTS[c]
            if c == PETIT or c == TRUMP21 or c == EXCUSE:  # noqa: SIM109
                bouts[pile_camp] += 1
    owed = 0
    for t in range(last + 1):
        wc = camps[winners[t]]
        for i in range(players):
            c = tricks[t, i]
            if c == EXCUSE:
                owner = camps[(leaders[t] + i) % players]
                if t == last and not _all_won(owner, camps, winners, last + 1):
                    keeper = wc if excuse_to_winner else 1 - owner
                    given = 0
                else:
                    keeper = owner
                    given = 1 if owner != wc else 0
                half[keeper] += 9
                bouts[keeper] += 1
                owed = given if owner == 0 else -given
            else:
                half[wc] += HALF_POINTS[c]
                if c == PETIT or c == TRUMP21:  # noqa: SIM109
                    bouts[wc] += 1
    return owed


@jit
def _bonuses(players: int, last: int, tricks: I64, leaders: I64, winners: I64, camps: I64,
             chelem: bool) -> tuple[int, int]:  # fmt: skip
    """A5 and A3/A4: the Petit au bout (10 to the camp that takes it, before the
    multiplier; the trick before the last in a chelem whose camp plays the Excuse last)
    and the chelem's bonus, both from the taker's side."""
    pb = last
    taker_all = _all_won(0, camps, winners, last + 1)
    for i in range(players):
        if tricks[last, i] == EXCUSE and camps[(leaders[last] + i) % players] == 0 and taker_all:
            pb = last - 1
    petit = 0
    for i in range(players):
        if tricks[pb, i] == PETIT:
            petit = 10 if camps[winners[pb]] == 0 else -10
    if taker_all:
        slam = 400 if chelem else 200
    else:
        slam = -200 if chelem else 0
        if _all_won(1, camps, winners, last + 1):
            slam -= 200
    return petit, slam


@jit
def _score(players: int, last: int, tricks: I64, leaders: I64, winners: I64, camps: I64,
           pile: I8, pile_camp: int, taker: int, partner: int, multiplier: int,
           poignee: int, chelem: bool, excuse_to_winner: bool, marks: I64) -> bool:  # fmt: skip
    """S1–S5, A3–A5, P4 (:func:`atout.scoring.score_tricks`): the marks of each seat
    into ``marks``; returns whether the contract is made."""
    half = np.zeros(2, dtype=np.int64)
    bouts = np.zeros(2, dtype=np.int64)
    owed = _count(players, last, tricks, leaders, winners, camps, pile, pile_camp,
                  excuse_to_winner, half, bouts)  # fmt: skip
    taker_half = half[0] - owed
    target = TARGET[bouts[0]]
    made = taker_half >= 2 * target
    sign = 1 if made else -1
    diff = (abs(taker_half - 2 * target) + 1) // 2
    petit, slam = _bonuses(players, last, tricks, leaders, winners, camps, chelem)
    # S3, a fast copy of atout.scoring.score (the FFT's settings), checked against it
    # donne by donne by tests/test_search_playout.py
    score = sign * (25 + diff) * multiplier + petit * multiplier + sign * poignee + slam
    for s in range(players):
        marks[s] = -score
    if players == 5 and partner >= 0 and partner != taker:
        marks[taker] = 2 * score
        marks[partner] = score
    else:
        marks[taker] = (players - 1) * score
    return bool(made)


@jit
def _setup(players: int, owners: I8, hold: I8, cnt: I64, pile: I8) -> None:
    for s in range(players):
        for x in range(6):
            cnt[s, x] = 0
        for c in range(78):
            hold[s, c] = 0
    for c in range(78):
        o = owners[c]
        pile[c] = 1 if o == players else 0
        if 0 <= o < players:
            hold[o, c] = 1
            cnt[o, _suit_of(c)] += 1


@jit
def evaluate_batch(players: int, owners: I8, tricks: I64, leaders: I64, winners: I64, t: int,
                   k: int, partners: I64, taker: int, multiplier: int, pile_camp: int,
                   poignee: int, chelem: bool, excuse_to_winner: bool, called: int,
                   restrict: bool, candidates: I64, me: int, eps: int, seed: int,
                   values: F64, made: I8) -> None:  # fmt: skip
    """For each sample ``s`` (``owners[s]``, ``partners[s]``) and each candidate card
    ``candidates[j]`` (-1: none forced), play the position out and write the marks of
    seat ``me`` to ``values[s, j]`` and whether the contract was made to ``made[s, j]``."""
    last = tricks.shape[0] - 1
    hold = np.zeros((players, 78), dtype=np.int8)
    cnt = np.zeros((players, 6), dtype=np.int64)
    pile = np.zeros(78, dtype=np.int8)
    camps = np.zeros(players, dtype=np.int64)
    marks = np.zeros(players, dtype=np.int64)
    tr = np.empty_like(tricks)
    ld = np.empty_like(leaders)
    wn = np.empty_like(winners)
    no_trace = np.zeros(0, dtype=np.int64)
    no_masks = np.zeros((0, 2), dtype=np.int64)
    rng = (seed & 0xFFFFFFFF) | 1
    for s in range(owners.shape[0]):
        for p in range(players):
            camps[p] = 0 if p == taker or p == partners[s] else 1
        for j in range(candidates.shape[0]):
            _setup(players, owners[s], hold, cnt, pile)
            tr[:, :] = tricks
            ld[:] = leaders
            wn[:] = winners
            rng = _play_out(players, last, hold, cnt, tr, ld, wn, t, k, camps, called, restrict,
                            candidates[j], eps, rng, no_trace, no_masks)  # fmt: skip
            ok = _score(players, last, tr, ld, wn, camps, pile, pile_camp, taker, partners[s],
                        multiplier, poignee, chelem, excuse_to_winner, marks)  # fmt: skip
            values[s, j] = marks[me]
            made[s, j] = 1 if ok else 0


@jit
def _trace_one(players: int, owners: I8, tricks: I64, leaders: I64, winners: I64, t: int,
               k: int, partner: int, taker: int, multiplier: int, pile_camp: int,
               poignee: int, chelem: bool, excuse_to_winner: bool, called: int,
               restrict: bool, eps: int, seed: int, trace: I64, masks: I64,
               marks: I64) -> bool:  # fmt: skip
    last = tricks.shape[0] - 1
    hold = np.zeros((players, 78), dtype=np.int8)
    cnt = np.zeros((players, 6), dtype=np.int64)
    pile = np.zeros(78, dtype=np.int8)
    camps = np.zeros(players, dtype=np.int64)
    for p in range(players):
        camps[p] = 0 if p == taker or p == partner else 1  # noqa: SIM109
    _setup(players, owners, hold, cnt, pile)
    _play_out(players, last, hold, cnt, tricks, leaders, winners, t, k, camps, called, restrict,
              -1, eps, (seed & 0xFFFFFFFF) | 1, trace, masks)  # fmt: skip
    return _score(players, last, tricks, leaders, winners, camps, pile, pile_camp, taker,
                  partner, multiplier, poignee, chelem, excuse_to_winner, marks)  # fmt: skip


# -- positions, from Python --------------------------------------------------------------


@dataclass
class Position:
    """A position of the play with every hand known, as the kernel takes it."""

    players: int
    owners: I8
    tricks: I64
    leaders: I64
    winners: I64
    t: int
    k: int
    taker: int
    partner: int = -1
    multiplier: int = 1
    pile_camp: int = 0
    poignee: int = 0
    chelem: bool = False
    excuse_to_winner: bool = False
    called: int = -1
    restrict: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(
        cls,
        players: int,
        hands: Sequence[Iterable[int]],
        pile: Iterable[int],
        leader: int,
        taker: int,
        partner: int = -1,
        multiplier: int = 1,
        pile_camp: int = 0,
    ) -> Position:
        """The position before the first card: ``hands[seat]``, the ``pile`` counting
        for ``pile_camp``, ``leader`` to lead."""
        owners = np.full(78, -1, dtype=np.int8)
        for seat, hand in enumerate(hands):
            for card in hand:
                owners[card] = seat
        for card in pile:
            owners[card] = players
        tricks_in_all = Variant.for_players(players).hand_size
        leaders = np.zeros(tricks_in_all, dtype=np.int64)
        leaders[0] = leader
        return cls(
            players=players,
            owners=owners,
            tricks=np.full((tricks_in_all, players), -1, dtype=np.int64),
            leaders=leaders,
            winners=np.full(tricks_in_all, -1, dtype=np.int64),
            t=0,
            k=0,
            taker=taker,
            partner=partner,
            multiplier=multiplier,
            pile_camp=pile_camp,
        )

    def copy(self) -> Position:
        return Position(
            self.players, self.owners.copy(), self.tricks.copy(), self.leaders.copy(),
            self.winners.copy(), self.t, self.k, self.taker, self.partner, self.multiplier,
            self.pile_camp, self.poignee, self.chelem, self.excuse_to_winner, self.called,
            self.restrict,
        )  # fmt: skip


def playout_trace(
    position: Position, eps: float = 0.0, seed: int = 1
) -> tuple[list[int], list[int], list[int], bool]:
    """Play ``position`` out (a copy of it): the cards played in order, the mask of
    the legal cards at each step, the marks of each seat and whether the contract was
    made."""
    p = position.copy()
    steps = int((p.tricks < 0).sum())
    trace = np.full(steps, -1, dtype=np.int64)
    masks = np.zeros((steps, 2), dtype=np.int64)
    marks = np.zeros(p.players, dtype=np.int64)
    made = _trace_one(
        p.players, p.owners, p.tricks, p.leaders, p.winners, p.t, p.k, p.partner, p.taker,
        p.multiplier, p.pile_camp, p.poignee, p.chelem, p.excuse_to_winner, p.called,
        p.restrict, _eps(eps), seed, trace, masks, marks,
    )  # fmt: skip
    legal = [int(lo) | int(hi) << 63 for lo, hi in masks]
    return [int(c) for c in trace], legal, [int(m) for m in marks], bool(made)


def playout(position: Position, eps: float = 0.0, seed: int = 1) -> list[int]:
    """The marks of each seat after playing ``position`` out."""
    return playout_trace(position, eps, seed)[2]


def _eps(eps: float) -> int:
    return min(int(eps * 2**32), 2**32)


def evaluate(
    position: Position,
    owners: I8,
    partners: I64,
    candidates: Sequence[int],
    me: int,
    eps: float = 0.0,
    seed: int = 1,
) -> tuple[F64, I8]:
    """Values (marks of ``me``) and contract made, ``[sample, candidate]``, of playing
    each of ``candidates`` (-1: no card forced) from ``position`` with each sample of
    the hands (``owners[s]``, ``partners[s]``)."""
    p = position
    values = np.zeros((owners.shape[0], len(candidates)), dtype=np.float64)
    made = np.zeros((owners.shape[0], len(candidates)), dtype=np.int8)
    evaluate_batch(
        p.players, owners, p.tricks, p.leaders, p.winners, p.t, p.k, partners, p.taker,
        p.multiplier, p.pile_camp, p.poignee, p.chelem, p.excuse_to_winner, p.called,
        p.restrict, np.asarray(candidates, dtype=np.int64), me, _eps(eps), seed, values, made,
    )  # fmt: skip
    return values, made


def compiled_on_disk() -> bool:
    """Whether numba's on-disk cache already holds the playout kernel: the first search
    on a machine compiles it (about half a minute), later ones load it at once. True
    where numba is missing (nothing to compile) or keeps its cache another way."""
    cache = getattr(evaluate_batch, "_cache", None)
    if cache is None:
        return True
    try:
        return bool(cache._cache_file._load_index())
    except Exception:  # pragma: no cover - another numba layout: nothing to warn of
        return True
