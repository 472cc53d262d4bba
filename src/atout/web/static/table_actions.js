// The seat's choices: buttons for the draw, the deal, the bids, the call, the écart, the poignée.
import { t } from "./i18n.js";
import * as C from "./cards.js";
import { contractName, levelName } from "./describe.js";
import { $, S, variant, mySeat, isPlayer, mayPlayAgain, seatName, options } from "./table_state.js";
import { el, linkTo, button } from "./table_dom.js";
import { act } from "./table_stream.js";
import { render } from "./table_view.js";
import { renderHand } from "./table_hand.js";
import { keepFocus } from "./table_focus.js";

export function renderActions() {
  const box = $("actions");
  keepFocus(box, () => {
    renderActionButtons();
    const rules = [...new Set([...box.querySelectorAll("button[data-rule]")].map((b) => b.dataset.rule).filter(Boolean))];
    if (rules.length) box.append(el("span", { class: "act-rules" }, ...rules.flatMap((rule) => [" ", linkTo(rule)])));
  });
}

export function renderActionButtons() {
  const box = $("actions");
  box.replaceChildren();
  const v = S.view;
  if (!S.table.started || !isPlayer()) return;
  const me = mySeat();
  const g = v.game;
  const opts = v.options.filter((o) => o.type !== "contribute");
  if (!opts.length) {
    const waits = v.to_act.filter((s) => s !== me);
    if (v.over) box.append(el("p", { class: "hint", text: mayPlayAgain()
      ? t("The match is over: the standings and Play again are in the result panel.")
      : t("The match is over: the standings are in the result panel.") }));
    else if (waits.length) box.append(el("p", { class: "hint wait", text: t("Waiting for {names}…", { names: waits.map(seatName).join(", ") }) }));
    if (options("contribute").length) box.append(el("p", { class: "hint", text: t("Sending your random value for the shuffle…") }));
    return;
  }
  const type = opts[0].type;
  if (type === "draw") box.append(button(t("Draw a card"), "D1", () => act({ type: "draw", seat: me }), "primary", "draw"));
  else if (type === "shuffle") box.append(button(t("Shuffle"), "D4", () => act({ type: "shuffle", seat: me }), "primary", "shuffle"));
  else if (type === "cut") {
    const o = opts[0];
    if (S.cut === null || S.cut < o.min || S.cut > o.max) S.cut = 39;
    const out = el("output", { id: "cut-value", text: t("{k} cards cut, {rest} left", { k: S.cut, rest: 78 - S.cut }) });
    const slider = el("input", { type: "range", id: "cut-slider", min: String(o.min), max: String(o.max), step: "1", value: String(S.cut), title: t("D5: at least {min} cards each way", { min: o.min }), "aria-label": t("Where to cut") });
    slider.addEventListener("input", () => {
      S.cut = Math.min(o.max, Math.max(o.min, Number(slider.value)));
      slider.value = String(S.cut);
      out.textContent = t("{k} cards cut, {rest} left", { k: S.cut, rest: 78 - S.cut });
    });
    box.append(el("div", { class: "cut" }, el("label", { for: "cut-slider", text: t("Cut the pack (D5)") }), slider, out,
      button(t("Cut"), "D5", () => act({ type: "cut", seat: me, k: S.cut }), "primary", "cut")));
  } else if (type === "deal") box.append(button(t("Deal"), "D6", () => act({ type: "deal", seat: me }), "primary", "deal"));
  else if (type === "show_chien") box.append(button(t("Show the chien ({n} cards)", { n: v.deal.chien }), "D10", () => act({ type: "show_chien", seat: me }), "primary", "show_chien"));
  else if (type === "petit_sec") box.append(el("p", { class: "hint", text: t("You hold the Petit sec: you must show your hand (D16).") }),
    button(t("Announce the Petit sec"), "D16", () => act({ type: "petit_sec", seat: me }), "primary", "petit_sec"));
  else if (type === "bid") {
    box.append(el("span", { class: "prompt", text: t("Your bid:") }));
    for (const o of opts) box.append(button(contractName(o.contract), "B2", () => act({ type: "bid", seat: me, contract: o.contract }), o.contract === "pass" ? "pass" : "", `bid-${o.contract}`));
  } else if (type === "call") {
    box.append(el("span", { class: "prompt", text: t("Call a King (B4):") }));
    for (const o of opts) {
      const b = button("", "B4", () => act({ type: "call", seat: me, card: o.card }), "call", "call");
      b.append(C.cardElement(o.card, { small: true }), " ", C.name(o.card));
      b.dataset.card = o.card;
      box.append(b);
    }
  } else if (type === "chelem") {
    box.append(el("span", { class: "prompt", text: t("A chelem? (A4)") }),
      button(t("Announce a chelem"), "A4", () => act({ type: "chelem", seat: me, announce: true }), "", "chelem-yes"),
      button(t("No chelem"), "A4", () => act({ type: "chelem", seat: me, announce: false }), "primary", "chelem-no"));
  } else if (type === "discard" || (g && g.phase === "ecart")) renderEcartActions(box);
  else if (type === "play" || type === "poignee") renderPlayActions(box, opts);
}

export function ecartRules() {
  const g = S.view.game;
  return (g && g.ecart_rules) || { size: variant().chien_size, refused: {}, trumps_at_most: 0 };
}

export function ecartRefusal(card) {
  const rules = ecartRules();
  if (rules.refused[card]) return t(rules.refused[card]);
  if (C.isTrump(card) && S.ecart.filter(C.isTrump).length >= rules.trumps_at_most && !S.ecart.includes(card)) {
    return t("E2: a trump may go to the écart only when nothing else is possible");
  }
  return null;
}

export function renderEcartActions(box) {
  const rules = ecartRules();
  S.ecart = S.ecart.filter((c) => S.view.game.hand.includes(c));
  const me = mySeat();
  box.append(el("span", { class: "prompt", title: "E1–E2", text: t("Your écart: {k} of {n} cards", { k: S.ecart.length, n: rules.size }) }),
    button(t("Undo"), "E2", () => { S.ecart.pop(); renderActions(); renderHand(); }, S.ecart.length ? "" : "disabled", "undo"),
    button(t("Confirm the écart"), "E2", () => {
      if (S.ecart.length !== rules.size) return;
      const cards = [...S.ecart];
      S.ecart = [];
      act({ type: "ecart", seat: me, cards });
    }, S.ecart.length === rules.size ? "primary" : "primary disabled", "ecart"));
  for (const b of box.querySelectorAll("button.disabled")) b.disabled = true;
  if (rules.trumps_at_most > 0) box.append(el("p", { class: "hint", title: "E2–E3", text: t("Up to {n} trumps may go to the écart; they are shown (E3).", { n: rules.trumps_at_most }) }));
}

export function renderPlayActions(box, opts) {
  const me = mySeat();
  const poignees = opts.filter((o) => o.type === "poignee");
  if (S.poignee) {
    const count = S.poignee.count;
    box.append(el("span", { class: "prompt", title: "A1–A2", text: t("Choose the {n} trumps to show ({k} chosen)", { n: count, k: S.poignee.cards.size }) }),
      button(t("Show the poignée"), "A2", () => {
        const hand = S.view.game.hand;
        const cards = hand.filter((c) => S.poignee.cards.has(c));
        const level = S.poignee.level;
        S.poignee = null;
        act({ type: "poignee", seat: me, level, cards });
      }, S.poignee.cards.size === count ? "primary" : "primary disabled", "poignee-show"),
      button(t("Cancel"), "A2", () => { S.poignee = null; render(); }, "", "poignee-cancel"));
    for (const b of box.querySelectorAll("button.disabled")) b.disabled = true;
    return;
  }
  box.append(el("span", { class: "prompt", title: "P1–P4", text: t("Your turn: play a highlighted card") }));
  for (const o of poignees) {
    box.append(button(t("Show a poignée: {level} ({n} trumps)", { level: levelName(o.level), n: o.cards.length }), "A1", () => {
      S.poignee = { level: o.level, count: o.cards.length, cards: new Set(o.cards) };
      render();
    }, "poignee", "poignee"));
  }
}
