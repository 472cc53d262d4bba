// The table page's state: the table, the seat's token, what the page has seen, and
// the small questions about them (who plays, which seat sits where).
import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);
const data = JSON.parse($("table-data").textContent);
export const TABLE = data.table;
export const TOKEN = decodeURIComponent(location.hash.slice(1));

export const PENDING_KEY = `atout.pending.${TABLE}`;
export const CONTRIB_KEY = `atout.contrib.${TABLE}`;
export const STEP_MS = { packet: 70, chien: 110, draw: 450, play: 260, trick: 950 };

export const S = {
  you: null, // {seat, role, owner}
  table: null, // names, kinds, present, stand_in, started
  view: null,
  seq: 0, // the last event shown (sent in the hello of a reconnection)
  received: 0, // the last event received (some may wait for their animation)
  events: [], // every event this page has, in order
  pending: new Map(), // id -> action, not acknowledged yet
  nextId: 1,
  queue: [],
  busy: false,
  deferred: null, // a card played while events were being shown: sent once they are
  gen: 0, // snapshots so far: an animation in progress stops at a new one
  ecart: [], // cards chosen for the écart, in order
  poignee: null, // {level, count, cards: Set} while choosing
  cut: null, // the slider's value
  verdicts: {}, // donne -> {ok, problems}
  connected: false,
  everConnected: false,
  dealing: null, // {dealt: [...], chien} while the deal is animated
};

// -- small helpers -----------------------------------------------------------------------

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const players = () => (S.view ? S.view.players : S.table ? S.table.players : 4);
/** The sizes of the variant (hand_size, chien_size, packet_size), as the server sends
 * them with the table (atout.table.Variant): the page keeps no table of its own. */
export const variant = () => S.table.variant;
export const mySeat = () => (S.you ? S.you.seat : null);
/** The owner's link, or a seat's page that also has the owner's token (its creator). */
export const isOwner = () => Boolean(S.you && (S.you.role === "owner" || S.you.owner));
export const isPlayer = () => S.you && S.you.role === "player" && S.you.seat !== null;
/** Who may start a new match at the end of one (Play again): a page with the owner's
 * powers, or, when no such page is open, any seated person. */
export const mayPlayAgain = () => isOwner() || (isPlayer() && S.table.kinds[S.you.seat] === "person" && !S.table.owner_here);

export function seatName(seat) {
  if (seat === null || seat === undefined) return "?";
  const names = S.table ? S.table.names : [];
  const name = names[seat] || t("Seat {n}", { n: seat + 1 });
  return seat === mySeat() ? t("{name} (you)", { name }) : name;
}

/** The name `seat` had before its person was given the seat, for the event `seq`
 * (S.table.earlier_names: the owner gave the seat a new link since), else null. */
export function earlierName(seat, seq) {
  let found = null;
  for (const e of (S.table && S.table.earlier_names) || []) {
    if (e.seat === seat && seq <= e.until && (found === null || e.until < found.until)) found = e;
  }
  return found === null ? null : found.name || t("Seat {n}", { n: seat + 1 });
}

/** The seat as event `seq` names it: the name of who had the seat then — a seat given
 * to another person keeps the earlier person's name for the earlier events. */
export function nameAt(seat, seq) {
  if (seat === null || seat === undefined) return "?";
  return earlierName(seat, seq) ?? seatName(seat);
}

export function options(type) {
  if (!S.view) return [];
  return S.view.options.filter((o) => o.type === type);
}

// -- places around the table ---------------------------------------------------------------

export const SLOTS = {
  3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"],
  5: ["bottom", "right", "top-right", "top-left", "left"],
};

export function slotOf(seat) {
  const n = players();
  const base = mySeat() ?? 0;
  return SLOTS[n][(seat - base + n) % n];
}

export function seatBox(seat) {
  return document.querySelector(`#seats .seat[data-seat="${seat}"]`);
}
