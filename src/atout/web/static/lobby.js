// The lobby: create a table (and go to one's own seat when one plays), show its links,
// list the tables this browser created or opened a link of (tables_store.js).
import { t } from "./i18n.js";
import { rememberOpened, rememberOwned } from "./tables_store.js";
import { linkItem, listMine } from "./lobby_mine.js";

const form = document.getElementById("create-form");
const errorLine = document.getElementById("create-error");
const NAME = "atout.name"; // the name the creator last played under, offered again

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
    const name = (s === mySeat() ? value("my_name") : value(`name${s}`)).value.trim();
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

/** The seat the creator plays at, or null when he only organises. */
function mySeat() {
  return value("me").checked ? Number(value("my_seat").value) : null;
}

/** The creator's seat row: a person's, named by the "as" field; the other rows as typed. */
function showMe() {
  const seat = mySeat();
  for (const row of document.querySelectorAll(".seat-row")) {
    const s = Number(row.dataset.seat);
    const mine = s === seat;
    row.classList.toggle("mine", mine);
    const name = value(`name${s}`);
    const kind = value(`kind${s}`);
    if (mine) {
      kind.value = "";
      name.value = value("my_name").value;
    } else if (name.readOnly) {
      name.value = "";
    }
    name.readOnly = mine;
    name.placeholder = mine ? t("Your name") : t("Name");
    kind.disabled = mine;
  }
  for (const option of value("my_seat").options) option.hidden = Number(option.value) >= players();
  if (seat !== null && seat >= players()) value("my_seat").value = "0";
  document.querySelector(".me-seat").hidden = seat === null;
  document.getElementById("me-hint").hidden = seat === null;
}

/** Why the form cannot be sent as it is, or "". */
function refusal() {
  const seat = mySeat();
  if (seat !== null && !value("my_name").value.trim()) return t("Your name first: the others see it at the table.");
  return "";
}

/** The server's refusal in the form's words: the field it names (`move_seconds: …`,
 * `names[1]: …`) called by its label on this form, and that field focused. */
function inFormWords(message) {
  const found = /^(\w+)(?:\[(\d+)\])?\s?: (.*)$/s.exec(message);
  if (!found) return message;
  const [, key, index, rest] = found;
  const seat = index === undefined ? null : Number(index) + 1;
  let field = null;
  let label = "";
  if (key === "names" && seat !== null) {
    field = form.elements[`name${seat - 1}`];
    label = t("Name for seat {n}", { n: seat });
  } else if (key === "seats" && seat !== null) {
    field = form.elements[`kind${seat - 1}`];
    label = t("Who plays at seat {n}", { n: seat });
  } else if (form.elements[key] instanceof HTMLElement) {
    field = form.elements[key];
    const text = field.closest("label")?.firstChild?.textContent || "";
    label = text.split(/[(:]/)[0].trim();
  }
  if (!label) return message;
  field?.focus?.();
  return t("{field}: {why}", { field: label, why: rest });
}

async function create(event) {
  event.preventDefault();
  errorLine.hidden = true;
  const sent = request();
  const refused = refusal();
  if (refused) {
    errorLine.textContent = refused;
    errorLine.hidden = false;
    value("my_name").focus();
    return;
  }
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
      throw new Error(answer.error ? inFormWords(answer.error) : `HTTP ${response.status}`);
    }
    const seat = mySeat();
    rememberOwned({
      table: answer.table,
      owner: answer.owner,
      spectator: answer.spectator,
      seats: answer.seats,
      names: sent.names,
      players: sent.players,
      mine: seat,
      created: new Date().toISOString(),
    });
    if (seat !== null) {
      const url = answer.seats[seat].url;
      try {
        localStorage.setItem(NAME, sent.names[seat]);
      } catch {
        /* storage disabled: the name is not offered next time */
      }
      rememberOpened({ table: answer.table, link: url, role: "player", seat, name: sent.names[seat], names: sent.names });
      location.assign(url); // the creator's own seat, with the owner's controls
      return;
    }
    showLinks(answer, sent);
    listMine();
  } catch (error) {
    errorLine.textContent = t("The table was not created: {why}", { why: error.message });
    errorLine.hidden = false;
  } finally {
    button.disabled = false;
  }
}

for (const radio of form.querySelectorAll("input[name=players]")) {
  radio.addEventListener("change", () => { showSeats(); showMe(); });
}
for (const name of ["me", "my_seat", "my_name"]) value(name).addEventListener(name === "my_name" ? "input" : "change", showMe);
form.addEventListener("submit", create);
try {
  value("my_name").value = localStorage.getItem(NAME) || "";
} catch {
  /* storage disabled */
}
showSeats();
showMe();
listMine();
