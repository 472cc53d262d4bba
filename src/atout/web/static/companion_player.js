// A player's page: what he played in every evening of this server (donnes, contracts
// taken and made by kind, average marks, his total evening by evening), and the merge
// tool that joins two spellings of one person. Reached from an evening's sheet:
// /companion/players/ID?evening=EVENING#TOKEN (the token of that evening).
const boot = JSON.parse(document.getElementById("boot").textContent);
const FR = boot.lang === "fr";
const TOKEN = decodeURIComponent(window.location.hash.slice(1));
// another link of the same evening typed or pasted in this tab (the viewer's in the
// scorer's, say) changes only the part after "#": the page opens again as that link's
window.addEventListener("hashchange", () => window.location.reload());
const EVENING = new URLSearchParams(window.location.search).get("evening") || "";
const LANG = FR ? "fr" : "en";

const T = {
  fr: {
    evenings: "Soirées", donnes: "Donnes jouées", average: "Moyenne par donne", taken: "Contrats pris",
    contract: "Contrat", made: "réussis", took: "pris", donneOne: "{n} donne", donneMany: "{n} donnes", partner: "Appelé (à 5)", chart: "Total à la fin de chaque soirée",
    place: "place", total: "total", back: "Retour à la soirée", merge: "Fusionner deux orthographes",
    mergeHint: "Si cette personne a aussi été notée sous un autre nom, cherchez-le et fusionnez-le avec elle.",
    search: "Chercher un nom", mergeInto: "est la même personne", done: "Fusionné.", none: "—",
    spellings: "Noms reconnus", noConnection: "Pas de connexion au serveur.", evening: "soirée", of: "joueurs",
    prise: "Prise", garde: "Garde", garde_sans: "Garde sans", garde_contre: "Garde contre",
  },
  en: {
    evenings: "Evenings", donnes: "Donnes played", average: "Average per donne", taken: "Contracts taken",
    contract: "Contract", made: "made", took: "taken", donneOne: "{n} donne", donneMany: "{n} donnes", partner: "Called (5 players)", chart: "Total at the end of each evening",
    place: "place", total: "total", back: "Back to the evening", merge: "Merge two spellings",
    mergeHint: "If this person was also written under another name, find it and merge it into this player.",
    search: "Find a name", mergeInto: "is the same person", done: "Merged.", none: "—",
    spellings: "Names recognised", noConnection: "No connection to the server.", evening: "evening", of: "players",
    prise: "Prise", garde: "Garde", garde_sans: "Garde sans", garde_contre: "Garde contre",
  },
}[LANG];

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function headers(json = false) {
  const result = { Authorization: `Bearer ${TOKEN}` };
  if (json) result["Content-Type"] = "application/json";
  return result;
}

const decimal = (x) => (x === null ? T.none : String(x).replace(".", FR ? "," : "."));

function statsCard(p) {
  const rows = ["prise", "garde", "garde_sans", "garde_contre"].map((c) =>
    h("tr", {}, h("td", {}, T[c]), h("td", { class: "num" }, p.taken[c].taken), h("td", { class: "num" }, p.taken[c].made)));
  return h("section", { class: "card", id: "stats" },
    h("h2", {}, p.name),
    h("p", { class: "hint", id: "spellings" }, `${T.spellings} : ${p.spellings.join(", ")}`),
    h("dl", { class: "stats" },
      h("dt", {}, T.evenings), h("dd", { id: "stat-evenings" }, p.evenings.length),
      h("dt", {}, T.donnes), h("dd", { id: "stat-donnes" }, p.donnes),
      h("dt", {}, T.average), h("dd", { id: "stat-average" }, decimal(p.average)),
      h("dt", {}, T.partner), h("dd", { id: "stat-partner" }, p.partner)),
    h("h3", {}, T.taken),
    h("table", { id: "taken" }, h("thead", {}, h("tr", {}, h("th", {}, T.contract), h("th", {}, T.took), h("th", {}, T.made))), h("tbody", {}, rows)));
}

function chartCard(p) {
  const NS = "http://www.w3.org/2000/svg";
  const width = 340;
  const height = 150;
  const pad = 28;
  const totals = p.evenings.map((e) => e.total);
  const low = Math.min(0, ...totals);
  const high = Math.max(0, ...totals);
  const span = high - low || 1;
  const x = (i) => pad + (i * (width - pad - 8)) / Math.max(1, totals.length - 1);
  const y = (v) => 8 + (height - 16) * (1 - (v - low) / span);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("id", "player-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", T.chart);
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
  };
  add("line", { x1: pad, x2: width - 8, y1: y(0), y2: y(0), class: "axis" });
  add("text", { x: 2, y: y(high) + 4, class: "tick" }, high);
  add("text", { x: 2, y: y(low), class: "tick" }, low);
  add("polyline", { points: totals.map((t, i) => `${x(i).toFixed(1)},${y(t).toFixed(1)}`).join(" "), fill: "none", stroke: "#145ac8", "stroke-width": 2.5 });
  totals.forEach((t, i) => add("circle", { cx: x(i).toFixed(1), cy: y(t).toFixed(1), r: 3.5, fill: "#145ac8", class: "dot" }));
  const list = h("ol", { class: "lines", id: "evening-list" }, p.evenings.map((e) => {
    const when = new Date(e.created * 1000).toLocaleDateString(LANG, { day: "numeric", month: "short", year: "numeric" });
    return h("li", {}, `${when} · ${e.players} ${T.of} · ${(e.donnes === 1 || (FR && e.donnes === 0) ? T.donneOne : T.donneMany).replace("{n}", e.donnes)} · ${T.total} ${e.total} · ${FR ? `${e.place}${e.place === 1 ? "re" : "e"} place` : `place ${e.place}`}`);
  }));
  return h("section", { class: "card", id: "chart-card" }, h("h2", {}, T.chart), svg, list);
}

let note = null; // what the last merge did: {ok, text}

function mergeCard(p) {
  const result = h("p", { class: note && !note.ok ? "error" : "hint", id: "merge-result", role: "status", "aria-live": "polite" }, note ? note.text : "");
  const choices = h("ul", { class: "evenings", id: "merge-choices" });
  const input = h("input", { id: "merge-search", type: "search", placeholder: T.search, autocomplete: "off" });
  async function find() {
    const text = input.value.trim();
    choices.replaceChildren();
    if (!text) return;
    const answer = await fetch(`/api/companion/players?evening=${encodeURIComponent(EVENING)}&q=${encodeURIComponent(text)}`, { headers: headers() });
    if (!answer.ok) return;
    for (const other of (await answer.json()).players.filter((o) => o.id !== p.id)) {
      choices.append(h("li", {}, h("span", {}, `${other.name} ${T.mergeInto}`), h("button", { type: "button", class: "merge", "data-id": other.id, onclick: () => merge(other.id) }, `→ ${p.name}`)));
    }
  }
  async function merge(from) {
    const answer = await fetch(`/api/companion/players/merge?lang=${LANG}`, {
      method: "POST", headers: headers(true), body: JSON.stringify({ evening: EVENING, from, into: p.id }),
    });
    const data = await answer.json();
    note = { ok: answer.ok, text: answer.ok ? T.done : data.error };
    result.className = answer.ok ? "hint" : "error";
    result.textContent = note.text;
    if (answer.ok) load(); // the statistics with both spellings; the note stays said
  }
  input.addEventListener("input", find);
  return h("section", { class: "card", id: "merge" }, h("h2", {}, T.merge), h("p", { class: "hint" }, T.mergeHint), input, choices, result);
}

async function load() {
  const app = document.getElementById("app");
  let answer;
  try {
    answer = await fetch(`/api/companion/players/${boot.player}?evening=${encodeURIComponent(EVENING)}&lang=${LANG}`, { headers: headers(), cache: "no-store" });
  } catch (e) {
    document.getElementById("status").textContent = T.noConnection;
    return;
  }
  const data = await answer.json();
  if (!answer.ok) {
    app.replaceChildren(h("p", { class: "error", role: "alert" }, data.error));
    return;
  }
  const back = h("p", {}, h("a", { id: "back", href: `/companion/${EVENING}#${TOKEN}` }, `← ${T.back}`));
  app.replaceChildren(back, statsCard(data), chartCard(data), data.role === "scorer" ? mergeCard(data) : "");
}

load();
