// The lobby: create a table, show its links, list the tables made from this browser.
import { t } from "./i18n.js";

const STORE = "atout.owners"; // [{table, owner, created, players}]
const form = document.getElementById("create-form");
const errorLine = document.getElementById("create-error");

function owned() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(list) ? list.filter((x) => x && x.table && x.owner) : [];
  } catch {
    return [];
  }
}

function remember(entry) {
  const list = owned().filter((x) => x.table !== entry.table);
  list.unshift(entry);
  localStorage.setItem(STORE, JSON.stringify(list.slice(0, 50)));
}

function tokenOf(url) {
  const i = url.indexOf("#");
  return i < 0 ? "" : url.slice(i + 1);
}

function players() {
  return Number(form.querySelector("input[name=players]:checked").value);
}

function showSeats() {
  const n = players();
  for (const row of document.querySelectorAll(".seat-row")) {
    row.hidden = Number(row.dataset.seat) >= n;
  }
}

function value(name) {
  return form.elements[name];
}

function request() {
  const n = players();
  const seats = [];
  const names = [];
  for (let s = 0; s < n; s++) {
    const kind = value(`kind${s}`).value;
    seats.push(kind === "" ? null : kind);
    const name = value(`name${s}`).value.trim();
    // a table listed on the lobby offers the persons' seats left without a name
    const unnamed = kind === "" ? (value("listed").checked ? "" : t("Seat {n}", { n: s + 1 })) : t("Bot {n}", { n: s + 1 });
    names.push(name || unnamed);
  }
  const offset = value("shuffler_offset").value;
  return {
    players: n,
    deals: Number(value("deals").value),
    seats,
    names,
    rules: {
      consecutive_chien_cards: value("consecutive_chien_cards").checked,
      early_pickup_penalty: Number(value("early_pickup_penalty").value),
      bar_plain_card_exposer: value("bar_plain_card_exposer").checked,
      excuse_exposed_as_trump: value("excuse_exposed_as_trump").checked,
      shuffler_offset: offset === "" ? null : Number(offset),
      called_suit_first_trick: value("called_suit_first_trick").checked,
      excuse_last_trick: value("excuse_last_trick").value,
    },
    spectators_see_hands: value("spectators_see_hands").checked,
    grace_seconds: Number(value("grace_seconds").value),
    move_seconds: Number(value("move_seconds").value),
    next_seconds: Number(value("next_seconds").value),
    listed: value("listed").checked,
  };
}

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

function linkItem(label, url, kind) {
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

function showLinks(answer, sent) {
  const list = document.getElementById("link-list");
  list.replaceChildren();
  for (const seat of answer.seats) {
    const who = sent.names[seat.seat];
    // seats are numbered from 1 for people (seat.seat counts from 0)
    const plain = !who || who === t("Seat {n}", { n: seat.seat + 1 });
    if (seat.kind === "person") {
      const label = plain ? t("Seat {n}", { n: seat.seat + 1 }) : t("Seat {n} · {name}", { n: seat.seat + 1, name: who });
      list.append(linkItem(label, seat.url, "seat-link"));
    } else {
      const li = document.createElement("li");
      li.className = "link bot";
      li.textContent = t("Seat {n} · {name} (bot)", { n: seat.seat + 1, name: who });
      list.append(li);
    }
  }
  list.append(linkItem(t("Spectators (read only)"), answer.spectator, "spectator"));
  list.append(linkItem(t("Owner (start the table, put bots in empty seats)"), answer.owner, "owner"));
  document.getElementById("who-sees").textContent = sent.spectators_see_hands
    ? t("Who sees what: each seat's link sees its own hand; the owner's link sees no hand; the spectators' link sees every hand.")
    : t("Who sees what: each seat's link sees its own hand; the owner's link and the spectators' link see no hand.");
  document.getElementById("owner-open").href = answer.owner;
  document.getElementById("links").hidden = false;
  document.getElementById("links").scrollIntoView({ behavior: "smooth", block: "start" });
}

async function create(event) {
  event.preventDefault();
  errorLine.hidden = true;
  const sent = request();
  const button = document.getElementById("create-button");
  button.disabled = true;
  try {
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(sent),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      throw new Error(answer.error || `HTTP ${response.status}`);
    }
    remember({
      table: answer.table,
      owner: answer.owner,
      spectator: answer.spectator,
      seats: answer.seats,
      names: sent.names,
      players: sent.players,
      created: new Date().toISOString(),
    });
    showLinks(answer, sent);
    listMine();
  } catch (error) {
    errorLine.textContent = t("The table was not created: {why}", { why: error.message });
    errorLine.hidden = false;
  } finally {
    button.disabled = false;
  }
}

async function listMine() {
  const mine = owned();
  const list = document.getElementById("mine-list");
  document.getElementById("mine-empty").hidden = mine.length > 0;
  let known = new Map();
  if (mine.length) {
    try {
      const response = await fetch("/api/tables", {
        headers: { "X-Atout-Owners": mine.map((x) => tokenOf(x.owner)).join(",") },
      });
      if (response.ok) {
        const answer = await response.json();
        const rows = Array.isArray(answer) ? answer : answer.tables || [];
        known = new Map(rows.map((row) => [row.table || row.id, row]));
      }
    } catch {
      known = new Map();
    }
  }
  list.replaceChildren();
  for (const entry of mine) {
    const row = known.get(entry.table);
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = entry.owner;
    a.textContent = (row && row.names ? row.names : entry.names || []).join(", ") || entry.table;
    const state = document.createElement("span");
    state.className = "state";
    if (!row) state.textContent = t("unknown to this server");
    else if (row.over) state.textContent = t("over");
    else if (row.started) state.textContent = t("playing");
    else state.textContent = t("waiting");
    const when = document.createElement("span");
    when.className = "when";
    when.textContent = new Date(entry.created).toLocaleString();
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = t("Links");
    details.append(summary);
    const links = document.createElement("ul");
    links.className = "links";
    for (const seat of entry.seats || []) {
      if (seat.kind === "person") links.append(linkItem(t("Seat {n}", { n: seat.seat + 1 }), seat.url, "seat-link"));
    }
    if (entry.spectator) links.append(linkItem(t("Spectators (read only)"), entry.spectator, "spectator"));
    details.append(links);
    const forget = document.createElement("button");
    forget.type = "button";
    forget.className = "forget";
    forget.textContent = t("Forget");
    forget.addEventListener("click", () => {
      localStorage.setItem(STORE, JSON.stringify(owned().filter((x) => x.table !== entry.table)));
      listMine();
    });
    li.append(a, " ", state, " ", when, forget, details);
    list.append(li);
  }
}

for (const radio of form.querySelectorAll("input[name=players]")) radio.addEventListener("change", showSeats);
form.addEventListener("submit", create);
showSeats();
listMine();
