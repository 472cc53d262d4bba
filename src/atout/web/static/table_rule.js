// The rule's text one tap away: the "?" beside the centre note opens the rule it names
// (each rule of a range such as "D6–D8") in the reader's language, from /rules.json
// (atout.rulebook.as_json), with a link to the whole rule book.
import { lang, t } from "./i18n.js";
import { ruleHref } from "./rules.js";

const RANGE = /([DBEAPS])(\d{1,2})(?:\s*[–-]\s*\1?(\d{1,2}))?/;
let book = null;

function rulebook() {
  if (!book) {
    book = fetch("/rules.json").then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    });
    book.catch(() => { book = null; }); // tried again at the next tap
  }
  return book;
}

/** The rule ids a note names: "D6–D8" → D6, D7, D8; "D5" → D5; "" → none. */
export function ruleIds(rule) {
  const found = RANGE.exec(rule || "");
  if (!found) return [];
  const first = Number(found[2]);
  const last = found[3] ? Math.max(first, Math.min(Number(found[3]), first + 5)) : first;
  return Array.from({ length: last - first + 1 }, (_, i) => `${found[1]}${first + i}`);
}

/** The "?" button that shows the text of `rule`; null when it names no rule. */
export function ruleButton(rule) {
  if (!ruleIds(rule).length) return null;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rule-more";
  button.textContent = "?";
  button.title = t("The text of rule {rule}", { rule });
  button.setAttribute("aria-label", button.title);
  button.dataset.rule = rule;
  button.addEventListener("click", () => showRule(rule));
  return button;
}

function section(id, entry) {
  const box = document.createElement("section");
  const head = document.createElement("h3");
  head.textContent = entry ? `${id} · ${entry.title[lang] || entry.title.en}` : id;
  const text = document.createElement("p");
  text.textContent = entry ? entry.text[lang] || entry.text.en : t("No rule {rule} in the rule book.", { rule: id });
  box.append(head, text);
  return box;
}

export async function showRule(rule) {
  const dialog = document.getElementById("dlg-rule");
  const body = document.getElementById("rule-text");
  const ids = ruleIds(rule);
  const more = document.getElementById("rule-book");
  more.href = ruleHref(ids[0], lang);
  body.replaceChildren(t("Loading…"));
  if (!dialog.open) dialog.showModal();
  try {
    const data = await rulebook();
    body.replaceChildren(...ids.map((id) => section(id, data.rules[id])));
  } catch (error) {
    body.replaceChildren(t("The rule book could not be loaded: {why}", { why: error.message }));
  }
}
