// Building the page's nodes: elements, the toast, rule links, buttons, the centre note.
import { lang, t } from "./i18n.js";
import { ruleLink } from "./rules.js";
import { ruleButton, ruleIds } from "./table_rule.js";
import { $, mySeat } from "./table_state.js";

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

let toastTimer = null;
export function toast(text, kind = "info", rule = "") {
  const box = $("toast");
  const at = rule ? text.indexOf(rule) : -1;
  if (at >= 0) box.replaceChildren(text.slice(0, at), linkTo(rule), text.slice(at + rule.length));
  else box.textContent = text;
  box.className = `toast ${kind}`;
  box.hidden = false;
  clearOfMySeat();
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 4000);
}

/** The page's own seat as shown now: its row in the waiting room, or its box on the felt. */
function mySeatNode() {
  const seat = mySeat();
  if (seat === null || seat === undefined) return null;
  const nodes = document.querySelectorAll(`#wait-seats li[data-seat="${seat}"], #seats .seat[data-seat="${seat}"]`);
  return [...nodes].find((node) => node.getClientRects().length > 0) || null;
}

/** The toast never covers the page's own seat (on a phone the waiting room's rows, or a
 * page scrolled down to the hand, come up under it): it goes just below the seat, or
 * above it when there is no room below. */
function clearOfMySeat() {
  const box = $("toast");
  box.style.top = "";
  const mine = mySeatNode();
  if (box.hidden || !mine) return;
  const a = box.getBoundingClientRect();
  const b = mine.getBoundingClientRect();
  const apart = a.bottom <= b.top || a.top >= b.bottom || a.right <= b.left || a.left >= b.right;
  if (!b.height || apart) return;
  const below = b.bottom + 8;
  box.style.top = below + a.height <= window.innerHeight ? `${below}px` : `${Math.max(4, b.top - 8 - a.height)}px`;
}
addEventListener("scroll", () => { if (!$("toast").hidden) clearOfMySeat(); }, { passive: true });

// A note's closing bracket that names its rule: "(E1–E2)", "(D5: at least 4 cards…)".
const RULE_BRACKET = /\s*\(([DBEAPS]\d{1,2}(?:\s*[–-]\s*[DBEAPS]?\d{1,2})?)(?:\s*:\s*([^()]*))?\)\s*$/;

/** The centre's note: `text`, then its rule once, as a link and a "?" button. A text
 * that ends with its rule in brackets ("… (E1–E2)") gives the rule to the link, which
 * shows it as written, and keeps only the words that followed it: the rule is not said
 * twice. */
export function note(text, rule) {
  const p = $("center-note");
  let said = text;
  let shown = rule;
  const bracket = rule ? RULE_BRACKET.exec(text) : null;
  if (bracket && ruleIds(bracket[1])[0] === ruleIds(rule)[0]) {
    said = text.slice(0, bracket.index) + (bracket[2] ? ` (${bracket[2]})` : "");
    shown = bracket[1];
  }
  p.replaceChildren(said);
  if (rule) p.append(" ", linkTo(shown), " ", ruleButton(shown) || "");
  p.dataset.rule = rule || "";
}

/** A rule id as a link to its text (/rules#ID, in a new tab); a span when it names none. */
export function linkTo(rule) {
  return ruleLink(rule, lang, rule ? t("Rule {rule}", { rule }) : "");
}

export function button(text, rule, onclick, cls = "", act = "") {
  return el("button", { type: "button", class: `act ${cls}`, title: rule ? t("Rule {rule}", { rule }) : null, dataset: { rule: rule || "", act }, onclick }, text);
}
