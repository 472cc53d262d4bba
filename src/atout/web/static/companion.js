// The table companion's evening page: the referee's guide and the score sheet.
// The scorer's link (token in the fragment) enters what happens at the table; the
// viewer's link follows the sheet. The page polls the server and shows the sheet as
// stored; an entry is kept and sent again with the same number until the server has
// stored it (a dropped connection never loses it). Every rule id is a link to its text.
import { ruleLink } from "./rules.js";
import * as store from "./companion_store.js";
import { echoTypedCards, readings, splitCards, typedBack } from "./typed_cards.js";
import { display, name as cardName } from "./cards.js";
import { elidesBefore } from "./i18n.js";

const boot = JSON.parse(document.getElementById("boot").textContent);
const LANG = boot.lang === "fr" ? "fr" : "en";
const FR = LANG === "fr";
const COLON = FR ? " : " : ": "; // French puts a space before the colon, English none
echoTypedCards(LANG);
const TOKEN = decodeURIComponent(window.location.hash.slice(1));
// another link of the same evening typed or pasted in this tab (the viewer's in the
// scorer's, say) changes only the part after "#": the page opens again as that link's
window.addEventListener("hashchange", () => window.location.reload());
const API = `/api/companion/${boot.evening}`;
const VIEW_KEY = `${boot.evening}:${TOKEN.slice(0, 12)}`;
const POLL_MS = 2000;
const MAX_RETRY_MS = 10000;

const T = {
  fr: {
    tournamentLine: "Tournoi {name} · partie {round}, table {table} · {n} / {donnes} donnes", etui: "étui",
    tournamentLineOne: "Tournoi {name} · partie {round}, table {table} · {n} / {donnes} donne",
    roundDone: "Les {donnes} donnes de la partie sont saisies : la table a fini sa partie.",
    roundDoneOne: "La donne de la partie est saisie : la table a fini sa partie.",
    scorer: "marqueur", viewer: "spectateur", live: "à jour", offline: "hors ligne — reconnexion…",
    sending: "envoi…", draw: "Tirage du premier donneur", seat: "Joueur", card: "Carte",
    drawn: "Carte tirée", dealerGiven: "Donneur choisi sans tirage", choose: "Choisir",
    donne: "Donne", cut: "Coupe", cutDepth: "Cartes coupées (4 à 74)", enterCut: "Noter la coupe",
    fault: "Faute", petitSec: "Petit sec", allPass: "Tous passent", result: "Résultat",
    kind: "Faute", by: "Par", misdeal: "Maldonne (donneur)", chien_count: "Chien mal compté (donneur)",
    card_exposed: "Carte retournée", early_pickup: "Cartes ramassées trop tôt", record: "Noter la faute",
    calledCourt: "La carte appelée est un Roi (ou une Dame, un Cavalier, un Valet), pas cette carte : {card}.", contract: "Contrat", taker: "Preneur", called: "Carte appelée", partner: "Appelé", alone: "seul",
    points: "Points du preneur", bouts: "Bouts", pile: "Cartes du tas du preneur", byPoints: "Points et bouts",
    byPile: "Cartes du tas", poignees: "Poignées", none: "—", chelem: "Chelem annoncé par",
    every: "Tous les plis", attack: "attaque", defence: "défense", pab: "Petit au bout",
    petitChien: "Le Petit était au chien", save: "Enregistrer", cancel: "Fermer sans enregistrer", edit: "Corriger",
    pick: "— choisir —", redo: "Rétablir la saisie annulée", undoAsk: "Annuler : {what} ?", undoLater: "Vous pourrez la rétablir.",
    undoYes: "Oui, l'annuler", undoNo: "Non, la garder", undone: "Saisie annulée : {what}", undoWaiting: "Annulation en attente : {what}", undoWaitingShort: "Annulation en attente", redone: "Saisie rétablie : {what}",
    lDraw: "tirage {of} ({card})", lDealer: "choix {of} comme premier donneur", lCut: "coupe de la donne {n} ({k} cartes)",
    lFault: "faute à la donne {n} ({what})", lPetit: "Petit sec {of} à la donne {n}", lPass: "tous passent à la donne {n}",
    lResult: "résultat de la donne {n} — {what}", lEdit: "correction de la donne {n} — {what}", lBy: "par",
    editing: "Correction de la donne", sheet: "Feuille de marque", totals: "Total", ahead: "En tête", nobodyAhead: "Personne n'est encore en tête : tous à égalité.",
    chart: "Totaux au fil de la soirée", rules: "Règles", fft: "FFT : règles officielles, sans différence.",
    faultBy: "{fault} par {name}", links: "Liens", viewerLink: "Lien spectateur (lecture seule)", viewerLater: "Le lien spectateur et son QR code s'afficheront au retour de la connexion.", scorerLink: "Votre lien de marqueur : gardez-le",
    exports: "Exporter", undo: "Annuler la dernière saisie", last: "Dernière donne",
    misdealV: "maldonne", petit_secV: "Petit sec", all_passV: "tous passent", played: "jouée",
    prise: "Prise", garde: "Garde", garde_sans: "Garde sans", garde_contre: "Garde contre",
    simple: "simple", double: "double", triple: "triple", penalties: "Pénalités (D11)",
    noFault: "", faults: "Fautes", dealer: "donneur", edited: "corrigée", copy: "Copier",
    drawSoFar: "Cartes tirées", made: "réussi", failed: "chuté", refused: "Refusé",
    waitingOne: "1 saisie en attente", waitingMany: "{n} saisies en attente", offlineShort: "hors ligne",
    waitingOffline: "Gardées sur ce téléphone, même si l'onglet est fermé : elles seront envoyées dans l'ordre au retour de la connexion.",
    waitingHint: "Envoi dans l'ordre…", sendAnyway: "Envoyer quand même", takeBack: "Retirer cette saisie",
    guideLater: "Cette donne suit les saisies en attente : qui donne, coupe et parle sera dit quand le serveur les aura.", cards: "cartes",
    image: "Image (PNG)",
    totalsWaitingOne: "Ces totaux ne comptent pas la saisie en attente : ils seront à jour quand le serveur l'aura enregistrée. Les donnes en attente sont grisées, sans marques : c'est le serveur qui les calcule.",
    totalsWaitingMany: "Ces totaux ne comptent pas les {n} saisies en attente : ils seront à jour quand le serveur les aura enregistrées. Les donnes en attente sont grisées, sans marques : c'est le serveur qui les calcule.",
    pendingMark: "en attente",
    exportOffline: "Pas de connexion : les exports sont faits par le serveur. Réessayez quand la connexion sera revenue.",
    swipe: "→ Le tableau est plus large que l'écran : faites-le glisser pour voir les autres joueurs.",
    emptyField: "le champ est vide", qUndo: "Annulation : {what}", qRedo: "Rétablissement : {what}",
    needContract: "choisissez le contrat demandé par le preneur", needTaker: "choisissez le joueur qui a pris",
    needPartner: "choisissez le joueur qui tenait la carte appelée, ou « seul » si le preneur s'est appelé lui-même",
    needBouts: "choisissez le nombre de bouts du preneur, de 0 à 3", needPile: "tapez les cartes du tas du preneur",
    needCard: "tapez la carte, par exemple RCo, 7T, 21 ou Excuse", needCut: "tapez le nombre de cartes coupées, de 4 à 74",
    needHolder: "choisissez le joueur qui a le Petit sec", needBy: "choisissez le joueur qui a fait la faute",
  },
  en: {
    tournamentLine: "Tournament {name} · round {round}, table {table} · {n} / {donnes} donnes", etui: "étui",
    tournamentLineOne: "Tournament {name} · round {round}, table {table} · {n} / {donnes} donne",
    roundDone: "The round's {donnes} donnes are entered: this table's round is over.",
    roundDoneOne: "The round's donne is entered: this table's round is over.",
    scorer: "scorer", viewer: "viewer", live: "live", offline: "offline — reconnecting…",
    sending: "sending…", draw: "Draw for the first dealer", seat: "Player", card: "Card",
    drawn: "Card drawn", dealerGiven: "Dealer chosen without a draw", choose: "Choose",
    donne: "Donne", cut: "Cut", cutDepth: "Cards cut (4 to 74)", enterCut: "Enter the cut",
    fault: "Fault", petitSec: "Petit sec", allPass: "All pass", result: "Result",
    kind: "Fault", by: "By", misdeal: "Misdeal (dealer)", chien_count: "Wrong chien count (dealer)",
    card_exposed: "Card turned face up", early_pickup: "Cards picked up too early", record: "Record the fault",
    calledCourt: "The called card is a King (or a Queen, a Cavalier, a Valet), not this card: {card}.", contract: "Contract", taker: "Taker", called: "Called card", partner: "Partner", alone: "alone",
    points: "Taker's points", bouts: "Bouts", pile: "Cards of the taker's pile", byPoints: "Points and bouts",
    byPile: "Cards of the pile", poignees: "Poignées", none: "—", chelem: "Chelem announced by",
    every: "Every trick", attack: "attack", defence: "defence", pab: "Petit au bout",
    petitChien: "The Petit was in the chien", save: "Save", cancel: "Close without saving", edit: "Edit",
    pick: "— choose —", redo: "Redo the undone entry", undoAsk: "Undo: {what}?", undoLater: "You can redo it.",
    undoYes: "Yes, undo it", undoNo: "No, keep it", undone: "Undone: {what}", undoWaiting: "Undo waiting: {what}", undoWaitingShort: "Undo waiting", redone: "Redone: {what}",
    lDraw: "the draw {of} ({card})", lDealer: "the choice {of} as first dealer", lCut: "the cut at donne {n} ({k} cards)",
    lFault: "the fault at donne {n} ({what})", lPetit: "the Petit sec {of} at donne {n}", lPass: "all pass at donne {n}",
    lResult: "the result of donne {n} — {what}", lEdit: "the edit of donne {n} — {what}", lBy: "by",
    editing: "Editing donne", sheet: "Score sheet", totals: "Total", ahead: "Ahead", nobodyAhead: "Nobody is ahead yet: all level.",
    chart: "Totals over the evening", rules: "Rules", fft: "FFT: the official rules, no difference.",
    faultBy: "{fault} by {name}", links: "Links", viewerLink: "Viewer link (read-only)", viewerLater: "The viewer link and its QR code show once the connection is back.", scorerLink: "Your scorer link: keep it",
    exports: "Export", undo: "Undo the last entry", last: "Last donne",
    misdealV: "misdeal", petit_secV: "Petit sec", all_passV: "all pass", played: "played",
    prise: "Prise", garde: "Garde", garde_sans: "Garde sans", garde_contre: "Garde contre",
    simple: "simple", double: "double", triple: "triple", penalties: "Penalties (D11)",
    noFault: "", faults: "Faults", dealer: "dealer", edited: "edited", copy: "Copy",
    drawSoFar: "Cards drawn", made: "made", failed: "failed", refused: "Refused",
    waitingOne: "1 entry waiting", waitingMany: "{n} entries waiting", offlineShort: "offline",
    waitingOffline: "Kept on this phone, even if the tab is closed: they are sent in order when the connection is back.",
    waitingHint: "Sending in order…", sendAnyway: "Send anyway", takeBack: "Take this entry back",
    guideLater: "This donne follows the entries waiting: who deals, cuts and speaks is said once the server has them.", cards: "cards",
    image: "Image (PNG)",
    totalsWaitingOne: "These totals do not count the entry waiting: they are brought up to date once the server has stored it. Donnes waiting are greyed, without marks: the server works them out.",
    totalsWaitingMany: "These totals do not count the {n} entries waiting: they are brought up to date once the server has stored them. Donnes waiting are greyed, without marks: the server works them out.",
    pendingMark: "waiting",
    exportOffline: "No connection: the exports are made by the server. Try again once the connection is back.",
    swipe: "→ The sheet is wider than the screen: swipe it to see the other players.",
    emptyField: "the field is empty", qUndo: "Undo: {what}", qRedo: "Redo: {what}",
    needContract: "choose the contract the taker bid", needTaker: "choose the player who took",
    needPartner: "choose the player who held the called card, or “alone” if the taker called himself",
    needBouts: "choose the taker's number of bouts, 0 to 3", needPile: "type the cards of the taker's pile",
    needCard: "type the card, for example KH, 7C, 21 or Excuse", needCut: "type the number of cards cut, 4 to 74",
    needHolder: "choose the player who has the Petit sec", needBy: "choose the player who made the fault",
  },
}[LANG];

const COLOURS = ["#c81e2d", "#145ac8", "#148c3c", "#c87800", "#7828a0"];
const MARKERS = ["●", "■", "▲", "◆", "✚"];

/** Each player's standing after each donne over: the totals less the D11 penalties
 * counted so far; the last point is the standing now (a penalty of the donne going on
 * included). */
function standingsHistory() {
  const rows = [view.names.map(() => 0)];
  const penalties = view.names.map(() => 0);
  for (const d of view.donnes) {
    d.penalties.forEach((p, s) => { penalties[s] += p; });
    if (d.over) rows.push(d.totals.map((t, s) => t - penalties[s]));
  }
  const now = view.standings;
  if (rows[rows.length - 1].some((v, s) => v !== now[s])) rows.push(now);
  return rows;
}

let view = null;
let queue = []; // the entries waiting to be sent, oldest first (as kept in IndexedDB)
let blocked = null; // {text, rule, key, stale}: the first waiting entry, refused or stale
let sendingFrom = null; // the form whose entry is on its way (its Save button waits)
let offline = false;
let formBase = null; // the sheet's version when the open panel was opened
let formGen = 0; // counts the panels opened: an answer closes only the form it came from
let sendingGen = 0;
let retryMs = POLL_MS;
let pollTimer = null;
let panel = null; // "fault" | "result" | "petit" | null
let editing = null; // donne number being edited
let askingUndo = false; // the Undo button asks before it undoes
let opened = new Set(); // donnes whose details are shown
let message = null; // {text, rule, where, fresh}: a refusal, shown beside its form

// -- DOM helpers ------------------------------------------------------------------------

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function rule(id) {
  return ruleLink(id, LANG, `${FR ? "Règle" : "Rule"} ${id}`);
}

function lineList(lines, cls = "lines") {
  return h("ul", { class: cls }, lines.map((l) => h("li", {}, rule(l.rule), " ", l.text)));
}

function select(id, options, chosen) {
  return h(
    "select",
    { id, name: id },
    options.map(([value, label]) => h("option", { value, selected: String(value) === String(chosen) }, label)),
  );
}

function seatOptions(extra = []) {
  return [...extra, ...view.names.map((name, s) => [s, name])];
}

function field(label, control) {
  return h("label", {}, h("span", {}, label), control);
}

function signed(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

// -- talking to the server ----------------------------------------------------------------
// Every entry is first kept in IndexedDB (companion_store.js) with its id and `n`, the
// version of the evening it follows, then sent in order, one at a time: a poll and a tap
// never race, and an entry sent twice is recognised by its id. The last sheet seen is
// kept too, so the page opens without the server.

function headers(json = false) {
  const result = { Authorization: `Bearer ${TOKEN}` };
  if (json) result["Content-Type"] = "application/json";
  return result;
}

function setStatus(text, cls) {
  const status = document.getElementById("status");
  status.textContent = text;
  status.className = `status ${cls}`;
}

function waitingText(count) {
  return count === 1 ? T.waitingOne : T.waitingMany.replace("{n}", count);
}

function showStatus() {
  const count = queue.length;
  if (offline) setStatus(count ? `${T.offlineShort} — ${waitingText(count)}` : T.offline, "down");
  else if (count) setStatus(blocked ? waitingText(count) : `${T.sending} ${waitingText(count)}`, "ok");
  else setStatus(T.live, "ok");
}

function takeView(data) {
  view = data;
  store.saveView(VIEW_KEY, data);
  store.remember(data, window.location.href);
}

async function poll(force = false) {
  clearTimeout(pollTimer);
  try {
    const known = view && !force ? `&known=${view.entries}` : "";
    const answer = await fetch(`${API}?lang=${LANG}${known}`, { headers: headers(), cache: "no-store" });
    if (answer.status === 404) {
      document.getElementById("app").replaceChildren(h("p", { class: "error" }, (await answer.json()).error));
      return;
    }
    const data = await answer.json();
    offline = false;
    retryMs = POLL_MS;
    if (exportNote) {
      exportNote = false; // the server is back: the exports work again
      if (data.unchanged) render();
    }
    if (!data.unchanged) {
      takeView(data);
      render();
    }
    if (!viewerInfo && view && view.role === "scorer") loadViewer(); // a tab opened offline: its links now
    showStatus();
    if (queue.length && !blocked) await flush();
  } catch (e) {
    const was = offline;
    offline = true;
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    if (!was && view && (queue.length || !viewerInfo)) render(); // the entries waiting, the links' note
    showStatus();
  }
  pollTimer = setTimeout(poll, retryMs);
}

/** The version the server will have once every waiting entry is stored. */
function expected() {
  return queue.length ? queue[queue.length - 1].n + 1 : view.version;
}

/** Open (or close) a panel: its entry follows the sheet as it is now (`formBase`), so
 * that a sheet changed meanwhile on another phone is said before anything is saved. */
function openPanel(name) {
  panel = panel === name ? null : name;
  formBase = expected();
  formGen += 1;
  render();
}

async function enter(entry, where) {
  if (!view || view.role !== "scorer" || sendingFrom === where) return;
  sendingFrom = where; // set at once: a second tap before the first is kept does nothing
  sendingGen = formGen;
  if (where !== "redo") takenBack = []; // a new entry (or an undo sent) ends what Redo could put back
  message = null;
  if (where !== "undo" && where !== "redo") toast = null;
  const panelForm = where === "result-form" || where === "fault-form" || where === "petit-form";
  const n = !queue.length && panelForm && formBase !== null ? Math.min(formBase, view.version) : expected();
  const item = await store.addWaiting(boot.evening, entry, n, where);
  queue.push(item);
  render();
  showStatus();
  flush();
}

let flushing = null;

function flush() {
  if (!flushing) {
    flushing = sendAll().finally(() => {
      flushing = null;
    });
  }
  return flushing;
}

async function sendAll() {
  while (queue.length && !blocked) {
    const item = queue[0];
    let answer;
    let data;
    try {
      answer = await fetch(`${API}/entries?lang=${LANG}`, {
        method: "POST",
        headers: headers(true),
        body: JSON.stringify({ n: item.n, id: item.id, entry: item.entry }),
      });
      data = await answer.json();
    } catch (e) {
      // not answered: kept, and sent again with the same id when the connection is back
      offline = true;
      if (sendingFrom) closeForm();
      sendingFrom = null;
      render(false); // the entry is kept: its form is free for the next one
      showStatus();
      clearTimeout(pollTimer);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      pollTimer = setTimeout(poll, retryMs);
      return;
    }
    offline = false;
    if (answer.status === 503) {
      setStatus(data.error, "down");
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      continue;
    }
    await settle(item, answer, data);
  }
  showStatus();
}

async function settle(item, answer, data) {
  const open = sendingFrom === item.where && queue.length === 1 && sendingGen === formGen;
  if (answer.ok) {
    takeView(data);
    await drop(item);
    if (open) closeForm();
    const moved = { undo: [view.redo_labels, T.undone], redo: [view.undo_labels, T.redone] }[item.entry.type];
    const label = moved && moved[0] && moved[0].length ? moved[0][moved[0].length - 1].text : null;
    if (label) toast = fill(moved[1], { what: label }); // stored at last: an undo that waited is said done
    if (!queue.length) message = null;
  } else {
    if (data.stale) takeView(data);
    if (item.where === "undo" || item.where === "redo") toast = null;
    const shown = { text: data.error, rule: data.rule, field: data.field, where: item.where, fresh: true };
    if (open) {
      // the form is still open with what was typed: the message goes beside it
      await drop(item);
      message = shown;
      formBase = data.stale ? data.version : formBase;
    } else {
      blocked = { ...shown, key: item.key, stale: answer.status === 409 };
      message = null;
    }
    if (answer.status === 409 && !data.stale) poll(true);
  }
  if (sendingFrom === item.where) sendingFrom = null;
  render(!answer.ok);
  showStatus();
}

async function drop(item) {
  await store.removeWaiting(item.key);
  queue = queue.filter((i) => i.key !== item.key);
}

function closeForm() {
  panel = null;
  editing = null;
}

/** The waiting entries after a refused or stale one: taken back, or sent after the sheet. */
async function resolveBlocked(sendAnyway) {
  const first = queue[0];
  if (!first || !blocked) return;
  if (!sendAnyway) await drop(first);
  queue = await store.renumber(boot.evening, view.version);
  blocked = null;
  render();
  showStatus();
  flush();
}

/** A player's name, a link to his page (his statistics over the server's evenings). */
function playerLink(name, seat) {
  const id = (view.player_ids || [])[seat];
  if (id === null || id === undefined) return name;
  return h("a", { class: "player", id: `player-${seat}`, href: `/companion/players/${id}?evening=${view.evening}#${TOKEN}` }, name);
}

/** The sheet as an image: shared (the phone's share sheet) where the browser can, else
 * downloaded. */
async function shareImage() {
  const name = `atout-${view.evening}.png`;
  let answer;
  try {
    answer = await fetch(`${API}/sheet.png?lang=${LANG}`, { headers: headers() });
  } catch (e) {
    exportFailed();
    return;
  }
  try {
    if (!answer.ok) return;
    const file = new File([await answer.blob()], name, { type: "image/png" });
    if (navigator.canShare && navigator.canShare({ files: [file] })) {
      await navigator.share({ files: [file], title: T.sheet });
      return;
    }
  } catch (e) {
    if (e && e.name === "AbortError") return; // the scorer closed the share sheet
  }
  download("sheet.png", name);
}

let exportNote = false; // an export asked for without the server: said under the buttons

function exportFailed() {
  exportNote = true;
  render();
  document.getElementById("export-note")?.scrollIntoView({ block: "nearest" });
}

async function download(path, name) {
  let answer;
  try {
    answer = await fetch(`${API}/${path}${path.includes("?") ? "&" : "?"}lang=${LANG}`, { headers: headers() });
  } catch (e) {
    exportFailed(); // offline: nothing to download, and the scorer is told why
    return;
  }
  exportNote = false;
  if (!answer.ok) return;
  const blob = await answer.blob();
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// -- the page ---------------------------------------------------------------------------------

function typed() {
  // what the scorer is typing, kept across a re-render the server caused
  const values = {};
  for (const node of document.querySelectorAll("#app form [id]")) {
    if (node.type === "checkbox" || node.type === "radio") values[node.id] = node.checked;
    else if ("value" in node) values[node.id] = node.value;
  }
  return values;
}

function restore(values) {
  for (const [id, value] of Object.entries(values)) {
    const node = document.getElementById(id);
    if (!node || !node.closest("#app form")) continue;
    if (typeof value === "boolean") node.checked = value;
    else node.value = value;
  }
}

function render(keep = true) {
  const values = keep ? typed() : {};
  renderPage();
  restore(values);
  faultFields(document.getElementById("fault-form"));
}

function renderPage() {
  const app = document.getElementById("app");
  const scorer = view.role === "scorer";
  const role = document.getElementById("role");
  role.textContent = T[view.role];
  role.className = `badge ${view.role}`;
  const parts = [];
  placed = false;
  if (view.tournament) parts.push(tournamentCard(view.tournament));
  if (scorer && (queue.length || blocked)) parts.push(waitingCard());
  // a tournament table whose round's donnes are all entered takes no new donne: no form
  // for one (a correction, an undo of the sheet, still)
  const roundDone = view.tournament && view.donnes.filter((d) => d.over).length >= view.tournament.donnes;
  if (view.first_dealer === null) parts.push(drawCard(scorer));
  else if (!roundDone || editing !== null) parts.push(currentCard(scorer));
  const last = [...view.donnes].reverse().find((d) => d.over);
  if (last && last.lines.length) {
    const undoing = scorer && undoRedo().undoing.has(last.number); // a waiting undo takes it back
    parts.push(h("section", { class: undoing ? "card undoing" : "card", id: "last" },
      h("h2", {}, `${T.last} ${last.number}`, undoing ? [" ", h("span", { class: "pending-mark" }, T.undoWaitingShort)] : null),
      lineList(last.lines)));
  }
  parts.push(sheetCard(scorer));
  if (view.donnes.some((d) => d.over)) parts.push(chartCard());
  parts.push(rulesCard());
  parts.push(linksCard(scorer));
  if (message && !placed) parts.unshift(messageNode(message));
  app.replaceChildren(...parts);
  const sheetBox = document.getElementById("sheet-scroll");
  if (sheetBox) edges(sheetBox);
  const shown = document.getElementById("message");
  const control = shown && message ? besideField(shown, message) : null;
  if (shown && message && message.fresh) {
    message.fresh = false;
    inSight(control ? [control.closest("label"), shown] : [shown]);
  }
}

/** At a club tournament's table: which round and table, and the donnes entered of the
 * round's (the server takes none past them). */
function tournamentCard(t) {
  const n = view.donnes.filter((d) => d.over).length;
  const table = t.etui ? `${t.table}, ${T.etui} ${t.etui}` : t.table;
  const single = t.donnes === 1; // "1 / 1 donne", "0 / 1 donne": counted by the round's
  const line = (single ? T.tournamentLineOne : T.tournamentLine).replace("{name}", t.name).replace("{round}", t.round)
    .replace("{table}", table).replace("{n}", Math.min(n, t.donnes)).replace("{donnes}", t.donnes);
  return h("section", { class: "card", id: "tournament" }, h("p", { id: "tournament-line" }, line),
    n >= t.donnes ? h("p", { class: "hint", id: "round-done" }, (single ? T.roundDoneOne : T.roundDone).replace("{donnes}", t.donnes)) : null);
}

// The control of each field a refusal may name (the server's `field`), by form.
const FIELD_IDS = {
  points: "points", defence_points: "points", bouts: "bouts", pile: "pile", called: "called",
  contract: "contract", taker: "taker", partner: "partner", chelem: "chelem", every: "every",
  pab: "pab", petit_in_chien: "petit_in_chien", card: "card", k: "k",
  fcard: "fcard", holder: "holder", by: "by", seat: "seat",
};

// What a required field asks for when it is left empty: the rule behind it and the words.
const NEEDS = {
  contract: ["B2", "needContract"], taker: ["B1", "needTaker"], partner: ["B4", "needPartner"],
  bouts: ["S2", "needBouts"], pile: ["S1", "needPile"], card: ["D1", "needCard"], fcard: ["D14", "needCard"],
  k: ["D5", "needCut"], holder: ["D16", "needHolder"], by: ["D12", "needBy"],
};

/** The page's own check of a form's required fields (the forms are `novalidate`: no
 * browser bubble): the first one left empty is refused beside itself, naming the field
 * and the rule; true when the form may be sent. */
function filled(form, where) {
  const empty = [...form.querySelectorAll("[required]")].find((c) => !c.closest("[hidden]") && String(c.value).trim() === "");
  if (!empty) return true;
  let [ruleId, need] = NEEDS[empty.id] || [null, null];
  if (empty.id === "by" && form.kind) ruleId = faultWords(form.kind.value)[0] || ruleId; // the fault's own rule: D14 for a card
  const label = empty.closest("label")?.querySelector("span")?.textContent || empty.id;
  const text = `${label}${COLON}${T.emptyField}${need ? ` — ${T[need]}` : ""}.`;
  message = { text, rule: ruleId, field: empty.id, where, fresh: true };
  render();
  return false;
}

/** A refusal that names a field of its form goes right under that field, which is
 * marked invalid and described by it; the control is returned (or null). */
function besideField(shown, m) {
  const id = m.field === "card" && m.where === "fault-form" ? "fcard" : FIELD_IDS[m.field];
  const form = document.getElementById(m.where);
  const control = id && form ? form.querySelector(`#${id}`) : null;
  if (!control || control.closest("[hidden]")) return null;
  control.closest("label").after(shown);
  control.setAttribute("aria-invalid", "true");
  control.setAttribute("aria-describedby", "message");
  control.addEventListener("input", () => control.removeAttribute("aria-invalid"), { once: true });
  return control;
}

/** Scroll so that `nodes` (a field and its refusal) are seen whole below the sticky
 * bar, a third of the room left above them (the Save button is just below). */
function inSight(nodes) {
  const bar = document.querySelector("header.bar").getBoundingClientRect().bottom;
  const boxes = nodes.map((n) => n.getBoundingClientRect());
  const top = Math.min(...boxes.map((b) => b.top));
  const height = Math.max(...boxes.map((b) => b.bottom)) - top;
  const room = window.innerHeight - bar;
  const by = height < room ? top - bar - (room - height) / 3 : top - bar - 8;
  window.scrollBy({ top: by, behavior: "instant" });
}

let placed = false;

function messageNode(m) {
  let text = m.text;
  if (m.rule && text.startsWith(m.rule)) text = text.slice(m.rule.length).replace(/^\s*:\s*/, "");
  return h("p", { class: "error", role: "alert", "aria-live": "assertive", id: "message" }, m.rule ? rule(m.rule) : null, " ", text);
}

/** The refusal of what was entered from `where`, to be set beside its Save button. */
function slot(where) {
  if (!message || message.where !== where || placed) return null;
  placed = true;
  return messageNode(message);
}

/** A form's Save button: it waits (disabled) while its entry is on its way. */
function saveButton(where, id, label, cls = "primary") {
  const busy = sendingFrom === where;
  return h("button", { type: "submit", class: cls, id, disabled: busy, "aria-busy": busy ? "true" : null }, busy ? T.sending : label);
}

/** A card as typed, shown as the sheet will show it once stored (RP: R♠ on a French
 * page), read as the server reads it (typed_cards.js); kept as typed when it reads
 * no way or two (the server says why). */
function cardShown(text) {
  const code = cardCode(text);
  return code !== null ? display(code, LANG) : text;
}

/** The taker's camp with 5 players, as the sheet says it: "Bruno + Émile (R♥)". */
function campShown(entry) {
  const name = (s) => view.names[s] ?? s;
  let camp = name(entry.taker);
  if (!entry.called) return camp;
  camp += entry.partner === undefined || entry.partner === entry.taker ? ` ${T.alone}` : ` + ${name(entry.partner)}`;
  return `${camp} (${cardShown(entry.called)})`;
}

function describe(entry) {
  const name = (s) => view.names[s] ?? s;
  switch (entry.type) {
    case "draw": return `${T.drawn}${COLON}${name(entry.seat)} — ${cardShown(entry.card)}`;
    case "dealer": return `${T.dealerGiven}${COLON}${name(entry.seat)}`;
    case "cut": return `${T.cut}${COLON}${entry.k} ${T.cards}`;
    case "fault": return `${T.fault}${COLON}${T[entry.kind] || entry.kind}${entry.by !== undefined ? ` — ${name(entry.by)}` : ""}${entry.card ? ` (${cardShown(entry.card)})` : ""}`;
    case "petit_sec": return `${T.petitSec}${COLON}${name(entry.seat)}`;
    case "all_pass": return T.allPass;
    case "undo": return T.undo;
    case "redo": return T.redo;
    case "edit": return `${T.editing} ${entry.donne}`;
    default: {
      const r = entry;
      const points = String(r.points).replace(".", FR ? "," : ".");
      const bouts = `${r.bouts} ${r.bouts === 1 || (FR && r.bouts === 0) ? "bout" : "bouts"}`;
      const amount = r.pile ? `${r.pile.length} ${T.cards}` : `${points} points, ${bouts}`;
      return `${T.result}${COLON}${T[r.contract] || r.contract} · ${campShown(r)} · ${amount}`;
    }
  }
}

// -- what Undo and Redo take back or put back -------------------------------------------
// The server names the entries that count and those a Redo puts back (`undo_labels`,
// `redo_labels`, in the page's language); the entries waiting on this phone are named
// here in the same words, and the waiting undos and redos are played over both lists.

/** A fault kind's rule and name in the page's language, as the server sends them. */
function faultWords(kind) {
  const words = (view.fault_words || {})[kind];
  return words ? [words.rule, words.name] : ["", kind];
}

/** The rule that voids a donne for a reason (B3, D16 …), as the server sends it. */
function voidRule(reason) {
  return (view.void_rules || {})[reason] || "";
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

/** `of Anne` / `d'Anne`, `de Bruno` (French elides before a vowel). */
function ofName(name) {
  if (!FR) return `of ${name}`;
  return elidesBefore(name) ? `d'${name}` : `de ${name}`;
}

function resultWords(r) {
  const taker = view.names[r.taker] ?? r.taker;
  const contract = T[r.contract] || r.contract;
  return FR ? `${contract} ${ofName(taker)}` : `${taker}'s ${contract}`;
}

/** A waiting entry named as the server names a stored one (`n`: the donne it goes to). */
function entryLabel(entry, n) {
  const name = (s) => view.names[s] ?? s;
  switch (entry.type) {
    case "draw": return fill(T.lDraw, { of: ofName(name(entry.seat)), card: cardShown(entry.card) });
    case "dealer": return fill(T.lDealer, { of: ofName(name(entry.seat)) });
    case "cut": return fill(T.lCut, { n, k: entry.k });
    case "fault": {
      const [ruleId, words] = faultWords(entry.kind);
      const by = entry.by === undefined ? "" : ` ${T.lBy} ${name(entry.by)}`;
      return fill(T.lFault, { n, what: `${ruleId} — ${words}${by}` });
    }
    case "petit_sec": return fill(T.lPetit, { of: ofName(name(entry.seat)), n });
    case "all_pass": return fill(T.lPass, { n });
    case "edit": return fill(T.lEdit, { n: entry.donne, what: resultWords(entry.result) });
    default: return fill(T.lResult, { n, what: resultWords(entry) });
  }
}

/** The one card `text` names (its code), or null. */
function cardCode(text) {
  const found = readings(String(text || ""), LANG);
  return found.length === 1 ? found[0] : null;
}

/** D14: whether the card typed as turned face up voids the deal, by the evening's rules
 * (the server's list). */
function exposedVoids(text) {
  const code = cardCode(text);
  return code !== null && (view.exposed_voids || []).includes(code);
}

/** Whether an entry ends its donne: a result, a void donne, a dealer's fault (D10, D12). */
function closing(entry) {
  if (entry.type === "fault" && entry.kind === "card_exposed") return exposedVoids(entry.card);
  if (entry.type === "fault") return entry.kind === "misdeal" || entry.kind === "chien_count";
  return entry.type === "result" || entry.type === "all_pass" || entry.type === "petit_sec";
}

/** The waiting entries played over the sheet: what an Undo would take back and a Redo
 * put back once they are sent, and the rows the sheet shows for them (`pending`): a
 * donne they end, an edit, an undo or a redo of a stored entry. */
function undoRedo() {
  const kept = [...(view.undo_labels || [])];
  if (!view.undo_labels && view.can_undo) kept.push({ text: FR ? "la dernière saisie" : "the last entry", closes: false }); // a sheet kept before the labels
  let undone = [...(view.redo_labels || [])];
  const last = view.donnes[view.donnes.length - 1];
  let n = last ? last.number : null;
  const pending = [];
  const moves = new Map(); // each waiting undo or redo: the label of the entry it moves
  const undoing = new Set(); // the stored donnes a waiting undo will take back
  for (const item of queue) {
    const type = item.entry.type;
    const shown = !(sendingFrom && item.where === sendingFrom); // a form's entry on its way: not yet
    if (type === "undo" || type === "redo") {
      const moved = type === "undo" ? kept.pop() : undone.pop();
      if (!moved) continue;
      moves.set(item.key, moved.text);
      (type === "undo" ? undone : kept).push(moved);
      if (moved.closes && type === "undo") n -= 1; // n: the donne the moved entry ends
      if (moved.closes && !moved.row) (type === "undo" ? undoing.add(n) : undoing.delete(n));
      if (moved.closes && type === "redo") n += 1;
      if (moved.row) moved.row.gone = type === "undo";
      else if (shown) pending.push({ move: fill(type === "undo" ? T.undoWaiting : T.redone, { what: moved.text }), undo: type === "undo" });
      continue;
    }
    const closes = closing(item.entry);
    const row = (closes || type === "edit") && shown ? { n, entry: item.entry, gone: false } : null;
    if (row) pending.push(row);
    kept.push({ text: entryLabel(item.entry, n), closes, row });
    undone = [];
    if (closes) n += 1;
  }
  const top = (list) => (list.length ? list[list.length - 1].text : null);
  const redo = takenBack.length ? takenBack[takenBack.length - 1].text : top(undone);
  return { undo: top(kept), redo, pending: pending.filter((r) => !r.gone), moves, undoing };
}

/** How a waiting entry reads on the sheet, as the server will say it once stored. */
function pendingOutcome(entry) {
  const name = (s) => view.names[s] ?? s;
  switch (entry.type) {
    case "all_pass": return `${T.all_passV} (${voidRule(entry.type)})`;
    case "petit_sec": return `${T.petitSec}${COLON}${name(entry.seat)} (${voidRule(entry.type)})`;
    case "fault": { // who erred, as the server's row will say it
      const [ruleId, words] = faultWords(entry.kind);
      const by = entry.by === undefined || entry.by === null ? words : fill(T.faultBy, { fault: words, name: name(entry.by) });
      return `${by} (${ruleId})`;
    }
    case "edit": return fill(T.lEdit, { n: entry.donne, what: resultWords(entry.result) });
    default: {
      const camp = campShown(entry);
      const amount = entry.pile ? `${entry.pile.length} ${T.cards}` : `${String(entry.points).replace(".", FR ? "," : ".")} (${entry.bouts}b)`;
      return `${T[entry.contract] || entry.contract} · ${camp} · ${amount}`;
    }
  }
}

/** The sheet's rows for what waits on this phone: greyed, marked, without marks. */
function pendingRows() {
  return undoRedo().pending.map((row) => h("tr", { class: row.undo ? "donne pending undo-waiting" : "donne pending" },
    h("td", {}, row.move ? "" : row.entry.type === "edit" ? "✎" : row.n),
    h("td", { class: "what" }, row.move || pendingOutcome(row.entry), row.undo ? null : [" ", h("span", { class: "pending-mark" }, T.pendingMark)]),
    view.names.map(() => h("td", { class: "num" }, "…"))));
}

let toast = null; // what was just undone or redone, said once beside the buttons
let takenBack = []; // waiting entries an Undo took off this phone, never sent: Redo puts them back

/** The waiting entry an Undo takes back on this phone, never sent (no undo is queued):
 * the last one waiting, unless it is itself an undo or a redo, or the only one and on
 * its way to the server (online, not refused). */
function waitingToTakeBack() {
  const last = queue[queue.length - 1];
  if (!last || last.entry.type === "undo" || last.entry.type === "redo") return null;
  if (queue.length === 1 && !offline && !blocked) return null;
  return last;
}

async function undoNow(what) {
  askingUndo = false;
  const item = waitingToTakeBack();
  const away = offline || navigator.onLine === false;
  toast = item || !away ? fill(T.undone, { what }) : T.undoWaitingShort; // the server has it: not undone yet
  if (!item) {
    enter({ type: "undo" }, "undo");
    return;
  }
  await drop(item);
  takenBack.push({ entry: item.entry, text: what });
  if (blocked && blocked.key === item.key) blocked = null;
  render();
  showStatus();
}

/** The undo waiting last on this phone, never sent, that a Redo simply takes back
 * (offline, or held behind a refusal): then nothing is left to send. */
function undoToTakeBack() {
  const last = queue[queue.length - 1];
  if (!last || last.entry.type !== "undo" || takenBack.length) return null;
  return offline || blocked ? last : null;
}

async function redoNow(what) {
  toast = fill(T.redone, { what });
  const waiting = undoToTakeBack();
  if (waiting) {
    await drop(waiting);
    if (blocked && blocked.key === waiting.key) blocked = null;
    render();
    showStatus();
    return;
  }
  const back = takenBack.pop();
  enter(back ? back.entry : { type: "redo" }, "redo");
}

function undoButtons(scorer) {
  const parts = [];
  if (!scorer) return parts;
  const next = undoRedo();
  if (next.undo && askingUndo) {
    parts.push(h("div", { id: "undo-ask", class: "panel", role: "alertdialog", "aria-live": "polite" },
      h("p", {}, fill(T.undoAsk, { what: next.undo })),
      h("p", { class: "hint" }, T.undoLater),
      h("div", { class: "buttons" },
        h("button", { id: "undo-yes", onclick: () => undoNow(next.undo) }, T.undoYes),
        h("button", { id: "undo-no", class: "primary", onclick: () => { askingUndo = false; render(); } }, T.undoNo))));
  } else if (next.undo) {
    parts.push(h("button", { id: "undo", class: "quiet", disabled: sendingFrom === "undo", onclick: () => { askingUndo = true; toast = null; render(); } }, `↶ ${T.undo}`));
  }
  const refusedUndo = slot("undo");
  if (refusedUndo) parts.push(refusedUndo);
  if (next.redo) {
    parts.push(h("button", { id: "redo", class: "quiet", disabled: sendingFrom === "redo", onclick: () => redoNow(next.redo) }, `↷ ${T.redo}`));
    const refusedRedo = slot("redo");
    if (refusedRedo) parts.push(refusedRedo);
  }
  // a tab opened again offline: no note said yet, but an undo still waits on this phone
  // and while an undo waits, that is said too, even after a later entry was undone here
  const waiting = offline && queue.some((i) => i.entry.type === "undo") ? T.undoWaitingShort : null;
  const said = toast || waiting;
  if (said) parts.push(h("p", { id: "toast", class: "toast", role: "status", "aria-live": "polite" }, said));
  if (toast && waiting && toast !== waiting) parts.push(h("p", { id: "toast-waiting", class: "toast" }, waiting));
  return parts;
}

function waitingCard() {
  const parts = [h("h2", {}, waitingText(queue.length))];
  const moves = undoRedo().moves;
  const named = (item) => (moves.has(item.key) ? fill(item.entry.type === "undo" ? T.qUndo : T.qRedo, { what: moves.get(item.key) }) : describe(item.entry));
  if (queue.length) parts.push(h("ol", { class: "waiting" }, queue.map((item) => h("li", { class: blocked && blocked.key === item.key ? "blocked" : "" }, named(item)))));
  if (!blocked) parts.push(h("p", { class: "hint" }, offline ? T.waitingOffline : T.waitingHint)); // held: nothing is sent
  if (blocked) {
    parts.push(messageNode({ ...blocked }));
    parts.push(h("div", { class: "buttons" },
      blocked.stale ? h("button", { id: "send-anyway", onclick: () => resolveBlocked(true) }, T.sendAnyway) : null,
      h("button", { id: "take-back", onclick: () => resolveBlocked(false) }, T.takeBack)));
  }
  return h("section", { class: "card", id: "waiting", "aria-live": "polite" }, parts);
}

/** What the waiting entries change before the server has them: donnes closed, a cut. */
function projection() {
  let closed = 0;
  let cut = null; // the depth of a cut waiting after the last entry that ends a donne
  let draws = 0;
  const kept = [...(view.undo_labels || [])];
  let undone = [...(view.redo_labels || [])];
  const cutsUndone = new Set(); // the stored donnes whose cut a waiting undo takes back
  let changed = false; // a donne closed, reopened or given a fault: the server's guide is old
  // who may not bid on the donne the waiting entries reach (D12, D14), while it is known:
  // a fault's bars as the server sends them (fault_bars); null once an undo moves a donne
  const now = current(); // none before the first dealer is known
  let barred = now ? [...now.barred] : [];
  let dealer = now ? now.dealer : null;
  for (const item of queue) {
    // the entry of a form still open (its Save button waiting) is not stored yet: the
    // form and its heading stay on the donne being saved until the answer
    if (sendingFrom && item.where === sendingFrom) continue;
    const type = item.entry.type;
    if (type === "undo" || type === "redo") {
      const moved = type === "undo" ? kept.pop() : undone.pop();
      if (moved) (type === "undo" ? undone : kept).push(moved);
      if (moved && (moved.closes || moved.type === "fault")) {
        changed = true;
        // an undo that reopens a stored donne: its dealer and bars are the server's again
        const reopened = type === "undo" && moved.closes ? view.donnes.find((x) => x.number === moved.donne) : null;
        barred = reopened ? [...reopened.barred] : null;
        if (reopened) dealer = reopened.dealer;
        else if (moved.closes) dealer = null; // a redo: the next donne's dealer is the server's to say
      }
      if (moved && moved.closes) closed += type === "undo" ? -1 : 1;
      if (moved && moved.type === "cut") (type === "undo" ? cutsUndone.add(moved.donne) : cutsUndone.delete(moved.donne));
      continue;
    }
    const closes = closing(item.entry);
    kept.push({ closes, type });
    undone = [];
    if (closes || type === "fault") changed = true;
    if (type === "fault") barred = faultBars(item.entry, closes, barred, dealer);
    else if (closes) { // the next donne: nobody barred, dealt by the right neighbour (D17)
      barred = [];
      dealer = dealer === null || dealer === undefined || !view.next_dealers ? null : view.next_dealers[dealer];
    }
    else if (type === "dealer") dealer = item.entry.seat;
    if (closes) {
      closed += 1;
      cut = null;
    } else if (type === "cut") cut = item.entry.k;
    else if (type === "draw" || type === "dealer") draws += 1;
  }
  // an undo waiting may reopen a donne the server has closed: the guide waits for it
  return { closed: Math.max(closed, 0), reopened: Math.max(-closed, 0), cut, draws, cutsUndone, changed, barred };
}

/** The seats barred after the waiting fault `entry` (`voids`: the same dealer deals
 * again, and only the fault's seat is barred), or null when it cannot be known here. */
function faultBars(entry, voids, barred, dealer) {
  const plain = entry.kind === "card_exposed" && !voids;
  const role = (view.fault_bars || {})[plain ? "card_exposed_plain" : entry.kind];
  const seat = role === "dealer" ? dealer : role === "by" ? entry.by ?? dealer : null;
  if (role && (seat === null || seat === undefined)) return null;
  const bars = role ? [seat] : [];
  if (voids) return bars;
  return barred === null ? null : [...new Set([...barred, ...bars])];
}

/** Who may not be the taker of the current donne: as the server has it, or offline as
 * the waiting entries leave it (nobody left out when that cannot be known here). */
function barredNow(scorer) {
  if (!scorer || blocked || !queue.length) return current().barred;
  return projection().barred || [];
}

/** The cut the server has for a stored donne a waiting undo reopens, unless a waiting
 * undo takes it back too: the scorer is not asked for it again. */
function reopenedCut(number, ahead) {
  if (ahead.cutsUndone.has(number)) return null;
  const stored = view.donnes.find((x) => x.number === number);
  return stored && stored.cut !== undefined ? stored.cut : null;
}

function drawCard(scorer) {
  const body = [h("h2", {}, T.draw), lineList(view.guide)];
  if (view.draw.length) {
    body.push(
      h("p", { class: "hint" }, `${T.drawSoFar}${COLON}`),
      h("ul", { class: "draws" }, view.draw.map(([s, cards]) => h("li", {}, `${view.names[s]}${COLON}${cards.join(" → ")}`))),
    );
  }
  if (scorer) {
    const queued = projection().draws;
    const seats = queued ? view.names.map((_, s) => s) : view.to_draw; // offline: any seat
    body.push(
      h(
        "form",
        { id: "draw-form", class: "row", novalidate: true, onsubmit: (e) => {
          e.preventDefault();
          if (!filled(e.target, "draw-form")) return;
          enter({ type: "draw", seat: Number(e.target.seat.value), card: e.target.card.value.trim() }, "draw-form");
        } },
        field(T.seat, select("seat", seats.map((s) => [s, view.names[s]]))),
        field(T.card, h("input", { id: "card", name: "card", required: true, "data-cards": "one", placeholder: FR ? "7P, RCo, 21, Excuse" : "7S, KH, 21, Excuse", autocapitalize: "characters" })),
        slot("draw-form"),
        saveButton("draw-form", "draw-button", T.drawn),
      ),
    );
    if (!view.draw.length && !queued) {
      body.push(
        h(
          "form",
          { id: "dealer-form", class: "row", novalidate: true, onsubmit: (e) => {
            e.preventDefault();
            enter({ type: "dealer", seat: Number(e.target.dealer.value) }, "dealer-form");
          } },
          field(T.dealerGiven, select("dealer", seatOptions())),
          slot("dealer-form"),
          saveButton("dealer-form", "dealer-button", T.choose, ""),
        ),
      );
    }
  }
  return h("section", { class: "card", id: "draw" }, body);
}

function currentCard(scorer) {
  const d = view.donnes[view.donnes.length - 1];
  // the waiting entries played ahead, unless the server refused the first one (another
  // scorer's entry, say): then the donne as the server has it, to check against
  const ahead = scorer && !blocked ? projection() : { closed: 0, reopened: 0, cut: null };
  const moved = ahead.closed || ahead.reopened || ahead.changed; // an undo then a fault: closed 0, yet not the server's donne
  const shown = d.number + ahead.closed - ahead.reopened;
  const body = [h("h2", {}, `${T.donne} ${shown}`)];
  const waitingCut = ahead.cut !== null;
  const cutGone = ahead.cutsUndone && ahead.cutsUndone.has(shown); // a waiting undo takes it
  const cut = waitingCut ? ahead.cut : ahead.closed || cutGone ? null : ahead.reopened ? reopenedCut(shown, ahead) : d.cut;
  if (moved) body.push(h("p", { class: "hint", id: "guide-later" }, T.guideLater));
  else body.push(lineList(view.guide, "lines guide"));
  if (cut !== null) {
    body.push(h("p", { class: "hint", id: "cut-line" }, rule("D5"), ` ${T.cut}${COLON}${cut} ${T.cards}`,
      waitingCut ? [" ", h("span", { class: "pending-mark" }, T.pendingMark)] : null));
  }
  if (!moved) for (const f of d.faults) body.push(lineList(f.lines, "lines fault"));
  if (!scorer) return h("section", { class: "card", id: "current" }, body);
  if (editing !== null) {
    body.push(resultForm(view.donnes[editing - 1]));
    return h("section", { class: "card", id: "current" }, body);
  }
  const actions = h(
    "div",
    { class: "actions" },
    cut === null ? h("form", { class: "row", id: "cut-form", novalidate: true, onsubmit: (e) => {
      e.preventDefault();
      if (!filled(e.target, "cut-form")) return;
      enter({ type: "cut", k: Number(e.target.k.value) }, "cut-form");
    } },
      field(T.cutDepth, h("input", { id: "k", name: "k", type: "number", inputmode: "numeric", required: true })),
      slot("cut-form"),
      saveButton("cut-form", "cut-button", T.enterCut, "")) : null,
    h("div", { class: "buttons" },
      h("button", { id: "fault-button", class: panel === "fault" ? "on" : "", onclick: () => openPanel("fault") }, T.fault),
      h("button", { id: "petit-button", class: panel === "petit" ? "on" : "", onclick: () => openPanel("petit") }, T.petitSec),
      h("button", { id: "pass-button", disabled: sendingFrom === "actions", onclick: () => enter({ type: "all_pass" }, "actions") }, T.allPass),
      h("button", { id: "result-button", class: `primary ${panel === "result" ? "on" : ""}`, onclick: () => openPanel("result") }, T.result),
    ),
  );
  body.push(actions);
  const refused = slot("actions");
  if (refused) body.push(refused);
  if (panel === "fault") body.push(faultForm());
  if (panel === "petit") body.push(petitForm());
  if (panel === "result") body.push(resultForm(null));
  return h("section", { class: "card", id: "current" }, body);
}

/** The fault form shows "Par" only for a player's fault (D11, D14: a dealer's fault is
 * the dealer's) and the card only for a card turned up; only what is shown is asked. */
function faultFields(form) {
  if (!form) return;
  const kind = form.kind.value;
  form.by.closest("label").hidden = kind !== "card_exposed" && kind !== "early_pickup";
  form.fcard.closest("label").hidden = kind !== "card_exposed";
}

function faultForm() {
  const kinds = ["misdeal", "chien_count", "card_exposed", "early_pickup"].map((k) => [k, T[k]]);
  const form = h(
    "form",
    { id: "fault-form", class: "panel", novalidate: true, onsubmit: (e) => {
      e.preventDefault();
      if (!filled(e.target, "fault-form")) return;
      const kind = e.target.kind.value;
      const entry = { type: "fault", kind };
      if (kind === "card_exposed" || kind === "early_pickup") entry.by = Number(e.target.by.value);
      if (kind === "card_exposed") entry.card = e.target.fcard.value.trim();
      enter(entry, "fault-form");
    } },
    field(T.kind, h("select", { id: "kind", name: "kind", onchange: (e) => faultFields(e.target.form) }, kinds.map(([value, label]) => h("option", { value }, label)))),
    field(T.by, required(select("by", seatOptions([["", T.pick]]), ""))),
    field(T.card, h("input", { id: "fcard", name: "fcard", required: true, "data-cards": "one", placeholder: FR ? "RCo, 7T, 21, Excuse" : "KH, 7C, 21, Excuse" })),
    slot("fault-form"),
    h("div", { class: "buttons" }, saveButton("fault-form", "fault-save", T.record), closeButton("fault-close")),
  );
  return form;
}

function petitForm() {
  return h(
    "form",
    { id: "petit-form", class: "panel row", novalidate: true, onsubmit: (e) => {
      e.preventDefault();
      if (!filled(e.target, "petit-form")) return;
      enter({ type: "petit_sec", seat: Number(e.target.holder.value) }, "petit-form");
    } },
    field(T.seat, required(select("holder", seatOptions([["", T.pick]]), ""))),
    slot("petit-form"),
    h("div", { class: "buttons" }, saveButton("petit-form", "petit-save", T.petitSec), closeButton("petit-close")),
  );
}

function resultForm(donne) {
  const e = donne ? donne.entry || {} : {};
  const five = view.players === 5;
  const none = [["", T.none]];
  const camps = [["", T.none], ["attack", T.attack], ["defence", T.defence]];
  const byPile = e.pile !== undefined;
  const poignees = {};
  for (const [s, level] of e.poignees || []) poignees[s] = level;
  const form = h(
    "form",
    { id: "result-form", class: "panel", novalidate: true, onsubmit: (ev) => {
      ev.preventDefault();
      if (!filled(ev.target, "result-form")) return;
      const f = ev.target;
      const result = { contract: f.contract.value, taker: Number(f.taker.value) };
      if (five) {
        result.called = f.called.value.trim();
        const code = cardCode(result.called); // B4, checked here too: offline, not sent
        if (code !== null && view.callable && !view.callable.includes(code)) {
          message = { text: fill(T.calledCourt, { card: cardName(code, LANG) }), rule: "B4", field: "called", where: "result-form", fresh: true };
          render();
          return;
        }
        if (f.partner.value !== "alone") result.partner = Number(f.partner.value);
      }
      if (f.mode.value === "pile") result.pile = splitCards(f.pile.value);
      else {
        result.points = f.points.value.trim(); // read by the server: plain decimals only
        result.bouts = Number(f.bouts.value);
      }
      const shown = [];
      view.names.forEach((_, s) => {
        const level = f[`poignee${s}`].value;
        if (level) shown.push([s, level]);
      });
      if (shown.length) result.poignees = shown;
      if (f.chelem.value !== "") result.chelem = Number(f.chelem.value);
      if (f.every.value) result.every_trick = f.every.value;
      if (f.pab.value) result.petit_au_bout = f.pab.value;
      if (f.petit_in_chien.checked) result.petit_in_chien = true;
      if (donne) enter({ type: "edit", donne: donne.number, result }, "result-form");
      else enter({ type: "result", ...result }, "result-form");
    } },
    donne ? h("h3", {}, `${T.editing} ${donne.number}`) : null,
    h("div", { class: "grid" },
      field(T.contract, required(select("contract", [["", T.pick], ...["prise", "garde", "garde_sans", "garde_contre"].map((c) => [c, T[c]])], e.contract || ""))),
      field(T.taker, required(select("taker", [["", T.pick], ...seatOptions().filter(([s]) => !(donne ? donne.barred : barredNow(true)).includes(s))], e.taker ?? ""))),
      five ? field(T.called, h("input", { id: "called", name: "called", "data-cards": "one", value: typedBack(e.called, LANG), placeholder: FR ? "RCo, R♥, Roi de cœur" : "KH, K♥, King of hearts" })) : null,
      five ? field(T.partner, required(select("partner", seatOptions([["", T.pick], ["alone", T.alone]]), e.partner ?? (donne ? "alone" : "")))) : null,
    ),
    h("div", { class: "mode" },
      h("label", { class: "check" }, h("input", { type: "radio", name: "mode", value: "points", checked: !byPile, onchange: toggleMode }), T.byPoints),
      h("label", { class: "check" }, h("input", { type: "radio", name: "mode", value: "pile", checked: byPile, onchange: toggleMode }), T.byPile),
    ),
    h("div", { class: "grid", id: "by-points", hidden: byPile },
      field(T.points, h("input", { id: "points", name: "points", type: "text", inputmode: "decimal", value: e.points ?? "" })),
      field(T.bouts, required(select("bouts", [["", T.pick], ...[0, 1, 2, 3].map((b) => [b, b])], e.bouts ?? ""), !byPile)),
    ),
    h("div", { id: "by-pile", hidden: !byPile },
      field(T.pile, h("textarea", { id: "pile", name: "pile", rows: 3, required: byPile, "data-cards": "many", placeholder: FR ? "21 Excuse 7P RCo …" : "21 Excuse 7S KH …" }, typedBack(e.pile || [], LANG))),
    ),
    h("fieldset", {}, h("legend", {}, T.poignees),
      h("div", { class: "grid" }, view.names.map((name, s) =>
        field(name, select(`poignee${s}`, [["", T.none], ["simple", T.simple], ["double", T.double], ["triple", T.triple]], poignees[s] || ""))))),
    h("div", { class: "grid" },
      field(T.chelem, select("chelem", seatOptions(none), e.chelem ?? "")),
      field(T.every, select("every", camps, e.every_trick || "")),
      field(T.pab, select("pab", camps, e.petit_au_bout || "")),
    ),
    h("label", { class: "check" }, h("input", { type: "checkbox", id: "petit_in_chien", name: "petit_in_chien", checked: !!e.petit_in_chien }), T.petitChien),
    slot("result-form"),
    h("div", { class: "buttons" },
      saveButton("result-form", "result-save", T.save),
      closeButton("result-close"),
    ),
  );
  return form;
}

/** Every form's "Fermer sans enregistrer": the panel closes, nothing is saved. */
function closeButton(id) {
  return h("button", { type: "button", id, onclick: () => { panel = null; editing = null; message = null; render(); } }, T.cancel);
}

function toggleMode(event) {
  const form = event.target.form;
  const pile = form.mode.value === "pile";
  form.querySelector("#by-points").hidden = pile;
  form.querySelector("#by-pile").hidden = !pile;
  // only what is shown must be filled in; the points are checked by the server (S1),
  // an empty field refused in the page's language like any other bad number
  form.bouts.required = !pile;
  form.pile.required = pile;
}

function required(control, on = true) {
  control.required = on;
  return control;
}

function current() {
  return view.donnes[view.donnes.length - 1];
}

function outcome(d) {
  if (d.void && d.outcome) return d.outcome;
  if (d.void) return `${T[`${d.void}V`]} (${d.void_rule})`;
  if (!d.result) return "…";
  const r = d.result;
  let text = `${T[d.contract]} · ${d.camp ?? view.names[d.taker]}`; // "Garde sans · Anne", not "Garde sans Anne"; with 5: "+ Émile (R♥)" or "seul (R♥)"
  text += ` · ${String(r.points).replace(".", FR ? "," : ".")} (${r.bouts}b) ${r.made ? "✓" : "✗"}`;
  if (d.chelem) text += ` · ★ ${d.chelem}`; // A4, as the PDF and the image mark it
  return text;
}

function sheetCard(scorer) {
  const head = h("tr", {}, h("th", {}, "#"), h("th", {}, T.donne), view.names.map((n, s) => h("th", {}, playerLink(n, s))));
  const rows = [];
  const undoing = scorer ? undoRedo().undoing : new Set();
  for (const d of view.donnes.filter((x) => x.over)) {
    const open = opened.has(d.number);
    rows.push(
      h("tr", { class: `donne ${d.void ? "void" : ""}${undoing.has(d.number) ? " undoing" : ""}`, id: `donne-${d.number}`, onclick: () => {
        if (open) opened.delete(d.number);
        else opened.add(d.number);
        render();
      } },
        h("td", {}, d.number),
        h("td", { class: "what" }, outcome(d), d.edited ? h("span", { class: "edited" }, ` · ${T.edited}`) : null),
        d.totals.map((t, s) => h("td", { class: "num" }, d.result ? h("small", {}, signed(d.marks[s])) : null, h("b", {}, t))),
      ),
    );
    if (open) {
      const detail = [h("p", { class: "hint" }, `${T.dealer}${COLON}${view.names[d.dealer]}`)];
      for (const f of d.faults) detail.push(lineList(f.lines, "lines fault"));
      if (d.void_lines && d.void_lines.length) detail.push(lineList(d.void_lines)); // a Petit sec, all passed
      if (d.lines.length) detail.push(lineList(d.lines));
      if (scorer && d.result) {
        detail.push(h("button", { class: "edit", id: `edit-${d.number}`, onclick: (ev) => {
          ev.stopPropagation();
          editing = d.number;
          panel = null;
          formBase = expected();
          formGen += 1;
          render();
          document.getElementById("current").scrollIntoView();
        } }, T.edit));
      }
      rows.push(h("tr", { class: "detail" }, h("td", { colspan: view.players + 2 }, detail)));
    }
  }
  if (scorer) rows.push(...pendingRows());
  const best = view.ahead;
  const foot = h("tr", { class: "total" }, h("td", {}, ""), h("td", {}, T.totals),
    view.standings.map((t, s) => h("td", { class: `num ${best.includes(s) ? "ahead" : ""}` }, h("b", {}, t))));
  const table = h("div", { class: "scroll", id: "sheet-scroll", onscroll: (e) => edges(e.target) }, h("table", { id: "sheet", class: view.players === 5 ? "five" : "" }, h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, foot)));
  const parts = [h("h2", {}, T.sheet), h("div", { class: "scroll-box" }, table), h("p", { id: "sheet-more", class: "hint", hidden: true }, T.swipe)];
  if (scorer && queue.length) {
    // the sheet is the server's: what waits on this phone is not in it yet
    const note = queue.length === 1 ? T.totalsWaitingOne : T.totalsWaitingMany.replace("{n}", queue.length);
    parts.push(h("p", { id: "totals-waiting", class: "hint waiting-note", role: "note" }, note));
  }
  if (best.length) parts.push(h("p", { id: "ahead", class: "ahead" }, `${T.ahead}${COLON}${best.map((s) => view.names[s]).join(", ")}`));
  else parts.push(h("p", { id: "ahead", class: "hint" }, T.nobodyAhead)); // all level, at 0 before any donne too
  if (view.penalties.some((p) => p)) {
    parts.push(h("p", { class: "hint" }, `${T.penalties}${COLON}${view.penalties.map((p, s) => (p ? `${view.names[s]} −${p}` : null)).filter(Boolean).join(", ")}`));
  }
  parts.push(...undoButtons(scorer));
  return h("section", { class: "card", id: "sheet-card" }, parts);
}

/** A sheet wider than the screen says so: a shadow on the side where columns are
 * hidden and a hint with "→" under it, until the scorer has scrolled to the end. */
function edges(box) {
  const hidden = box.scrollWidth - box.clientWidth - box.scrollLeft > 2;
  box.parentElement.classList.toggle("more-right", hidden);
  box.parentElement.classList.toggle("more-left", box.scrollLeft > 2);
  const hint = document.getElementById("sheet-more");
  if (hint) hint.hidden = box.scrollWidth <= box.clientWidth + 2;
}

window.addEventListener("resize", () => {
  const box = document.getElementById("sheet-scroll");
  if (box) edges(box);
});

function chartCard() {
  const history = standingsHistory();
  const width = 340;
  const height = 150;
  const pad = 24;
  const values = history.flat();
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const flat = high === low; // everyone still at 0: the zero line in the middle
  const span = flat ? 2 : high - low;
  const x = (i) => pad + (i * (width - pad - 6)) / Math.max(1, history.length - 1);
  const y = (v) => 6 + (height - 12) * (1 - (v - (flat ? low - 1 : low)) / span);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("id", "chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", T.chart);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("line", { x1: pad, x2: width - 6, y1: y(0), y2: y(0), class: "axis" });
  for (const tick of new Set([high, low])) {
    // each value once, inside the frame: never a label cut by its edge
    const at = Math.min(height - 3, Math.max(10, y(tick) + 3));
    add("text", { x: 2, y: at, class: "tick" }, tick);
  }
  view.names.forEach((_, s) => {
    // tied players stay apart: each line a little offset, each point its seat's marker
    const shift = (s - (view.players - 1) / 2) * 1.6;
    const at = history.map((row, i) => [x(i), y(row[s]) + shift]);
    const colour = COLOURS[s % COLOURS.length];
    add("polyline", { points: at.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" "), fill: "none", stroke: colour, "stroke-width": 2, "data-seat": s });
    for (const [px, py] of at) add("text", { x: px, y: py + 3, "text-anchor": "middle", class: "marker", fill: colour, "data-seat": s }, MARKERS[s]);
  });
  const legend = h("p", { class: "legend" }, view.names.map((n, s) => h("span", { class: `key k${s}` }, `${MARKERS[s]} ${n}`)));
  return h("section", { class: "card", id: "chart-card" }, h("h2", {}, T.chart), svg, legend);
}

function rulesCard() {
  const items = view.differences.length
    ? view.differences.map((d) => h("li", {}, rule(d.rule), ` ⚙ ${d.text}`))
    : [h("li", {}, T.fft)];
  return h("section", { class: "card", id: "rules" }, h("h2", {}, `${T.rules} · ${view.profile === "fft" ? "FFT" : view.profile}`), h("ul", { class: "lines" }, items));
}

let viewerInfo = null;

function linksCard(scorer) {
  const parts = [h("h2", {}, T.exports),
    h("div", { class: "buttons" },
      h("button", { id: "export-csv", onclick: () => download("sheet.csv", `atout-${view.evening}.csv`) }, "CSV"),
      h("button", { id: "export-csv-fr", onclick: () => download("sheet.csv?sep=%3B", `atout-${view.evening}-${FR ? "tableur" : "fr-spreadsheet"}.csv`) }, FR ? "CSV (tableur français, ;)" : "CSV (French spreadsheet, ;)"),
      h("button", { id: "export-pdf", onclick: () => download("sheet.pdf", `atout-${view.evening}.pdf`) }, "PDF"),
      h("button", { id: "export-png", onclick: shareImage }, T.image),
      h("button", { id: "export-json", onclick: () => download("record.json", `atout-${view.evening}.json`) }, "atout.game/1"),
    )];
  if (offline || exportNote) parts.push(h("p", { id: "export-note", class: "hint waiting-note", role: "status" }, T.exportOffline));
  if (scorer) {
    parts.push(h("h2", {}, T.links));
    parts.push(...linkField("scorer-link", T.scorerLink, window.location.href));
    if (viewerInfo) {
      parts.push(...linkField("viewer-link", T.viewerLink, viewerInfo.viewer));
      parts.push(h("img", { id: "qr", alt: T.viewerLink, src: viewerInfo.qr }));
    } else if (offline) parts.push(h("p", { id: "viewer-later", class: "hint" }, T.viewerLater)); // a tab opened offline
  }
  return h("section", { class: "card", id: "links" }, parts);
}

function linkField(id, label, value) {
  const field = h("input", { id, "aria-label": label, readonly: true, value, onclick: (e) => e.target.select() });
  const copy = h("button", { id: `${id}-copy`, type: "button", onclick: () => {
    field.select();
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(value).catch(() => document.execCommand("copy"));
    else document.execCommand("copy");
  } }, T.copy);
  return [h("p", { class: "hint" }, label), h("div", { class: "buttons" }, field, copy)];
}

async function loadViewer() {
  try {
    const answer = await fetch(`${API}/viewer`, { headers: headers() });
    if (answer.ok) {
      viewerInfo = await answer.json();
      const links = document.getElementById("links");
      if (view && links) links.replaceWith(linksCard(view.role === "scorer"));
    }
  } catch (e) {
    // shown on the next render after a reconnection
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") poll(true);
});
window.addEventListener("online", () => poll(true));
window.addEventListener("offline", () => { // known at once, not at the next failed request
  offline = true;
  if (view) render();
  showStatus();
});

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker
    .register("/companion-sw.js", { scope: "/companion" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active.postMessage({ keep: window.location.pathname }))
    .catch(() => {}); // without it the page still works online, its entries kept all the same
}
queue = await store.waiting(boot.evening);
view = await store.lastView(VIEW_KEY);
if (view) {
  render(false);
  showStatus();
}
await poll(true); // a scorer's viewer link and QR code come with the first answer
if (!view) setStatus(T.offline, "down");
