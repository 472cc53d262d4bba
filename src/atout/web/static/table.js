// The table page: joins by websocket (docs/reference/web-protocol.md), shows the waiting room,
// the deal as La Donne says it, the bidding, the chien and the écart, the play, the
// score sheet; each step names its rule (docs/reference/rules.md ids), a link to the
// rule's text on the server's /rules page.
import { lang, t } from "./i18n.js";
import { ruleLink } from "./rules.js";
import * as C from "./cards.js";
import { Connection } from "./connection.js";
import { describe, contractName, levelName, botLabel } from "./describe.js";
import * as Score from "./score.js";
import * as Together from "./together.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("table-data").textContent);
const TABLE = data.table;
const TOKEN = decodeURIComponent(location.hash.slice(1));
// A seat link pasted over the owner page changes only the fragment: the page reloads
// so that it joins with the new token (the seat's, not the owner's).
window.addEventListener("hashchange", () => {
  if (decodeURIComponent(location.hash.slice(1)) !== TOKEN) location.reload();
});
const PENDING_KEY = `atout.pending.${TABLE}`;
const CONTRIB_KEY = `atout.contrib.${TABLE}`;
const STEP_MS = { packet: 70, chien: 110, draw: 450, play: 260, trick: 950 };

const S = {
  you: null, // {seat, role}
  table: null, // names, kinds, present, stand_in, started
  view: null,
  seq: 0, // the last event shown (sent in the hello of a reconnection)
  received: 0, // the last event received (some may wait for their animation)
  events: [], // every event this page has, in order
  pending: new Map(), // id -> action, not acknowledged yet
  nextId: 1,
  queue: [],
  busy: false,
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

function el(tag, props = {}, ...children) {
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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const players = () => (S.view ? S.view.players : S.table ? S.table.players : 4);
/** The sizes of the variant (hand_size, chien_size, packet_size), as the server sends
 * them with the table (atout.table.Variant): the page keeps no table of its own. */
const variant = () => S.table.variant;
const mySeat = () => (S.you ? S.you.seat : null);
const isPlayer = () => S.you && S.you.role === "player" && S.you.seat !== null;

function seatName(seat) {
  if (seat === null || seat === undefined) return "?";
  const names = S.table ? S.table.names : [];
  const name = names[seat] || t("Seat {n}", { n: seat });
  return seat === mySeat() ? t("{name} (you)", { name }) : name;
}

function options(type) {
  if (!S.view) return [];
  return S.view.options.filter((o) => o.type === type);
}

let toastTimer = null;
function toast(text, kind = "info", rule = "") {
  const box = $("toast");
  const at = rule ? text.indexOf(rule) : -1;
  if (at >= 0) box.replaceChildren(text.slice(0, at), linkTo(rule), text.slice(at + rule.length));
  else box.textContent = text;
  box.className = `toast ${kind}`;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 4000);
}

// -- the connection ------------------------------------------------------------------------

function savePending() {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify([...S.pending.entries()]));
  } catch {
    /* storage full or disabled */
  }
}

function loadPending() {
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
const conn = new Connection(wsUrl, () => ({ type: "hello", token: TOKEN, seq: S.seq, lang }), {
  message: onMessage,
  state: onState,
});

function onState(state, attempt) {
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

/** Send an action of this seat; kept until acknowledged, resent after a reconnection. */
function act(action) {
  const id = S.nextId++;
  S.pending.set(id, { action, resent: false });
  savePending();
  conn.send({ type: "act", id, action });
  setBusy();
}

/** While an action waits for its ack or events are being shown, the buttons and
 * cards of the previous view take no click (CSS: body.busy). */
function setBusy() {
  const waiting = [...S.pending.values()].some((p) => p.action.type !== "contribute");
  document.body.classList.toggle("waiting-ack", S.pending.size > 0);
  document.body.classList.toggle("busy", S.busy || waiting);
}

function control(message) {
  if (!conn.send(message)) toast(t("Not connected: try again in a moment."), "error");
}

function onMessage(m) {
  if (m.type === "snapshot") onSnapshot(m);
  else if (m.type === "update") onUpdate(m);
  else if (m.type === "ack") {
    S.pending.delete(m.id);
    savePending();
    setBusy();
  } else if (m.type === "error") onError(m);
  else if (m.type === "chat") Together.entry(m.entry);
  else if (m.type === "presence") {
    if (S.table) {
      S.table.present = m.present;
      S.table.stand_in = m.stand_in;
    }
    renderSeats();
    renderWaiting();
  }
}

function onError(m) {
  const entry = m.id !== undefined ? S.pending.get(m.id) : undefined;
  if (entry) {
    S.pending.delete(m.id);
    savePending();
    setBusy();
    if (entry.resent) return; // a replayed action the table moved past: nothing changed
  }
  if (!S.snapshotHere && m.rule === "protocol" && m.id === undefined) {
    conn.stop();
    showFatal(m.message || t("This link does not open a seat at this table."));
    return;
  }
  toast(t("Refused — {rule}: {message}", { rule: m.rule, message: stripRule(m.message || "", m.rule) }), "error", m.rule);
  logLine({ kind: "error", rule: m.rule }, t("Refused — {message}", { message: m.message || "" }));
  render();
}

function stripRule(message, rule) {
  return message.startsWith(`${rule}: `) ? message.slice(rule.length + 2) : message;
}

function showFatal(text) {
  $("banner").textContent = text;
  $("banner").className = "banner error";
  $("banner").hidden = false;
}

function onSnapshot(m) {
  S.everConnected = true;
  S.snapshotHere = true;
  S.you = m.you;
  S.table = m.table;
  const events = (m.events || []).filter((e) => e.seq > S.seq);
  const continuous = !events.length || events[0].seq === S.seq + 1;
  if (!continuous) {
    S.events = [];
    $("log").replaceChildren();
  }
  for (const event of events) remember(event, false);
  S.seq = m.seq;
  S.received = m.seq;
  S.view = m.view;
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
  setBusy();
  render();
  checkContribution();
}

function onUpdate(m) {
  const events = m.events || [];
  if (events.length && events[0].seq > S.received + 1) {
    conn.drop(); // a missed update: the snapshot of the reconnection fills the gap
    return;
  }
  S.queue.push({ events: events.filter((e) => e.seq > S.received), view: m.view, seq: m.seq });
  S.received = Math.max(S.received, m.seq);
  if (!S.busy) drain();
}

async function drain() {
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
      if (item.events.some((e) => e.kind === "match_over") && !$("dlg-sheet").open) {
        $("dlg-sheet").showModal(); // the match is over: the final standings
      }
    }
  } finally {
    if (S.gen === gen) {
      S.busy = false;
      setBusy();
    }
  }
}

function remember(event, live) {
  S.events.push(event);
  S.seq = Math.max(S.seq, event.seq);
  logEvent(event);
  if (event.kind === "secret_revealed") verify(event, live);
  if (event.kind === "donne_started") {
    S.ecart = [];
    S.poignee = null;
  }
}

// -- the verifiable deal -------------------------------------------------------------------

function contributionOf(donne) {
  try {
    return JSON.parse(localStorage.getItem(CONTRIB_KEY) || "{}")[donne] || null;
  } catch {
    return null;
  }
}

const contributionTried = new Set();
async function checkContribution() {
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

/** What this seat saw of donne `number`: its hand as picked up, the cut, the dealer,
 * the chien when shown. */
function seen(number) {
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

async function verify(event, live) {
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

function renderFairness() {
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
      box.append(el("div", { class: "contributed", text: t("Your random value is in the shuffle") }));
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

// -- the log -------------------------------------------------------------------------------

let dealLine = null;
function logEvent(event) {
  if (event.kind === "packet_dealt" || event.kind === "chien_card_dealt") {
    if (!dealLine || dealLine.donne !== event.donne) {
      dealLine = { donne: event.donne, packets: 0, chien: 0, node: null };
      dealLine.node = logLine(event, "");
    }
    if (event.kind === "packet_dealt") dealLine.packets += 1;
    else dealLine.chien = event.chien;
    dealLine.node.querySelector(".text").textContent = t(
      "The dealer deals 3 by 3 counter-clockwise: {packets} packets, {chien} chien cards",
      { packets: dealLine.packets, chien: dealLine.chien },
    ).replace("3 by 3", variant().packet_size === 4 ? t("4 by 4") : t("3 by 3"));
    dealLine.node.querySelector(".rule").replaceWith(linkTo("D6–D8"));
    return;
  }
  const text = describe(event, seatName);
  if (text) logLine(event, text);
  if (event.kind === "donne_scored" && event.breakdown) {
    // The score S is S3's sum; the line above (S4) gives each defender's share of it.
    logLine({ kind: "score", rule: "S3" }, t("Score (S3): {sum}", { sum: Score.scoreSum(event.breakdown, t) }));
  }
}

function logLine(event, text) {
  const log = $("log");
  const rule = event.rule || "";
  const li = el("li", { class: `ev ev-${event.kind || "note"}` },
    linkTo(rule), " ", el("span", { class: "text", text }));
  log.append(li);
  while (log.children.length > 400) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
  return li;
}

// -- places around the table ---------------------------------------------------------------

const SLOTS = {
  3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"],
  5: ["bottom", "right", "top-right", "top-left", "left"],
};

function slotOf(seat) {
  const n = players();
  const base = mySeat() ?? 0;
  return SLOTS[n][(seat - base + n) % n];
}

function seatBox(seat) {
  return document.querySelector(`#seats .seat[data-seat="${seat}"]`);
}

// -- animations of the events ------------------------------------------------------------

function fly(fromNode, toNode, { face = null, duration = 320 } = {}) {
  const layer = $("flying");
  const board = $("board").getBoundingClientRect();
  const a = fromNode.getBoundingClientRect();
  const b = toNode.getBoundingClientRect();
  const card = C.cardElement(face, { small: true });
  card.classList.add("flyer");
  const x0 = a.left + a.width / 2 - board.left;
  const y0 = a.top + a.height / 2 - board.top;
  // the card lands in front of the seat, a little towards the middle of the table
  const x1 = 0.78 * (b.left + b.width / 2 - board.left) + 0.22 * (board.width / 2);
  const y1 = 0.78 * (b.top + b.height / 2 - board.top) + 0.22 * (board.height / 2);
  card.style.transform = `translate(${x0}px, ${y0}px)`;
  layer.append(card);
  requestAnimationFrame(() => {
    card.style.transition = `transform ${duration}ms ease-out, opacity ${duration}ms`;
    card.style.transform = `translate(${x1}px, ${y1}px)`;
  });
  setTimeout(() => card.remove(), duration + 60);
}

function note(text, rule) {
  const p = $("center-note");
  p.replaceChildren(text);
  if (rule) p.append(" ", linkTo(rule));
  p.dataset.rule = rule || "";
}

/** A rule id as a link to its text (/rules#ID, in a new tab); a span when it names none. */
function linkTo(rule) {
  return ruleLink(rule, lang, rule ? t("Rule {rule}", { rule }) : "");
}

async function animate(event, nextView) {
  if (document.visibilityState === "hidden") return;
  const k = event.kind;
  if (k === "card_drawn") {
    renderDrawsWith(event);
    await sleep(STEP_MS.draw);
  } else if (k === "shuffled") {
    const pack = $("pack");
    pack.hidden = false;
    pack.classList.add("shuffling");
    note(describe(event, seatName), event.rule);
    await sleep(600);
    pack.classList.remove("shuffling");
  } else if (k === "cut") {
    const pack = $("pack");
    pack.classList.add("cutting");
    note(describe(event, seatName), event.rule);
    await sleep(600);
    pack.classList.remove("cutting");
  } else if (k === "packet_dealt" || k === "chien_card_dealt") {
    if (!S.dealing) {
      S.dealing = { dealt: Array(players()).fill(0), chien: 0 };
      if (S.view && S.view.deal.phase === "deal") S.dealing.dealt = [...S.view.deal.dealt];
      $("pack").hidden = false;
      note(t("The dealer deals (D6–D8)"), "D6");
    }
    const dealer = (nextView && nextView.deal.dealer) ?? (S.view && S.view.deal.dealer);
    const from = (dealer !== null && seatBox(dealer)) || $("pack");
    if (k === "packet_dealt") {
      const target = seatBox(event.seat);
      for (let i = 0; i < event.count; i++) {
        if (target) setTimeout(() => fly($("pack"), target), i * 30);
      }
      S.dealing.dealt[event.seat] += event.count;
      const count = target && target.querySelector(".count");
      if (count) count.textContent = t("{n} cards", { n: S.dealing.dealt[event.seat] });
      await sleep(STEP_MS.packet);
    } else {
      fly(from === $("pack") ? $("pack") : $("pack"), $("chien"));
      S.dealing.chien = event.chien;
      renderChienBacks(event.chien);
      await sleep(STEP_MS.chien);
    }
  } else if (k === "chien_shown") {
    note(describe(event, seatName), event.rule);
    await sleep(700);
  } else if (k === "petit_sec") {
    note(describe(event, seatName), event.rule);
    const chien = $("chien");
    chien.replaceChildren(el("div", { class: "petit-sec-hand" }, ...event.hand.map((c) => C.cardElement(c, { small: true }))));
    await sleep(2200);
  } else if (k === "card_played") {
    const trick = $("trick");
    if (trick.dataset.complete === "1") {
      trick.replaceChildren();
      trick.dataset.complete = "";
    }
    $("chien").replaceChildren();
    const card = C.cardElement(event.card);
    card.classList.add("played", `at-${slotOf(event.seat)}`);
    trick.append(card);
    await sleep(STEP_MS.play);
  } else if (k === "trick_taken") {
    const trick = $("trick");
    trick.dataset.complete = "1";
    trick.dataset.winner = slotOf(event.winner);
    note(describe(event, seatName), event.rule);
    await sleep(STEP_MS.trick);
  } else if (k === "bid" || k === "call" || k === "chelem" || k === "poignee") {
    note(describe(event, seatName), event.rule);
    await sleep(k === "poignee" ? 1200 : 200);
  }
}

// -- rendering -------------------------------------------------------------------------------

function render() {
  if (!S.table) return;
  $("table").dataset.players = String(players());
  $("table").dataset.role = S.you.role;
  renderWaiting();
  if (!S.view) {
    $("status").textContent = S.you.role === "owner" ? t("owner") : S.you.role === "spectator" ? t("spectator") : "";
    return;
  }
  renderStatus();
  renderSeats();
  renderCenter();
  renderActions();
  renderHand();
  renderFairness();
  renderSheet();
  $("btn-last").disabled = !lastTrick();
  Together.turn(myTurn(), S.table.move_seconds || 0);
}

/** The page's seat has a decision to make (its random value is sent by the page itself). */
function myTurn() {
  return isPlayer() && !!S.view && (S.view.options || []).some((o) => o.type !== "contribute");
}

function renderStatus() {
  const v = S.view;
  const parts = [];
  if (v.number) parts.push(t("Donne {n} of {of}", { n: v.number, of: v.deals }));
  const g = v.game;
  if (g && g.taker !== null && g.contract) {
    let text = t("{contract} by {taker}", { contract: contractName(g.contract), taker: seatName(g.taker) });
    if (g.called) text += " · " + t("calls {card}", { card: C.display(g.called) });
    parts.push(text);
  }
  if (v.over) parts.push(t("The match is over"));
  if (S.you.role !== "player") parts.push(S.you.role === "owner" ? t("owner") : t("spectator"));
  $("status").textContent = parts.join(" · ");
}

function renderWaiting() {
  const box = $("waiting");
  if (!S.table) return;
  const waiting = !S.table.started || !S.view;
  box.hidden = !waiting;
  $("board").hidden = waiting;
  document.body.classList.toggle("in-waiting-room", waiting);
  if (!waiting) return;
  const list = $("wait-seats");
  list.replaceChildren();
  const owner = S.you.role === "owner";
  const bots = (S.table.bots && S.table.bots.length ? S.table.bots : ["random", "heuristic"]);
  for (let seat = 0; seat < players(); seat++) {
    const kind = S.table.kinds[seat];
    const present = S.table.present[seat];
    const li = el("li", { class: `wait-seat ${kind} ${present ? "present" : "absent"}`, dataset: { seat: String(seat) } },
      el("span", { class: "seat-no", text: String(seat) }),
      el("span", { class: "name", text: seatName(seat) }),
      el("span", { class: "state", text: kind === "bot" ? t("bot") : present ? t("here") : t("not here yet") }));
    if (owner && kind === "person" && !present) {
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
function renderInvitations(owner) {
  const box = $("invitations");
  box.replaceChildren();
  if (!owner) return;
  let entry = null;
  try {
    entry = JSON.parse(localStorage.getItem("atout.owners") || "[]").find((x) => x && x.table === TABLE) || null;
  } catch {
    entry = null;
  }
  if (!entry || !entry.seats) return;
  box.append(el("h3", { text: t("Invitations") }));
  for (const seat of entry.seats) {
    if (seat.kind !== "person" || !seat.url || S.table.kinds[seat.seat] !== "person" || S.table.present[seat.seat]) continue;
    const input = el("input", { type: "text", readonly: true, value: seat.url, class: "url", "aria-label": seatName(seat.seat) });
    const copy = el("button", { type: "button", class: "copy", text: t("Copy"), onclick: async () => {
      try { await navigator.clipboard.writeText(seat.url); copy.textContent = t("Copied ✓"); } catch { input.select(); }
    } });
    box.append(el("div", { class: "invite" }, el("span", { class: "label", text: seatName(seat.seat) }), input, copy));
  }
  if (box.children.length === 1) box.replaceChildren();
}

function handCount(seat) {
  const v = S.view;
  if (S.dealing) return S.dealing.dealt[seat];
  if (!v.game) return v.deal.dealt[seat] || 0;
  if (seat === mySeat()) return v.game.hand.length;
  const size = variant().hand_size;
  const played = v.game.tricks.reduce((n, tr) => n + tr.cards.filter(([s]) => s === seat).length, 0);
  return size - played;
}

function renderSeats() {
  if (!S.view || !S.table) return;
  const box = $("seats");
  box.replaceChildren();
  const v = S.view;
  const g = v.game;
  const waitingFor = new Set(v.to_act);
  for (let seat = 0; seat < players(); seat++) {
    const present = S.table.present[seat];
    const standIn = S.table.stand_in[seat];
    const badges = el("span", { class: "badges" });
    const dealer = g ? g.dealer : v.deal.dealer;
    if (dealer === seat) badges.append(el("span", { class: "badge dealer", title: t("the dealer (D2, D17)"), text: t("dealer") }));
    if (!g && v.deal.shuffler === seat && v.deal.phase === "shuffle") badges.append(el("span", { class: "badge", title: "D4", text: t("shuffles") }));
    if (!g && v.deal.cutter === seat && v.deal.phase === "cut") badges.append(el("span", { class: "badge", title: "D5", text: t("cuts") }));
    if (g && g.taker === seat) badges.append(el("span", { class: "badge taker", title: "B2", text: contractName(g.contract) }));
    if (g && g.partner === seat && g.taker !== seat) badges.append(el("span", { class: "badge partner", title: "B4", text: t("partner") }));
    if (S.table.kinds[seat] === "bot") badges.append(el("span", { class: "badge bot", text: t("bot") }));
    else if (standIn) badges.append(el("span", { class: "badge standin", title: t("away: a bot plays for this seat until the player returns"), text: t("bot stands in") }));
    else if (!present) badges.append(el("span", { class: "badge away", title: t("not connected"), text: t("away") }));
    if ((v.deal.barred || []).includes(seat) || (g && g.barred.includes(seat))) badges.append(el("span", { class: "badge barred", title: "D12–D14", text: t("barred") }));
    let bubble = null;
    if (g && g.phase === "bidding") {
      const bids = g.bids.filter(([s]) => s === seat);
      if (bids.length) bubble = el("span", { class: "bubble", title: "B1", text: contractName(bids[bids.length - 1][1]) });
    }
    const poignee = g ? g.poignees.find(([s]) => s === seat) : null;
    const node = el("div", {
      class: `seat ${slotOf(seat)}${waitingFor.has(seat) ? " to-act" : ""}${seat === mySeat() ? " me" : ""}${!present && S.table.kinds[seat] !== "bot" ? " is-away" : ""}`,
      dataset: { seat: String(seat) },
    },
      el("span", { class: "name", text: seatName(seat) }),
      badges,
      el("span", { class: "count", text: t("{n} cards", { n: handCount(seat) }) }),
      bubble,
      poignee ? el("span", { class: "poignee-shown", title: "A1", text: t("{level} poignée: {cards}", { level: levelName(poignee[1]), cards: C.line(poignee[2]) }) }) : null);
    box.append(node);
  }
}

function renderChienBacks(count) {
  const chien = $("chien");
  const pile = el("div", { class: "chien-pile", title: t("the chien (D8)") });
  for (let i = 0; i < count; i++) pile.append(C.cardElement(null, { small: true }));
  chien.replaceChildren(pile);
}

function renderDrawsWith(extra) {
  const draws = new Map((S.view ? S.view.deal.draws : []).map(([s, cards]) => [s, [...cards]]));
  if (extra) {
    const list = draws.get(extra.seat) || [];
    if (!list.includes(extra.card)) list.push(extra.card);
    draws.set(extra.seat, list);
  }
  const box = $("draws");
  box.replaceChildren();
  for (const [seat, cards] of draws) {
    const spot = el("div", { class: `drawn at-${slotOf(seat)}`, title: t("drawn by {name} (D1; an Excuse is drawn again, D3)", { name: seatName(seat) }) });
    for (const card of cards) {
      const node = C.cardElement(card, { small: true });
      if (C.isExcuse(card)) node.classList.add("redrawn");
      spot.append(node);
    }
    box.append(spot);
  }
}

function lastTrick() {
  const g = S.view && S.view.game;
  if (!g) return null;
  const done = g.tricks.filter((tr) => tr.winner !== null && tr.cards.length === players());
  return done.length ? done[done.length - 1] : null;
}

function trickNode(trick, node) {
  node.replaceChildren();
  for (const [seat, card] of trick.cards) {
    const face = C.cardElement(card);
    face.classList.add("played", `at-${slotOf(seat)}`);
    face.title = `${C.name(card)} — ${seatName(seat)}`;
    if (trick.winner === seat) face.classList.add("winner");
    node.append(face);
  }
  node.dataset.complete = trick.winner !== null ? "1" : "";
  if (trick.winner !== null) node.dataset.winner = slotOf(trick.winner);
}

function renderCenter() {
  const v = S.view;
  const g = v.game;
  const pack = $("pack");
  const chien = $("chien");
  const trick = $("trick");
  const draws = $("draws");
  draws.replaceChildren();
  trick.replaceChildren();
  trick.dataset.complete = "";
  chien.replaceChildren();
  pack.hidden = true;
  note("", "");
  if (!S.table.started) return;
  if (!g) {
    const phase = v.deal.phase;
    if (phase === "draw") {
      renderDrawsWith(null);
      note(t("Draw for the first dealer: the lowest card deals (D1–D3)"), "D1");
      return;
    }
    if (phase === "void" && v.deal.petit_sec) {
      note(t("Petit sec: {name} shows the hand; the deal is void (D16)", { name: seatName(v.deal.petit_sec.seat) }), "D16");
      chien.append(el("div", { class: "petit-sec-hand" }, ...v.deal.petit_sec.hand.map((c) => C.cardElement(c, { small: true }))));
      return;
    }
    pack.hidden = v.deal.dealt.reduce((a, b) => a + b, 0) + v.deal.chien >= 78;
    pack.title = t("the pack");
    if (v.deal.chien) renderChienBacks(v.deal.chien);
    const who = { shuffle: v.deal.shuffler, cut: v.deal.cutter, deal: v.deal.dealer, show_chien: v.deal.dealer, petit_sec: v.to_act[0] }[phase];
    const texts = {
      shuffle: [t("{name} shuffles the pack (D4)", { name: seatName(who) }), "D4"],
      cut: [t("{name} cuts the pack (D5: at least 4 cards each way)", { name: seatName(who) }), "D5"],
      deal: [t("{name} deals 3 by 3, counter-clockwise (D6–D8)", { name: seatName(who) }), "D6"],
      show_chien: [t("{name} shows the chien count (D10)", { name: seatName(who) }), "D10"],
      petit_sec: [t("{name} holds the Petit sec and must announce it (D16)", { name: seatName(who) }), "D16"],
    };
    if (texts[phase]) note(...texts[phase]);
    return;
  }
  if (g.phase === "bidding" || g.phase === "call") {
    renderChienBacks((g.chien || []).length || variant().chien_size);
  }
  if (g.chien && (g.phase === "ecart" || g.phase === "chelem" || (g.phase === "play" && !g.tricks.length))) {
    const shown = el("div", { class: "chien-shown", title: t("the chien, shown to everyone (E1)") },
      el("span", { class: "label", text: t("Chien") }), ...g.chien.map((c) => C.cardElement(c, { small: true })));
    chien.append(shown);
  }
  if (g.ecart_trumps_shown && g.ecart_trumps_shown.length) {
    chien.append(el("div", { class: "ecart-trumps", title: "E3" }, el("span", { class: "label", text: t("Trumps in the écart (E3)") }),
      ...g.ecart_trumps_shown.map((c) => C.cardElement(c, { small: true }))));
  }
  const current = g.tricks.length ? g.tricks[g.tricks.length - 1] : null;
  if (current) trickNode(current, trick);
  if (g.phase === "bidding") note(t("Bidding: {name} speaks (B1)", { name: seatName(g.current) }), "B1");
  else if (g.phase === "call") note(t("{name} calls a King (B4)", { name: seatName(g.current) }), "B4");
  else if (g.phase === "ecart") note(t("{name} makes the écart (E1–E2)", { name: seatName(g.taker) }), "E1");
  else if (g.phase === "chelem") note(t("{name} may announce a chelem (A4)", { name: seatName(g.current) }), "A4");
  else if (g.phase === "done") note(t("The donne is over (S4)"), "S4");
  else if (current && current.winner !== null) note(t("{name} takes the trick (P5)", { name: seatName(current.winner) }), "P5");
}

function button(text, rule, onclick, cls = "", act = "") {
  return el("button", { type: "button", class: `act ${cls}`, title: rule ? t("Rule {rule}", { rule }) : null, dataset: { rule: rule || "", act }, onclick }, text);
}

function renderActions() {
  renderActionButtons();
  const box = $("actions");
  const rules = [...new Set([...box.querySelectorAll("button[data-rule]")].map((b) => b.dataset.rule).filter(Boolean))];
  if (rules.length) box.append(el("span", { class: "act-rules" }, ...rules.flatMap((rule) => [" ", linkTo(rule)])));
}

function renderActionButtons() {
  const box = $("actions");
  box.replaceChildren();
  const v = S.view;
  if (!S.table.started || !isPlayer()) return;
  const me = mySeat();
  const g = v.game;
  const opts = v.options.filter((o) => o.type !== "contribute");
  if (!opts.length) {
    const waits = v.to_act.filter((s) => s !== me);
    if (v.over) box.append(el("p", { class: "hint", text: t("The match is over: see the score sheet.") }));
    else if (waits.length) box.append(el("p", { class: "hint wait", text: t("Waiting for {names}…", { names: waits.map(seatName).join(", ") }) }));
    if (options("contribute").length) box.append(el("p", { class: "hint", text: t("Sending your random value for the shuffle…") }));
    return;
  }
  const type = opts[0].type;
  if (type === "draw") box.append(button(t("Draw a card"), "D1", () => act({ type: "draw", seat: me }), "primary", "draw"));
  else if (type === "shuffle") box.append(button(t("Shuffle"), "D4", () => act({ type: "shuffle", seat: me }), "primary", "shuffle"));
  else if (type === "cut") {
    const o = opts[0];
    if (S.cut === null || S.cut < o.min || S.cut > o.max) S.cut = 39;
    const out = el("output", { id: "cut-value", text: t("{k} cards cut, {rest} left", { k: S.cut, rest: 78 - S.cut }) });
    const slider = el("input", { type: "range", id: "cut-slider", min: String(o.min), max: String(o.max), step: "1", value: String(S.cut), title: t("D5: at least {min} cards each way", { min: o.min }), "aria-label": t("Where to cut") });
    slider.addEventListener("input", () => {
      S.cut = Math.min(o.max, Math.max(o.min, Number(slider.value)));
      slider.value = String(S.cut);
      out.textContent = t("{k} cards cut, {rest} left", { k: S.cut, rest: 78 - S.cut });
    });
    box.append(el("div", { class: "cut" }, el("label", { for: "cut-slider", text: t("Cut the pack (D5)") }), slider, out,
      button(t("Cut"), "D5", () => act({ type: "cut", seat: me, k: S.cut }), "primary", "cut")));
  } else if (type === "deal") box.append(button(t("Deal"), "D6", () => act({ type: "deal", seat: me }), "primary", "deal"));
  else if (type === "show_chien") box.append(button(t("Show the chien ({n} cards)", { n: v.deal.chien }), "D10", () => act({ type: "show_chien", seat: me }), "primary", "show_chien"));
  else if (type === "petit_sec") box.append(el("p", { class: "hint", text: t("You hold the Petit sec: you must show your hand (D16).") }),
    button(t("Announce the Petit sec"), "D16", () => act({ type: "petit_sec", seat: me }), "primary", "petit_sec"));
  else if (type === "bid") {
    box.append(el("span", { class: "prompt", text: t("Your bid:") }));
    for (const o of opts) box.append(button(contractName(o.contract), "B2", () => act({ type: "bid", seat: me, contract: o.contract }), o.contract === "pass" ? "pass" : "", `bid-${o.contract}`));
  } else if (type === "call") {
    box.append(el("span", { class: "prompt", text: t("Call a King (B4):") }));
    for (const o of opts) {
      const b = button("", "B4", () => act({ type: "call", seat: me, card: o.card }), "call", "call");
      b.append(C.cardElement(o.card, { small: true }), " ", C.name(o.card));
      b.dataset.card = o.card;
      box.append(b);
    }
  } else if (type === "chelem") {
    box.append(el("span", { class: "prompt", text: t("A chelem? (A4)") }),
      button(t("Announce a chelem"), "A4", () => act({ type: "chelem", seat: me, announce: true }), "", "chelem-yes"),
      button(t("No chelem"), "A4", () => act({ type: "chelem", seat: me, announce: false }), "primary", "chelem-no"));
  } else if (type === "discard" || (g && g.phase === "ecart")) renderEcartActions(box);
  else if (type === "play" || type === "poignee") renderPlayActions(box, opts);
}

function ecartRules() {
  const g = S.view.game;
  return (g && g.ecart_rules) || { size: variant().chien_size, refused: {}, trumps_at_most: 0 };
}

function ecartRefusal(card) {
  const rules = ecartRules();
  if (rules.refused[card]) return t(rules.refused[card]);
  if (C.isTrump(card) && S.ecart.filter(C.isTrump).length >= rules.trumps_at_most && !S.ecart.includes(card)) {
    return t("E2: a trump may go to the écart only when nothing else is possible");
  }
  return null;
}

function renderEcartActions(box) {
  const rules = ecartRules();
  S.ecart = S.ecart.filter((c) => S.view.game.hand.includes(c));
  const me = mySeat();
  box.append(el("span", { class: "prompt", title: "E1–E2", text: t("Your écart: {k} of {n} cards", { k: S.ecart.length, n: rules.size }) }),
    button(t("Undo"), "E2", () => { S.ecart.pop(); renderActions(); renderHand(); }, S.ecart.length ? "" : "disabled", "undo"),
    button(t("Confirm the écart"), "E2", () => {
      if (S.ecart.length !== rules.size) return;
      const cards = [...S.ecart];
      S.ecart = [];
      act({ type: "ecart", seat: me, cards });
    }, S.ecart.length === rules.size ? "primary" : "primary disabled", "ecart"));
  for (const b of box.querySelectorAll("button.disabled")) b.disabled = true;
  if (rules.trumps_at_most > 0) box.append(el("p", { class: "hint", title: "E2–E3", text: t("Up to {n} trumps may go to the écart; they are shown (E3).", { n: rules.trumps_at_most }) }));
}

function renderPlayActions(box, opts) {
  const me = mySeat();
  const poignees = opts.filter((o) => o.type === "poignee");
  if (S.poignee) {
    const count = S.poignee.count;
    box.append(el("span", { class: "prompt", title: "A1–A2", text: t("Choose the {n} trumps to show ({k} chosen)", { n: count, k: S.poignee.cards.size }) }),
      button(t("Show the poignée"), "A2", () => {
        const hand = S.view.game.hand;
        const cards = hand.filter((c) => S.poignee.cards.has(c));
        const level = S.poignee.level;
        S.poignee = null;
        act({ type: "poignee", seat: me, level, cards });
      }, S.poignee.cards.size === count ? "primary" : "primary disabled", "poignee-show"),
      button(t("Cancel"), "A2", () => { S.poignee = null; render(); }, "", "poignee-cancel"));
    for (const b of box.querySelectorAll("button.disabled")) b.disabled = true;
    return;
  }
  box.append(el("span", { class: "prompt", title: "P1–P4", text: t("Your turn: play a highlighted card") }));
  for (const o of poignees) {
    box.append(button(t("Show a poignée: {level} ({n} trumps)", { level: levelName(o.level), n: o.cards.length }), "A1", () => {
      S.poignee = { level: o.level, count: o.cards.length, cards: new Set(o.cards) };
      render();
    }, "poignee", "poignee"));
  }
}

function excuseAllowedInPoignee() {
  const hand = S.view.game.hand;
  const trumps = hand.filter(C.isTrump).length;
  return trumps < S.poignee.count; // A2: the Excuse stands for a trump only when no other trump is left out
}

function renderHand() {
  const box = $("hand");
  const tray = $("ecart-tray");
  box.replaceChildren();
  tray.hidden = true;
  const v = S.view;
  if (!S.table.started) return;
  let hand = [];
  if (v.game && isPlayer()) hand = v.game.hand;
  else if (v.game && v.hands && !isPlayer()) {
    renderAllHands(box);
    return;
  }
  const me = mySeat();
  const plays = new Set(options("play").map((o) => o.card));
  const ecartMode = v.game && v.game.phase === "ecart" && v.game.taker === me && isPlayer();
  if (ecartMode) {
    tray.hidden = false;
    tray.replaceChildren(el("span", { class: "label", text: t("Écart") }));
    for (const card of S.ecart) {
      const node = C.cardElement(card);
      node.classList.add("chosen");
      node.title = t("{card}: click to take it back", { card: C.name(card) });
      node.addEventListener("click", () => { S.ecart = S.ecart.filter((c) => c !== card); renderActions(); renderHand(); });
      tray.append(node);
    }
    for (let i = S.ecart.length; i < ecartRules().size; i++) tray.append(el("span", { class: "card slot" }));
  }
  for (const card of hand) {
    if (ecartMode && S.ecart.includes(card)) continue;
    const node = C.cardElement(card);
    node.setAttribute("role", "button");
    node.tabIndex = 0;
    if (ecartMode) {
      const why = ecartRefusal(card);
      const full = S.ecart.length >= ecartRules().size;
      if (why) {
        node.classList.add("refused");
        node.title = `${C.name(card)} — ${why}`;
        node.addEventListener("click", () => toast(t("Refused — {why}", { why }), "error"));
      } else {
        node.classList.add("choosable");
        node.addEventListener("click", () => {
          if (full) { toast(t("The écart is full: take a card back first (E1)."), "error"); return; }
          S.ecart.push(card);
          renderActions();
          renderHand();
        });
      }
      if (v.game.chien && v.game.chien.includes(card)) node.classList.add("from-chien");
    } else if (S.poignee) {
      const eligible = C.isTrump(card) || (C.isExcuse(card) && excuseAllowedInPoignee());
      if (!eligible) node.classList.add("dim");
      else {
        node.classList.add(S.poignee.cards.has(card) ? "chosen" : "choosable");
        node.addEventListener("click", () => {
          const set = S.poignee.cards;
          if (set.has(card)) set.delete(card);
          else if (set.size < S.poignee.count) set.add(card);
          else toast(t("A poignée shows exactly {n} trumps (A2): take one out first.", { n: S.poignee.count }), "error");
          render();
        });
      }
    } else if (plays.size) {
      if (plays.has(card)) {
        node.classList.add("legal");
        node.addEventListener("click", () => act({ type: "play", seat: me, card }));
      } else {
        node.classList.add("dim");
        node.addEventListener("click", () => act({ type: "play", seat: me, card }));
      }
    }
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); node.click(); } });
    box.append(node);
  }
  box.dataset.count = String(hand.length);
}

function renderAllHands(box) {
  const v = S.view;
  v.hands.forEach((hand, seat) => {
    box.append(el("div", { class: "open-hand" }, el("span", { class: "label", text: seatName(seat) }),
      ...hand.map((c) => C.cardElement(c, { small: true }))));
  });
}

// -- score sheet, last trick, export ----------------------------------------------------------

function renderSheet() {
  const box = $("sheet");
  const v = S.view;
  const n = players();
  const head = el("tr", {}, ...[t("Donne"), t("Dealer"), t("Contract"), t("Taker"), t("Points"), t("Bouts"), t("Bonuses"), t("Score")].map((h) => el("th", { text: h })),
    ...Array.from({ length: n }, (_, s) => el("th", { class: "seat-col", text: seatName(s) })));
  const body = el("tbody");
  for (const row of v.sheet) {
    const r = row.result;
    let contract = row.void ? t("void ({reason})", { reason: voidReason(row) }) : contractName(row.contract);
    if (row.called) contract += ` · ${C.display(row.called)}`;
    const b = row.breakdown;
    const bonuses = b ? Score.bonuses(b, t) : [];
    const marks = r ? r.marks : Array(n).fill(0);
    body.append(el("tr", { class: row.void ? "void" : r && r.made ? "made" : "failed" },
      el("td", { text: String(row.number) }),
      el("td", { text: seatName(row.dealer) }),
      el("td", { text: contract }),
      el("td", { text: row.taker === null ? "—" : seatName(row.taker) + (row.partner !== null && row.partner !== row.taker ? ` + ${seatName(row.partner)}` : "") }),
      el("td", { text: r ? `${Score.number(r.points, lang)} / ${r.target}` : "—", title: r ? (r.made ? t("made by {n}", { n: r.difference }) : t("failed by {n}", { n: r.difference })) : null }),
      el("td", { text: r ? String(r.bouts) : "—" }),
      el("td", { text: bonuses.join(", ") || "—" }),
      el("td", { class: "score", text: r ? Score.signed(r.score) : "—", title: b ? Score.scoreSum(b, t) : null }),
      ...marks.map((m, s) => el("td", { class: "seat-col marks", text: `${m > 0 ? "+" : ""}${m}`, title: t("total {n}", { n: row.totals[s] }) }))));
    if (b) body.append(el("tr", { class: "working" }, el("td", { colspan: String(8 + n), title: "S3", text: t("Score (S3): {sum}", { sum: Score.scoreSum(b, t) }) })));
    body.append(el("tr", { class: "totals" }, el("td", { colspan: "8", text: t("Totals after donne {n}", { n: row.number }) }),
      ...row.totals.map((x) => el("td", { class: "seat-col", text: String(x) }))));
  }
  if (!v.sheet.length) body.append(el("tr", {}, el("td", { colspan: String(8 + n), text: t("No donne is over yet.") })));
  box.replaceChildren(el("table", { class: "score-sheet" }, el("thead", {}, head), body),
    el("p", { class: "totals-line", text: t("Totals: {list}", { list: v.totals.map((x, s) => `${seatName(s)} ${x}`).join(" · ") }) }));
}

function voidReason(row) {  // the rule comes with the row (void_rule): the pages keep no map of their own
  const why = { all_pass: t("everyone passed"), petit_sec: t("Petit sec"), misdeal: t("misdeal") }[row.void] || row.void;
  return `${why}, ${row.void_rule}`;
}

async function exportRecord() {
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(TABLE)}/record`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const a = el("a", { href: URL.createObjectURL(blob), download: `atout-${TABLE}.json` });
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  } catch (error) {
    toast(t("The export failed: {why}", { why: error.message }), "error");
  }
}

// -- wiring ------------------------------------------------------------------------------------

$("btn-sheet").addEventListener("click", () => { renderSheet(); $("dlg-sheet").showModal(); });
$("btn-last").addEventListener("click", () => {
  const trick = lastTrick();
  if (!trick) return;
  trickNode(trick, $("last-trick"));
  $("dlg-last").showModal();
});
$("btn-log").addEventListener("click", () => document.body.classList.toggle("show-log"));
$("btn-export").addEventListener("click", exportRecord);
$("btn-start").addEventListener("click", () => control({ type: "start" }));
document.documentElement.lang = lang;
Together.setup({
  table: TABLE,
  send: (message) => conn.send(message),
  seatName: (seat) => seatName(seat),
  seatNode: (seat) => seatBox(seat),
  logLine: (event, text) => logLine(event, text),
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
