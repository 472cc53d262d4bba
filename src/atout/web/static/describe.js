// The events of the feed in words, in the page's language (each names its rule in the
// log beside it).
import { lang, t } from "./i18n.js";
import * as C from "./cards.js";
import { number, signed } from "./score.js";

export function contractName(contract) {
  return {
    pass: t("Pass"),
    prise: t("Prise"),
    garde: t("Garde"),
    garde_sans: t("Garde sans"),
    garde_contre: t("Garde contre"),
  }[contract] || contract || "—";
}

export function levelName(level) {
  return { simple: t("simple"), double: t("double"), triple: t("triple") }[level] || level;
}

/** The server's names of the bot levels in the page's language (atout.bot_levels.LEVELS,
 * the lobby's too): the block #bot-labels of the page, kept in no list of our own. */
const BOT_LABELS = (() => {
  const block = typeof document === "undefined" ? null : document.getElementById("bot-labels");
  try { return block ? JSON.parse(block.textContent) : {}; } catch { return {}; }
})();

/** What a seat menu shows for a bot level (the identifier stays the option's value). */
export function botLabel(bot) {
  return BOT_LABELS[bot] || bot;
}

const FAULTS = {
  misdeal: () => t("a misdeal"),
  chien_count: () => t("a wrong chien count"),
  card_exposed: () => t("a card turned face up"),
  early_pickup: () => t("cards picked up too early"),
};

/** A called card with its article: "the King of Clubs", "le Roi de Trèfle", "la Dame…". */
export function theCard(code) {
  const named = C.name(code);
  if (lang !== "fr") return `the ${named}`;
  return (String(code).toUpperCase().startsWith("Q") ? "la " : "le ") + named;
}

/** One line for `event`; `name(seat)` names a seat. */
export function describe(e, name) {
  switch (e.kind) {
    case "donne_started":
      return e.dealer === null
        ? t("Donne {n}: the players draw for the first dealer", { n: e.donne })
        : t("Donne {n}: {name} deals", { n: e.donne, name: name(e.dealer) });
    case "card_drawn":
      return C.isExcuse(e.card)
        ? t("{name} draws the Excuse: it does not count, draws again", { name: name(e.seat) })
        : t("{name} draws {card}", { name: name(e.seat), card: C.display(e.card) });
    case "dealer_chosen":
      return e.by_draw
        ? t("The lowest card deals: {name} deals", { name: name(e.dealer) })
        : t("{name} deals", { name: name(e.dealer) });
    case "shuffled":
      return t("{name} shuffles the pack", { name: name(e.seat) });
    case "cut":
      return t("{name} cuts {k} cards and leaves {rest}", { name: name(e.seat), k: e.k, rest: 78 - e.k });
    case "chien_shown":
      return t("The dealer shows the chien: {n} cards", { n: e.count });
    case "cards_picked_up":
      return t("Each player picks up his cards");
    case "fault":
      return t("Fault: {what} by {name}", { what: (FAULTS[e.fault] || (() => e.fault))(), name: name(e.by) }) +
        (e.voids ? " — " + t("the deal is void") : "");
    case "petit_sec":
      return t("Petit sec! {name} shows the hand: {cards}", { name: name(e.seat), cards: C.line(e.hand) });
    case "deal_voided":
      return t("The deal is void; {name} deals the next one", { name: name(e.next_dealer) });
    case "bid":
      return t("{name}: {contract}", { name: name(e.seat), contract: contractName(e.contract) });
    case "call":
      return t("{name} calls {card}", { name: name(e.seat), card: theCard(e.card) });
    case "chien_revealed":
      return t("The chien: {cards}", { cards: C.line(e.cards) });
    case "discard":
      return e.card
        ? t("{name} puts {card} in the écart", { name: name(e.seat), card: C.display(e.card) })
        : t("{name} puts a card in the écart", { name: name(e.seat) });
    case "chelem":
      return e.announce
        ? t("{name} announces a chelem", { name: name(e.seat) })
        : t("{name} announces no chelem", { name: name(e.seat) });
    case "poignee":
      return t("{name} shows a {level} poignée: {cards}", { name: name(e.seat), level: levelName(e.level), cards: C.line(e.cards) });
    case "card_played":
      return t("{name} plays {card}", { name: name(e.seat), card: C.display(e.card) });
    case "trick_taken":
      return t("{name} takes the trick", { name: name(e.winner) });
    case "partner_revealed":
      return t("{name} is the called partner", { name: name(e.seat) });
    case "donne_voided":
      return t("The donne is void");
    case "donne_scored": {
      // S4: each defender's share is -S (the score S is the taker's camp's, S3).
      const r = e.result;
      const values = { points: number(r.points, lang), bouts: r.bouts, score: signed(-r.score).replace("-", "−") };
      const pile = r.bouts === 0
        ? t("{points} points with no bout; each defender: {score}", values)
        : r.bouts === 1
          ? t("{points} points with 1 bout; each defender: {score}", values)
          : t("{points} points with {bouts} bouts; each defender: {score}", values);
      return (r.made
        ? t("{name} makes the contract by {n}", { name: name(e.taker), n: r.difference })
        : t("{name} fails the contract by {n}", { name: name(e.taker), n: r.difference })) +
        " — " + pile;
    }
    case "contributed":
      return t("{name} gives a random value to the shuffle", { name: name(e.seat) });
    case "secret_revealed":
      return t("The deal's secret is revealed");
    case "match_over":
      return t("The match is over");
    default:
      return null;
  }
}
