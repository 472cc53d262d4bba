// Cards as a scorer types them, read the way atout.cards.readings reads them (the
// same vectors check both): the page's language first, so that on a French page RC
// is the Roi de Cœur and 7C the 7 de Cœur; a text that reads two ways (KC on a French
// page, RC on an English one) is shown with both meanings. Every field marked
// data-cards="one" or "many" shows, as the scorer types, what the server will store.
import { display, name } from "./cards.js";

const RANK_LETTERS = { a: 1, j: 11, n: 12, q: 13, k: 14, v: 11, c: 12, d: 13, r: 14 };
const SYMBOLS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
const LETTER_SUITS = { s: "S", h: "H", d: "D", p: "S", co: "H", k: "D", ca: "D", t: "C", ...SYMBOLS };
const C_SUIT = { en: "C", fr: "H" };
const OTHER_RANKS = { en: "vcdr", fr: "jnqk" };
const WORD_RANKS = new Map([
  ["as", 1], ["ace", 1], ["valet", 11], ["jack", 11], ["cavalier", 12], ["knight", 12],
  ["dame", 13], ["queen", 13], ["roi", 14], ["king", 14],
  ...Array.from({ length: 10 }, (_, i) => [String(i + 1), i + 1]),
]);
const WORD_SUITS = new Map([
  ["pique", "S"], ["spade", "S"], ["cœur", "H"], ["coeur", "H"], ["heart", "H"], ["carreau", "D"],
  ["diamond", "D"], ["trèfle", "C"], ["trefle", "C"], ["club", "C"], ...Object.entries(SYMBOLS),
]);
const WORD_SUIT_PLURALS = new Map([["carreaux", "D"]]);
const EXCUSE = new Set(["ex", "exc", "excuse", "l'excuse", "l’excuse", "the excuse"]);
const PETIT = new Set(["petit", "le petit", "the petit"]);
const TRUMP_RE = /^(?:t|a|atout|trump|l'atout|the trump|le|the)?\s*([0-9]{1,2})(?:\s*(?:d'atout|d’atout|of trumps?))?$/;
const CARD_RE = /^(10|[1-9]|[ajnqkvcdr])(co|ca|[shdcpkt♠♥♦♣♤♡♢♧])$/u;
const NAMED_RE = /^([a-z0-9]+)\s*(?:de\s+|d'|d’|of\s+(?:the\s+)?)?(\S+?)$/u;
const FACES = { 11: "J", 12: "N", 13: "Q", 14: "K" };

function suitCard(suit, rank) {
  return `${FACES[rank] || rank}${suit}`;
}

/** The cards (canonical codes, KS 10H T21 EX) `text` may mean on a page in `lang`:
 * one, two when it reads two ways, or none. */
export function readings(text, lang) {
  const key = String(text).trim().toLowerCase().split(/\s+/).join(" ");
  if (EXCUSE.has(key)) return ["EX"];
  if (PETIT.has(key)) return ["T1"];
  let match = TRUMP_RE.exec(key);
  if (match) {
    const n = Number(match[1]);
    return n >= 1 && n <= 21 ? [`T${n}`] : [];
  }
  match = CARD_RE.exec(key.replaceAll(" ", ""));
  if (match) {
    const [, rankText, suitText] = match;
    const rank = /^[0-9]+$/.test(rankText) ? Number(rankText) : RANK_LETTERS[rankText];
    if (suitText !== "c") return [suitCard(LETTER_SUITS[suitText], rank)];
    if ((OTHER_RANKS[lang] || "").includes(rankText)) return [suitCard("C", rank), suitCard("H", rank)];
    return [suitCard(C_SUIT[lang] || "C", rank)];
  }
  match = NAMED_RE.exec(key);
  if (!match) return [];
  const rank = WORD_RANKS.get(match[1]) || (Object.hasOwn(RANK_LETTERS, match[1]) ? RANK_LETTERS[match[1]] : undefined);
  const word = match[2].endsWith("s") ? match[2].slice(0, -1) : match[2];
  const suit = WORD_SUITS.get(word) || WORD_SUIT_PLURALS.get(match[2]);
  return rank && suit ? [suitCard(suit, rank)] : [];
}

/** The cards of a pile typed as text, a card named in words kept whole. */
export function splitCards(text) {
  const words = String(text).replaceAll(",", " ").split(/\s+/).filter(Boolean);
  const cards = [];
  for (let i = 0; i < words.length; ) {
    if (i + 2 < words.length && ["de", "of"].includes(words[i + 1].toLowerCase())) {
      cards.push(words.slice(i, i + 3).join(" "));
      i += 3;
    } else {
      cards.push(words[i]);
      i += 1;
    }
  }
  return cards;
}

const TEXTS = {
  fr: {
    unknown: (t) => `« ${t} » : pas une carte`,
    twoWays: (t, a, b) => `« ${t} » se lit de deux façons : ${a} ou ${b} ? Tapez ♥/♣ ou le nom`,
    list: (n, cards) => `${n === 1 ? "1 carte" : `${n} cartes`} : ${cards}`,
    twice: (c) => `${c} deux fois`,
  },
  en: {
    unknown: (t) => `"${t}": not a card`,
    twoWays: (t, a, b) => `"${t}" reads two ways: ${a} or ${b}? Type ♥/♣ or the name`,
    list: (n, cards) => `${n === 1 ? "1 card" : `${n} cards`}: ${cards}`,
    twice: (c) => `${c} twice`,
  },
};

/** What the page will send for `text` (one card, or many for a pile), said in
 * `lang`: {ok, text}. */
export function understood(text, lang, many = false) {
  const T = TEXTS[lang === "fr" ? "fr" : "en"];
  const words = many ? splitCards(text) : [String(text).trim()].filter(Boolean);
  const shown = [];
  const seen = new Set();
  for (const word of words) {
    const found = readings(word, lang);
    if (found.length === 0) return { ok: false, text: T.unknown(word) };
    if (found.length > 1) return { ok: false, text: T.twoWays(word, name(found[0], lang), name(found[1], lang)) };
    if (seen.has(found[0])) return { ok: false, text: T.twice(display(found[0], lang)) };
    seen.add(found[0]);
    shown.push(many ? display(found[0], lang) : `${display(found[0], lang)} · ${name(found[0], lang)}`);
  }
  if (!many) return { ok: true, text: shown.join("") };
  return { ok: true, text: shown.length ? T.list(shown.length, shown.join(" ")) : "" };
}

/** A stored card (KS) or pile as the scorer would type it back on this page. */
export function typedBack(codes, lang) {
  return [codes].flat().filter(Boolean).map((code) => display(code, lang)).join(" ");
}

function echo(input, lang) {
  let out = input.nextElementSibling;
  if (!out || !out.classList.contains("understood")) {
    out = document.createElement("output");
    out.className = "understood";
    out.setAttribute("aria-live", "polite");
    if (input.id) out.setAttribute("for", input.id);
    input.after(out);
  }
  const value = input.value.trim();
  const seen = value ? understood(value, lang, input.dataset.cards === "many") : { ok: true, text: "" };
  out.textContent = seen.text;
  out.classList.toggle("refused", !seen.ok);
}

/** Show, beside every field marked data-cards, the cards it will send. */
export function echoTypedCards(lang) {
  for (const type of ["input", "focusin"]) {
    document.addEventListener(type, (event) => {
      const input = event.target;
      if (input instanceof HTMLElement && input.dataset && input.dataset.cards) echo(input, lang);
    });
  }
}
