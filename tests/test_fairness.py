"""The verifiable deal (atout.fairness): the derivation as written down, its
uniformity, the records' ``fairness`` field, ``verify_game`` and ``atout verify``."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from math import comb
from pathlib import Path
from typing import Any

import pytest
from scipy.stats import chisquare

from atout import fairness
from atout.dealing import Deal, Operation, Phase, count_chien_placements
from atout.errors import AtoutError, IllegalActionError, InvalidRecordError
from atout.fairness import (
    Derivation,
    check_contribution,
    commitment,
    deal_following,
    derive,
    derived_cut,
    new_contribution,
    new_secret,
    verify_donne,
    verify_game,
)
from atout.record import donne_fairness, game_record, loads_game
from atout.table import Rules, Variant
from tests.cli_helpers import run
from tests.fairness_helpers import fair_match, finish_deal

P_MIN = 0.001
FFT = Rules()
CONSECUTIVE = Rules(consecutive_chien_cards=True)
BOTH_RULES = pytest.mark.parametrize("rules", [FFT, CONSECUTIVE], ids=["D8", "D8-consecutive"])
PLAYERS = pytest.mark.parametrize("players", [3, 4, 5])


# -- a second implementation, written from the module's description ------------------------


def reference_derive(
    secret: bytes, contributions: list[tuple[int, bytes]], players: int, consecutive: bool
) -> tuple[list[int], list[int]]:
    """Steps 2–6 of atout.fairness's docstring, read literally."""

    def lp(b: bytes) -> bytes:
        return len(b).to_bytes(4, "big") + b

    material = lp(b"atout.fairness/1 deal") + lp(secret) + len(contributions).to_bytes(4, "big")
    for seat, value in sorted(contributions):
        material += seat.to_bytes(4, "big") + lp(value)
    key = hashlib.sha256(material).digest()
    stream = b"".join(hashlib.sha256(key + i.to_bytes(8, "big")).digest() for i in range(64))
    words = iter(int.from_bytes(stream[i : i + 4], "big") for i in range(0, len(stream), 4))

    def below(n: int) -> int:
        for x in words:
            if x < 2**32 - (2**32 % n):
                return x % n
        raise AssertionError("stream too short")  # pragma: no cover

    p = list(range(78))
    for i in range(77, 0, -1):
        j = below(i + 1)
        p[i], p[j] = p[j], p[i]
    variant = Variant.for_players(players)
    c, packets = variant.chien_size, variant.packet_count
    s = packets - 1 + (c - 1 if consecutive else 0)
    q = list(range(s))
    for i in range(c):
        j = i + below(s - i)
        q[i], q[j] = q[j], q[i]
    t = sorted(q[:c])
    return p, [t[i] - i + 1 if consecutive else t[i] + 1 for i in range(c)]


def random_inputs(rng: random.Random, players: int) -> tuple[bytes, list[tuple[int, bytes]]]:
    seats = rng.sample(range(players), rng.randint(0, players))
    return rng.randbytes(32), [(s, rng.randbytes(rng.randint(16, 64))) for s in seats]


@PLAYERS
@BOTH_RULES
def test_D4_D8_derivation_is_the_one_written_down(players: int, rules: Rules) -> None:
    rng = random.Random(players * 10 + rules.consecutive_chien_cards)
    variant = Variant.for_players(players)
    for _ in range(200):
        secret, values = random_inputs(rng, players)
        got = derive(secret, values, variant, rules)
        want = reference_derive(secret, values, players, rules.consecutive_chien_cards)
        assert (list(got.permutation), list(got.gaps)) == want


def test_commitment_is_the_sha256_written_down() -> None:
    secret = bytes(range(32))
    data = (27).to_bytes(4, "big") + b"atout.fairness/1 commitment" + (32).to_bytes(4, "big")
    assert commitment(secret) == hashlib.sha256(data + secret).hexdigest()
    assert commitment(secret) != commitment(bytes(32))
    assert len(commitment(secret)) == 64 and commitment(secret) == commitment(secret).lower()


def test_derivation_is_pinned() -> None:
    """A fixed vector: the derivation never changes under a record already published
    (the browser test checks fairness.js against the same)."""
    d = derive(bytes(32), [(1, b"\x01" * 16), (3, b"\xff" * 64)], Variant.for_players(4), FFT)
    digest = hashlib.sha256(bytes(d.permutation) + bytes(d.gaps)).hexdigest()
    assert d.permutation[:8] == (26, 58, 43, 71, 24, 62, 53, 41)
    assert d.gaps == (2, 4, 15, 18, 20, 23)
    assert digest[:16] == "5509368af9e3b86d"


def test_new_values_are_fresh_and_of_the_right_size() -> None:
    secrets_ = {new_secret() for _ in range(50)}
    assert len(secrets_) == 50 and {len(s) for s in secrets_} == {32}
    values = {new_contribution() for _ in range(50)}
    assert len(values) == 50 and all(check_contribution(v.hex()) == v for v in values)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("ab" * 15, "a text of 30 characters"),
        ("ab" * 65, "a text of 130 characters"),
        ("AB" * 16, "the character 'A'"),
        ("ab" * 16 + "a", "an odd number of hex digits"),
        ("zz" * 16, "the character 'z'"),
        (b"ab" * 16, "a bytes, not a text"),
        (None, "a NoneType, not a text"),
    ],
)
def test_D4_check_contribution_refuses_malformed_values(text: Any, why: str) -> None:
    with pytest.raises(IllegalActionError, match=r"^D4: a contribution") as error:
        check_contribution(text)
    assert why in str(error.value) and "\n" not in str(error.value)


def test_check_contribution_accepts_16_to_64_bytes() -> None:
    assert check_contribution("0f" * 16) == b"\x0f" * 16
    assert check_contribution("ab" * 64) == b"\xab" * 64


def test_D4_derive_refuses_bad_inputs() -> None:
    v = Variant.for_players(3)
    with pytest.raises(IllegalActionError, match="D4: .*32 bytes"):
        derive(bytes(31), [], v, FFT)
    with pytest.raises(IllegalActionError, match="D4: seat 1 contributes twice"):
        derive(bytes(32), [(1, bytes(16)), (1, bytes(16))], v, FFT)
    with pytest.raises(IllegalActionError, match=r"D4: a contribution comes from a seat 0 … 2"):
        derive(bytes(32), [(3, bytes(16))], v, FFT)
    with pytest.raises(IllegalActionError, match="D4: seat 0's contribution is 16 to 64"):
        derive(bytes(32), [(0, bytes(15))], v, FFT)


# -- determinism, and every value counts ----------------------------------------------------


def test_same_values_same_deal_in_any_order() -> None:
    v = Variant.for_players(4)
    values = [(0, b"a" * 16), (2, b"b" * 32), (3, b"c" * 20)]
    first = derive(bytes(32), values, v, FFT)
    assert derive(bytes(32), values[::-1], v, FFT) == first
    assert derive(bytes(32), [values[1], values[0], values[2]], v, FFT) == first


def test_every_value_changes_the_deal() -> None:
    v = Variant.for_players(4)
    secret = bytes(range(32))
    values = [(0, bytes(16)), (1, b"\x01" * 16), (3, b"\x02" * 32)]
    honest = derive(secret, values, v, FFT)
    changed: list[tuple[bytes, list[tuple[int, bytes]]]] = [
        (secret[:-1] + b"\x20", values),  # the secret's last byte
        (secret, []),  # no contributions
        (secret, values[:2]),  # one left out
        (secret, [(2, values[2][1]), *values[:2]]),  # the same value from another seat
        (secret, [*values[:2], (3, values[2][1] + b"\x00")]),  # one byte longer
    ]
    for i in range(len(values)):  # one bit of each contribution
        value = bytearray(values[i][1])
        value[5] ^= 0x10
        changed.append((secret, [*values[:i], (values[i][0], bytes(value)), *values[i + 1 :]]))
    deals = [derive(s, c, v, FFT) for s, c in changed]
    assert all(d.permutation != honest.permutation for d in deals)
    assert len({d.permutation for d in deals}) == len(deals)
    # the cut's stream is another one: its cut changes with each value too
    cuts = {derived_cut(s, c, 4) for s, c in [(secret, values), *changed]}
    assert len(cuts) >= len(changed) - 2 and cuts <= set(range(4, 75))


def test_lengths_are_prefixed_so_values_cannot_shift() -> None:
    """Moving a byte from one contribution to the next changes the deal (``lp``)."""
    v = Variant.for_players(4)
    a = derive(bytes(32), [(0, b"x" * 17), (1, b"y" * 16)], v, FFT)
    b = derive(bytes(32), [(0, b"x" * 16), (1, b"x" + b"y" * 16)], v, FFT)
    assert a.permutation != b.permutation


# -- uniformity ---------------------------------------------------------------------------------


class _Words(fairness._Stream):
    """A stream of given words, to check the rejection sampling exactly."""

    def __init__(self, words: list[int]) -> None:
        self.words = iter(words)

    def word(self) -> int:
        return next(self.words)


def test_below_rejects_the_biased_top_of_the_range_exactly() -> None:
    top = 2**32 - 1
    assert _Words([top, top - 1]).below(3) == (top - 1) % 3  # 2**32 ≡ 1 (mod 3): top rejected
    assert _Words([top]).below(2) == 1  # 2 divides 2**32: nothing rejected
    limit = 2**32 - 2**32 % 78
    assert _Words([limit, limit + 5, limit - 1]).below(78) == (limit - 1) % 78
    # every residue has exactly the same number of accepted words
    for n in (3, 5, 7, 71, 78):
        accepted = 2**32 - 2**32 % n
        assert accepted % n == 0


def test_D4_shuffle_is_uniform_card_by_position() -> None:
    """Each card reaches each position equally often (chi-square over 78 × 78 cells)."""
    rng = random.Random(11)
    v = Variant.for_players(4)
    counts = [[0] * 78 for _ in range(78)]
    draws = 60_000
    for _ in range(draws):
        perm = derive(rng.randbytes(32), [], v, FFT).permutation
        for position, card in enumerate(perm):
            counts[position][card] += 1
    cells = [c for row in counts for c in row]
    assert chisquare(cells).pvalue > P_MIN
    # positions paired: the first two cards are a uniform ordered pair
    pairs = Counter(derive(rng.randbytes(32), [], v, FFT).permutation[:2] for _ in range(60_000))
    full = [pairs.get((a, b), 0) for a in range(78) for b in range(78) if a != b]
    assert chisquare(full).pvalue > P_MIN


@BOTH_RULES
def test_D8_chien_placement_is_uniform_among_the_legal_ones_5p(rules: Rules) -> None:
    """Every one of the count_chien_placements placements, equally often."""
    v = Variant.for_players(5)
    rng = random.Random(5)
    draws = 40_000
    seen = Counter(derive(rng.randbytes(32), [], v, rules).gaps for _ in range(draws))
    total = count_chien_placements(v, rules)
    assert total == (comb(26, 3) if rules.consecutive_chien_cards else comb(24, 3))
    for gaps in seen:
        fairness._check_gaps(v, rules, gaps)  # every one legal (D8)
    assert len(seen) == total  # every legal one reached
    assert chisquare([seen.get(g, 0) for g in _placements(v, rules)]).pvalue > P_MIN


def _placements(v: Variant, rules: Rules) -> list[tuple[int, ...]]:
    from itertools import combinations, combinations_with_replacement

    pick = combinations_with_replacement if rules.consecutive_chien_cards else combinations
    return list(pick(range(1, v.packet_count), v.chien_size))


@pytest.mark.parametrize("players", [3, 4])
@BOTH_RULES
def test_D8_first_chien_gap_follows_the_exact_law(players: int, rules: Rules) -> None:
    """3 and 4 players have too many placements to count each: the first gap's law."""
    v = Variant.for_players(players)
    rng = random.Random(players)
    draws = 30_000
    seen = Counter(derive(rng.randbytes(32), [], v, rules).gaps[0] for _ in range(draws))
    gaps, c = v.packet_count - 1, v.chien_size
    total = count_chien_placements(v, rules)

    def after(g: int) -> int:  # placements whose first gap is g
        if rules.consecutive_chien_cards:
            return comb(gaps - g + 1 + c - 2, c - 1)
        return comb(gaps - g, c - 1)

    assert sum(after(g) for g in range(1, gaps + 1)) == total
    cells = [(seen.get(g, 0), draws * after(g) / total) for g in range(1, gaps + 1)]
    cells = [cell for cell in cells if cell[1] >= 5] + [
        (sum(s for s, e in cells if e < 5), sum(e for _, e in cells if e < 5))
    ]
    observed, expected = zip(*[cell for cell in cells if cell[1] > 0], strict=True)
    assert chisquare(observed, [e * sum(observed) / sum(expected) for e in expected]).pvalue > P_MIN


def test_D5_derived_cut_is_uniform() -> None:
    rng = random.Random(3)
    cuts = Counter(derived_cut(rng.randbytes(32), [], 4) for _ in range(30_000))
    assert set(cuts) == set(range(4, 75))
    assert chisquare([cuts[k] for k in range(4, 75)]).pvalue > P_MIN


# -- dealing by the gaps --------------------------------------------------------------------


@PLAYERS
@BOTH_RULES
def test_D6_D8_deal_following_deals_what_deal_whole_deals(players: int, rules: Rules) -> None:
    v = Variant.for_players(players)
    rng = random.Random(players)
    for dealer in range(players):
        d = derive(rng.randbytes(32), [(0, rng.randbytes(16))], v, rules)
        k = rng.randint(4, 74)
        stepped = Deal(v, rules, dealer)
        stepped.shuffle(permutation=d.permutation)
        stepped.cut(k)
        steps = list(deal_following(stepped, d.gaps))
        assert len(steps) == v.packet_count + v.chien_size
        finish_deal(stepped)
        whole = Deal(v, rules, dealer)
        whole.deal_whole(d.permutation, k, d.gaps)
        assert stepped == whole
        assert stepped.operations == whole.operations


def test_deal_following_yields_one_step_at_a_time_and_resumes() -> None:
    v = Variant.for_players(4)
    d = derive(bytes(32), [], v, FFT)
    deal = Deal(v, FFT, 0)
    deal.shuffle(permutation=d.permutation)
    deal.cut(10)
    steps = deal_following(deal, d.gaps)
    next(steps)
    next(steps)
    assert len(deal.operations) == 3 + 2  # dealer chosen, shuffle, cut, two steps
    rest = list(deal_following(deal, d.gaps))  # a new generator goes on from there
    assert len(rest) == 30 - 2 and deal.phase is Phase.SHOW_CHIEN
    with pytest.raises(IllegalActionError, match="^D6: dealing is not possible now"):
        list(deal_following(deal, d.gaps))


def test_D8_deal_following_refuses_other_gaps_and_illegal_ones() -> None:
    v = Variant.for_players(4)
    d = derive(bytes(32), [], v, FFT)
    deal = Deal(v, FFT, 0)
    deal.shuffle(permutation=d.permutation)
    deal.cut(10)
    for _ in zip(range(12), deal_following(deal, d.gaps), strict=False):
        pass
    other = (1, 2, 3, 21, 22, 23)
    with pytest.raises(IllegalActionError, match="^D8: what was dealt so far does not follow"):
        next(deal_following(deal, other))
    for bad in [(0, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 24), (1, 1, 2, 3, 4, 5), (2, 1, 3, 4, 5, 6)]:
        with pytest.raises(IllegalActionError, match="^D8: a chien placement is 6 sorted"):
            next(deal_following(deal, bad))
    assert isinstance(next(deal_following(deal, d.gaps)), Operation)  # the right one goes on


def test_deal_following_stops_when_a_fault_voids_the_deal() -> None:
    v = Variant.for_players(4)
    d = derive(bytes(32), [], v, FFT)
    deal = Deal(v, FFT, 0)
    deal.shuffle(permutation=d.permutation)
    deal.cut(10)
    dealt = 0
    for _ in deal_following(deal, d.gaps):
        dealt += 1
        if dealt == 5:
            deal.record_fault("misdeal", 0, None)
    assert dealt == 5 and deal.phase is Phase.VOID


# -- records ------------------------------------------------------------------------------------


def test_record_round_trip_keeps_the_fairness_field() -> None:
    record, given = fair_match(4, donnes=3, seed=2, without=(2,))
    text = json.dumps(record)
    donnes, data = loads_game(text)
    assert donne_fairness(data) == given
    assert "fairness" not in record["donnes"][1] and list(record["donnes"][0])[:2] == [
        "deal",
        "fairness",
    ]
    again = game_record(donnes, data["seats"], data["seed"], fairness=donne_fairness(data))
    assert json.dumps(again) == text
    without = game_record(donnes, data["seats"], data["seed"])  # existing calls: no field
    assert all("fairness" not in d for d in without["donnes"])


def test_game_record_wants_one_fairness_entry_per_donne() -> None:
    record, given = fair_match(3, donnes=2, seed=4)
    donnes, data = loads_game(json.dumps(record))
    with pytest.raises(InvalidRecordError, match="fairness: one entry per donne, 2, got 1"):
        game_record(donnes, data["seats"], fairness=given[:1])
    first = given[0]
    assert first is not None
    with pytest.raises(InvalidRecordError, match="fairness.secret"):
        game_record(donnes, data["seats"], fairness=[first | {"secret": "00"}, None])


def _with(record: dict[str, Any], change: dict[str, Any]) -> str:
    copy = json.loads(json.dumps(record))
    entry = copy["donnes"][0]
    for key, value in change.items():
        if value is _DELETE:
            del entry["fairness"][key]
        elif key == "fairness":
            entry["fairness"] = value
        else:
            entry["fairness"][key] = value
    return json.dumps(copy)


_DELETE = object()
HEX64 = "ab" * 32


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"fairness": None}, r"fairness: a fairness object is a JSON object, got None; leave"),
        ({"fairness": []}, r"fairness: a fairness object is a JSON object"),
        ({"commitment": "AB" * 32}, r"fairness.commitment: a SHA-256 commitment is 32 bytes in"),
        ({"commitment": "ab" * 31}, r"fairness.commitment: a SHA-256 commitment is 32 bytes"),
        ({"commitment": 7}, r"fairness.commitment: .* got 7 \(D4\)"),
        ({"secret": "ab" * 16}, r"fairness.secret: the secret is 32 bytes in lowercase hex"),
        ({"secret": " " + HEX64[1:]}, r"fairness.secret: the secret is 32 bytes"),
        ({"contributions": {}}, r"fairness.contributions: contributions is a JSON list"),
        ({"contributions": [[0, HEX64]] * 5}, r"fairness.contributions: 5 entries, at most 4"),
        (
            {"contributions": [[4, HEX64]]},
            r"fairness.contributions\[0\]\[0\]: 4 is not a seat: seats are",
        ),
        (
            {"contributions": [[True, HEX64]]},
            r"fairness.contributions\[0\]\[0\]: expected an integer seat",
        ),
        (
            {"contributions": [[2, HEX64], [0, HEX64]]},
            r"fairness.contributions\[1\]\[0\]: the contributions in incr",
        ),
        (
            {"contributions": [[1, HEX64], [1, HEX64]]},
            r"fairness.contributions\[1\]\[0\]: the contributions in incr",
        ),
        (
            {"contributions": [[1, "ab" * 15]]},
            r"fairness.contributions\[0\]\[1\]: a contribution is 16 to 64 bytes",
        ),
        (
            {"contributions": [[1, "ab" * 65]]},
            r"fairness.contributions\[0\]\[1\]: a contribution is 16 to 64 bytes",
        ),
        (
            {"contributions": [[1]]},
            r"fairness.contributions\[0\]: each contribution is \[seat, hex\]",
        ),
        ({"contributions": _DELETE}, r"fairness.contributions: missing from a fairness object"),
        ({"secret": _DELETE}, r"fairness.secret: missing from a fairness object"),
        ({"salt": 1}, r"fairness.salt: not a field of a fairness object"),
        ({"derived_cut": 1}, r"fairness.derived_cut: true or false, got 1 \(D5\)"),
    ],
)
def test_record_refuses_a_malformed_fairness_field(change: dict[str, Any], message: str) -> None:
    record, _ = fair_match(4, donnes=1, seed=3)
    with pytest.raises(InvalidRecordError, match=r"^donne 1: " + message):
        loads_game(_with(record, change))


def test_record_reads_a_fairness_field_that_does_not_verify() -> None:
    """Form is the reader's business, matching the deal is verify's: a wrong secret reads."""
    record, _ = fair_match(4, donnes=1, seed=3)
    loads_game(_with(record, {"secret": HEX64, "derived_cut": False}))
    loads_game(_with(record, {"secret": None}))


# -- verification ---------------------------------------------------------------------------


@PLAYERS
@BOTH_RULES
def test_verify_game_verifies_honest_deals(players: int, rules: Rules) -> None:
    record, _ = fair_match(players, donnes=3, seed=players, rules=rules, without=(3,))
    verdicts = verify_game(json.dumps(record), rules)
    assert [v.status for v in verdicts] == ["verified", "verified", "unverifiable"]
    assert verdicts[0].line().startswith("donne 1: verified — commitment ")
    assert verdicts[0].line().endswith("…, 2 contributions (seats 0, 2)")
    assert verdicts[2].line() == "donne 3: not verifiable: no commitment"
    assert verdicts[0].commitment == record["donnes"][0]["fairness"]["commitment"]


def _swap(i: int, j: int) -> Any:
    def cheat(d: Derivation) -> Derivation:
        p = list(d.permutation)
        p[i], p[j] = p[j], p[i]
        return Derivation(tuple(p), d.gaps)

    return cheat


def test_verify_catches_a_server_that_dealt_another_shuffle() -> None:
    record, _ = fair_match(4, donnes=2, seed=7, cheat={2: _swap(5, 40)})
    verdicts = verify_game(json.dumps(record))
    assert verdicts[0].ok and verdicts[1].status == "failed"
    line = verdicts[1].line()
    assert line.startswith(
        "donne 2: NOT VERIFIED — shuffled order differs from the derived one at position 5 "
        "(shuffled[5] is "
    )


def test_verify_catches_a_server_that_moved_the_chien() -> None:
    def cheat(d: Derivation) -> Derivation:
        return Derivation(d.permutation, (1, 2, 3, 21, 22, 23)[: len(d.gaps)])

    record, _ = fair_match(4, donnes=1, seed=8, cheat={1: cheat})
    (verdict,) = verify_game(json.dumps(record))
    assert verdict.status == "failed"
    assert "the derived chien placement [" in verdict.text and verdict.text.endswith("(D8)")


@pytest.mark.parametrize(
    ("change", "text"),
    [
        ({"secret": HEX64}, "NOT VERIFIED — the revealed secret does not match the commitment"),
        ({"commitment": HEX64}, "NOT VERIFIED — the revealed secret does not match the commitment"),
        ({"secret": None}, "NOT VERIFIED — the secret was not revealed"),
        ({"contributions": [[0, HEX64], [2, HEX64]]}, "NOT VERIFIED — shuffled order differs"),
        ({"contributions": []}, "NOT VERIFIED — shuffled order differs"),
        ({"contributions": [[1, "x"]]}, None),  # refused by the reader
    ],
)
def test_verify_catches_changed_fairness_data(change: dict[str, Any], text: str | None) -> None:
    record, _ = fair_match(4, donnes=1, seed=9)
    if text is None:
        with pytest.raises(InvalidRecordError):
            verify_game(_with(record, change))
        return
    (verdict,) = verify_game(_with(record, change))
    assert verdict.status == "failed" and verdict.text.startswith(text)


def test_verify_catches_contributions_given_to_other_seats() -> None:
    """A server that swaps which seat gave which value deals another deal."""
    record, given = fair_match(4, donnes=1, seed=10)
    (a, b) = given[0]["contributions"]  # type: ignore[index]
    swapped = [[a[0], b[1]], [b[0], a[1]]]
    (verdict,) = verify_game(_with(record, {"contributions": swapped}))
    assert verdict.status == "failed"


def test_D5_derived_cut_is_checked_when_claimed() -> None:
    record, given = fair_match(4, donnes=1, seed=12)
    (verdict,) = verify_game(_with(record, {"derived_cut": True}))
    fair = given[0]
    assert fair is not None
    cut = derived_cut(
        bytes.fromhex(fair["secret"]),
        [(s, bytes.fromhex(v)) for s, v in fair["contributions"]],
        4,
    )
    if cut == record["donnes"][0]["deal"]["cut"]:  # pragma: no cover - 1 in 71
        assert verdict.ok
    else:
        assert verdict.text == (
            f"NOT VERIFIED — the cut is {record['donnes'][0]['deal']['cut']}, the derivation "
            f"gives {cut} (D5)"
        )


def test_verify_checks_a_deal_stopped_by_a_misdeal_as_far_as_it_went() -> None:
    record, _ = fair_match(4, donnes=3, seed=15, misdeal=(1,))
    assert record["donnes"][0]["void"] == "misdeal"
    assert len(record["donnes"][0]["deal"]["sequence"]) == 5
    assert [v.status for v in verify_game(json.dumps(record))] == ["verified"] * 3

    def cheat(d: Derivation) -> Derivation:
        return Derivation(d.permutation, (1, 2, 3, 4, 5, 6))

    record, _ = fair_match(4, donnes=1, seed=15, misdeal=(1,), cheat={1: cheat})
    (verdict,) = verify_game(json.dumps(record))
    assert verdict.status == "failed" and verdict.text.endswith("(D8)")


def test_verify_says_when_no_person_contributed() -> None:
    record, _ = fair_match(5, donnes=1, seed=14, humans=())
    (verdict,) = verify_game(json.dumps(record))
    assert verdict.ok and verdict.text.endswith(
        "…, 0 contributions (the server's secret alone chose this deal)"
    )


def test_verify_donne_a_deal_that_stopped_before_the_shuffle() -> None:
    record, given = fair_match(4, donnes=1, seed=13)
    deal = dict(record["donnes"][0]["deal"], shuffled=None, cut=None, sequence=[])
    verdict = verify_donne(deal, given[0], 4)
    assert verdict.ok and verdict.text.endswith("(the deal stopped before the shuffle)")
    assert verdict.line().startswith("donne 4: verified")


# -- atout verify -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("verify")
    honest, _ = fair_match(4, donnes=3, seed=21, without=(2,))
    cheated, _ = fair_match(4, donnes=2, seed=22, cheat={2: _swap(5, 70)})
    none, _ = fair_match(3, donnes=1, seed=23, without=(1,))
    paths = {}
    for name, record in [("honest", honest), ("cheated", cheated), ("none", none)]:
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(record), encoding="utf-8")
    paths["bad"] = folder / "bad.json"
    paths["bad"].write_text('{"format": "atout.game/1"', encoding="utf-8")
    paths["latin"] = folder / "latin.json"
    paths["latin"].write_bytes('{"seats": ["Léa"]}'.encode("latin-1"))
    return paths


def test_cli_verify_honest_record(capsys: pytest.CaptureFixture[str], records: Any) -> None:
    code, out, err = run(capsys, "verify", str(records["honest"]))
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert lines[0].startswith("donne 1: verified — commitment ") and "2 contributions" in lines[0]
    assert lines[1] == "donne 2: not verifiable: no commitment"
    assert lines[2].startswith("donne 3: verified")
    assert lines[3] == "2 of 3 donnes verified, 0 not verified, 1 without a commitment."


def test_cli_verify_cheated_record(capsys: pytest.CaptureFixture[str], records: Any) -> None:
    code, out, err = run(capsys, "verify", str(records["cheated"]))
    assert code == 1 and err == ""
    assert out.splitlines()[1].startswith(
        "donne 2: NOT VERIFIED — shuffled order differs from the derived one at position 5"
    )


def test_cli_verify_json(capsys: pytest.CaptureFixture[str], records: Any) -> None:
    code, out, _ = run(capsys, "verify", "--json", str(records["cheated"]))
    data = json.loads(out)
    assert code == 1 and data["ok"] is False and data["failed"] == 1 and data["verified"] == 1
    assert [v["status"] for v in data["verdicts"]] == ["verified", "failed"]
    assert data["verdicts"][0]["contributions"] == [0, 2] and data["verdicts"][0]["donne"] == 1
    code, out, _ = run(capsys, "verify", "--json", str(records["honest"]))
    assert code == 0 and json.loads(out)["ok"] is True


def test_cli_verify_stdin(
    capsys: pytest.CaptureFixture[str], records: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    text = records["honest"].read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text)))
    code, out, _ = run(capsys, "verify", "-")
    assert code == 0 and out.startswith("donne 1: verified")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("none", r"^atout: .*none.json: no donne has a commitment: nothing to verify\n$"),
        ("bad", r"^atout: .*bad.json: not JSON \(.*\)\n$"),
        ("latin", r"^atout: .*latin.json: not UTF-8 text \(byte 13\); a record is JSON"),
        ("missing", r"^atout: error: .*missing: cannot read it \(No such file or directory\)\n$"),
        ("folder", r"^atout: error: .*: a folder; give a record file in it\n$"),
        ("", r"^atout: error: '': no such file"),
    ],
)
def test_cli_verify_unreadable_or_unverifiable_is_status_2(
    capsys: pytest.CaptureFixture[str], records: Any, name: str, message: str
) -> None:
    import re

    special = {
        "missing": str(records["honest"].parent / "missing"),
        "folder": str(records["honest"].parent),
        "": "",
    }
    path = special[name] if name in special else str(records[name])
    code, _, err = run(capsys, "verify", path)
    assert code == 2 and re.match(message, err), err
    assert "Traceback" not in err


def test_cli_verify_consecutive_chien_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record, _ = fair_match(5, donnes=2, seed=31, rules=CONSECUTIVE)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = run(capsys, "verify", "--consecutive-chien-cards", str(path))
    assert code == 0, out
    # read with the FFT default, the same values derive other gaps: not verified, or a
    # sequence the default rules refuse (two chien cards in a row) — never "verified"
    code, out, _ = run(capsys, "verify", str(path))
    assert code in (1, 2) and "verified —" not in out.replace("NOT VERIFIED —", "")


def test_errors_are_atout_errors() -> None:
    with pytest.raises(AtoutError):
        check_contribution("")


def test_D8_verify_takes_the_chien_setting_from_the_records_own_rules() -> None:
    from atout.session import Table, TableSettings

    rules = Rules(consecutive_chien_cards=True)
    seats = (None, "random", "random", "random")
    table = Table(TableSettings(players=4, deals=4, seats=seats, rules=rules), seed=5)
    while not table.is_over:
        donne = table.donne
        if donne is not None and donne.is_terminal():
            table.next_donne()
            continue
        table.act(table.bot_action(table.to_act()[0]))
    donnes = table.match.donnes
    fairness = [table.fairness(n) for n in range(1, len(donnes) + 1)]
    record = game_record(donnes, ["x"] * 4, None, fairness=fairness, rules=rules)
    assert all(v.status == "verified" for v in verify_game(json.dumps(record)))
    plain = game_record(donnes, ["x"] * 4, None, fairness=fairness)
    with pytest.raises(InvalidRecordError, match="D8"):  # two chien cards in a row
        verify_game(json.dumps(plain))
