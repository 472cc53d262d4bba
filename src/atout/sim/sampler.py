"""Deals of the unseen cards consistent with what one seat has seen.

A :class:`Sampler` reads an :class:`~atout.state.Observation` once and then draws, as
fast as a compiled loop allows, where each card the seat cannot see may be: in another
seat's hand or in the pile (the chien before it is taken, or the écart, or the unseen
chien of a garde sans / garde contre). Every sample is consistent with everything the
seat has seen:

- the cards already played, its own hand, the chien when it was shown (E1), and the
  écart when the seat is the taker;
- P1: a seat that did not follow the suit led holds none of it; P2–P3: a seat that
  played no trump when it had to holds none, and one that did not overtrump holds no
  trump above the highest of that trick (the Excuse, P4, tells nothing);
- E2: no King and no bout in the écart, trumps there only as shown — and a taker who
  showed a trump in his écart held no other plain card; the chien's Kings, bouts and
  trumps not shown stay with the taker;
- A2: the cards of a poignée stay with their seat until played; a poignée showing the
  Excuse means no other trump; B4: a taker who called a Queen holds the four Kings
  (a Cavalier: the Kings and Queens, …);
- D16: no seat was dealt a Petit sec (the deal would have been void).

Cards are placed most constrained first, each in a place allowed to it with a
probability proportional to the room left there (so the unconstrained cards are dealt
uniformly); when a card finds every allowed place full, cards already placed are moved
along a chain of allowed places to make room (an augmenting path), so a consistent
sample is always found.

>>> import random
>>> from atout.dealing import Deal
>>> from atout.state import Donne
>>> from atout.table import Variant
>>> donne = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(7), dealer=0))
>>> sampler = Sampler(donne.observation(1))
>>> owners = sampler.sample(100, seed=3)
>>> owners.shape, sorted(set(owners[0].tolist()))
((100, 78), [0, 1, 2, 3, 4])
>>> [int((owners[0] == seat).sum()) for seat in range(5)]
[18, 18, 18, 18, 6]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from atout.cards import EXCUSE, PETIT, TRUMP_21
from atout.sim.kernel import jit
from atout.state import GamePhase, Observation
from atout.table import Variant

__all__ = ["InconsistentObservation", "Sampler", "partners_of", "sample_deals"]

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]

_TRUMPS = frozenset(range(56, 77))
_KINGS = frozenset(s * 14 + 13 for s in range(4))
_BOUTS = frozenset((int(PETIT), int(TRUMP_21), int(EXCUSE)))


class InconsistentObservation(ValueError):
    """No deal of the unseen cards fits the observation."""


@jit
def _draw(x: int, total: int) -> tuple[int, int]:
    """The next state of the xorshift stream ``x`` and a number below ``total`` from it."""
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    return x, (x * total) >> 32


@jit
def _make_room(i: int, allowed: I64, where: I64, room: I64, parent: I64, mover: I64,
               queue: I64) -> int:  # fmt: skip
    """Card ``i`` finds every allowed place full: move earlier cards along an augmenting
    path (breadth first) so that one of its places has room. Returns the place freed
    for it (its room already taken), or -1 when there is none."""
    places = room.shape[0]
    for p in range(places):
        parent[p] = -2
    head, tail, found = 0, 0, -1
    for p in range(places):
        if allowed[i] >> p & 1:
            parent[p] = -1
            queue[tail] = p
            tail += 1
    while head < tail and found < 0:
        a = queue[head]
        head += 1
        for j in range(i):
            if where[j] != a:
                continue
            for b in range(places):
                if parent[b] == -2 and allowed[j] >> b & 1:
                    parent[b] = a
                    mover[b] = j
                    if room[b] > 0:
                        found = b
                        break
                    queue[tail] = b
                    tail += 1
            if found >= 0:
                break
    if found < 0:
        return -1
    room[found] -= 1
    b = found
    while parent[b] >= 0:
        where[mover[b]] = b
        b = parent[b]
    return b


@jit
def _refused(row: I8, base: I8, extra: I64, petit_free: bool, petit_owner: int, group: I64,
             group_owner: int, group_known: int) -> bool:  # fmt: skip
    """Whether the deal in ``row`` must be drawn again: it deals a Petit sec (D16) or gives
    ``group_owner`` every card of ``group`` (B4)."""
    holder = row[56] if petit_free else petit_owner
    if 0 <= holder < extra.shape[0]:
        trumps = extra[holder]
        for c in range(57, 78):
            if row[c] == holder:
                trumps += 1
        if trumps == 0:
            return True  # D16: a Petit sec would have voided the deal
    if group.shape[0] > 0:
        held = group_known
        for g in range(group.shape[0]):
            if base[group[g]] < 0 and row[group[g]] == group_owner:
                held += 1
        if held == group.shape[0]:
            return True  # B4: holding them all, he would have called the next rank
    return False


@jit
def _fill(base: I8, cards: I64, allowed: I64, cap: I64, code: I64, extra: I64, petit_free: bool,
          petit_owner: int, group: I64, group_owner: int, group_known: int, count: int, seed: int,
          out: I8) -> int:  # fmt: skip
    """Fill ``out[s]`` (a copy of ``base``) for each sample: card ``cards[i]`` to one
    of the places of the bit mask ``allowed[i]`` (place ``p`` is owner ``code[p]``, with
    room ``cap[p]``). A sample is drawn again when it deals a Petit sec (D16, seat
    ``o`` holding ``extra[o]`` trumps more than its hand shows) or gives ``group_owner``
    every card of ``group`` (B4), ``group_known`` of them known. Returns the number of
    samples that could not be made."""
    m = cards.shape[0]
    places = cap.shape[0]
    where = np.empty(m, dtype=np.int64)
    room = np.empty(places, dtype=np.int64)
    parent = np.empty(places, dtype=np.int64)
    mover = np.empty(places, dtype=np.int64)
    queue = np.empty(places, dtype=np.int64)
    x = (seed & 0xFFFFFFFF) | 1
    failed = 0
    for s in range(count):
        for _attempt in range(50):
            room[:] = cap
            ok = True
            for i in range(m):
                total = 0
                for p in range(places):
                    if allowed[i] >> p & 1:
                        total += room[p]
                if total == 0:  # every allowed place is full
                    where[i] = _make_room(i, allowed, where, room, parent, mover, queue)
                    if where[i] < 0:
                        ok = False
                        break
                    continue
                x, r = _draw(x, total)
                for p in range(places):
                    if allowed[i] >> p & 1:
                        if r < room[p]:
                            where[i] = p
                            room[p] -= 1
                            break
                        r -= room[p]
            if not ok:
                break
            for c in range(78):
                out[s, c] = base[c]
            for i in range(m):
                out[s, cards[i]] = code[where[i]]
            if _refused(out[s], base, extra, petit_free, petit_owner, group, group_owner,
                        group_known):  # fmt: skip
                continue
            break
        else:
            ok = False
        if not ok:
            failed += 1
    return failed


class Sampler:
    """The constraints one observation puts on the unseen cards, ready to sample."""

    def __init__(self, observation: Observation) -> None:
        self.observation = obs = observation
        self.variant = variant = Variant.for_players(obs.players)
        n, me = obs.players, obs.seat
        self.pile = n  # the owner code of the pile (chien or écart)
        base = np.full(78, -1, dtype=np.int8)
        for card in obs.hand:
            base[card] = me
        played: dict[int, int] = {}
        for trick in obs.tricks:
            for seat, card in trick.cards:
                played[int(card)] = seat
        size = [variant.hand_size] * n
        for seat in played.values():
            size[seat] -= 1
        pile_size = variant.chien_size
        taker, contract = obs.taker, obs.contract
        chien_seen = contract is not None and contract.chien_seen
        allowed = {seat: set(range(78)) for seat in range(n + 1)}
        forced: dict[int, int] = {}
        extra = [0] * n  # trumps and Excuse of each seat's dealt hand not in its hand now
        for played_card, seat in played.items():
            if played_card >= 57:
                extra[seat] += 1
        if taker is not None and chien_seen and obs.chien is not None:
            chien = [int(c) for c in obs.chien]
            if obs.phase is GamePhase.ECART:  # E1: the écart being made
                size[taker] += variant.chien_size
                pile_size = 0
                if me != taker:  # (as if no card were down yet)
                    for chien_card in chien:
                        forced[chien_card] = taker
            else:
                self._after_ecart(obs, chien, played, allowed, forced, extra)
            if me == taker:
                assert obs.ecart is not None
                size[taker] -= len(obs.ecart) if obs.phase is GamePhase.ECART else 0
                pile_size = len(obs.ecart) if obs.phase is GamePhase.ECART else pile_size
                for card in obs.ecart:
                    base[card] = n
        for p in obs.poignees:
            for card in p.cards:
                if int(card) not in played:
                    forced[int(card)] = p.seat
            if EXCUSE in p.cards:  # A2: the Excuse shown, no other trump held
                allowed[p.seat] -= _TRUMPS - {int(c) for c in p.cards}
        self.group = np.zeros(0, dtype=np.int64)
        self.group_known = 0
        if obs.called is not None and taker is not None and taker != me:
            self._called(obs, played, forced)
        self._read_tricks(obs, allowed)
        self._build(base, played, size, pile_size, allowed, forced, extra)

    def _called(self, obs: Observation, played: dict[int, int], forced: dict[int, int]) -> None:
        """B4: the taker held every card of the ranks above the one he called, not
        every card of that rank (else he would have called the next one)."""
        taker, called = obs.taker, obs.called
        assert taker is not None and called is not None
        chien = {int(c) for c in obs.chien or ()}
        for rank in range(called.rank + 1, 15):
            for suit in range(4):
                card = suit * 14 + rank - 1
                if card not in played:
                    forced[card] = taker
        group = [suit * 14 + called.rank - 1 for suit in range(4)]
        elsewhere = [
            c for c in group if c in chien or c in obs.hand or played.get(c, taker) != taker
        ]
        if not elsewhere:  # else he surely did not hold them all
            self.group = np.array(group, dtype=np.int64)
            self.group_known = sum(1 for c in group if c in played)

    @staticmethod
    def _after_ecart(
        obs: Observation,
        chien: list[int],
        played: dict[int, int],
        allowed: dict[int, set[int]],
        forced: dict[int, int],
        extra: list[int],
    ) -> None:
        """E1–E2, the écart made: where the chien's cards may be, what the écart holds."""
        taker, n = obs.taker, obs.players
        assert taker is not None
        shown = {int(c) for c in obs.ecart_trumps_shown}
        extra[taker] += len(shown) - sum(1 for c in chien if c >= 57)
        if obs.seat == taker:
            return
        for card in shown:
            forced[card] = n
        for card in chien:
            if card in played or card in shown:
                continue
            if card in _KINGS or card in _BOUTS or card in _TRUMPS:
                forced[card] = taker
            else:
                for seat in range(n):
                    if seat != taker:
                        allowed[seat].discard(card)
        allowed[n] = {c for c in range(56) if c not in _KINGS} | shown
        if shown:  # E2: trumps went there only for want of plain cards
            allowed[taker] -= {c for c in range(56) if c not in _KINGS}

    @staticmethod
    def _read_tricks(obs: Observation, allowed: dict[int, set[int]]) -> None:
        """P1–P3: what each card played tells of its seat's hand."""
        for trick in obs.tricks:
            lead = best = -1
            for seat, card in trick.cards:
                c = int(card)
                if c == EXCUSE:
                    continue
                if lead >= 0:
                    suit = lead // 14 if lead < 56 else 4
                    if suit < 4 and (c >= 56 or c // 14 != suit):
                        allowed[seat] -= set(range(14 * suit, 14 * suit + 14))
                        if c < 56:
                            allowed[seat] -= _TRUMPS
                    if suit == 4 and c < 56:
                        allowed[seat] -= _TRUMPS
                    if c >= 56 and best >= 0 and c < best:
                        allowed[seat] -= set(range(best + 1, 77))
                else:
                    lead = c
                if c >= 56 and c > best:
                    best = c

    def _build(
        self,
        base: I8,
        played: dict[int, int],
        size: list[int],
        pile_size: int,
        allowed: dict[int, set[int]],
        forced: dict[int, int],
        extra: list[int],
    ) -> None:
        obs, n = self.observation, self.observation.players
        places = [s for s in range(n) if s != obs.seat] + [n]
        room = {s: size[s] for s in range(n)}
        room[n] = pile_size - int((base == n).sum())
        for card, owner in forced.items():
            if base[card] >= 0:
                if base[card] != owner:
                    raise InconsistentObservation(f"card {card} is seen elsewhere")
                continue
            base[card] = owner
            room[owner] -= 1
        unknown = [c for c in range(78) if base[c] < 0 and c not in played]
        masks = []
        for card in unknown:
            mask = 0
            for i, place in enumerate(places):
                if card in allowed[place] and room[place] > 0:
                    mask |= 1 << i
            if mask == 0:
                raise InconsistentObservation(f"card {card} fits nowhere")
            masks.append(mask)
        if any(room[p] < 0 for p in places) or sum(room[p] for p in places) != len(unknown):
            raise InconsistentObservation("the hands' sizes do not add up")
        order = sorted(range(len(unknown)), key=lambda i: masks[i].bit_count())
        self.base = base
        self.cards = np.array([unknown[i] for i in order], dtype=np.int64)
        self.allowed = np.array([masks[i] for i in order], dtype=np.int64)
        self.room = np.array([room[p] for p in places], dtype=np.int64)
        self.code = np.array(places, dtype=np.int64)
        self.extra = np.array(extra, dtype=np.int64)
        petit = int(PETIT)
        self.petit_free = petit not in played and base[petit] < 0
        self.petit_owner = -1  # D16: the seat whose dealt hand held the Petit, if known
        chien = self.observation.chien or ()
        if petit in played:
            self.petit_owner = played[petit]
        elif 0 <= base[petit] < n and PETIT not in chien:
            self.petit_owner = int(base[petit])
        if self.petit_owner == obs.seat:
            self.petit_owner = -1

    def sample(self, count: int, seed: int) -> I8:
        """``count`` samples: ``owners[s, card]`` is the seat holding ``card`` (the
        observer's own cards included), ``n`` for the pile, -1 for a card played."""
        out = np.empty((count, 78), dtype=np.int8)
        failed = _fill(
            self.base, self.cards, self.allowed, self.room, self.code, self.extra,
            self.petit_free, self.petit_owner, self.group, -1 if self.observation.taker is None else
            self.observation.taker, self.group_known, count, seed, out,
        )  # fmt: skip
        if failed:
            raise InconsistentObservation(f"{failed} of {count} samples could not be made")
        return out


def sample_deals(observation: Observation, count: int, seed: int) -> I8:
    """``count`` deals of the unseen cards consistent with ``observation`` (see
    :class:`Sampler`)."""
    return Sampler(observation).sample(count, seed)


def partners_of(observation: Observation, owners: I8) -> I64:
    """The taker's partner in each sample (5 players: the holder of the called card,
    unless the taker holds it or it is in the chien), -1 for none."""
    obs = observation
    count = owners.shape[0]
    if obs.partner is not None or obs.called is None:
        value = -1 if obs.partner is None or obs.partner == obs.taker else obs.partner
        return np.full(count, value, dtype=np.int64)
    holders = owners[:, int(obs.called)].astype(np.int64)
    holders[(holders == obs.taker) | (holders >= obs.players)] = -1
    return holders
