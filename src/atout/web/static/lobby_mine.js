// The lobby's "Your tables": every table this browser created or opened a link of, the
// last opened first, each with the match's state as the server tells it (GET
// /api/tables with X-Atout-Links), a way back to one's seat in one click, and a way to
// forget it. A link that opens nothing any more (its table expired, or the owner gave
// the seat a new link) is said so, and is no longer a link.
import { t } from "./i18n.js";
import { forget, opened, owned, tokenOf } from "./tables_store.js";

function copyButton(url) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  button.textContent = t("Copy");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const area = document.createElement("textarea");
      area.value = url;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    button.textContent = t("Copied ✓");
    setTimeout(() => (button.textContent = t("Copy")), 1500);
  });
  return button;
}

export function linkItem(label, url, kind) {
  const li = document.createElement("li");
  li.className = `link ${kind}`;
  const title = document.createElement("span");
  title.className = "label";
  title.textContent = label;
  const input = document.createElement("input");
  input.type = "text";
  input.readOnly = true;
  input.value = url;
  input.className = "url";
  input.setAttribute("aria-label", label);
  input.addEventListener("focus", () => input.select());
  li.append(title, input, copyButton(url));
  return li;
}

/** One row per table: the links this browser holds for it, and when it last used one. */
function gather() {
  const rows = new Map();
  const row = (table) => {
    if (!rows.has(table)) rows.set(table, { table, opened: [], created: null, last: "" });
    return rows.get(table);
  };
  for (const x of opened()) {
    const r = row(x.table);
    r.opened.push(x);
    if ((x.opened || "") > r.last) r.last = x.opened;
  }
  for (const x of owned()) {
    const r = row(x.table);
    r.created = x;
    if ((x.created || "") > r.last) r.last = x.created;
  }
  return [...rows.values()].sort((a, b) => b.last.localeCompare(a.last));
}

/** The link a row opens in one click: one's seat, else the owner's, else the spectators'. */
function mainLink(r) {
  const seat = r.opened.find((x) => x.role === "player");
  if (seat) return { link: seat.link, role: "player", seat: seat.seat, name: seat.name, names: seat.names };
  const made = r.created;
  const mine = made && Number.isInteger(made.mine) ? (made.seats || []).find((x) => x.seat === made.mine) : null;
  if (mine && mine.url) return { link: mine.url, role: "player", seat: made.mine, name: made.names[made.mine], names: made.names };
  const own = r.opened.find((x) => x.role === "owner");
  if (own || made) return { link: own ? own.link : made.owner, role: "owner", seat: null, names: (own || made).names };
  return { ...r.opened[0] };
}

/** What the server says of each link (by token), or null when it could not be asked. */
async function states(links) {
  if (!links.length) return new Map();
  try {
    const response = await fetch("/api/tables", {
      headers: { "X-Atout-Links": links.map((x) => tokenOf(x.link)).join(",") },
    });
    if (!response.ok) return null;
    const answer = await response.json();
    return new Map((answer.links || []).map((row) => [tokenOf(links[row.index].link), row]));
  } catch {
    return null;
  }
}

function label(main) {
  if (main.role === "player") {
    const n = main.seat + 1; // seats are numbered from 1 for people
    return main.name ? t("Your seat {n} · {name}", { n, name: main.name }) : t("Your seat {n}", { n });
  }
  return main.role === "owner" ? t("Organiser (owner's link)") : t("Spectators (read only)");
}

function stateText(known, found) {
  if (known === null) return "";
  if (!found) return t("this link no longer works: the table expired or the link was replaced");
  if (found.over) return t("over");
  return found.started ? t("playing") : t("waiting");
}

function item(r, main, known) {
  const found = known ? known.get(tokenOf(main.link)) : undefined;
  const dead = known !== null && !found;
  const li = document.createElement("li");
  li.dataset.table = r.table;
  li.className = dead ? "gone" : "";
  const open = document.createElement(dead ? "span" : "a");
  open.className = "open-table";
  if (!dead) open.href = main.link;
  open.textContent = label(main);
  const state = document.createElement("span");
  state.className = "state";
  state.textContent = stateText(known, found);
  const names = document.createElement("span");
  names.className = "names";
  names.textContent = ((found && found.names) || main.names || []).filter(Boolean).join(", ");
  const when = document.createElement("span");
  when.className = "when";
  when.textContent = r.last ? new Date(r.last).toLocaleString() : "";
  const drop = document.createElement("button");
  drop.type = "button";
  drop.className = "forget";
  drop.textContent = t("Forget");
  drop.setAttribute("aria-label", t("Forget {table}", { table: label(main) }));
  drop.addEventListener("click", () => { forget(r.table); listMine(); });
  li.append(open, " ", state, drop, names, when);
  if (r.created) li.append(invitations(r.created));
  return li;
}

/** The links of a table this browser created, to send again. */
function invitations(made) {
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = t("Links");
  const links = document.createElement("ul");
  links.className = "links";
  for (const seat of made.seats || []) {
    if (seat.kind === "person" && seat.url) links.append(linkItem(t("Seat {n}", { n: seat.seat + 1 }), seat.url, "seat-link"));
  }
  if (made.spectator) links.append(linkItem(t("Spectators (read only)"), made.spectator, "spectator"));
  links.append(linkItem(t("Organiser (owner's link)"), made.owner, "owner"));
  details.append(summary, links);
  return details;
}

/** Fill "Your tables". */
export async function listMine() {
  const rows = gather();
  const mains = rows.map(mainLink);
  document.getElementById("mine-empty").hidden = rows.length > 0;
  document.getElementById("mine").classList.toggle("first", rows.length > 0); // one's seats before the form
  const known = await states(mains);
  document.getElementById("mine-list").replaceChildren(...rows.map((r, i) => item(r, mains[i], known)));
}
