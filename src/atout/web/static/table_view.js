// Drawing the table from the view: every part in turn, and the status line.
import { t } from "./i18n.js";
import * as C from "./cards.js";
import { contractName } from "./describe.js";
import { $, S, isPlayer, players, seatName } from "./table_state.js";
import { renderFairness } from "./table_fair.js";
import { renderButton } from "./table_owner_seats.js";
import { renderWaiting } from "./table_waiting.js";
import { renderSeats } from "./table_seats.js";
import { lastTrick, renderCenter } from "./table_center.js";
import { renderActions } from "./table_actions.js";
import { renderHand } from "./table_hand.js";
import { renderSheet } from "./table_sheet.js";
import { renderResult } from "./table_result.js";
import * as Together from "./together.js";
import { onTurn } from "./table_focus.js";

// -- rendering -------------------------------------------------------------------------------

export function render() {
  if (!S.table || document.body.classList.contains("link-gone")) return; // nothing live here
  $("table").dataset.players = String(players());
  $("table").dataset.role = S.you.role;
  renderWaiting();
  renderButton();
  if (!S.view) {
    $("status").textContent = S.you.role === "owner" ? t("owner") : S.you.role === "spectator" ? t("spectator") : "";
    return;
  }
  renderStatus();
  renderSeats();
  renderCenter();
  renderActions();
  renderHand();
  renderFairness();
  renderSheet();
  renderResult();
  $("btn-last").disabled = !lastTrick();
  Together.turn(myTurn(), S.table.move_seconds || 0);
  onTurn(myTurn());
  noteClearOfSeat();
}

const CLEAR_PX = 6; // between the centre's note and the seat's box below it

/** The centre's note sits low, clear of the cards in the centre; on a shorter felt or
 * above a taller box (the taker's badge at the écart) it would cover the bottom seat's
 * box: it goes up just enough to leave that box whole. */
export function noteClearOfSeat() {
  const note = $("center-note");
  note.style.translate = "";
  const seat = document.querySelector("#seats .seat.bottom");
  if (!seat || !note.textContent) return;
  const a = note.getBoundingClientRect();
  const b = seat.getBoundingClientRect();
  const over = a.bottom + CLEAR_PX - b.top;
  if (over > 0 && a.right > b.left && a.left < b.right) note.style.translate = `0 ${-Math.ceil(over)}px`;
}

window.addEventListener("resize", () => noteClearOfSeat());

/** The page's seat has a decision to make (its random value is sent by the page itself). */
function myTurn() {
  return isPlayer() && !!S.view && (S.view.options || []).some((o) => o.type !== "contribute" && o.type !== "next");
}

export function renderStatus() {
  const v = S.view;
  const parts = [];
  if (S.table && S.table.match > 1) parts.push(t("Match {n}", { n: S.table.match })); // after Play again
  if (v.number) parts.push(t("Donne {n} of {of}", { n: v.number, of: v.deals }));
  const g = v.game;
  if (g && g.taker !== null && g.contract) {
    let text = t("{contract} by {taker}", { contract: contractName(g.contract), taker: seatName(g.taker) });
    if (g.called) text += " · " + t("calls {card}", { card: C.display(g.called) });
    parts.push(text);
  }
  if (v.over) parts.push(t("The match is over"));
  if (S.you.role !== "player") parts.push(S.you.role === "owner" ? t("owner") : t("spectator"));
  $("status").textContent = parts.join(" · ");
}
