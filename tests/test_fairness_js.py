"""web/static/fairness.js, run in Debian's chromium: its SHA-256 is SHA-256, and its
derivation and its check of a deal agree with atout.fairness for 3, 4 and 5 players
and both D8 settings."""

from __future__ import annotations

import functools
import hashlib
import http.server
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from atout.dealing import Deal
from atout.fairness import commitment, deal_following, derive, derived_cut
from atout.table import Rules, Variant
from tests.browser import ARGS, CHROMIUM, needs_chromium
from tests.fairness_helpers import finish_deal

STATIC = Path(__file__).resolve().parent.parent / "src" / "atout" / "web" / "static"

pytestmark = needs_chromium


class _Handler(http.server.SimpleHTTPRequestHandler):
    """The static folder, and an empty page at / to import the module from."""

    def do_GET(self) -> None:
        if self.path == "/":
            body = b"<!doctype html><meta charset=utf-8><title>fairness.js</title>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Handler, directory=str(STATIC))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
            try:
                tab = browser.new_page()
                errors: list[str] = []
                tab.on("pageerror", lambda error: errors.append(str(error)))
                tab.goto(f"http://127.0.0.1:{server.server_address[1]}/")
                tab.evaluate("async () => { window.F = await import('/fairness.js'); }")
                yield tab
                assert errors == []
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def js(page: Any, body: str, arg: Any = None) -> Any:
    """Evaluate ``body`` (an expression over ``F``, the module, and ``arg``)."""
    return page.evaluate(f"(arg) => {{ const F = window.F; return {body}; }}", arg)


def test_the_page_is_not_a_secure_context_and_needs_no_subtle(page: Any) -> None:
    """The module works where crypto.subtle may be missing: it never calls it."""
    source = (STATIC / "fairness.js").read_text(encoding="utf-8")
    assert "crypto.subtle" not in source.replace("crypto.subtle exists", "")
    assert "import " not in source.split("export", 1)[0].replace("// ", "")


@pytest.mark.parametrize(
    ("text", "digest"),
    [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
            "klmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
        ),
        ("a" * 1_000_000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ],
    ids=["empty", "abc", "448-bit", "896-bit", "million-a"],
)
def test_sha256_fips_180_vectors(page: Any, text: str, digest: str) -> None:
    if len(text) > 1000:  # sent as a count, not a megabyte of text
        assert js(page, "F.toHex(F.sha256('a'.repeat(arg)))", len(text)) == digest
    else:
        assert js(page, "F.toHex(F.sha256(arg))", text) == digest


def test_sha256_agrees_with_hashlib_on_every_padding_length(page: Any) -> None:
    rng = random.Random(1)
    blobs = [rng.randbytes(n) for n in [*range(0, 140), 191, 192, 255, 256, 1000, 4097]]
    got = js(page, "arg.map((h) => F.toHex(F.sha256(F.fromHex(h))))", [b.hex() for b in blobs])
    assert got == [hashlib.sha256(b).hexdigest() for b in blobs]


def test_commitment_agrees_with_python(page: Any) -> None:
    rng = random.Random(2)
    secrets_ = [rng.randbytes(32) for _ in range(50)]
    got = js(page, "arg.map(F.commitmentOf)", [s.hex() for s in secrets_])
    assert got == [commitment(s) for s in secrets_]


def _inputs(
    rng: random.Random, players: int, least: int = 0
) -> tuple[bytes, list[tuple[int, bytes]]]:
    seats = sorted(rng.sample(range(players), rng.randint(least, players)))
    values = [(s, rng.randbytes(rng.choice((16, 17, 32, 63, 64)))) for s in seats]
    rng.shuffle(values)  # any order: the derivation sorts by seat
    return rng.randbytes(32), values


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("consecutive", [False, True], ids=["D8", "D8-consecutive"])
def test_derive_agrees_with_python(page: Any, players: int, consecutive: bool) -> None:
    rng = random.Random(players * 2 + consecutive)
    variant, rules = Variant.for_players(players), Rules(consecutive_chien_cards=consecutive)
    cases = [_inputs(rng, players) for _ in range(150)]
    sent = [[s.hex(), [[seat, v.hex()] for seat, v in values]] for s, values in cases]
    got = js(
        page,
        f"arg.map(([s, c]) => [F.derive(s, c, {players}, {str(consecutive).lower()}), "
        f"F.derivedCut(s, c, {players})])",
        sent,
    )
    for (secret, values), (derivation, cut) in zip(cases, got, strict=True):
        want = derive(secret, values, variant, rules)
        assert derivation["permutation"] == list(want.permutation)
        assert derivation["gaps"] == list(want.gaps)
        assert cut == derived_cut(secret, values, players)


def test_below_rejects_the_biased_top_of_the_range_exactly(page: Any) -> None:
    """The same exact check as for Python: a word at or above 2**32 - 2**32 % n is
    rejected, below it taken mod n."""
    top = 2**32 - 1
    limit78 = 2**32 - 2**32 % 78
    cases = [([top, top - 1], 3), ([top], 2), ([limit78, limit78 + 5, limit78 - 1], 78)]
    got = js(
        page,
        """arg.map(([words, n]) => {
            const s = new F.Stream(new Uint8Array(0));
            s.word = () => words.shift();
            return s.below(n);
        })""",
        cases,
    )
    assert got == [(top - 1) % 3, 1, (limit78 - 1) % 78]


def test_derive_pinned_vector(page: Any) -> None:
    """The same fixed vector as tests/test_fairness.py."""
    got = js(page, "F.derive('00'.repeat(32), [[3, 'ff'.repeat(64)], [1, '01'.repeat(16)]], 4)")
    assert got["permutation"][:8] == [26, 58, 43, 71, 24, 62, 53, 41]
    assert got["gaps"] == [2, 4, 15, 18, 20, 23]


def test_canonical_cards_and_variants_agree_with_python(page: Any) -> None:
    from atout.cards import ALL_CARDS

    assert js(page, "F.CARDS") == [str(card) for card in ALL_CARDS]
    for players in (3, 4, 5):
        v = Variant.for_players(players)
        got = js(page, f"F.VARIANTS[{players}]")
        assert got == {
            "packetSize": v.packet_size,
            "packetCount": v.packet_count,
            "chienSize": v.chien_size,
            "handSize": v.hand_size,
        }


def test_deal_of_follows_the_deal_layout_vectors(page: Any) -> None:
    """``dealOf`` is a fast copy of the layout of the deal (D6–D8): for every vector of
    ``tests/vectors/deal_layout.json`` (generated from ``atout.table.Variant``), the same
    packets and chien cards in the same order, to the same hands."""
    from atout.cards import ALL_CARDS
    from tests.test_deal_layout import expected_hands, vectors

    for vector in vectors():
        players = vector["players"]
        for dealer, cut in ((0, 0), (players - 1, 33)):
            arg = {"gaps": vector["gaps"], "cut": cut, "dealer": dealer, "players": players}
            got = js(page, "F.dealOf({ ...arg, permutation: [...Array(78).keys()] })", arg)
            seat = {"chien": "chien"} | {h: (dealer + 1 + h) % players for h in range(players)}
            assert [step["to"] for step in got["sequence"]] == [seat[s] for s in vector["steps"]]
            pack = list(range(cut, 78)) + list(range(cut))
            hands, chien = expected_hands(vector, pack)
            names = [[str(ALL_CARDS[c]) for c in hand] for hand in hands]
            assert [got["hands"][(dealer + 1 + h) % players] for h in range(players)] == names
            assert got["chien"] == [str(ALL_CARDS[c]) for c in chien]


def _dealt(players: int, consecutive: bool, rng: random.Random) -> tuple[Deal, dict[str, Any], str]:
    """A deal made the way a table makes it, and what verifyDeal is given."""
    variant, rules = Variant.for_players(players), Rules(consecutive_chien_cards=consecutive)
    secret, values = _inputs(rng, players, least=1)
    dealer = rng.randrange(players)
    d = derive(secret, values, variant, rules)
    deal = Deal(variant, rules, dealer)
    deal.shuffle(permutation=d.permutation)
    k = rng.randint(4, 74)
    deal.cut(k)
    for _ in deal_following(deal, d.gaps):
        pass
    finish_deal(deal)
    facts = {
        "commitment": commitment(secret),
        "secret": secret.hex(),
        "contributions": [[s, v.hex()] for s, v in sorted(values)],
        "players": players,
        "consecutive": consecutive,
        "cut": k,
        "dealer": dealer,
    }
    return deal, facts, secret.hex()


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("consecutive", [False, True], ids=["D8", "D8-consecutive"])
def test_verify_deal_accepts_every_seat_of_an_honest_deal(
    page: Any, players: int, consecutive: bool
) -> None:
    rng = random.Random(10 * players + consecutive)
    checks = []
    for _ in range(8):
        deal, facts, _ = _dealt(players, consecutive, rng)
        chien = [str(c) for c in deal.chien_cards]
        for seat in range(players):
            hand = [str(c) for c in deal.received[seat]]
            mine = next((v for s, v in facts["contributions"] if s == seat), None)
            checks.append(
                facts | {"seat": seat, "hand": hand, "chien": chien, "contribution": mine}
            )
    got = js(page, "arg.map((a) => F.verifyDeal(a))", checks)
    for check, verdict in zip(checks, got, strict=True):
        assert verdict["ok"], verdict["problems"]
        assert sorted(verdict["hand"]) == sorted(check["hand"])
        assert verdict["chien"] == check["chien"]


def test_verify_deal_catches_what_differs(page: Any) -> None:
    rng = random.Random(99)
    deal, facts, _ = _dealt(4, False, rng)
    seat = 1
    hand = [str(c) for c in deal.received[seat]]
    mine = next((v for s, v in facts["contributions"] if s == seat), None)
    base = facts | {"seat": seat, "hand": hand, "contribution": mine}
    changed = [list(c) for c in facts["contributions"]]
    changed[0][1] = ("0" if changed[0][1][0] != "0" else "1") + changed[0][1][1:]
    cut = derived_cut(
        bytes.fromhex(facts["secret"]),
        [(s, bytes.fromhex(v)) for s, v in facts["contributions"]],
        4,
    )
    cases: dict[str, dict[str, Any]] = {
        "wrong secret": base | {"secret": "ab" * 32},
        "no secret": base | {"secret": None},
        "bad secret": base | {"secret": "AB" * 32},
        "other cut": base | {"cut": facts["cut"] % 70 + 5},
        "other dealer": base | {"dealer": (facts["dealer"] + 1) % 4},
        "changed contribution": base | {"contributions": changed},
        "contribution left out": base | {"contributions": facts["contributions"][1:]},
        "my contribution changed": base | {"contribution": "11" * 32},
        "wrong chien": base | {"chien": hand[:6]},
        "swapped card": base | {"hand": [*hand[:-1], str(deal.chien_cards[0])]},
        "consecutive": base | {"consecutive": True},
        "derived cut": base | {"derivedCut": True, "cut": cut + 1 if cut < 74 else cut - 1},
    }
    each = "Object.fromEntries(Object.entries(arg).map(([k, a]) => [k, F.verifyDeal(a)]))"
    got = js(page, each, cases)
    assert js(page, "F.verifyDeal(arg).ok", base) is True
    expected = {
        "wrong secret": "the revealed secret does not match the commitment",
        "no secret": "the secret was not revealed",
        "bad secret": "D4: the secret is 32 bytes in lowercase hex",
        "other cut": f"seat {seat}'s hand differs from the derived one",
        "other dealer": f"seat {seat}'s hand differs from the derived one",
        "changed contribution": f"seat {seat}'s hand differs from the derived one",
        "contribution left out": f"seat {seat}'s hand differs from the derived one",
        "my contribution changed": f"seat {seat}'s contribution was",
        "wrong chien": "the chien differs from the derived one",
        "swapped card": f"seat {seat}'s hand differs from the derived one: received ",
        "consecutive": f"seat {seat}'s hand differs from the derived one",
        "derived cut": "the cut is",
    }
    for name, start in expected.items():
        verdict = got[name]
        assert not verdict["ok"], name
        assert any(p.startswith(start) for p in verdict["problems"]), (name, verdict)


def test_new_contribution_is_random_hex_python_accepts(page: Any) -> None:
    from atout.fairness import check_contribution

    values = js(page, "Array.from({length: 20}, () => F.newContribution())")
    assert len(set(values)) == 20
    assert all(len(check_contribution(v)) == 32 for v in values)
