// The table page: joins by websocket (docs/reference/web-protocol.md), shows the waiting room,
// the deal as La Donne says it, the bidding, the chien and the écart, the play, the
// score sheet; each step names its rule (docs/reference/rules.md ids), a link to the
// rule's text on the server's /rules page.
import { lang, t } from "./i18n.js";
import { $, S, TABLE, TOKEN, mySeat, players, seatBox, seatName } from "./table_state.js";
import { loadPending, conn, control, showFatal } from "./table_stream.js";
import { lastTrick, trickNode } from "./table_center.js";
import { renderSheet, exportRecord } from "./table_sheet.js";
import { logLine } from "./table_log.js";
import { toast } from "./table_dom.js";
import * as Together from "./together.js";
import * as OwnerSeats from "./table_owner_seats.js";

// A seat link pasted over the owner page changes only the fragment: the page reloads
// so that it joins with the new token (the seat's, not the owner's).
window.addEventListener("hashchange", () => {
  if (decodeURIComponent(location.hash.slice(1)) !== TOKEN) location.reload();
});

// -- wiring ------------------------------------------------------------------------------------

$("btn-sheet").addEventListener("click", () => { renderSheet(); $("dlg-sheet").showModal(); });
$("btn-last").addEventListener("click", () => {
  const trick = lastTrick();
  if (!trick) return;
  trickNode(trick, $("last-trick"));
  $("last-winner").textContent = t("{name} takes the trick (P5)", { name: seatName(trick.winner) });
  $("dlg-last").showModal();
});
$("btn-log").addEventListener("click", () => {
  document.body.classList.toggle("show-log");
  $("log").scrollTop = $("log").scrollHeight; // shown at its last line
});
$("btn-export").addEventListener("click", () => exportRecord());
$("btn-start").addEventListener("click", () => {
  // persons missing: ask first (a bot plays for each until the person opens the link)
  const missing = S.table ? S.table.kinds.filter((k, s) => k === "person" && !S.table.present[s]).length : 0;
  const question = missing === 1
    ? t("One seat has nobody yet: a bot plays for it until its person opens the link. Start now?")
    : t("{n} seats have nobody yet: a bot plays for each until its person opens the link. Start now?", { n: missing });
  if (missing && !window.confirm(question)) return;
  control({ type: "start" });
});
OwnerSeats.setup();
document.documentElement.lang = lang;
Together.setup({
  table: TABLE,
  send: (message) => conn.send(message),
  seatName: (seat) => seatName(seat),
  seatNode: (seat) => seatBox(seat),
  logLine: (event, text) => logLine(event, text),
  toast: (text) => toast(text),
  players: () => players(),
  me: () => mySeat(),
  kind: (seat) => (S.table ? S.table.kinds[seat] : "person"),
  role: () => (S.you ? S.you.role : ""),
});

if (!TOKEN) {
  showFatal(t("This link has no seat: open the link you were sent, with its #… part."));
} else {
  loadPending();
  conn.connect();
}
