// The verifiable deal (D4): this seat's random value and the check of the revealed secret.
import { t } from "./i18n.js";
import { $, CONTRIB_KEY, S, players, mySeat, isPlayer, options, earlierName } from "./table_state.js";
import { el, toast, linkTo } from "./table_dom.js";
import { act } from "./table_stream.js";
import { logLine } from "./table_log.js";

// -- the verifiable deal -------------------------------------------------------------------

export function contributionOf(donne) {
  try {
    return JSON.parse(localStorage.getItem(CONTRIB_KEY) || "{}")[donne] || null;
  } catch {
    return null;
  }
}

export const contributionTried = new Set();
export async function checkContribution() {
  if (!isPlayer() || !S.table.started || !options("contribute").length) return;
  const donne = S.view.number;
  if ([...S.pending.values()].some((p) => p.action.type === "contribute")) return;
  if (contributionTried.has(donne)) return;
  contributionTried.add(donne);
  const { newContribution } = await import("./fairness.js");
  const value = newContribution();
  try {
    const saved = JSON.parse(localStorage.getItem(CONTRIB_KEY) || "{}");
    saved[donne] = value;
    localStorage.setItem(CONTRIB_KEY, JSON.stringify(saved));
  } catch {
    /* the check then leaves out this seat's own value */
  }
  act({ type: "contribute", seat: mySeat(), value });
}

/** Whether this browser sent its own random value for donne `number` (a stand-in bot
 * gives the table's value for a person away when it is asked). */
function sentHere(number) {
  try {
    return Boolean(JSON.parse(localStorage.getItem(CONTRIB_KEY) || "{}")[number]);
  } catch {
    return contributionTried.has(number);
  }
}

/** What this seat saw of donne `number`: its hand as picked up, the cut, the dealer,
 * the chien when shown. */
export function seen(number) {
  const events = S.events.filter((e) => e.donne === number);
  const me = mySeat();
  let cut = null;
  let dealer = null;
  let chien = null;
  let commitment = null;
  let taker = null;
  const played = [];
  const discarded = [];
  let petit = null;
  for (const e of events) {
    if (e.kind === "donne_started") commitment = e.commitment;
    else if (e.kind === "cut") cut = e.k;
    else if (e.kind === "dealer_chosen") dealer = e.dealer;
    else if (e.kind === "chien_revealed") chien = e.cards;
    else if (e.kind === "card_played" && e.seat === me) played.push(e.card);
    else if (e.kind === "discard" && e.seat === me && e.card) discarded.push(e.card);
    else if (e.kind === "bid" && e.contract !== "pass") taker = e.seat;
    else if (e.kind === "petit_sec" && e.seat === me) petit = e.hand;
  }
  if (dealer === null) {
    const start = events.find((e) => e.kind === "donne_started");
    dealer = start ? start.dealer : null;
  }
  // the hand as picked up: the cards still held and those played, with the écart and
  // without the chien for a taker who took it (E1)
  let hand = null;
  if (petit) hand = petit;
  else if (events.some((e) => e.kind === "cards_picked_up")) {
    const held = new Set(played);
    const view = S.view && S.view.game && S.view.number === number ? S.view : null;
    if (view) for (const card of view.game.hand) held.add(card);
    for (const card of discarded) held.add(card);
    if (chien && taker === me) for (const card of chien) held.delete(card);
    hand = [...held];
  }
  return { cut, dealer, chien, commitment, hand, taker };
}

export async function verify(event, live) {
  if (!isPlayer()) return;
  const number = event.donne;
  const saw = seen(number);
  if (saw.hand === null || saw.cut === null || saw.dealer === null) {
    S.verdicts[number] = { ok: null, problems: [t("the deal was not dealt: nothing to check")] };
    renderFairness();
    return;
  }
  const { verifyDeal } = await import("./fairness.js");
  const rules = (S.table && S.table.rules) || {};
  const verdict = verifyDeal({
    commitment: saw.commitment || event.commitment,
    secret: event.secret,
    contributions: event.contributions,
    players: players(),
    consecutive: Boolean(rules.consecutive_chien_cards),
    cut: saw.cut,
    hand: saw.hand,
    seat: mySeat(),
    dealer: saw.dealer,
    chien: saw.chien,
    contribution: contributionOf(number),
  });
  if (saw.commitment && event.commitment !== saw.commitment) {
    verdict.ok = false;
    verdict.problems.unshift(t("the commitment revealed is not the one published before the deal"));
  }
  S.verdicts[number] = verdict;
  logLine(
    { kind: "verified", rule: "D4" },
    verdict.ok
      ? t("Donne {n}: deal verified ✓", { n: number })
      : t("Donne {n}: deal NOT verified — {why}", { n: number, why: verdict.problems.join("; ") }),
  );
  if (live) toast(verdict.ok ? t("Deal verified ✓") : t("Deal NOT verified"), verdict.ok ? "ok" : "error");
  renderFairness();
}

/** Who gave this seat's random value to the donne's shuffle: this browser, the table's
 * bot standing in, or the person who had the seat before the owner gave it to this one. */
function contributedText(mine) {
  const given = S.events.find((e) => e.kind === "contributed" && e.seat === mine && e.donne === S.view.number);
  const before = given ? earlierName(mine, given.seq) : null;
  if (before !== null) {
    return given.by === "bot"
      ? t("This seat's value was given by the table: a bot stood in for {name} when it was asked", { name: before })
      : t("This seat's value was given by {name}, who had the seat before you", { name: before });
  }
  return sentHere(S.view.number)
    ? t("Your random value is in the shuffle")
    : t("Your seat's value was given by the table: a bot stood in for you when it was asked");
}

export function renderFairness() {
  const box = $("fairness");
  box.replaceChildren();
  if (!S.view) return;
  const commitment = S.view.deal.commitment;
  if (commitment) {
    box.append(
      el("div", { class: "commitment", title: t("SHA-256 commitment to the deal's secret, published before the deal (D4)") },
        linkTo("D4"), " ", t("Commitment"), " ",
        el("code", { text: commitment.slice(0, 16) + "…", "data-full": commitment })),
    );
    const mine = mySeat();
    if (isPlayer() && S.view.deal.contributed.includes(mine)) {
      box.append(el("div", { class: "contributed", text: contributedText(mine) }));
    }
  }
  const numbers = Object.keys(S.verdicts).map(Number).sort((a, b) => b - a);
  if (numbers.length) {
    const v = S.verdicts[numbers[0]];
    const cls = v.ok === true ? "verdict ok" : v.ok === false ? "verdict bad" : "verdict none";
    const text = v.ok === true
      ? t("Donne {n}: deal verified ✓", { n: numbers[0] })
      : v.ok === false
        ? t("Donne {n}: deal NOT verified — {why}", { n: numbers[0], why: v.problems.join("; ") })
        : t("Donne {n}: {why}", { n: numbers[0], why: v.problems.join("; ") });
    box.append(el("div", { class: cls, id: "verdict", text }));
  }
}
