// The middle of the felt: the pack, the draws, the chien, the trick, the note.
import { t } from "./i18n.js";
import * as C from "./cards.js";
import { $, S, players, variant, seatName, slotOf, seatBox } from "./table_state.js";
import { el, note } from "./table_dom.js";

/** With prefers-reduced-motion, nothing flies nor slides: the pack and the cards are
 * simply where they go. */
export const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The pack goes to `seat`'s place (the shuffler D4, the cutter D5, the dealer D6), a
 * little towards the middle of the felt: the packets and chien cards leave from there.
 * With `glide` it slides there (CSS: .pack's transition), else it is there at once. */
export function placePack(seat, { glide = false } = {}) {
  const pack = $("pack");
  const box = seat === null || seat === undefined ? null : seatBox(seat);
  if (!box || pack.hidden) return;
  const a = pack.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  const board = $("board").getBoundingClientRect();
  // where the pack lies without its offset: its offset as drawn now, which is not its
  // last target while a move is still under way
  const [dx, dy] = offsetNow(pack);
  const x0 = a.left + a.width / 2 - dx;
  const y0 = a.top + a.height / 2 - dy;
  const [x1, y1] = clear(
    0.55 * (b.left + b.width / 2) + 0.45 * (board.left + board.width / 2),
    0.55 * (b.top + b.height / 2) + 0.45 * (board.top + board.height / 2),
    a,
    board,
  );
  pack.dataset.at = String(seat);
  pack.style.translate = `${x1 - x0}px ${y1 - y0}px`;
  if (!glide) settlePack();
}

/** The pack's centre near (x, y), moved where the pack (of `a`'s size) covers no part of
 * the centre note and stays on the felt (`board`), a small margin from each. */
function clear(x, y, a, board) {
  const gap = 6;
  const halfW = a.width / 2 + gap;
  const halfH = a.height / 2 + gap;
  const noteNode = $("center-note");
  const n = noteNode.textContent ? noteNode.getBoundingClientRect() : null;
  if (n && n.width && x + halfW > n.left && x - halfW < n.right && y + halfH > n.top && y - halfH < n.bottom) {
    y = n.top - halfH; // above the note, which sits low in the middle
  }
  const within = (v, lo, hi) => Math.min(Math.max(v, lo), Math.max(lo, hi));
  return [within(x, board.left + halfW, board.right - halfW), within(y, board.top + halfH, board.bottom - halfH)];
}

/** The pack's move, if one is under way, ends now: the pack is where it goes. */
export function settlePack() {
  for (const move of $("pack").getAnimations()) if (move instanceof CSSTransition) move.finish();
}

/** The pack's translate as drawn now (mid-move if it is moving), in px. */
function offsetNow(pack) {
  const value = getComputedStyle(pack).translate;
  if (!value || value === "none") return [0, 0];
  const [x, y] = value.split(" ").map((part) => Number.parseFloat(part) || 0);
  return [x || 0, y || 0];
}

export function renderChienBacks(count) {
  const chien = $("chien");
  const pile = el("div", { class: "chien-pile", title: t("the chien (D8)") });
  for (let i = 0; i < count; i++) pile.append(C.cardElement(null, { small: true }));
  chien.replaceChildren(pile);
}

export function renderDrawsWith(extra) {
  const draws = new Map((S.view ? S.view.deal.draws : []).map(([s, cards]) => [s, [...cards]]));
  if (extra) {
    const list = draws.get(extra.seat) || [];
    if (!list.includes(extra.card)) list.push(extra.card);
    draws.set(extra.seat, list);
  }
  const box = $("draws");
  box.replaceChildren();
  for (const [seat, cards] of draws) {
    const spot = el("div", { class: `drawn at-${slotOf(seat)}`, title: t("drawn by {name} (D1; an Excuse is drawn again, D3)", { name: seatName(seat) }) });
    for (const card of cards) {
      const node = C.cardElement(card, { small: true });
      if (C.isExcuse(card)) node.classList.add("redrawn");
      spot.append(node);
    }
    box.append(spot);
  }
}

export function lastTrick() {
  const g = S.view && S.view.game;
  if (!g) return null;
  const done = g.tricks.filter((tr) => tr.winner !== null && tr.cards.length === players());
  return done.length ? done[done.length - 1] : null;
}

export function trickNode(trick, node) {
  node.replaceChildren();
  for (const [seat, card] of trick.cards) {
    const face = C.cardElement(card);
    face.classList.add("played", `at-${slotOf(seat)}`);
    face.title = `${C.name(card)} — ${seatName(seat)}`;
    if (trick.winner === seat) face.classList.add("winner");
    node.append(face);
  }
  node.dataset.players = String(players());
  node.dataset.complete = trick.winner !== null ? "1" : "";
  if (trick.winner !== null) node.dataset.winner = slotOf(trick.winner);
}

export function renderCenter() {
  const v = S.view;
  const g = v.game;
  const pack = $("pack");
  const chien = $("chien");
  const trick = $("trick");
  const draws = $("draws");
  draws.replaceChildren();
  trick.replaceChildren();
  trick.dataset.complete = "";
  chien.replaceChildren();
  pack.hidden = true;
  note("", "");
  if (!S.table.started) return;
  if (!g) {
    renderDealPhase(v);
    return;
  }
  if (g.phase === "bidding" || g.phase === "call") {
    renderChienBacks((g.chien || []).length || variant().chien_size);
  }
  if (g.chien && (g.phase === "ecart" || g.phase === "chelem" || (g.phase === "play" && !g.tricks.length))) {
    const shown = el("div", { class: "chien-shown", title: t("the chien, shown to everyone (E1)") },
      el("span", { class: "label", text: t("Chien") }), ...g.chien.map((c) => C.cardElement(c, { small: true })));
    chien.append(shown);
  }
  if (g.ecart_trumps_shown && g.ecart_trumps_shown.length) {
    chien.append(el("div", { class: "ecart-trumps", title: "E3" }, el("span", { class: "label", text: t("Trumps in the écart (E3)") }),
      ...g.ecart_trumps_shown.map((c) => C.cardElement(c, { small: true }))));
  }
  const current = g.tricks.length ? g.tricks[g.tricks.length - 1] : null;
  if (current) trickNode(current, trick);
  if (g.phase === "bidding") note(t("Bidding: {name} speaks (B1)", { name: seatName(g.current) }), "B1");
  else if (g.phase === "call") note(t("{name} calls a King (B4)", { name: seatName(g.current) }), "B4");
  else if (g.phase === "ecart") note(t("{name} makes the écart (E1–E2)", { name: seatName(g.taker) }), "E1");
  else if (g.phase === "chelem") note(t("{name} may announce a chelem (A4)", { name: seatName(g.current) }), "A4");
  else if (g.phase === "done") note(t("The donne is over (S4)"), "S4");
  else if (current && current.winner !== null) note(t("{name} takes the trick (P5)", { name: seatName(current.winner) }), "P5");
}

/** The centre before the cards are picked up: the draw, the shuffle, the cut, the deal. */
function renderDealPhase(v) {
  const pack = $("pack");
  const chien = $("chien");
  const phase = v.deal.phase;
  if (phase === "draw") {
    renderDrawsWith(null);
    note(t("Draw for the first dealer: the lowest card deals (D1–D3)"), "D1");
    return;
  }
  if (phase === "void" && v.deal.petit_sec) {
    note(t("Petit sec: {name} shows the hand; the deal is void (D16)", { name: seatName(v.deal.petit_sec.seat) }), "D16");
    chien.append(el("div", { class: "petit-sec-hand" }, ...v.deal.petit_sec.hand.map((c) => C.cardElement(c, { small: true }))));
    return;
  }
  pack.hidden = v.deal.dealt.reduce((a, b) => a + b, 0) + v.deal.chien >= 78;
  pack.title = t("the pack");
  if (v.deal.chien) renderChienBacks(v.deal.chien);
  const who = { shuffle: v.deal.shuffler, cut: v.deal.cutter, deal: v.deal.dealer, show_chien: v.deal.dealer, petit_sec: v.to_act[0] }[phase];
  const texts = {
    shuffle: [t("{name} shuffles the pack (D4)", { name: seatName(who) }), "D4"],
    cut: [t("{name} cuts the pack (D5: at least 4 cards each way)", { name: seatName(who) }), "D5"],
    deal: [t("{name} deals {n} by {n}, counter-clockwise (D6–D8)", { name: seatName(who), n: v.deal.packets.size }), "D6"],
    show_chien: [t("{name} shows the chien count (D10)", { name: seatName(who) }), "D10"],
    petit_sec: [t("{name} holds the Petit sec and must announce it (D16)", { name: seatName(who) }), "D16"],
  };
  if (texts[phase]) note(...texts[phase]);
  if (phase !== "petit_sec") placePack(who);
}
