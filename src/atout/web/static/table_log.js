// The log of the table: one line per event, each with its rule.
import { plural, t } from "./i18n.js";
import { describe } from "./describe.js";
import * as Score from "./score.js";
import { $, S, nameAt } from "./table_state.js";
import { el, linkTo } from "./table_dom.js";

// -- the log -------------------------------------------------------------------------------

let dealLine = null;
export function logEvent(event) {
  if (event.kind === "packet_dealt" || event.kind === "chien_card_dealt") {
    // a new donne, or a log begun again (a new match, Play again, starts at donne 1 too)
    if (!dealLine || dealLine.donne !== event.donne || !dealLine.node.isConnected) {
      dealLine = { donne: event.donne, packets: 0, chien: 0, node: null };
      dealLine.node = logLine(event, "");
    }
    if (event.kind === "packet_dealt") dealLine.packets += 1;
    else dealLine.chien = event.chien;
    // the packets' size as the view gives it (Variant.packet_hands, D6–D7)
    const n = dealLine.packets;
    const c = dealLine.chien;
    const packets = plural(n, t("{n} packet", { n }), t("{n} packets", { n }));
    const chien = plural(c, t("{n} chien card", { n: c }), t("{n} chien cards", { n: c }));
    dealLine.node.querySelector(".text").textContent = t(
      "The dealer deals {n} by {n} counter-clockwise: {packets}, {chien}",
      { n: S.view.deal.packets.size, packets, chien },
    );
    dealLine.node.querySelector(".rule").replaceWith(linkTo("D6–D8"));
    return;
  }
  // each event names who did it then (not the seat's person now, if the seat changed hands)
  const text = describe(event, (seat) => nameAt(seat, event.seq));
  // a bot's decision for a person's seat (a stand-in, the move timer) is not the person's
  if (text) logLine(event, event.by === "bot" ? t("{text} (played by the bot)", { text }) : text);
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
