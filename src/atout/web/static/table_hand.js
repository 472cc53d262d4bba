// The hand: the cards this seat holds, playable or chosen for the écart or a poignée.
import { t } from "./i18n.js";
import * as C from "./cards.js";
import { $, S, mySeat, isPlayer, seatName, options } from "./table_state.js";
import { el, toast } from "./table_dom.js";
import { act } from "./table_stream.js";
import { render } from "./table_view.js";
import { renderActions, ecartRules, ecartRefusal } from "./table_actions.js";
import { keepFocus } from "./table_focus.js";

export function excuseAllowedInPoignee() {
  const hand = S.view.game.hand;
  const trumps = hand.filter(C.isTrump).length;
  return trumps < S.poignee.count; // A2: the Excuse stands for a trump only when no other trump is left out
}

export function renderHand() {
  keepFocus($("hand-zone"), drawHand);
}

function drawHand() {
  const box = $("hand");
  const tray = $("ecart-tray");
  box.replaceChildren();
  tray.hidden = true;
  const v = S.view;
  if (!S.table.started) return;
  let hand = [];
  if (v.game && isPlayer()) hand = v.game.hand;
  else if (v.game && v.hands && !isPlayer()) {
    renderAllHands(box);
    return;
  }
  const me = mySeat();
  const plays = new Set(options("play").map((o) => o.card));
  const ecartMode = v.game && v.game.phase === "ecart" && v.game.taker === me && isPlayer();
  if (ecartMode) renderEcartTray(tray);
  for (const card of hand) {
    if (ecartMode && S.ecart.includes(card)) continue;
    const node = C.cardElement(card);
    node.setAttribute("role", "button");
    node.tabIndex = 0;
    if (ecartMode) ecartCard(node, card);
    else if (S.poignee) poigneeCard(node, card);
    else if (plays.size) {
      if (plays.has(card)) {
        node.classList.add("legal");
        node.setAttribute("aria-label", t("{card}, playable", { card: C.spoken(card) }));
        node.addEventListener("click", () => act({ type: "play", seat: me, card }));
      } else {
        node.classList.add("dim");
        node.setAttribute("aria-label", t("{card}, not playable", { card: C.spoken(card) }));
        node.addEventListener("click", () => act({ type: "play", seat: me, card }));
      }
    }
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); node.click(); } });
    box.append(node);
  }
  box.dataset.count = String(hand.length);
}

export function renderAllHands(box) {
  const v = S.view;
  v.hands.forEach((hand, seat) => {
    box.append(el("div", { class: "open-hand" }, el("span", { class: "label", text: seatName(seat) }),
      ...hand.map((c) => C.cardElement(c, { small: true }))));
  });
}

/** The écart being chosen, above the hand: a click takes a card back (E1). */
function renderEcartTray(tray) {
  tray.hidden = false;
  tray.replaceChildren(el("span", { class: "label", text: t("Écart") }));
  for (const card of S.ecart) {
    const node = C.cardElement(card);
    node.classList.add("chosen");
    node.title = t("{card}: click to take it back", { card: C.name(card) });
    node.setAttribute("role", "button");
    node.tabIndex = 0;
    node.setAttribute("aria-label", t("{card}, in the écart: press to take it back", { card: C.spoken(card) }));
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); node.click(); } });
    node.addEventListener("click", () => { S.ecart = S.ecart.filter((c) => c !== card); renderActions(); renderHand(); });
    tray.append(node);
  }
  for (let i = S.ecart.length; i < ecartRules().size; i++) tray.append(el("span", { class: "card slot" }));
}

/** A card of the taker's hand while the écart is chosen: choosable, or refused with its rule. */
function ecartCard(node, card) {
  const v = S.view;
  const why = ecartRefusal(card);
  const full = S.ecart.length >= ecartRules().size;
  if (why) {
    node.classList.add("refused");
    node.title = `${C.name(card)} — ${why}`;
    node.setAttribute("aria-label", t("{card}, may not go to the écart: {why}", { card: C.spoken(card), why }));
    node.addEventListener("click", () => toast(t("Refused — {why}", { why }), "error"));
  } else {
    node.classList.add("choosable");
    node.setAttribute("aria-label", t("{card}, may go to the écart", { card: C.spoken(card) }));
    node.addEventListener("click", () => {
      if (full) { toast(t("The écart is full: take a card back first (E1)."), "error"); return; }
      S.ecart.push(card);
      renderActions();
      renderHand();
    });
  }
  if (v.game.chien && v.game.chien.includes(card)) node.classList.add("from-chien");
}

/** A card of the hand while a poignée's trumps are chosen (A1–A2). */
function poigneeCard(node, card) {
  const eligible = C.isTrump(card) || (C.isExcuse(card) && excuseAllowedInPoignee());
  if (!eligible) {
    node.classList.add("dim");
    node.setAttribute("aria-label", t("{card}, may not be shown", { card: C.spoken(card) }));
  } else {
    const chosen = S.poignee.cards.has(card);
    node.classList.add(chosen ? "chosen" : "choosable");
    node.setAttribute("aria-label", chosen ? t("{card}, shown in the poignée", { card: C.spoken(card) }) : t("{card}, may be shown", { card: C.spoken(card) }));
    node.addEventListener("click", () => {
      const set = S.poignee.cards;
      if (set.has(card)) set.delete(card);
      else if (set.size < S.poignee.count) set.add(card);
      else toast(t("A poignée shows exactly {n} trumps (A2): take one out first.", { n: S.poignee.count }), "error");
      render();
    });
  }
}
