// The waiting room: the seats before the start, the owner's tools and invitations.
import { t } from "./i18n.js";
import { botLabel } from "./describe.js";
import { $, TABLE, S, isOwner, players, seatName } from "./table_state.js";
import { el } from "./table_dom.js";
import { control } from "./table_stream.js";
import { ownedEntry } from "./tables_store.js";

/** The seat this browser's creator plays at, if he said so on the lobby's form. */
function creatorSeat() {
  const entry = ownedEntry(TABLE);
  return entry && Number.isInteger(entry.mine) ? entry.mine : null;
}

/** What the waiting room says of a seat: the creator's own seat is his (here or not)
 * on the owner's page, never "not here yet". */
function seatState(seat, kind, present) {
  if (kind === "bot") return t("bot");
  if (S.you.role === "owner" && seat === creatorSeat()) {
    return present ? t("you, here") : t("you: your seat's page is not open");
  }
  return present ? t("here") : t("not here yet");
}

export function renderWaiting() {
  const box = $("waiting");
  if (!S.table) return;
  const waiting = !S.table.started || !S.view;
  box.hidden = !waiting;
  $("board").hidden = waiting;
  document.body.classList.toggle("in-waiting-room", waiting);
  if (!waiting) return;
  const list = $("wait-seats");
  list.replaceChildren();
  const owner = isOwner();
  const bots = (S.table.bots && S.table.bots.length ? S.table.bots : ["random", "heuristic"]);
  for (let seat = 0; seat < players(); seat++) {
    const kind = S.table.kinds[seat];
    const present = S.table.present[seat];
    const li = el("li", { class: `wait-seat ${kind} ${present ? "present" : "absent"}`, dataset: { seat: String(seat) } },
      el("span", { class: "seat-no", text: String(seat + 1) }), // numbered from 1 for people
      el("span", { class: "name", text: seatName(seat) }),
      el("span", { class: "state", text: seatState(seat, kind, present) }));
    const mine = S.you.role === "owner" && seat === creatorSeat();
    if (mine && !present) li.append(yourSeatLink());
    if (owner && kind === "person" && !present && !mine) {
      const select = el("select", { "aria-label": t("Bot level") }, ...bots.map((b) => el("option", { value: b, text: botLabel(b) })));
      select.value = bots.includes("heuristic") ? "heuristic" : bots[0];
      li.append(select, el("button", {
        type: "button", class: "seat-bot", text: t("Put a bot here"),
        onclick: () => control({ type: "seat_bot", seat, bot: select.value }),
      }));
    }
    list.append(li);
  }
  $("owner-tools").hidden = !owner;
  renderInvitations(owner);
  const missing = S.table.kinds.filter((k, s) => k === "person" && !S.table.present[s]).length;
  $("wait-hint").textContent = owner
    ? missing > 1
      ? t("{n} seats are empty: they get bots when you start.", { n: missing })
      : missing ? t("One seat is empty: it gets a bot when you start.") : t("Everyone is here.")
    : t("Waiting for the owner to start the match.");
}

/** The owner's page shows the seats' links the lobby of this browser kept. */
export function renderInvitations(owner) {
  const box = $("invitations");
  box.replaceChildren();
  if (!owner) return;
  const entry = ownedEntry(TABLE);
  if (!entry || !entry.seats) return;
  box.append(el("h3", { text: t("Invitations") }));
  for (const seat of entry.seats) {
    if (seat.kind !== "person" || !seat.url || S.table.kinds[seat.seat] !== "person" || S.table.present[seat.seat]) continue;
    if (seat.seat === entry.mine) continue; // the creator's own seat is no invitation
    const input = el("input", { type: "text", readonly: true, value: seat.url, class: "url", "aria-label": seatName(seat.seat) });
    const copy = el("button", { type: "button", class: "copy", text: t("Copy"), onclick: async () => {
      try { await navigator.clipboard.writeText(seat.url); copy.textContent = t("Copied ✓"); } catch { input.select(); }
    } });
    box.append(el("div", { class: "invite" }, el("span", { class: "label", text: seatName(seat.seat) }), input, copy));
  }
  if (box.children.length === 1) box.replaceChildren();
}

/** On the owner's page, the creator's way to his own seat's page (which also carries
 * the owner's controls). */
function yourSeatLink() {
  const entry = ownedEntry(TABLE);
  const seat = entry && (entry.seats || []).find((x) => x.seat === entry.mine);
  if (!seat || !seat.url) return "";
  return el("a", { class: "button your-seat", href: seat.url, text: t("Play at your seat") });
}
