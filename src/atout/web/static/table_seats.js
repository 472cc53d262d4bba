// The seats around the table: names, badges, cards in hand.
import { t } from "./i18n.js";
import * as C from "./cards.js";
import { contractName, levelName } from "./describe.js";
import { $, S, players, variant, mySeat, seatName, slotOf } from "./table_state.js";
import { el } from "./table_dom.js";

export function handCount(seat) {
  const v = S.view;
  if (S.dealing) return S.dealing.dealt[seat];
  if (!v.game) return v.deal.dealt[seat] || 0;
  if (seat === mySeat()) return v.game.hand.length;
  const size = variant().hand_size;
  const played = v.game.tricks.reduce((n, tr) => n + tr.cards.filter(([s]) => s === seat).length, 0);
  return size - played;
}

export function renderSeats() {
  if (!S.view || !S.table) return;
  const box = $("seats");
  box.replaceChildren();
  const v = S.view;
  const g = v.game;
  const waitingFor = new Set(v.to_act);
  for (let seat = 0; seat < players(); seat++) {
    const present = S.table.present[seat];
    const standIn = S.table.stand_in[seat];
    const badges = el("span", { class: "badges" });
    const dealer = g ? g.dealer : v.deal.dealer;
    if (dealer === seat) badges.append(el("span", { class: "badge dealer", title: t("the dealer (D2, D17)"), text: t("dealer") }));
    if (!g && v.deal.shuffler === seat && v.deal.phase === "shuffle") badges.append(el("span", { class: "badge", title: "D4", text: t("shuffles") }));
    if (!g && v.deal.cutter === seat && v.deal.phase === "cut") badges.append(el("span", { class: "badge", title: "D5", text: t("cuts") }));
    if (g && g.taker === seat) badges.append(el("span", { class: "badge taker", title: "B2", text: contractName(g.contract) }));
    if (g && g.partner === seat && g.taker !== seat) badges.append(el("span", { class: "badge partner", title: "B4", text: t("partner") }));
    if (S.table.kinds[seat] === "bot") badges.append(el("span", { class: "badge bot", text: t("bot") }));
    else if (standIn) badges.append(el("span", { class: "badge standin", title: t("away: a bot plays for this seat until the player returns"), text: t("bot stands in") }));
    else if (!present) badges.append(el("span", { class: "badge away", title: t("not connected"), text: t("away") }));
    if ((v.deal.barred || []).includes(seat) || (g && g.barred.includes(seat))) badges.append(el("span", { class: "badge barred", title: "D12–D14", text: t("barred") }));
    let bubble = null;
    if (g && g.phase === "bidding") {
      const bids = g.bids.filter(([s]) => s === seat);
      if (bids.length) bubble = el("span", { class: "bubble", title: "B1", text: contractName(bids[bids.length - 1][1]) });
    }
    const poignee = g ? g.poignees.find(([s]) => s === seat) : null;
    const node = el("div", {
      class: `seat ${slotOf(seat)}${waitingFor.has(seat) ? " to-act" : ""}${seat === mySeat() ? " me" : ""}${!present && S.table.kinds[seat] !== "bot" ? " is-away" : ""}`,
      dataset: { seat: String(seat) },
    },
      el("span", { class: "name", text: seatName(seat), title: seatName(seat) }),
      badges,
      el("span", { class: "count", text: cardsText(handCount(seat)) }),
      bubble,
      poignee ? el("span", { class: "poignee-shown", title: "A1", text: t("{level} poignée: {cards}", { level: levelName(poignee[1]), cards: C.line(poignee[2]) }) }) : null);
    box.append(node);
  }
}

/** A seat's count of cards: nothing for none (an empty hand says nothing), "1 card". */
export function cardsText(n) {
  return n === 0 ? "" : n === 1 ? t("1 card") : t("{n} cards", { n });
}
