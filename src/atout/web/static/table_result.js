// The end of a donne: its result for everyone at the table, told from the sheet's last
// row and its structured breakdown (atout.scoring.Breakdown; score.js formats it), the
// same figures as the score sheet. A void donne says why and who deals next (D17).
import { lang, t } from "./i18n.js";
import * as C from "./cards.js";
import { contractName } from "./describe.js";
import * as Score from "./score.js";
import { $, S, mayPlayAgain, mySeat, options, players, seatName } from "./table_state.js";
import { el } from "./table_dom.js";
import { voidReason } from "./table_sheet.js";
import { act, control } from "./table_stream.js";

/** The sheet's row of the donne on the table, once that donne is over; else null. */
export function finishedRow() {
  const v = S.view;
  if (!v || !v.sheet.length) return null;
  const row = v.sheet[v.sheet.length - 1];
  return row.number === v.number ? row : null;
}

export function bouts(n) {
  return n === 1 ? t("1 bout") : t("{n} bouts", { n });
}

function contractLine(row) {
  let line = t("{contract} by {taker}", { contract: contractName(row.contract), taker: seatName(row.taker) });
  if (row.called) line += " · " + t("calls {card}", { card: C.display(row.called) });
  if (row.partner !== null && row.partner !== row.taker) line += " · " + t("partner: {name}", { name: seatName(row.partner) });
  else if (row.called) line += " · " + t("the taker plays alone (the King called was his own)");
  return line;
}

function pointsLine(r) {
  const points = Score.number(r.points, lang);
  const missing = r.made ? t("made by {n}", { n: r.difference }) : t("failed by {n}", { n: r.difference });
  return t("{points} points for {target} needed with {bouts} (S2): {verdict}", { points, target: r.target, bouts: bouts(r.bouts), verdict: missing });
}

function marksTable(row) {
  const r = row.result;
  const marks = r ? r.marks : Array(players()).fill(0);
  const rows = marks.map((m, s) => el("tr", { dataset: { seat: String(s) } },
    el("th", { scope: "row", text: seatName(s) }),
    el("td", { class: "marks", text: Score.minus(Score.signed(m)) }),
    el("td", { class: "total", text: Score.minus(row.totals[s]) })));
  return el("table", { class: "result-marks" },
    el("thead", {}, el("tr", {}, el("th", { text: t("Seat") }), el("th", { text: t("This donne") }), el("th", { text: t("Total") }))),
    el("tbody", {}, ...rows));
}

function scoredBody(row) {
  const r = row.result;
  const b = row.breakdown;
  const parts = [el("p", { class: "result-contract", text: contractLine(row) }),
    el("p", { class: `result-verdict ${r.made ? "made" : "failed"}`, text: pointsLine(r) })];
  const bonuses = b ? Score.bonuses(b, t) : [];
  parts.push(el("p", { class: "result-bonuses", text: t("Bonuses: {list}", { list: bonuses.join(", ") || t("none") }) }));
  if (b) parts.push(el("p", { class: "result-sum", title: "S3", text: t("Score (S3): {sum}", { sum: Score.minus(Score.scoreSum(b, t)) }) }));
  return parts;
}

function voidBody(row) {
  const next = S.view.next_dealer;
  const parts = [el("p", { class: "result-void", text: t("The donne is void: {reason}", { reason: voidReason(row) }) })];
  if (next !== null && next !== undefined && !S.view.over) parts.push(el("p", { class: "result-next-dealer", text: t("{name} deals next (D17)", { name: seatName(next) }) }));
  return parts;
}

/** Draw the panel (hidden while no donne is over on the table). */
export function renderResult() {
  const box = $("result");
  const row = finishedRow();
  box.hidden = !row;
  document.body.classList.toggle("donne-over", !!row);
  if (!row) {
    box.replaceChildren();
    return;
  }
  const title = row.void ? t("Donne {n}: void", { n: row.number }) : t("Donne {n}: the result", { n: row.number });
  box.replaceChildren(el("h2", { text: title }),
    ...(row.void ? voidBody(row) : scoredBody(row)),
    marksTable(row),
    S.view.over ? standings() : nextPart());
}

/** Each seat's place at the end of the match: tied totals share their place. */
export function places(totals) {
  return totals.map((x) => 1 + totals.filter((y) => y > x).length);
}

/** The final standings, best first (S4). */
function standings() {
  const totals = S.view.totals;
  const place = places(totals);
  const order = totals.map((x, s) => s).sort((a, b) => place[a] - place[b] || a - b);
  const rows = order.map((s) => el("tr", { dataset: { seat: String(s) } },
    el("td", { class: "place", text: place.filter((p) => p === place[s]).length > 1 ? t("{n} (tied)", { n: place[s] }) : String(place[s]) }),
    el("th", { scope: "row", text: seatName(s) }),
    el("td", { class: "total", text: Score.minus(totals[s]) })));
  return el("div", { id: "standings", class: "standings" },
    el("h3", { text: t("The match is over: the standings") }),
    el("table", { class: "result-marks" },
      el("thead", {}, el("tr", {}, el("th", { text: t("Place") }), el("th", { text: t("Player") }), el("th", { text: t("Total") }))),
      el("tbody", {}, ...rows)),
    againPart());
}

/** Play again: a new match with the same seats, names, bots, links and settings. */
function againPart() {
  const box = el("div", { id: "play-again", class: "result-next" });
  if (mayPlayAgain()) {
    box.append(el("button", { type: "button", class: "primary", dataset: { act: "play_again" },
      onclick: (e) => { e.currentTarget.disabled = true; control({ type: "play_again" }); }, text: t("Play again") }),
    el("span", { class: "hint", text: t("A new match with the same seats, names and links; this one can still be downloaded from the score sheet.") }));
  } else {
    box.append(el("span", { class: "hint", text: t("The table's owner can start a new match with the same seats: Play again.") }));
  }
  return box;
}

/** The persons the table waits for (present, or away for less than the grace period:
 * not those a bot plays for) who have not pressed Next yet. */
export function stillReading() {
  const next = S.view && S.view.next;
  if (!next || !S.table) return [];
  const waited = (s) => S.table.kinds[s] === "person" && (S.table.present[s] || !S.table.stand_in[s]);
  return S.table.kinds.map((kind, s) => s).filter((s) => waited(s) && !next.ready.includes(s));
}

/** Next (the seat's own button), who is still reading, and the owner's delay. */
function nextPart() {
  const box = el("div", { id: "result-next", class: "result-next" });
  const next = S.view.next;
  if (!next) return box;
  if (options("next").length) {
    box.append(el("button", { type: "button", class: "primary", dataset: { act: "next" },
      onclick: () => act({ type: "next", seat: mySeat() }), text: t("Next") }));
  } else if (next.ready.includes(mySeat())) {
    box.append(el("span", { class: "pressed", text: t("You pressed Next.") }));
  }
  const reading = stillReading();
  box.append(el("span", { class: "reading", text: reading.length
    ? t("Still reading: {names}", { names: reading.map(seatName).join(", ") })
    : t("The next donne begins.") }));
  if (next.after) box.append(el("span", { class: "hint", text: t("The next donne begins {n} s after the end of this one at the latest.", { n: next.after }) }));
  return box;
}
