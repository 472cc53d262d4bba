// A club tournament on the server: the organiser's form (/tournament/new), the
// organiser's page (the seating of every round, the current round's scorer links with
// their QR codes) and the public ranking, which follows the tables as they enter
// their donnes. The organiser's token travels in the link's fragment and the
// Authorization header, never in a request line.
import { ruleLink } from "./rules.js";

const boot = JSON.parse(document.getElementById("boot").textContent);
const LANG = boot.lang === "fr" ? "fr" : "en";
const FR = LANG === "fr";
const POLL_MS = 3000;
const T = FR
  ? {
    fft: "FFT (règles officielles)", maison: "Maison", same: "Les règles de la FFT, sans différence.",
    offline: "Pas de connexion au serveur.", organiser: "organisateur", round: "Partie {n}", table: "Table {n}",
    seating: "Le placement", current: "Partie {n} : les liens des marqueurs", currentMany: "Parties {n} : les liens des marqueurs",
    still: "Partie {r} : tables {t} en cours", stillOne: "Partie {r} : table {t} en cours",
    linkHint: "Chaque table ouvre son lien (ou scanne son QR code) sur le téléphone du marqueur : la feuille de la table, ses joueurs à leur place, les règles du tournoi.",
    entered: "{n} / {d} donnes saisies", enteredOne: "{n} / {d} donne saisie", over: "Toutes les parties sont jouées.", ranking: "Classement",
    rankingLink: "Le classement (public, en lecture seule)", live: "à jour", place: "#", player: "Joueur",
    r: "P{n}", total: "Total", progress: "{n} donnes saisies sur {d}", progressOne: "{n} donne saisie sur {d}", csv: "Classement (CSV)", csvSheet: "Classement (CSV pour tableur français : points-virgules, virgules décimales)",
    file: "Le tournoi (atout.tournament/1)", movement: "Les cartes de mouvement (PDF)", records: "Le tournoi et les feuilles des tables (zip)",
    keep: "Gardez ce lien : c'est celui de l'organisateur.", etui: "étui {n}", etuis: "Les feuilles des étuis (PDF), pour préparer les donnes",
    commitment: "Engagement sur les donnes : {c}. Publiez-le avant le jeu (au tableau, par courriel) : après la dernière partie, le secret révélé permet à chacun de vérifier les donnes.",
    reveal: "Révéler le secret des donnes", revealed: "Secret révélé : chacun peut vérifier les donnes (atout tournament check).", noSuch: "Pas de tournoi pour ce lien.",
    playing: "Partie en cours : {n}",
    failed: "Le serveur a refusé (HTTP {s}) : réessayez, ou prévenez l'organisateur.",
  }
  : {
    fft: "FFT (official rules)", maison: "House", same: "The FFT's rules, no difference.",
    offline: "No connection to the server.", organiser: "organiser", round: "Round {n}", table: "Table {n}",
    seating: "The seating", current: "Round {n}: the scorers' links", currentMany: "Rounds {n}: the scorers' links",
    still: "Round {r}: tables {t} still playing", stillOne: "Round {r}: table {t} still playing",
    linkHint: "Each table opens its link (or scans its QR code) on the scorer's phone: the table's sheet, its players in their seats, the tournament's rules.",
    entered: "{n} / {d} donnes entered", enteredOne: "{n} / {d} donne entered", over: "Every round is played.", ranking: "Ranking",
    rankingLink: "The ranking (public, read-only)", live: "live", place: "#", player: "Player",
    r: "R{n}", total: "Total", progress: "{n} donnes entered of {d}", progressOne: "{n} donne entered of {d}", csv: "Ranking (CSV)",
    file: "The tournament (atout.tournament/1)", movement: "The movement cards (PDF)", records: "The tournament and the tables' records (zip)",
    keep: "Keep this link: it is the organiser's.", etui: "étui {n}", etuis: "The étui sheets (PDF), to pre-deal the cards",
    commitment: "Commitment to the deals: {c}. Publish it before play (on the board, by mail): after the last round, the revealed secret lets anyone check the deals.",
    reveal: "Reveal the deals' secret", revealed: "Secret revealed: anyone can check the deals (atout tournament check).", noSuch: "No tournament for this link.",
    playing: "Round being played: {n}",
    failed: "The server refused (HTTP {s}): try again, or tell the organiser.",
  };

/** Whether `n` things take the singular: French says 0 and 1 so, English only 1. */
const one = (n) => n === 1 || (FR && n === 0);

/** "{n} / {d} donnes entered", the donnes of the round counted by `d`. */
const entered = (n, d) => fill(one(d) ? T.enteredOne : T.entered, { n, d });

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
}

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// -- the form --------------------------------------------------------------------------------

function newPage() {
  const profile = document.getElementById("profile");
  const differences = document.getElementById("differences");
  const error = document.getElementById("error");
  for (const p of boot.profiles) profile.append(h("option", { value: p.name }, T[p.name] || p.name));
  const renderDifferences = () => {
    const chosen = boot.profiles.find((p) => p.name === profile.value);
    const items = chosen ? chosen.differences : [];
    differences.replaceChildren(...(items.length ? items.map((d) =>
      h("li", {}, ruleLink(d.rule, LANG, `${FR ? "Règle" : "Rule"} ${d.rule}`), ` ⚙ ${d.text}`)) : [h("li", {}, T.same)]));
  };
  profile.addEventListener("change", renderDifferences);
  renderDifferences();
  document.getElementById("setup").addEventListener("input", () => { error.textContent = ""; }); // a refusal goes once the form changes
  document.getElementById("setup").addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const rules = {};
    const penalty = Number(document.getElementById("penalty").value || 0);
    if (penalty) rules.early_pickup_penalty = penalty;
    if (document.getElementById("bar_plain").checked) rules.bar_plain_card_exposer = true;
    const body = {
      name: document.getElementById("name").value.trim() || "club",
      kind: document.querySelector("input[name=kind]:checked").value,
      names: document.getElementById("names").value,
      rounds: document.getElementById("rounds").value,
      donnes: document.getElementById("donnes").value,
      seed: document.getElementById("seed").value || "0",
      profile: profile.value,
      rules,
    };
    try {
      const answer = await fetch(`/api/tournament?lang=${LANG}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      const data = await answer.json();
      if (!answer.ok) {
        error.textContent = data.error;
        return;
      }
      window.location.assign(data.organiser);
    } catch (e) {
      error.textContent = T.offline;
    }
  });
}

// -- the organiser's page ----------------------------------------------------------------------

const TOKEN = decodeURIComponent(window.location.hash.slice(1));
const app = () => document.getElementById("app");
const status = (text) => { document.getElementById("status").textContent = text; };

function tableLabel(t) {
  const label = fill(T.table, { n: t.table });
  return t.etui ? `${label}, ${fill(T.etui, { n: t.etui })}` : label;
}

function seatingCard(data) {
  return h("section", { class: "card", id: "seating" }, h("h2", {}, T.seating),
    data.seating.map((tables, r) => h("div", { class: "round", id: `round-${r + 1}` },
      h("h3", {}, fill(T.round, { n: r + 1 })),
      h("ul", {}, tables.map((t) => h("li", {},
        `${tableLabel(t)}${FR ? " : " : ": "}${t.players.join(", ")}`,
        h("span", { class: "hint" }, ` · ${entered(t.entered, data.donnes)}`)))))));
}

function linksCard(data) {
  if (data.current === null) return h("section", { class: "card", id: "links" }, h("p", {}, T.over));
  const rounds = data.playing.map((p) => p.round);
  const several = rounds.length > 1; // an undo brought a round back while the next one plays
  const both = rounds.slice(0, -1).join(", ") + (FR ? " et " : " and ") + rounds[rounds.length - 1];
  const playing = data.playing.map((p) => h("li", {}, fill(p.tables.length === 1 ? T.stillOne : T.still,
    { r: p.round, t: p.tables.join(", ") })));
  return h("section", { class: "card", id: "links" },
    h("h2", {}, several ? fill(T.currentMany, { n: both }) : fill(T.current, { n: data.current })),
    h("ul", { class: "playing", id: "playing" }, playing),
    h("p", { class: "hint" }, T.linkHint),
    data.links.map((l) => h("div", { class: "table-link", id: l.round === data.current ? `table-${l.table}` : `table-${l.round}-${l.table}` },
      h("h3", {}, several ? `${fill(T.round, { n: l.round })} · ${tableLabel(l)}` : tableLabel(l)),
      h("p", {}, l.players.join(", ")),
      h("p", { class: "hint" }, entered(l.entered, data.donnes)),
      h("a", { href: l.scorer, class: "scorer-link", target: "_blank" }, l.scorer),
      h("img", { src: l.qr, alt: `QR ${fill(T.table, { n: l.table })}`, class: "qr" }))));
}

/** Why the server refused: its one line, or its HTTP status when it gave none. */
async function refusal(answer) {
  let error = null;
  try {
    error = (await answer.json()).error;
  } catch (e) {
    error = null;
  }
  return error || fill(T.failed, { s: answer.status });
}

/** A file of the server, fetched with the organiser's token and saved under its name. */
async function download(path, name, note) {
  note.textContent = "";
  let answer;
  try {
    answer = await fetch(path, { headers: { Authorization: `Bearer ${TOKEN}` } });
  } catch (e) {
    note.textContent = T.offline;
    return;
  }
  if (!answer.ok) {
    note.textContent = await refusal(answer);
    return;
  }
  const url = URL.createObjectURL(await answer.blob());
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** The exports: on the organiser's page fetched with his token (the étui sheets, and a
 * duplicate's file before its deals are revealed, are his alone), else plain links. */
function exportsList(data, organiser) {
  const api = `/api/tournament/${boot.tournament}`;
  const item = (path, name, id, text) => h("li", {}, organiser
    ? h("button", { type: "button", class: "link", id, "data-path": `${api}/${path}`, "data-name": name }, text)
    : h("a", { href: `${api}/${path}`, download: true, id }, text));
  const files = [item("ranking.csv", `${data.name}-ranking.csv`, "csv", T.csv)];
  if (FR) files.push(item("ranking.csv?sep=%3B", `${data.name}-classement-tableur.csv`, "csv-sheet", T.csvSheet));
  if (organiser) {
    files.unshift(item(`movement.pdf?lang=${LANG}`, `${data.name}-movement.pdf`, "movement", T.movement));
    if (data.duplicate) files.unshift(item(`etuis.pdf?lang=${LANG}`, `${data.name}-etuis.pdf`, "etuis", T.etuis));
  }
  if (organiser || data.files) {
    files.push(item("tournament.json", `${data.name}.json`, "file", T.file),
      item("records.zip", `${data.name}.zip`, "zip", T.records));
  }
  const list = h("ul", { class: "exports" }, files);
  const note = h("p", { class: "error", id: "export-error", role: "alert" }); // why a download failed
  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-path]");
    if (button) download(button.dataset.path, button.dataset.name, note);
  });
  return h("div", { class: "exports-box" }, list, note);
}

/** A duplicate's commitment to its deals, and after the last round the button that
 * reveals their secret. */
function duplicateCard(data) {
  if (!data.duplicate) return null;
  const parts = [h("p", { id: "commitment" }, fill(T.commitment, { c: data.commitment }))];
  if (data.revealed) parts.push(h("p", { id: "revealed" }, T.revealed));
  else if (data.current === null) {
    const button = h("button", { type: "button", class: "primary", id: "reveal" }, T.reveal);
    button.addEventListener("click", async () => {
      const answer = await fetch(`/api/tournament/${boot.tournament}/reveal?lang=${LANG}`, {
        method: "POST", headers: { Authorization: `Bearer ${TOKEN}` },
      });
      if (!answer.ok) status((await answer.json()).error);
      else button.replaceWith(h("p", { id: "revealed" }, T.revealed));
    });
    parts.push(button);
  }
  return h("section", { class: "card", id: "duplicate" }, parts);
}

function organiserCards(data) {
  return [
    h("section", { class: "card" }, h("h2", { id: "heading" }, data.heading), h("p", { class: "hint" }, T.keep),
      h("p", {}, h("a", { href: data.ranking, id: "ranking-link" }, T.rankingLink)), exportsList(data, true)),
    duplicateCard(data), linksCard(data), seatingCard(data),
  ];
}

async function organiserPage() {
  const badge = h("span", { class: "badge scorer", id: "role" }, T.organiser);
  document.querySelector("header.bar h1").after(badge);
  let shown = null; // drawn again only when something changed: the QR codes do not flicker
  const poll = async () => {
    try {
      const answer = await fetch(`/api/tournament/${boot.tournament}?lang=${LANG}`, {
        headers: { Authorization: `Bearer ${TOKEN}` }, cache: "no-store",
      });
      if (answer.status === 404) {
        app().replaceChildren(h("p", { class: "error" }, T.noSuch));
        return;
      }
      const text = await answer.text();
      status(T.live);
      if (text !== shown) {
        shown = text;
        app().replaceChildren(...organiserCards(JSON.parse(text)).filter(Boolean));
      }
    } catch (e) {
      status(T.offline);
    }
    setTimeout(poll, POLL_MS);
  };
  poll();
}

// -- the ranking ------------------------------------------------------------------------------

async function rankingPage() {
  let known = null;
  const poll = async () => {
    try {
      const query = known === null ? "" : `&known=${known}`;
      const answer = await fetch(`/api/tournament/${boot.tournament}/ranking?lang=${LANG}${query}`, { cache: "no-store" });
      if (answer.status === 404) {
        app().replaceChildren(h("p", { class: "error" }, T.noSuch));
        return;
      }
      if (!answer.ok) {
        status(await refusal(answer));
        setTimeout(poll, POLL_MS);
        return;
      }
      const data = await answer.json();
      status(T.live);
      if (!data.unchanged) {
        known = data.version;
        const rounds = Array.from({ length: data.rounds }, (_, r) => fill(T.r, { n: r + 1 }));
        app().replaceChildren(h("section", { class: "card" },
          h("h2", { id: "heading" }, data.heading),
          h("p", { class: "hint", id: "progress" }, fill(one(data.entered) ? T.progressOne : T.progress, { n: data.entered, d: data.total }),
            data.current === null ? ` · ${T.over}` : ` · ${fill(T.playing, { n: data.current })}`),
          h("p", { class: "hint", id: "method" }, data.method),
          h("div", { class: "sheet-scroll" }, h("table", { class: "sheet", id: "ranking" },
            h("thead", {}, h("tr", {}, h("th", {}, T.place), h("th", {}, T.player), rounds.map((r) => h("th", {}, r)), h("th", {}, T.total))),
            h("tbody", {}, data.lines.map((l) => h("tr", {},
              h("td", {}, l.place), h("td", {}, l.player), l.rounds.map((v) => h("td", { class: "num" }, v)), h("td", { class: "num" }, h("strong", {}, l.total))))))),
          exportsList(data, false)));
      }
    } catch (e) {
      status(T.offline);
    }
    setTimeout(poll, POLL_MS);
  };
  poll();
}

document.body.classList.add("tournament"); // the styles of the tournament's pages
if (boot.page === "new") newPage();
else if (boot.page === "organiser") organiserPage();
else rankingPage();
