// The table companion's evening page: the referee's guide and the score sheet.
// The scorer's link (token in the fragment) enters what happens at the table; the
// viewer's link follows the sheet. The page polls the server and shows the sheet as
// stored; an entry is kept and sent again with the same number until the server has
// stored it (a dropped connection never loses it). Every rule id is a link to its text.
import { ruleLink } from "./rules.js";

const boot = JSON.parse(document.getElementById("boot").textContent);
const LANG = boot.lang === "fr" ? "fr" : "en";
const FR = LANG === "fr";
const TOKEN = decodeURIComponent(window.location.hash.slice(1));
const API = `/api/companion/${boot.evening}`;
const POLL_MS = 2000;
const MAX_RETRY_MS = 10000;

const T = {
  fr: {
    scorer: "marqueur", viewer: "spectateur", live: "à jour", offline: "hors ligne — nouvel essai…",
    sending: "envoi…", draw: "Tirage du premier donneur", seat: "Joueur", card: "Carte",
    drawn: "Carte tirée", dealerGiven: "Donneur choisi sans tirage", choose: "Choisir",
    donne: "Donne", cut: "Coupe", cutDepth: "Cartes coupées (4 à 74)", enterCut: "Noter la coupe",
    fault: "Faute", petitSec: "Petit sec", allPass: "Tous passent", result: "Résultat",
    kind: "Faute", by: "Par", misdeal: "Maldonne (donneur)", chien_count: "Chien mal compté (donneur)",
    card_exposed: "Carte retournée", early_pickup: "Cartes ramassées trop tôt", record: "Noter la faute",
    contract: "Contrat", taker: "Preneur", called: "Carte appelée", partner: "Appelé", alone: "seul",
    points: "Points du preneur", bouts: "Bouts", pile: "Cartes du tas du preneur", byPoints: "Points et bouts",
    byPile: "Cartes du tas", poignees: "Poignées", none: "—", chelem: "Chelem annoncé par",
    every: "Tous les plis", attack: "attaque", defence: "défense", pab: "Petit au bout",
    petitChien: "Le Petit était au chien", save: "Enregistrer", cancel: "Annuler", edit: "Corriger",
    editing: "Correction de la donne", sheet: "Feuille de marque", totals: "Total", ahead: "En tête",
    chart: "Totaux au fil de la soirée", rules: "Règles", fft: "FFT : règles officielles, sans différence.",
    links: "Liens", viewerLink: "Lien spectateur (lecture seule)", scorerLink: "Votre lien de marqueur : gardez-le",
    exports: "Exporter", undo: "Annuler la dernière saisie", last: "Dernière donne",
    misdealV: "maldonne", petit_secV: "Petit sec", all_passV: "tous passent", played: "jouée",
    prise: "Prise", garde: "Garde", garde_sans: "Garde sans", garde_contre: "Garde contre",
    simple: "simple", double: "double", triple: "triple", penalties: "Pénalités (D11)",
    noFault: "", faults: "Fautes", dealer: "donneur", edited: "corrigée", copy: "Copier",
    drawSoFar: "Cartes tirées", made: "réussi", failed: "chuté", refused: "Refusé",
  },
  en: {
    scorer: "scorer", viewer: "viewer", live: "live", offline: "offline — retrying…",
    sending: "sending…", draw: "Draw for the first dealer", seat: "Player", card: "Card",
    drawn: "Card drawn", dealerGiven: "Dealer chosen without a draw", choose: "Choose",
    donne: "Donne", cut: "Cut", cutDepth: "Cards cut (4 to 74)", enterCut: "Enter the cut",
    fault: "Fault", petitSec: "Petit sec", allPass: "All pass", result: "Result",
    kind: "Fault", by: "By", misdeal: "Misdeal (dealer)", chien_count: "Wrong chien count (dealer)",
    card_exposed: "Card turned face up", early_pickup: "Cards picked up too early", record: "Record the fault",
    contract: "Contract", taker: "Taker", called: "Called card", partner: "Partner", alone: "alone",
    points: "Taker's points", bouts: "Bouts", pile: "Cards of the taker's pile", byPoints: "Points and bouts",
    byPile: "Cards of the pile", poignees: "Poignées", none: "—", chelem: "Chelem announced by",
    every: "Every trick", attack: "attack", defence: "defence", pab: "Petit au bout",
    petitChien: "The Petit was in the chien", save: "Save", cancel: "Cancel", edit: "Edit",
    editing: "Editing donne", sheet: "Score sheet", totals: "Total", ahead: "Ahead",
    chart: "Totals over the evening", rules: "Rules", fft: "FFT: the official rules, no difference.",
    links: "Links", viewerLink: "Viewer link (read-only)", scorerLink: "Your scorer link: keep it",
    exports: "Export", undo: "Undo the last entry", last: "Last donne",
    misdealV: "misdeal", petit_secV: "Petit sec", all_passV: "all pass", played: "played",
    prise: "Prise", garde: "Garde", garde_sans: "Garde sans", garde_contre: "Garde contre",
    simple: "simple", double: "double", triple: "triple", penalties: "Penalties (D11)",
    noFault: "", faults: "Faults", dealer: "dealer", edited: "edited", copy: "Copy",
    drawSoFar: "Cards drawn", made: "made", failed: "failed", refused: "Refused",
  },
}[LANG];

const COLOURS = ["#c81e2d", "#145ac8", "#148c3c", "#c87800", "#7828a0"];

let view = null;
let pending = null; // {n, entry}: sent, not yet acknowledged
let retryMs = POLL_MS;
let pollTimer = null;
let panel = null; // "fault" | "result" | "petit" | null
let editing = null; // donne number being edited
let opened = new Set(); // donnes whose details are shown
let message = null; // {text, rule}

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
    if (!data.unchanged) {
      view = data;
      render();
    }
    retryMs = POLL_MS;
    setStatus(pending ? T.sending : T.live, "ok");
    if (pending) await send();
  } catch (e) {
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    setStatus(T.offline, "down");
  }
  pollTimer = setTimeout(poll, retryMs);
}

async function send() {
  const attempt = pending;
  if (!attempt) return;
  setStatus(T.sending, "ok");
  let answer;
  try {
    answer = await fetch(`${API}/entries?lang=${LANG}`, {
      method: "POST",
      headers: headers(true),
      body: JSON.stringify(attempt),
    });
  } catch (e) {
    setStatus(T.offline, "down");
    clearTimeout(pollTimer);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    pollTimer = setTimeout(poll, retryMs);
    return; // kept in `pending`: sent again with the same n
  }
  pending = null;
  const data = await answer.json();
  if (answer.ok) {
    view = data;
    message = null;
    panel = null;
    editing = null;
    render(false);
    setStatus(T.live, "ok");
  } else if (answer.status === 409) {
    message = { text: data.error, rule: null };
    await poll(true);
  } else {
    message = { text: data.error, rule: data.rule };
    render();
    setStatus(T.live, "ok");
  }
}

function enter(entry) {
  if (pending || !view) return;
  pending = { n: view.entries, entry };
  send();
}

async function download(path, name) {
  const answer = await fetch(`${API}/${path}?lang=${LANG}`, { headers: headers() });
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
}

function renderPage() {
  const app = document.getElementById("app");
  const scorer = view.role === "scorer";
  const role = document.getElementById("role");
  role.textContent = T[view.role];
  role.className = `badge ${view.role}`;
  const parts = [];
  if (message) {
    let text = message.text;
    if (message.rule && text.startsWith(message.rule)) text = text.slice(message.rule.length).replace(/^\s*:\s*/, "");
    parts.push(h("p", { class: "error", role: "alert", id: "message" }, message.rule ? rule(message.rule) : null, " ", text));
  }
  if (view.first_dealer === null) parts.push(drawCard(scorer));
  else parts.push(currentCard(scorer));
  const last = [...view.donnes].reverse().find((d) => d.over);
  if (last && last.lines.length) {
    parts.push(h("section", { class: "card", id: "last" }, h("h2", {}, `${T.last} ${last.number}`), lineList(last.lines)));
  }
  parts.push(sheetCard(scorer));
  if (view.donnes.some((d) => d.over)) parts.push(chartCard());
  parts.push(rulesCard());
  parts.push(linksCard(scorer));
  app.replaceChildren(...parts);
}

function drawCard(scorer) {
  const body = [h("h2", {}, T.draw), lineList(view.guide)];
  if (view.draw.length) {
    body.push(
      h("p", { class: "hint" }, `${T.drawSoFar} : `),
      h("ul", { class: "draws" }, view.draw.map(([s, cards]) => h("li", {}, `${view.names[s]} : ${cards.join(" → ")}`))),
    );
  }
  if (scorer) {
    body.push(
      h(
        "form",
        { id: "draw-form", class: "row", onsubmit: (e) => {
          e.preventDefault();
          enter({ type: "draw", seat: Number(e.target.seat.value), card: e.target.card.value.trim() });
        } },
        field(T.seat, select("seat", view.to_draw.map((s) => [s, view.names[s]]))),
        field(T.card, h("input", { id: "card", name: "card", required: true, placeholder: FR ? "7♠, R♥, 21, Excuse" : "7♠, KS, 21, Excuse", autocapitalize: "characters" })),
        h("button", { type: "submit", class: "primary", id: "draw-button" }, T.drawn),
      ),
    );
    if (!view.draw.length) {
      body.push(
        h(
          "form",
          { class: "row", onsubmit: (e) => {
            e.preventDefault();
            enter({ type: "dealer", seat: Number(e.target.dealer.value) });
          } },
          field(T.dealerGiven, select("dealer", seatOptions())),
          h("button", { type: "submit" }, T.choose),
        ),
      );
    }
  }
  return h("section", { class: "card", id: "draw" }, body);
}

function currentCard(scorer) {
  const d = view.donnes[view.donnes.length - 1];
  const body = [h("h2", {}, `${T.donne} ${d.number}`), lineList(view.guide, "lines guide")];
  if (d.cut !== null) body.push(h("p", { class: "hint" }, rule("D5"), ` ${T.cut} : ${d.cut}`));
  for (const f of d.faults) body.push(lineList(f.lines, "lines fault"));
  if (!scorer) return h("section", { class: "card", id: "current" }, body);
  if (editing !== null) {
    body.push(resultForm(view.donnes[editing - 1]));
    return h("section", { class: "card", id: "current" }, body);
  }
  const actions = h(
    "div",
    { class: "actions" },
    d.cut === null ? h("form", { class: "row", id: "cut-form", onsubmit: (e) => {
      e.preventDefault();
      enter({ type: "cut", k: Number(e.target.k.value) });
    } },
      field(T.cutDepth, h("input", { id: "k", name: "k", type: "number", inputmode: "numeric", required: true })),
      h("button", { type: "submit", id: "cut-button" }, T.enterCut)) : null,
    h("div", { class: "buttons" },
      h("button", { id: "fault-button", class: panel === "fault" ? "on" : "", onclick: () => { panel = panel === "fault" ? null : "fault"; render(); } }, T.fault),
      h("button", { id: "petit-button", class: panel === "petit" ? "on" : "", onclick: () => { panel = panel === "petit" ? null : "petit"; render(); } }, T.petitSec),
      h("button", { id: "pass-button", onclick: () => enter({ type: "all_pass" }) }, T.allPass),
      h("button", { id: "result-button", class: `primary ${panel === "result" ? "on" : ""}`, onclick: () => { panel = panel === "result" ? null : "result"; render(); } }, T.result),
    ),
  );
  body.push(actions);
  if (panel === "fault") body.push(faultForm(d));
  if (panel === "petit") body.push(petitForm());
  if (panel === "result") body.push(resultForm(null));
  return h("section", { class: "card", id: "current" }, body);
}

function faultForm(d) {
  const kinds = ["misdeal", "chien_count", "card_exposed", "early_pickup"].map((k) => [k, T[k]]);
  const form = h(
    "form",
    { id: "fault-form", class: "panel", onsubmit: (e) => {
      e.preventDefault();
      const kind = e.target.kind.value;
      const entry = { type: "fault", kind };
      if (kind === "card_exposed" || kind === "early_pickup") entry.by = Number(e.target.by.value);
      if (kind === "card_exposed") entry.card = e.target.fcard.value.trim();
      enter(entry);
    } },
    field(T.kind, select("kind", kinds)),
    field(T.by, select("by", seatOptions(), d.dealer)),
    field(T.card, h("input", { id: "fcard", name: "fcard", placeholder: FR ? "R♥, 7♣, 12, Excuse" : "K♥, 7♣, 12, Excuse" })),
    h("button", { type: "submit", class: "primary", id: "fault-save" }, T.record),
  );
  return form;
}

function petitForm() {
  return h(
    "form",
    { id: "petit-form", class: "panel row", onsubmit: (e) => {
      e.preventDefault();
      enter({ type: "petit_sec", seat: Number(e.target.holder.value) });
    } },
    field(T.seat, select("holder", seatOptions())),
    h("button", { type: "submit", class: "primary", id: "petit-save" }, T.petitSec),
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
    { id: "result-form", class: "panel", onsubmit: (ev) => {
      ev.preventDefault();
      const f = ev.target;
      const result = { contract: f.contract.value, taker: Number(f.taker.value) };
      if (five) {
        result.called = f.called.value.trim();
        if (f.partner.value !== "") result.partner = Number(f.partner.value);
      }
      if (f.mode.value === "pile") result.pile = f.pile.value.trim().split(/[\s,]+/).filter(Boolean);
      else {
        result.points = Number(String(f.points.value).replace(",", "."));
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
      if (donne) enter({ type: "edit", donne: donne.number, result });
      else enter({ type: "result", ...result });
    } },
    donne ? h("h3", {}, `${T.editing} ${donne.number}`) : null,
    h("div", { class: "grid" },
      field(T.contract, select("contract", ["prise", "garde", "garde_sans", "garde_contre"].map((c) => [c, T[c]]), e.contract || "garde")),
      field(T.taker, select("taker", seatOptions(), e.taker ?? "")),
      five ? field(T.called, h("input", { id: "called", name: "called", value: e.called || "", placeholder: FR ? "R♥, RCo" : "K♥, KH" })) : null,
      five ? field(T.partner, select("partner", seatOptions([["", T.alone]]), e.partner ?? "")) : null,
    ),
    h("div", { class: "mode" },
      h("label", { class: "check" }, h("input", { type: "radio", name: "mode", value: "points", checked: !byPile, onchange: toggleMode }), T.byPoints),
      h("label", { class: "check" }, h("input", { type: "radio", name: "mode", value: "pile", checked: byPile, onchange: toggleMode }), T.byPile),
    ),
    h("div", { class: "grid", id: "by-points", hidden: byPile },
      field(T.points, h("input", { id: "points", name: "points", type: "text", inputmode: "decimal", value: e.points ?? "" })),
      field(T.bouts, select("bouts", [0, 1, 2, 3].map((b) => [b, b]), e.bouts ?? 1)),
    ),
    h("div", { id: "by-pile", hidden: !byPile },
      field(T.pile, h("textarea", { id: "pile", name: "pile", rows: 3, placeholder: FR ? "21 1 R♠ D♥ …" : "21 1 K♠ Q♥ …" }, (e.pile || []).join(" "))),
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
    h("div", { class: "buttons" },
      h("button", { type: "submit", class: "primary", id: "result-save" }, T.save),
      h("button", { type: "button", onclick: () => { panel = null; editing = null; message = null; render(); } }, T.cancel),
    ),
  );
  return form;
}

function toggleMode(event) {
  const form = event.target.form;
  const pile = form.mode.value === "pile";
  form.querySelector("#by-points").hidden = pile;
  form.querySelector("#by-pile").hidden = !pile;
}

function outcome(d) {
  if (d.void && d.outcome) return d.outcome;
  if (d.void) return `${T[`${d.void}V`]} (${d.void_rule})`;
  if (!d.result) return "…";
  const r = d.result;
  let text = `${T[d.contract]} ${view.names[d.taker]}`;
  if (d.partner !== null && d.partner !== undefined) text += ` + ${view.names[d.partner]}`;
  text += ` · ${String(r.points).replace(".", FR ? "," : ".")} (${r.bouts}b) ${r.made ? "✓" : "✗"}`;
  return text;
}

function sheetCard(scorer) {
  const head = h("tr", {}, h("th", {}, "#"), h("th", {}, T.donne), view.names.map((n) => h("th", {}, n)));
  const rows = [];
  for (const d of view.donnes.filter((x) => x.over)) {
    const open = opened.has(d.number);
    rows.push(
      h("tr", { class: `donne ${d.void ? "void" : ""}`, id: `donne-${d.number}`, onclick: () => {
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
      const detail = [h("p", { class: "hint" }, `${T.dealer} : ${view.names[d.dealer]}`)];
      for (const f of d.faults) detail.push(lineList(f.lines, "lines fault"));
      if (d.void === "petit_sec") detail.push(lineList([{ rule: "D16", text: `${T.petitSec} : ${view.names[d.void_by]}` }]));
      if (d.lines.length) detail.push(lineList(d.lines));
      if (scorer && d.result) {
        detail.push(h("button", { class: "edit", id: `edit-${d.number}`, onclick: (ev) => {
          ev.stopPropagation();
          editing = d.number;
          panel = null;
          render();
          document.getElementById("current").scrollIntoView();
        } }, T.edit));
      }
      rows.push(h("tr", { class: "detail" }, h("td", { colspan: view.players + 2 }, detail)));
    }
  }
  const best = view.ahead;
  const foot = h("tr", { class: "total" }, h("td", {}, ""), h("td", {}, T.totals),
    view.standings.map((t, s) => h("td", { class: `num ${best.includes(s) ? "ahead" : ""}` }, h("b", {}, t))));
  const parts = [h("h2", {}, T.sheet), h("div", { class: "scroll" }, h("table", { id: "sheet" }, h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, foot)))];
  if (best.length) parts.push(h("p", { id: "ahead", class: "ahead" }, `${T.ahead} : ${best.map((s) => view.names[s]).join(", ")}`));
  if (view.penalties.some((p) => p)) {
    parts.push(h("p", { class: "hint" }, `${T.penalties} : ${view.penalties.map((p, s) => (p ? `${view.names[s]} −${p}` : null)).filter(Boolean).join(", ")}`));
  }
  if (scorer && view.can_undo) {
    parts.push(h("button", { id: "undo", class: "quiet", onclick: () => enter({ type: "undo" }) }, `↶ ${T.undo}`));
  }
  return h("section", { class: "card", id: "sheet-card" }, parts);
}

function chartCard() {
  const over = view.donnes.filter((d) => d.over);
  const history = [view.names.map(() => 0), ...over.map((d) => d.totals)];
  const width = 340;
  const height = 150;
  const pad = 24;
  const values = history.flat();
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const x = (i) => pad + (i * (width - pad - 6)) / Math.max(1, history.length - 1);
  const y = (v) => 6 + (height - 12) * (1 - (v - low) / span);
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
  add("text", { x: 2, y: y(high) + 4, class: "tick" }, high);
  add("text", { x: 2, y: y(low), class: "tick" }, low);
  view.names.forEach((_, s) => {
    const points = history.map((row, i) => `${x(i).toFixed(1)},${y(row[s]).toFixed(1)}`).join(" ");
    add("polyline", { points, fill: "none", stroke: COLOURS[s % COLOURS.length], "stroke-width": 2.5 });
  });
  const legend = h("p", { class: "legend" }, view.names.map((n, s) => h("span", { class: `key k${s}` }, `■ ${n}`)));
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
      h("button", { id: "export-pdf", onclick: () => download("sheet.pdf", `atout-${view.evening}.pdf`) }, "PDF"),
      h("button", { id: "export-json", onclick: () => download("record.json", `atout-${view.evening}.json`) }, "atout.game/1"),
    )];
  if (scorer) {
    parts.push(h("h2", {}, T.links));
    parts.push(h("p", { class: "hint" }, T.scorerLink));
    if (viewerInfo) {
      parts.push(h("p", { class: "hint" }, T.viewerLink));
      parts.push(h("input", { id: "viewer-link", "aria-label": T.viewerLink, readonly: true, value: viewerInfo.viewer, onclick: (e) => e.target.select() }));
      parts.push(h("img", { id: "qr", alt: T.viewerLink, src: viewerInfo.qr }));
    }
  }
  return h("section", { class: "card", id: "links" }, parts);
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

await poll(true);
if (view && view.role === "scorer") loadViewer();
