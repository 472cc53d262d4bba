// The table's stream: the websocket (docs/reference/web-protocol.md), the actions
// waiting for their ack, the snapshots and updates, shown in order.
import { lang, t } from "./i18n.js";
import { Connection } from "./connection.js";
import { $, TABLE, TOKEN, PENDING_KEY, S, options, seatName } from "./table_state.js";
import { el, toast } from "./table_dom.js";
import { contributionTried, checkContribution, verify } from "./table_fair.js";
import { logEvent, logLine } from "./table_log.js";
import { animate } from "./table_anim.js";
import { render } from "./table_view.js";
import { renderWaiting } from "./table_waiting.js";
import { renderSeats } from "./table_seats.js";
import { renderResult } from "./table_result.js";
import * as Together from "./together.js";
import * as OwnerSeats from "./table_owner_seats.js";
import { ownerToken } from "./tables_store.js";

// -- the connection ------------------------------------------------------------------------

export function savePending() {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify([...S.pending.entries()]));
  } catch {
    /* storage full or disabled */
  }
}

export function loadPending() {
  try {
    const list = JSON.parse(sessionStorage.getItem(PENDING_KEY) || "[]");
    for (const [id, action] of list) {
      S.pending.set(id, { action, resent: true });
      S.nextId = Math.max(S.nextId, id + 1);
    }
  } catch {
    S.pending.clear();
  }
}

const wsUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${encodeURIComponent(TABLE)}`;
export const conn = new Connection(wsUrl, () => ({ type: "hello", token: TOKEN, seq: S.seq, match: S.table ? S.table.match : undefined, lang, owner: ownerToken(TABLE) || undefined }), {
  message: onMessage,
  state: onState,
});

export function onState(state, attempt) {
  S.connected = state === "open";
  if (state !== "open") S.snapshotHere = false;
  const banner = $("banner");
  if (state === "open") {
    banner.hidden = true;
  } else if (state === "reconnecting" || (state === "connecting" && S.everConnected)) {
    banner.textContent = t("Reconnecting…") + (attempt > 1 ? ` (${attempt})` : "");
    banner.className = "banner warn";
    banner.hidden = false;
  }
  document.body.classList.toggle("offline", state !== "open");
}

/** Send an action of this seat; kept until acknowledged, resent after a reconnection.
 * A card played while events are still being shown waits for them, then goes if the
 * table still allows it; a second decision while one waits for its ack is dropped. */
export function act(action) {
  if (action.type === "play" && S.busy) {
    S.deferred = action;
    return;
  }
  if (action.type === "play" && [...S.pending.values()].some((p) => p.action.type !== "contribute")) return;
  if (action.type !== "contribute" && action.type !== "next") Together.turnOver();
  const id = S.nextId++;
  S.pending.set(id, { action, resent: false });
  savePending();
  conn.send({ type: "act", id, action });
  setBusy();
}

/** While an action waits for its ack or events are being shown, the buttons and
 * cards of the previous view take no click (CSS: body.busy). */
export function setBusy() {
  const waiting = [...S.pending.values()].some((p) => p.action.type !== "contribute");
  document.body.classList.toggle("waiting-ack", S.pending.size > 0);
  document.body.classList.toggle("busy", S.busy || waiting);
}

export function control(message) {
  if (!conn.send(message)) toast(t("Not connected: try again in a moment."), "error");
}

export function onMessage(m) {
  if (m.type === "snapshot") onSnapshot(m);
  else if (m.type === "update") onUpdate(m);
  else if (m.type === "ack") {
    S.pending.delete(m.id);
    savePending();
    setBusy();
  } else if (m.type === "error") onError(m);
  else if (m.type === "chat") Together.entry(m.entry);
  else if (m.type === "seat_link") OwnerSeats.linked(m);
  else if (m.type === "owner_here") {
    if (S.table) S.table.owner_here = m.here;
    if (S.view) renderResult(); // who may press Play again
    render();
  } else if (m.type === "presence") {
    if (S.table) {
      if (S.table.started) logHandOvers(S.table.stand_in, m.stand_in);
      S.table.present = m.present;
      S.table.stand_in = m.stand_in;
    }
    renderSeats();
    renderWaiting();
    if (S.view) renderResult(); // who is still reading at the end of a donne
    OwnerSeats.renderButton();
  }
}

export function onError(m) {
  if (m.id === undefined) Together.refused(); // a chat message refused keeps its text
  const entry = m.id !== undefined ? S.pending.get(m.id) : undefined;
  if (entry) {
    S.pending.delete(m.id);
    savePending();
    setBusy();
    if (entry.resent) return; // a replayed action the table moved past: nothing changed
  }
  if (m.rule === "link" || (!S.snapshotHere && m.rule === "protocol" && m.id === undefined)) {
    conn.stop();
    showFatal(m.message || t("This link does not open a seat at this table."));
    return;
  }
  // a rule of the game is named (P1, E2…); a limit or the protocol is no rule: the words alone
  const ruled = /^[A-Z]+\d+$/.test(m.rule || "");
  const words = stripRule(m.message || "", m.rule);
  toast(ruled ? t("Refused — {rule}: {message}", { rule: m.rule, message: words }) : t("Refused — {message}", { message: words }), "error", m.rule);
  logLine({ kind: "error", rule: m.rule }, t("Refused — {message}", { message: m.message || "" }));
  render();
}

export function stripRule(message, rule) {
  return message.startsWith(`${rule}: `) ? message.slice(rule.length + 2) : message;
}

/** The link no longer opens the seat here (replaced, opened in a newer page, unknown):
 * the banner says so and what to do, and the table under it is greyed and cleared —
 * no waiting room, hand or button that looks as if it could still act. */
export function showFatal(text) {
  const banner = $("banner");
  banner.replaceChildren(text, " ", el("a", { href: "/", class: "lobby-link", text: t("Your tables are listed in the lobby.") }));
  banner.className = "banner error";
  banner.hidden = false;
  document.body.classList.add("link-gone");
  document.body.classList.remove("offline", "busy", "waiting-ack");
  for (const id of ["table", "chat"]) if ($(id)) $(id).inert = true;
  const tools = ["btn-sheet", "btn-last", "btn-log", "btn-export"]; // the link opens nothing more
  for (const id of ["btn-seats", "btn-chat", "move-timer", ...tools]) if ($(id)) $(id).hidden = true;
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  Together.turn(false, 0); // no turn, no countdown
  document.title = t("Link closed") + " — atout";
}

export function onSnapshot(m) {
  S.everConnected = true;
  S.snapshotHere = true;
  S.you = m.you;
  const newMatch = S.table && S.table.match !== m.table.match;
  S.table = m.table;
  if (newMatch) startMatch();
  OwnerSeats.keep();
  const events = (m.events || []).filter((e) => e.seq > S.seq);
  const continuous = !events.length || events[0].seq === S.seq + 1;
  if (!continuous) {
    S.events = [];
    $("log").replaceChildren();
  }
  S.view = m.view; // the events are told with the table as it is now (its sizes)
  for (const event of events) remember(event, false);
  S.seq = m.seq;
  S.received = m.seq;
  Together.snapshot(m.chat || []);
  S.queue = [];
  contributionTried.clear();
  S.dealing = null;
  for (const [id, entry] of S.pending) {
    entry.resent = true;
    conn.send({ type: "act", id, action: entry.action });
  }
  S.gen += 1;
  S.busy = false;
  S.deferred = null;
  setBusy();
  render();
  checkContribution();
}

/** A new match on the table (Play again): its events are told from its first. */
function startMatch() {
  S.seq = 0;
  S.received = 0;
  S.events = [];
  S.verdicts = {};
  S.pending.clear();
  savePending();
  $("log").replaceChildren();
  logLine({ kind: "match" }, t("Match {n} begins: the same seats, names and links.", { n: S.table.match }));
}

export function onUpdate(m) {
  const events = m.events || [];
  if (events.length && events[0].seq > S.received + 1) {
    conn.drop(); // a missed update: the snapshot of the reconnection fills the gap
    return;
  }
  S.queue.push({ events: events.filter((e) => e.seq > S.received), view: m.view, seq: m.seq });
  if (events.length) Together.tableChanged();
  if (!decides(m.view)) Together.turnOver(); // a bot decided for the seat (the timer ran out)
  S.received = Math.max(S.received, m.seq);
  if (!S.busy) drain();
}

export async function drain() {
  S.busy = true;
  const gen = S.gen;
  setBusy();
  try {
    while (S.queue.length) {
      const item = S.queue.shift();
      for (const event of item.events) {
        remember(event, true);
        await animate(event, item.view);
        if (S.gen !== gen) return; // a snapshot came meanwhile: it has the latest view
      }
      S.view = item.view;
      S.seq = Math.max(S.seq, item.seq);
      S.dealing = null;
      render();
      checkContribution();
      if (item.events.some((e) => e.kind === "match_over")) $("result").scrollIntoView({ block: "nearest" });
    }
  } finally {
    if (S.gen === gen) {
      S.busy = false;
      setBusy();
      playDeferred();
    }
  }
}

/** The card clicked while events were shown, played now if the seat still has a card
 * to play (one it may not play is refused with its rule, as any such click is). */
function playDeferred() {
  const action = S.deferred;
  S.deferred = null;
  if (action && options("play").length) act(action);
}

export function remember(event, live) {
  S.events.push(event);
  S.seq = Math.max(S.seq, event.seq);
  logEvent(event);
  if (event.kind === "secret_revealed") verify(event, live);
  if (event.kind === "donne_started") {
    S.ecart = [];
    S.poignee = null;
  }
}

/** Whether `view` has a decision for this page's seat (its random value aside). */
function decides(view) {
  return Boolean(view && (view.options || []).some((o) => o.type !== "contribute" && o.type !== "next"));
}

/** The feed says when a bot starts playing for an absent person, and when the person
 * takes the seat back (the bot hands over at its next decision). */
function logHandOvers(before, after) {
  after.forEach((standing, seat) => {
    if (standing === Boolean(before[seat])) return;
    const name = seatName(seat);
    logLine({ kind: "presence" }, standing
      ? t("A bot plays for {name} until the player comes back", { name })
      : t("{name} takes the seat back: the bot hands over at its next decision", { name }));
  });
}
