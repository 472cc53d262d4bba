// The log of the table: one line per event, each with its rule.
import { t } from "./i18n.js";
import { describe } from "./describe.js";
import * as Score from "./score.js";
import { $, S, variant, seatName } from "./table_state.js";
import { el, linkTo } from "./table_dom.js";

// -- the log -------------------------------------------------------------------------------

let dealLine = null;
export function logEvent(event) {
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

export function logLine(event, text) {
  const log = $("log");
  const rule = event.rule || "";
  const li = el("li", { class: `ev ev-${event.kind || "note"}` },
    linkTo(rule), " ", el("span", { class: "text", text }));
  log.append(li);
  while (log.children.length > 400) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
  return li;
}
