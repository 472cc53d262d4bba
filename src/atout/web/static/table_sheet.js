// The score sheet and the record's export.
import { lang, t } from "./i18n.js";
import * as C from "./cards.js";
import { contractName } from "./describe.js";
import * as Score from "./score.js";
import { $, TABLE, TOKEN, S, players, seatName } from "./table_state.js";
import { el, toast } from "./table_dom.js";

// -- score sheet, last trick, export ----------------------------------------------------------

export function renderSheet() {
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
      el("td", { class: "score", text: r ? Score.minus(Score.signed(r.score)) : "—", title: b ? Score.minus(Score.scoreSum(b, t)) : null }),
      ...marks.map((m, s) => el("td", { class: "seat-col marks", text: Score.minus(`${m > 0 ? "+" : ""}${m}`), title: t("total {n}", { n: Score.minus(row.totals[s]) }) }))));
    if (b) body.append(el("tr", { class: "working" }, el("td", { colspan: String(8 + n), title: "S3", text: t("Score (S3): {sum}", { sum: Score.minus(Score.scoreSum(b, t)) }) })));
    body.append(el("tr", { class: "totals" }, el("td", { colspan: "8", text: t("Totals after donne {n}", { n: row.number }) }),
      ...row.totals.map((x) => el("td", { class: "seat-col", text: Score.minus(x) }))));
  }
  if (!v.sheet.length) body.append(el("tr", {}, el("td", { colspan: String(8 + n), text: t("No donne is over yet.") })));
  box.replaceChildren(el("table", { class: "score-sheet" }, el("thead", {}, head), body),
    el("p", { class: "totals-line", text: t("Totals: {list}", { list: v.totals.map((x, s) => `${seatName(s)} ${Score.minus(x)}`).join(" · ") }) }),
    earlierMatches());
}

/** The finished matches of the table (before Play again): each one's record. */
function earlierMatches() {
  const box = el("p", { id: "earlier-matches", class: "earlier-matches" });
  const match = S.table.match || 1;
  if (match > 1) box.append(el("span", { text: t("Match {n}. Earlier matches:", { n: match }) }));
  for (let n = 1; n < match; n++) {
    box.append(" ", el("button", { type: "button", dataset: { match: String(n) }, onclick: () => exportRecord(n),
      text: t("Download match {n}", { n }) }));
  }
  return box;
}

export function voidReason(row) {  // the rule comes with the row (void_rule): the pages keep no map of their own
  const why = { all_pass: t("everyone passed"), petit_sec: t("Petit sec"), misdeal: t("misdeal") }[row.void] || row.void;
  return `${why}, ${row.void_rule}`;
}

/** Download the record of the match on the table, or of its finished match ``match``. */
export async function exportRecord(match) {
  const earlier = Number.isInteger(match) && match !== S.table.match;
  try {
    const query = earlier ? `?match=${match}` : "";
    const response = await fetch(`/api/tables/${encodeURIComponent(TABLE)}/record${query}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const a = el("a", { href: URL.createObjectURL(blob), download: earlier ? `atout-${TABLE}-match${match}.json` : `atout-${TABLE}.json` });
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  } catch (error) {
    toast(t("The export failed: {why}", { why: error.message }), "error");
  }
}
