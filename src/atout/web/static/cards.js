// Cards in the canonical notation of docs/reference/formats.md (KS, 10H, 1S, T21, EX), shown the way
// atout.cards.Card.display shows them: French R D C V, English K Q N J, trumps as
// their number, the Excuse "Ex".
import { lang } from "./i18n.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_ORDER = "SHCD"; // as players hold them: the colours alternate
const RANKS = {
  fr: { J: "V", N: "C", Q: "D", K: "R" },
  en: { J: "J", N: "N", Q: "Q", K: "K" },
};
const RANK_VALUE = { J: 11, N: 12, Q: 13, K: 14 };
const NAMES = {
  fr: {
    suits: { S: "Pique", H: "Cœur", D: "Carreau", C: "Trèfle" },
    ranks: { 1: "As", J: "Valet", N: "Cavalier", Q: "Dame", K: "Roi" },
    of: (rank, suit) => `${rank} de ${suit}`,
    trump: (n) => (n === 1 ? "Petit" : `Atout ${n}`),
    excuse: "Excuse",
  },
  en: {
    suits: { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs" },
    ranks: { 1: "Ace", J: "Jack", N: "Knight", Q: "Queen", K: "King" },
    of: (rank, suit) => `${rank} of ${suit}`,
    trump: (n) => (n === 1 ? "Petit (trump 1)" : `Trump ${n}`),
    excuse: "Excuse",
  },
};

/** {kind: "trump"|"excuse"|"suit", rank (number), suit ("S"…), letter} */
export function parse(code) {
  if (code === "EX") return { kind: "excuse", rank: 0, suit: null, letter: null };
  if (code[0] === "T") return { kind: "trump", rank: Number(code.slice(1)), suit: null, letter: null };
  const suit = code.slice(-1);
  const letter = code.slice(0, -1);
  const rank = RANK_VALUE[letter] || Number(letter);
  return { kind: "suit", rank, suit, letter };
}

export const isTrump = (code) => code[0] === "T";
export const isExcuse = (code) => code === "EX";
export const isKing = (code) => code.length === 2 && code[0] === "K";
export const isBout = (code) => code === "T1" || code === "T21" || code === "EX";

/** The short form: "19", "R♠" (fr) / "K♠" (en), "Ex". */
export function display(code, language = lang) {
  const c = parse(code);
  if (c.kind === "excuse") return "Ex";
  if (c.kind === "trump") return String(c.rank);
  const rank = RANKS[language === "fr" ? "fr" : "en"][c.letter] || c.letter;
  return rank + SUITS[c.suit];
}

/** The rank part alone and the suit symbol, for drawing a card face. */
export function faceParts(code, language = lang) {
  const c = parse(code);
  if (c.kind !== "suit") return { rank: display(code, language), suit: c.kind === "trump" ? "" : "★" };
  return { rank: RANKS[language === "fr" ? "fr" : "en"][c.letter] || c.letter, suit: SUITS[c.suit] };
}

/** The full name: "Roi de Pique", "Atout 19" / "King of Spades", "Trump 19". */
export function name(code, language = lang) {
  const n = NAMES[language === "fr" ? "fr" : "en"];
  const c = parse(code);
  if (c.kind === "excuse") return n.excuse;
  if (c.kind === "trump") return n.trump(c.rank);
  return n.of(n.ranks[c.letter] || n.ranks[c.rank] || String(c.rank), n.suits[c.suit]);
}

/** The name a screen reader says, the suit in lower case: "Roi de cœur", "King of hearts". */
export function spoken(code, language = lang) {
  const c = parse(code);
  const full = name(code, language);
  if (c.kind !== "suit") return full;
  const suit = NAMES[language === "fr" ? "fr" : "en"].suits[c.suit];
  return full.replace(suit, suit.toLowerCase());
}

/** "red" or "black" (trumps and the Excuse: "trump"). */
export function colour(code) {
  const c = parse(code);
  if (c.kind !== "suit") return "trump";
  return c.suit === "H" || c.suit === "D" ? "red" : "black";
}

/** A sort key in the order players hold their cards: trumps high to low, the
 * Excuse, then the suits. */
export function sortKey(code) {
  const c = parse(code);
  if (c.kind === "trump") return 100 - c.rank;
  if (c.kind === "excuse") return 100;
  return 200 + SUIT_ORDER.indexOf(c.suit) * 20 + (20 - c.rank);
}

export function sorted(cards) {
  return [...cards].sort((a, b) => sortKey(a) - sortKey(b));
}

/** A card as a DOM element (a face, or a back when code is null). */
export function cardElement(code, { small = false } = {}) {
  const el = document.createElement("span");
  el.className = "card" + (small ? " small" : "");
  if (code === null || code === undefined) {
    el.classList.add("back");
    return el;
  }
  const parts = faceParts(code);
  el.classList.add(colour(code));
  el.dataset.card = code;
  el.title = name(code);
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = parts.rank;
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = parts.suit;
  el.append(rank, suit);
  el.setAttribute("aria-label", name(code));
  return el;
}

/** The cards as text: "R♠ 10♥ 19". */
export function line(cards) {
  return cards.map((c) => display(c)).join(" ");
}
