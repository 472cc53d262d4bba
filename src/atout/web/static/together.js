// Playing together at the table page (docs/reference/web-protocol.md, Playing together):
// the chat and the quick reactions (stored with the table: a reload shows them again;
// a person can mute another, in this browser), the turn signal (the tab's title, an
// optional sound, a notification when the page is hidden, once allowed) and the move
// timer's countdown. Texts are shown with textContent only, never as markup.
import { t } from "./i18n.js";

// The reactions the server accepts (atout.web.together.REACTIONS), each with its name
// for a screen reader.
export const REACTIONS = [
  ["★", () => t("bravo")], ["♥", () => t("well played")], ["☺", () => t("smile")],
  ["☹", () => t("too bad")], ["‼", () => t("wow")], ["⁉", () => t("really?")],
];
const MAX_TEXT = 200;

let H = null; // the table page's hooks: send, seatName, seatNode, logLine, toast, table, me, role
let muted = new Set();
let unread = 0;
let wasMyTurn = false;
let turnSince = 0;
let countdown = null;
const baseTitle = document.title;

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

const store = {
  get(key, fallback) {
    try {
      const v = localStorage.getItem(key);
      return v === null ? fallback : JSON.parse(v);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* private browsing: the choice lasts for the page */
    }
  },
};

/** Build the chat panel and the turn signal's settings; `hooks` are the page's. */
export function setup(hooks) {
  H = hooks;
  muted = new Set(store.get(`atout.muted.${H.table}`, []));
  const link = el("link", { rel: "stylesheet", href: "/static/together.css" });
  document.head.append(link);
  const tools = document.querySelector(".topbar .tools");
  const chatButton = el("button", {
    type: "button", id: "btn-chat", "aria-expanded": "false", "aria-controls": "chat",
    title: t("Chat and reactions"), onclick: () => toggle(),
  }, t("Chat"), el("span", { class: "unread", id: "chat-unread", hidden: true }));
  tools.prepend(chatButton);
  const timer = el("span", { id: "move-timer", class: "move-timer", role: "timer", hidden: true });
  document.getElementById("status").after(timer);
  document.body.append(panel());
}

function panel() {
  const list = el("ol", { id: "chat-list", class: "chat-list", "aria-live": "polite", "aria-label": t("Chat") });
  const input = el("input", {
    type: "text", id: "chat-text", maxlength: String(MAX_TEXT), autocomplete: "off",
    placeholder: t("A message to the table"), "aria-label": t("A message to the table"),
  });
  const form = el("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); sendText(input); } },
    input, el("button", { type: "submit", class: "primary", id: "chat-send" }, t("Send")));
  const reactions = el("div", { class: "reactions", role: "group", "aria-label": t("Quick reactions") },
    ...REACTIONS.map(([r, name]) => el("button", {
      type: "button", class: "reaction", "aria-label": t("React: {reaction}", { reaction: name() }),
      title: name(), onclick: () => react(r),
    }, r)));
  const signal = el("fieldset", { class: "signal" }, el("legend", { text: t("Your turn") }),
    el("label", { class: "check" }, el("input", {
      type: "checkbox", id: "turn-sound", checked: store.get("atout.turn.sound", false),
      onchange: (e) => store.set("atout.turn.sound", e.target.checked),
    }), " ", t("a sound")),
    el("button", { type: "button", id: "turn-notify", onclick: askNotifications }, t("Notify me when the page is hidden")),
    el("span", { id: "notify-state", class: "hint", "aria-live": "polite" }));
  const mute = el("details", { class: "mute" }, el("summary", { text: t("Mute someone") }),
    el("div", { id: "mute-list" }));
  const section = el("section", { id: "chat", class: "chat-panel", hidden: true, "aria-label": t("Chat") },
    el("header", { class: "chat-head" }, el("h2", { text: t("Chat") }),
      el("button", { type: "button", class: "close", "aria-label": t("Close"), onclick: () => toggle(false) }, "×")),
    list, el("p", { id: "chat-reader", class: "hint", hidden: true, text: t("A spectator reads the chat; the players and the organiser write in it.") }),
    reactions, form, mute, signal);
  section.addEventListener("keydown", (e) => { if (e.key === "Escape") toggle(false); });
  return section;
}

function toggle(open) {
  const section = document.getElementById("chat");
  const show = open === undefined ? section.hidden : open;
  section.hidden = !show;
  document.getElementById("btn-chat").setAttribute("aria-expanded", String(show));
  if (show) {
    unread = 0;
    showUnread();
    renderMute();
    document.getElementById("chat-text").focus();
  } else {
    document.getElementById("btn-chat").focus();
  }
}

// What this page sent to the chat and the server has not answered yet, in order (the
// server answers in that order): each text as sent, null for a reaction. The field
// keeps a text until its entry comes back, so that a message refused (too long, too
// fast…) is still there to send again.
const sending = [];

function sendText(input) {
  const text = input.value.trim().slice(0, MAX_TEXT);
  if (!text) return;
  if (H.send({ type: "chat", text })) sending.push(text);
}

function react(reaction) {
  if (H.send({ type: "react", reaction })) sending.push(null);
}

/** A refusal came: the text refused stays in the field, as typed. */
export function refused() {
  sending.shift();
}

/** This page's own message is in the chat: the field is emptied, unless it was
 * changed meanwhile. */
function sent(e) {
  if (!sending.length || (e.kind !== "text" && e.kind !== "reaction") || e.role !== H.role()) return;
  if (H.role() === "player" && e.seat !== H.me()) return;
  const text = sending.shift();
  const input = document.getElementById("chat-text");
  if (text !== null && input.value.trim().slice(0, MAX_TEXT) === text) input.value = "";
}

async function askNotifications() {
  const state = document.getElementById("notify-state");
  if (!("Notification" in window)) {
    state.textContent = t("This browser has no notifications.");
    return;
  }
  const answer = await Notification.requestPermission();
  store.set("atout.turn.notify", answer === "granted");
  state.textContent = answer === "granted" ? t("Notifications on.") : t("Notifications refused by the browser.");
}

function renderMute() {
  const box = document.getElementById("mute-list");
  box.replaceChildren();
  for (let seat = 0; seat < H.players(); seat++) {
    if (seat === H.me() || H.kind(seat) === "bot") continue;
    box.append(el("label", { class: "check" }, el("input", {
      type: "checkbox", "data-seat": String(seat), checked: muted.has(seat),
      onchange: (e) => setMuted(seat, e.target.checked),
    }), " ", t("Mute {name}", { name: H.seatName(seat) })));
  }
}

function setMuted(seat, on) {
  if (on) muted.add(seat);
  else muted.delete(seat);
  store.set(`atout.muted.${H.table}`, [...muted]);
  for (const li of document.querySelectorAll("#chat-list li")) {
    li.hidden = li.dataset.seat !== "" && muted.has(Number(li.dataset.seat));
  }
}

let entries = []; // the chat's entries this page has, in order

/** The seat's name as the entry was written: a seat the owner gave to another person
 * since (a "seat" notice after the entry) keeps the earlier person's name. */
function nameOf(entry) {
  if (typeof entry.name !== "string") return H.seatName(entry.seat);
  const later = entries.some((e) => e.kind === "seat" && e.seat === entry.seat && e.n > entry.n);
  if (!later && entry.seat === H.me()) return H.seatName(entry.seat); // "… (you)"
  return entry.name || t("Seat {n}", { n: entry.seat + 1 });
}

function who(entry) {
  if (entry.role === "owner") return t("the organiser");
  return entry.seat === null ? "" : nameOf(entry);
}

function entryNode(entry) {
  const seat = entry.seat === null || entry.seat === undefined ? "" : String(entry.seat);
  const time = new Date(entry.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const li = el("li", { class: `chat-${entry.kind}`, "data-seat": entry.role === "player" ? seat : "" },
    el("time", { text: time }), " ");
  if (entry.kind === "timer" || entry.kind === "seat") {
    li.append(el("span", { class: "text", text: noticeText(entry) }));
    li.dataset.seat = "";
  } else {
    const said = el("span", { class: "text", text: entry.text });
    if (entry.kind === "reaction") said.setAttribute("aria-label", reactionName(entry.text));
    li.append(el("b", { class: "who", text: who(entry) }), " ", said);
  }
  li.hidden = li.dataset.seat !== "" && muted.has(entry.seat);
  return li;
}

function reactionName(r) {
  const found = REACTIONS.find(([shown]) => shown === r);
  return found ? found[1]() : r;
}

function noticeText(entry) {
  if (entry.kind === "seat") {
    return t("{name}: the table's owner made a new link for this seat; the old one no longer opens it.", { name: nameOf(entry) });
  }
  return t("Time ran out for {name}: the bot made this decision for the seat.", { name: nameOf(entry) });
}

/** The chat of a snapshot: every entry again. */
export function snapshot(given) {
  const reader = H.role() === "spectator";
  // a spectator has no turn: no "Your turn" sound or notification to set
  for (const part of document.querySelectorAll("#chat .chat-form, #chat .reactions, #chat .signal")) part.hidden = reader;
  document.getElementById("chat-reader").hidden = !reader;
  entries = [...given];
  const list = document.getElementById("chat-list");
  list.replaceChildren(...entries.map(entryNode));
  list.scrollTop = list.scrollHeight;
}

/** A new entry, live. */
export function entry(e) {
  sent(e);
  entries.push(e);
  if (entries.length > 400) entries = entries.slice(-200);
  const list = document.getElementById("chat-list");
  const node = entryNode(e);
  list.append(node);
  while (list.children.length > 200) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
  const mutedHere = node.hidden;
  if (e.kind === "timer" || e.kind === "seat") H.logLine({ kind: e.kind, rule: "" }, noticeText(e));
  if (e.kind === "seat") H.toast(noticeText(e)); // where the players look, not only the log
  if (e.kind === "reaction" && !mutedHere) bubble(e);
  if (!mutedHere && document.getElementById("chat").hidden && e.kind !== "timer" && e.kind !== "seat") {
    unread += 1;
    showUnread();
  }
}

function showUnread() {
  const badge = document.getElementById("chat-unread");
  badge.hidden = unread === 0;
  badge.textContent = unread ? String(unread) : "";
  badge.setAttribute("aria-label", t("{n} unread", { n: unread }));
}

function bubble(e) {
  const node = e.seat === null ? null : H.seatNode(e.seat);
  if (!node) return;
  const b = el("span", { class: "reaction-bubble", "aria-hidden": "true", text: e.text });
  node.append(b);
  setTimeout(() => b.remove(), 2600);
}

/** After each render: the tab's title, the sound, the notification and the countdown. */
export function turn(myTurn, moveSeconds) {
  if (myTurn && !wasMyTurn) {
    turnSince = Date.now();
    if (store.get("atout.turn.sound", false)) beep();
    if (document.hidden && store.get("atout.turn.notify", false) && "Notification" in window && Notification.permission === "granted") {
      try {
        new Notification("atout", { body: t("Your turn to play"), tag: `atout-${H.table}` });
      } catch {
        /* a browser that allows notifications only from a service worker */
      }
    }
  }
  wasMyTurn = myTurn;
  document.title = myTurn ? `● ${t("Your turn")} — ${baseTitle}` : baseTitle;
  clearInterval(countdown);
  const box = document.getElementById("move-timer");
  box.hidden = !(myTurn && moveSeconds > 0);
  if (box.hidden) return;
  const tick = () => {
    const left = Math.max(0, Math.ceil(moveSeconds - (Date.now() - turnSince) / 1000));
    box.textContent = t("Timer: {n} s", { n: left });
    box.setAttribute("aria-label", t("{n} seconds left before the bot plays for you", { n: left }));
    box.classList.toggle("urgent", left <= 5);
  };
  tick();
  countdown = setInterval(tick, 1000);
}

/** The table changed (an update with events): the server's move timer starts again
 * from now (atout.web.room_together), and so does the countdown of the next render —
 * also for a seat that decides twice in a row (it won the trick and leads the next). */
export function tableChanged() {
  turnSince = Date.now();
}

/** The seat's decision is made (sent, or the table moved on): the countdown and the
 * tab's "Your turn" go at once, not after the events still to be shown. A refused
 * action brings them back with the next render, counting from the same start. */
export function turnOver() {
  clearInterval(countdown);
  const box = document.getElementById("move-timer");
  if (box) box.hidden = true;
  document.title = baseTitle;
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch {
    /* no sound here */
  }
}
