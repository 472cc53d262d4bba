// The events shown as they come: the draw, the shuffle, the cut, the deal, the tricks.
import { t } from "./i18n.js";
import * as C from "./cards.js";
import { describe } from "./describe.js";
import { $, STEP_MS, S, sleep, players, seatName, slotOf, seatBox } from "./table_state.js";
import { el, note } from "./table_dom.js";
import { cardsText } from "./table_seats.js";
import { placePack, renderChienBacks, renderDrawsWith, settlePack, still } from "./table_center.js";

const MOVE_MS = 480; // the pack going from one place to the next (CSS: .pack's transition)

/** The pack goes to `seat`'s place, and the page waits for it to get there: for the
 * move's end if the machine draws it in time, else the move is ended at once, so what
 * leaves the pack next leaves from that place however slow the machine. */
async function movePack(seat) {
  const pack = $("pack");
  pack.hidden = false;
  if (still()) {
    placePack(seat);
    return;
  }
  placePack(seat, { glide: true });
  const moves = pack.getAnimations().filter((move) => move instanceof CSSTransition);
  if (moves.length) {
    const ended = Promise.all(moves.map((move) => move.finished.catch(() => undefined)));
    await Promise.race([ended, sleep(2 * MOVE_MS)]);
  }
  settlePack();
}

// -- animations of the events ------------------------------------------------------------

export function fly(fromNode, toNode, { face = null, duration = 320 } = {}) {
  if (still()) return;
  const layer = $("flying");
  const board = $("board").getBoundingClientRect();
  const a = fromNode.getBoundingClientRect();
  const b = toNode.getBoundingClientRect();
  const card = C.cardElement(face, { small: true });
  card.classList.add("flyer");
  const x0 = a.left + a.width / 2 - board.left;
  const y0 = a.top + a.height / 2 - board.top;
  // the card lands in front of the seat, a little towards the middle of the table
  const x1 = 0.78 * (b.left + b.width / 2 - board.left) + 0.22 * (board.width / 2);
  const y1 = 0.78 * (b.top + b.height / 2 - board.top) + 0.22 * (board.height / 2);
  card.style.transform = `translate(${x0}px, ${y0}px)`;
  layer.append(card);
  requestAnimationFrame(() => {
    card.style.transition = `transform ${duration}ms ease-out, opacity ${duration}ms`;
    card.style.transform = `translate(${x1}px, ${y1}px)`;
  });
  setTimeout(() => card.remove(), duration + 60);
}

export async function animate(event, nextView) {
  if (document.visibilityState === "hidden") return;
  const k = event.kind;
  if (k === "card_drawn") {
    renderDrawsWith(event);
    await sleep(STEP_MS.draw);
  } else if (k === "shuffled") {
    const pack = $("pack");
    await movePack(event.seat);
    pack.classList.add("shuffling");
    note(describe(event, seatName), event.rule);
    await sleep(600);
    pack.classList.remove("shuffling");
  } else if (k === "cut") {
    const pack = $("pack");
    await movePack(event.seat);
    pack.classList.add("cutting");
    note(describe(event, seatName), event.rule);
    await sleep(600);
    pack.classList.remove("cutting");
  } else if (k === "packet_dealt" || k === "chien_card_dealt") {
    await animateDeal(event, nextView);
  } else if (k === "chien_shown") {
    note(describe(event, seatName), event.rule);
    await sleep(700);
  } else if (k === "petit_sec") {
    note(describe(event, seatName), event.rule);
    const chien = $("chien");
    chien.replaceChildren(el("div", { class: "petit-sec-hand" }, ...event.hand.map((c) => C.cardElement(c, { small: true }))));
    await sleep(2200);
  } else if (k === "card_played") {
    const trick = $("trick");
    if (trick.dataset.complete === "1") {
      trick.replaceChildren();
      trick.dataset.complete = "";
    }
    $("chien").replaceChildren();
    trick.dataset.players = String(players());
    const card = C.cardElement(event.card);
    card.classList.add("played", `at-${slotOf(event.seat)}`);
    trick.append(card);
    await sleep(STEP_MS.play);
  } else if (k === "trick_taken") {
    const trick = $("trick");
    trick.dataset.complete = "1";
    trick.dataset.winner = slotOf(event.winner);
    note(describe(event, seatName), event.rule);
    await sleep(STEP_MS.trick);
  } else if (k === "bid" || k === "call" || k === "chelem" || k === "poignee") {
    note(describe(event, seatName), event.rule);
    await sleep(k === "poignee" ? 1200 : 200);
  }
}

/** A packet or a chien card leaves the pack for its place (D6–D8). */
async function animateDeal(event, nextView) {
  const k = event.kind;
  if (!S.dealing) {
    S.dealing = { dealt: Array(players()).fill(0), chien: 0 };
    if (S.view && S.view.deal.phase === "deal") S.dealing.dealt = [...S.view.deal.dealt];
    const dealer = (nextView && nextView.deal.dealer) ?? (S.view && S.view.deal.dealer);
    note(t("The dealer deals (D6–D8)"), "D6–D8");
    await movePack(dealer); // the packets leave from the dealer's place
  }
  if (k === "packet_dealt") {
    const target = seatBox(event.seat);
    for (let i = 0; i < event.count; i++) {
      if (target) setTimeout(() => fly($("pack"), target), i * 30);
    }
    S.dealing.dealt[event.seat] += event.count;
    const count = target && target.querySelector(".count");
    if (count) count.textContent = cardsText(S.dealing.dealt[event.seat]);
    await sleep(STEP_MS.packet);
  } else {
    fly($("pack"), $("chien"));
    S.dealing.chien = event.chien;
    renderChienBacks(event.chien);
    await sleep(STEP_MS.chien);
  }
}
