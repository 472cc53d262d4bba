// The verifiable deal in the browser: the same derivation as atout/fairness.py
// (version "atout.fairness/1"), so that each player checks the deal he saw.
//
// A plain ES module, no build step, no dependency. It carries its own SHA-256
// (FIPS 180-4): crypto.subtle exists only on secure origins (https, localhost), and a
// table on a LAN is often plain http. Only crypto.getRandomValues is used, which every
// origin has.
//
// The derivation (see atout/fairness.py for the full text): u32/u64 are big-endian,
// lp(b) = u32(len(b)) || b, H = SHA-256.
//   commitment = hex(H(lp("atout.fairness/1 commitment") || lp(secret)))
//   material   = lp("atout.fairness/1 deal") || lp(secret) || u32(m)
//                || u32(seat) || lp(value)   for each contribution, by increasing seat
//   stream     = H(key || u64(0)) || H(key || u64(1)) || …   with key = H(material)
//   below(n)   = next u32 word x, rejected while x >= 2**32 - 2**32 % n; then x % n
//   shuffle    = Fisher–Yates on [0 … 77], i from 77 down to 1, j = below(i + 1)
//   chien gaps = partial Fisher–Yates choosing c of s slots, sorted, plus one
//                (stars and bars when two chien cards may follow each other)

const ENCODER = new TextEncoder();

// -- SHA-256, FIPS 180-4 -------------------------------------------------------------------

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

function rotr(x, n) {
  return (x >>> n) | (x << (32 - n));
}

/** SHA-256 of a Uint8Array (or a string, as UTF-8): a Uint8Array of 32 bytes. */
export function sha256(data) {
  const bytes = typeof data === "string" ? ENCODER.encode(data) : data;
  const length = bytes.length;
  // 5.1.1: append 0x80, zeros, then the length in bits as 64 bits, to a multiple of 64 bytes
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(bytes);
  padded[length] = 0x80;
  const bits = length * 8;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(padded.length - 4, bits >>> 0);
  const h = H0.slice();
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + 4 * t);
    for (let t = 16; t < 64; t++) {
      const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
      const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let t = 0; t < 64; t++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[t] + w[t]) >>> 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0] + a) >>> 0;
    h[1] = (h[1] + b) >>> 0;
    h[2] = (h[2] + c) >>> 0;
    h[3] = (h[3] + d) >>> 0;
    h[4] = (h[4] + e) >>> 0;
    h[5] = (h[5] + f) >>> 0;
    h[6] = (h[6] + g) >>> 0;
    h[7] = (h[7] + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(4 * i, h[i]);
  return out;
}

// -- bytes and hex -------------------------------------------------------------------------

export function toHex(bytes) {
  let text = "";
  for (const byte of bytes) text += byte.toString(16).padStart(2, "0");
  return text;
}

/** The bytes of lowercase hex text of `low` to `high` bytes; throws otherwise. */
export function fromHex(text, low = 0, high = Infinity, what = "a value") {
  if (
    typeof text !== "string" ||
    text.length % 2 !== 0 ||
    text.length < 2 * low ||
    text.length > 2 * high ||
    !/^[0-9a-f]*$/.test(text)
  ) {
    const size = low === high ? `${low}` : `${low} to ${high}`;
    throw new Error(`D4: ${what} is ${size} bytes in lowercase hex`);
  }
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function u32(n) {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

function u64(n) {
  const out = new Uint8Array(8);
  const view = new DataView(out.buffer);
  view.setUint32(0, Math.floor(n / 0x100000000));
  view.setUint32(4, n >>> 0);
  return out;
}

function lp(bytes) {
  return concat([u32(bytes.length), bytes]);
}

// -- the values ------------------------------------------------------------------------------

export const SECRET_BYTES = 32;
export const CONTRIBUTION_BYTES = [16, 64];
const COMMIT_LABEL = ENCODER.encode("atout.fairness/1 commitment");
const DEAL_LABEL = ENCODER.encode("atout.fairness/1 deal");
const CUT_LABEL = ENCODER.encode("atout.fairness/1 cut");

/** A contribution to the next deal: 32 random bytes from crypto.getRandomValues, as hex. */
export function newContribution() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return toHex(bytes);
}

/** The commitment to a secret (64 hex digits): what the server published before the deal. */
export function commitmentOf(secretHex) {
  const secret = fromHex(secretHex, SECRET_BYTES, SECRET_BYTES, "the secret");
  return toHex(sha256(concat([lp(COMMIT_LABEL), lp(secret)])));
}

// -- the derivation ----------------------------------------------------------------------------

/** 3, 4, 5 players: cards a packet, packets in the deal, chien cards (D7–D9). A copy of
 * atout.table.Variant's sizes, checked equal to them by tests/test_fairness_js.py. */
export const VARIANTS = {
  3: { packetSize: 4, packetCount: 18, chienSize: 6, handSize: 24 },
  4: { packetSize: 3, packetCount: 24, chienSize: 6, handSize: 18 },
  5: { packetSize: 3, packetCount: 25, chienSize: 3, handSize: 15 },
};

function variantOf(players) {
  const variant = VARIANTS[players];
  if (!variant) throw new Error(`D9: French Tarot is played by 3, 4 or 5 players, not ${players}`);
  return variant;
}

function material(label, secretHex, contributions, players) {
  const secret = fromHex(secretHex, SECRET_BYTES, SECRET_BYTES, "the secret");
  const sorted = [...contributions].sort((a, b) => a[0] - b[0]);
  const parts = [lp(label), lp(secret), u32(sorted.length)];
  let previous = -1;
  for (const [seat, value] of sorted) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= players) {
      throw new Error(`D4: a contribution comes from a seat 0 … ${players - 1}, not ${seat}`);
    }
    if (seat === previous) throw new Error(`D4: seat ${seat} contributes twice to the shuffle`);
    previous = seat;
    parts.push(u32(seat), lp(fromHex(value, ...CONTRIBUTION_BYTES, "a contribution")));
  }
  return concat(parts);
}

/** The SHA-256 counter-mode stream of u32 words (exported for the tests). */
export class Stream {
  constructor(bytes) {
    this.key = sha256(bytes);
    this.counter = 0;
    this.block = null;
    this.at = 32;
  }

  word() {
    if (this.at === 32) {
      this.block = new DataView(sha256(concat([this.key, u64(this.counter)])).buffer);
      this.counter += 1;
      this.at = 0;
    }
    const word = this.block.getUint32(this.at);
    this.at += 4;
    return word;
  }

  below(n) {
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const x = this.word();
      if (x < limit) return x % n;
    }
  }
}

/**
 * The shuffle and the chien placement the secret and the contributions decide:
 * {permutation: 78 positions (new pack[i] = old pack[permutation[i]]), gaps: sorted, the
 * number of packets dealt before each chien card}. `contributions` is [[seat, hex], …].
 */
export function derive(secretHex, contributions, players, consecutive = false) {
  const variant = variantOf(players);
  const stream = new Stream(material(DEAL_LABEL, secretHex, contributions, players));
  const permutation = Array.from({ length: 78 }, (_, i) => i);
  for (let i = 77; i > 0; i--) {
    const j = stream.below(i + 1);
    [permutation[i], permutation[j]] = [permutation[j], permutation[i]];
  }
  const c = variant.chienSize;
  const slots = variant.packetCount - 1 + (consecutive ? c - 1 : 0);
  const pool = Array.from({ length: slots }, (_, i) => i);
  for (let i = 0; i < c; i++) {
    const j = i + stream.below(slots - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const picks = pool.slice(0, c).sort((a, b) => a - b);
  const gaps = picks.map((p, i) => (consecutive ? p - i + 1 : p + 1));
  return { permutation, gaps };
}

/** The cut (D5) derived for a cutter who is a bot: 4 … 74. */
export function derivedCut(secretHex, contributions, players) {
  const stream = new Stream(material(CUT_LABEL, secretHex, contributions, players));
  return 4 + stream.below(71);
}

// -- the cards and the deal --------------------------------------------------------------------

/** The 78 cards in the canonical order of docs/reference/formats.md (the pack before every shuffle). */
export const CARDS = (() => {
  const ranks = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"];
  const cards = [];
  for (const suit of "SHDC") for (const rank of ranks) cards.push(rank + suit);
  for (let n = 1; n <= 21; n++) cards.push(`T${n}`);
  cards.push("EX");
  return cards;
})();

/**
 * The deal the derivation gives (D4–D9): the pack after the shuffle and the cut, then
 * packets of `packetSize` cards going round counter-clockwise from the dealer's right
 * neighbour, a chien card after packet g for each gap g. Returns {shuffled, pack,
 * hands, chien, sequence}, cards in the canonical form.
 *
 * A fast copy of the one layout of the deal, atout.table.Variant.deal_steps (D6–D8),
 * checked against it through tests/vectors/deal_layout.json (tests/test_fairness_js.py).
 */
export function dealOf({ permutation, gaps, cut, dealer, players }) {
  const variant = variantOf(players);
  const shuffled = permutation.map((i) => CARDS[i]);
  const pack = [...shuffled.slice(cut), ...shuffled.slice(0, cut)];
  const hands = Array.from({ length: players }, () => []);
  const chien = [];
  const sequence = [];
  let top = 0;
  for (let packet = 1; packet <= variant.packetCount; packet++) {
    const seat = (dealer + packet) % players;
    const cards = pack.slice(top, top + variant.packetSize);
    top += variant.packetSize;
    hands[seat].push(...cards);
    sequence.push({ to: seat, cards });
    for (const gap of gaps) {
      if (gap === packet) {
        chien.push(pack[top]);
        sequence.push({ to: "chien", cards: [pack[top]] });
        top += 1;
      }
    }
  }
  return { shuffled, pack, hands, chien, sequence };
}

function sameCards(a, b) {
  const x = [...a].sort();
  const y = [...b].sort();
  return x.length === y.length && x.every((card, i) => card === y[i]);
}

/**
 * Check, once the secret is revealed, the deal one seat saw: the secret matches the
 * commitment published before the deal; this seat's own contribution (when given) is
 * among those used; the cards the seat received are those the derivation gives with
 * the cut that was made; the chien too, when given (it is shown for a Prise or a Garde);
 * the cut, when the record says it was derived.
 * Returns {ok, problems: [one line each], hand, chien}: the expected cards.
 */
export function verifyDeal({
  commitment,
  secret,
  contributions,
  players,
  consecutive = false,
  cut,
  hand,
  seat,
  dealer,
  chien = null,
  contribution = null,
  derivedCut: cutDerived = false,
}) {
  const problems = [];
  let expected = null;
  try {
    if (secret === null || secret === undefined) {
      problems.push("the secret was not revealed");
    } else if (commitmentOf(secret) !== commitment) {
      problems.push("the revealed secret does not match the commitment");
    }
    if (contribution !== null) {
      const mine = contributions.find(([s]) => s === seat);
      if (!mine) problems.push(`seat ${seat}'s contribution was left out of the deal`);
      else if (mine[1] !== contribution) problems.push(`seat ${seat}'s contribution was changed`);
    }
    if (!problems.length) {
      const derivation = derive(secret, contributions, players, consecutive);
      if (cutDerived && cut !== derivedCut(secret, contributions, players)) {
        problems.push(`the cut is ${cut}, the derivation gives another one (D5)`);
      }
      expected = dealOf({ ...derivation, cut, dealer, players });
      const want = expected.hands[seat];
      if (!sameCards(hand, want)) {
        const missing = want.filter((card) => !hand.includes(card));
        const extra = hand.filter((card) => !want.includes(card));
        problems.push(
          `seat ${seat}'s hand differs from the derived one: ` +
            `received ${extra.join(" ") || "no card"} instead of ${missing.join(" ") || "no card"}` +
            (hand.length !== want.length ? ` (${hand.length} cards, not ${want.length})` : ""),
        );
      }
      if (chien !== null && !sameCards(chien, expected.chien)) {
        problems.push(`the chien differs from the derived one: ${expected.chien.join(" ")}`);
      }
    }
  } catch (error) {
    problems.push(String(error.message || error));
  }
  return {
    ok: problems.length === 0,
    problems,
    hand: expected ? expected.hands[seat] : null,
    chien: expected ? expected.chien : null,
  };
}
