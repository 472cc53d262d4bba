// The owner's seats: free or reassign a person's seat at any time, with a new link for
// it (the old link stops working at once; docs/reference/web-protocol.md, new_link).
import { t } from "./i18n.js";
import { $, S, TABLE, TOKEN, isOwner, players, seatName } from "./table_state.js";
import { el, toast } from "./table_dom.js";
import { control } from "./table_stream.js";
import { ownedEntry, rememberOpened, tokenOf, updateOwned } from "./tables_store.js";
import { renderSettings } from "./table_settings.js";
const made = new Map(); // seat -> the new link made on this page
const alive = new Map(); // "seat|link|name" -> whether the server still opens that kept link

export function setup() {
  $("btn-seats").addEventListener("click", () => {
    $("owner-seats").dataset.seats = ""; // opened again: the names as they are now
    render();
    renderSettings();
    $("dlg-seats").showModal();
  });
}

/** The button shows on the owner's page only. */
export function renderButton() {
  $("btn-seats").hidden = !isOwner();
  if ($("dlg-seats").open) render();
}

/** The seats' rows: made once, then only their labels and new links change, so that
 * a name being typed is kept when the table changes meanwhile. */
function render() {
  const list = $("owner-seats");
  if (!S.table) return;
  const seats = [];
  for (let seat = 0; seat < players(); seat++) if (S.table.kinds[seat] === "person") seats.push(seat);
  if (list.dataset.seats !== seats.join(",")) {
    list.replaceChildren(...seats.map(row));
    list.dataset.seats = seats.join(",");
  }
  for (const li of list.children) {
    const seat = Number(li.dataset.seat);
    const state = S.table.present[seat] ? t("here") : S.table.stand_in[seat] ? t("bot stands in") : t("not here");
    li.querySelector(".label").replaceChildren(el("b", { text: seatName(seat) }), " ", el("span", { class: "state", text: state }));
    const keptUrl = made.has(seat) ? "" : kept(seat);
    const dead = keptUrl !== "" && stillOpens(seat, keptUrl) === false;
    const url = made.get(seat) || (dead ? "" : keptUrl);
    const shown = li.querySelector(".new-url input");
    if (!url || (shown && shown.value !== url)) li.querySelector(".new-url")?.remove();
    if (url && (!shown || shown.value !== url)) li.append(linkRow(seat, url));
    li.querySelector(".replaced")?.remove();
    if (dead) {
      const note = t("The link kept for this seat no longer opens it (taken from the open tables, or given a new link): New link makes one to send.");
      li.append(el("span", { class: "hint replaced", text: note }));
    }
  }
}

/** Whether the server still opens the kept link ``url`` of ``seat`` (asked once per
 * link and name: a seat taken from the open tables has a new link and a name); undefined
 * while asking. */
function stillOpens(seat, url) {
  const key = `${seat}|${url}|${S.table.names[seat] || ""}`;
  if (alive.has(key)) return alive.get(key);
  alive.set(key, undefined);
  fetch("/api/tables", { headers: { "X-Atout-Links": tokenOf(url) } })
    .then((response) => (response.ok ? response.json() : null))
    .then((answer) => alive.set(key, answer ? (answer.links || []).length > 0 : true))
    .catch(() => alive.set(key, true))
    .finally(() => render());
  return undefined;
}

/** The seat's link this browser kept when it created the table (to send again), but
 * the creator's own. */
function kept(seat) {
  const entry = ownedEntry(TABLE);
  if (!entry || entry.mine === seat || seat === S.you.seat) return "";
  const found = (entry.seats || []).find((x) => x.seat === seat);
  return found && found.url ? found.url : "";
}

function row(seat) {
  const name = el("input", {
    type: "text", maxlength: "24", value: S.table.names[seat] || "", class: "seat-name",
    placeholder: t("no name"), "aria-label": t("Name for seat {n}", { n: seat + 1 }),
  });
  const button = el("button", {
    type: "button", class: "new-link", text: t("New link"),
    onclick: () => ask(seat, name.value.trim()),
  });
  return el("li", { class: "owner-seat", dataset: { seat: String(seat) } },
    el("span", { class: "label" }),
    el("span", { class: "row" }, name, button));
}

function linkRow(seat, url) {
  const input = el("input", { type: "text", readonly: true, value: url, class: "url", "aria-label": t("Link for {name}", { name: seatName(seat) }) });
  const copy = el("button", { type: "button", class: "copy", text: t("Copy"), onclick: async () => {
    try { await navigator.clipboard.writeText(url); copy.textContent = t("Copied ✓"); } catch { input.select(); }
  } });
  return el("span", { class: "row new-url" }, input, copy);
}

function ask(seat, name) {
  const question = t("The link of {name} stops working at once and a page open on it is closed. Make a new link?", { name: seatName(seat) });
  if (window.confirm(question)) control({ type: "new_link", seat, name });
}

/** The server's answer to new_link: the seat's new link, shown and kept for the lobby. */
export function linked(m) {
  const url = `${location.origin}/t/${encodeURIComponent(TABLE)}#${m.token}`;
  made.set(m.seat, url);
  updateOwned(TABLE, (entry) => {
    const seats = entry.seats || (entry.seats = []);
    const kept = seats.find((s) => s.seat === m.seat);
    if (kept) kept.url = url;
    else seats.push({ seat: m.seat, kind: "person", url });
  });
  const name = m.name || t("Seat {n}", { n: m.seat + 1 }); // numbered from 1 for people
  toast(t("New link for {name}: send it to the player.", { name }), "info");
  render();
  if (!$("dlg-seats").open) $("dlg-seats").showModal();
}

/** Keep this page's link for the lobby's "Your tables" (tables_store.js): the table,
 * the link, what it opens, the name, when. */
export function keep() {
  if (!S.you || !S.table) return;
  const seat = S.you.role === "player" ? S.you.seat : null;
  rememberOpened({
    table: TABLE,
    link: `${location.origin}/t/${encodeURIComponent(TABLE)}#${TOKEN}`,
    role: S.you.role,
    seat,
    name: seat === null ? "" : S.table.names[seat] || "",
    names: S.table.names,
  });
}
