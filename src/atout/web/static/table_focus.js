// The keyboard's place on the table page. Redrawing the hand or the actions replaces
// their nodes: the focus stays on the same card or button when it is still there,
// else on its neighbour, so a player who plays with the keyboard alone never falls
// back to the top of the page. When the seat's turn comes and the keyboard is nowhere
// else (the chat, a dialog, the tools), the focus goes to the first thing to do.

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), [tabindex='0']";

function keyOf(node) {
  if (node.dataset.card) return `[data-card="${node.dataset.card}"]`;
  if (node.dataset.act) return `[data-act="${node.dataset.act}"]`;
  if (node.id) return `#${node.id}`;
  return null;
}

/** Draw `box` again with `draw()`, keeping the focus that was inside it. */
export function keepFocus(box, draw) {
  const active = document.activeElement;
  const inside = active && active !== document.body && box.contains(active);
  const key = inside ? keyOf(active) : null;
  const index = inside ? [...box.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
  draw();
  if (!inside || box.contains(document.activeElement)) return;
  let target = key ? box.querySelector(key) : null;
  if (!target || !target.matches(FOCUSABLE)) {
    const all = [...box.querySelectorAll(FOCUSABLE)];
    target = all[Math.min(Math.max(index, 0), all.length - 1)] || null;
  }
  if (target) target.focus();
  else focusFirstThingToDo();
}

/** The first card or control the seat may use now: a legal card, a card for the
 * écart, the cut's slider, else the first button of the actions. */
export function firstThingToDo() {
  return (
    document.querySelector("#hand .card.legal, #hand .card.choosable") ||
    document.querySelector("#cut-slider") ||
    document.querySelector("#actions button:not([disabled])")
  );
}

export function focusFirstThingToDo() {
  const target = firstThingToDo();
  if (target) target.focus();
}

let wasMyTurn = false;

/** After a render: at the start of the seat's turn, the keyboard goes to what there is
 * to do, unless it is busy elsewhere (the chat, a dialog, the tools). */
export function onTurn(myTurn) {
  const started = myTurn && !wasMyTurn;
  wasMyTurn = myTurn;
  if (!started) return;
  const active = document.activeElement;
  const idle = !active || active === document.body || active.closest("#hand-zone, #actions, #table");
  if (idle && !document.querySelector("dialog[open]")) focusFirstThingToDo();
}
