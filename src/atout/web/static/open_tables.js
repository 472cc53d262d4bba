// The lobby's list of open tables (GET /api/open): the tables whose owners opened
// them to anyone, each with its free seats; a person gives his name and takes one
// (POST /api/tables/{table}/take), then goes to the seat's new link.
import { t } from "./i18n.js";

const list = document.getElementById("open-list");
const empty = document.getElementById("open-empty");
const REFRESH_MS = 15000;

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

async function take(table, seat, nameInput, errorLine) {
  const name = nameInput.value.trim();
  if (!name) {
    errorLine.textContent = t("Your name first: the others see it at the table.");
    errorLine.hidden = false;
    nameInput.focus();
    return;
  }
  let answer;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(table)}/take`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seat, name }),
    });
    answer = await response.json();
    if (!response.ok) throw new Error(answer.error || String(response.status));
  } catch (error) {
    errorLine.textContent = t("Not taken — {why}", { why: error.message });
    errorLine.hidden = false;
    refresh();
    return;
  }
  location.href = answer.url;
}

function item(entry) {
  const people = entry.names.map((name, seat) => (entry.free.includes(seat) ? t("free") : name)).join(", ");
  const nameId = `open-name-${entry.table}`;
  const nameInput = el("input", { type: "text", id: nameId, maxlength: "24", autocomplete: "nickname" });
  const errorLine = el("p", { class: "error", role: "alert", hidden: true });
  const buttons = entry.free.map((seat) => el("button", {
    type: "button", class: "take-seat", "data-seat": String(seat),
    onclick: () => take(entry.table, seat, nameInput, errorLine),
  }, t("Take seat {n}", { n: seat + 1 })));
  const about = entry.deals === 1
    ? t("{players} players · 1 donne · {people}", { players: entry.players, people })
    : t("{players} players · {deals} donnes · {people}", { players: entry.players, deals: entry.deals, people });
  const seconds = entry.move_seconds || 0;
  const timer = seconds > 0
    ? t("move timer: {n} s, then the seat's bot plays", { n: seconds })
    : t("no move timer");
  return el("li", { "data-table": entry.table },
    el("div", { text: `${about} · ${timer}` }),
    el("div", { class: "take" }, el("label", { for: nameId, text: t("Your name") }), nameInput, ...buttons),
    errorLine);
}

async function refresh() {
  let tables = [];
  try {
    const response = await fetch("/api/open", { headers: { Accept: "application/json" } });
    tables = (await response.json()).tables || [];
  } catch {
    return;
  }
  const typing = list.contains(document.activeElement);
  if (typing) return; // a name being typed is not wiped out
  list.replaceChildren(...tables.map(item));
  empty.hidden = tables.length > 0;
}

document.getElementById("open-refresh").addEventListener("click", refresh);
refresh();
setInterval(refresh, REFRESH_MS);
