// Dragging a card of the hand onto a location (issue #28, point 1): pointer events, so a
// mouse, a pen and a finger all drag. A drop does what a touch of the card and then of the
// location does: it picks the move, which still waits for "confirm" (nothing is sent here)
// and "undo" drops it. Click, tap and keys work as before: a press that does not move is a
// click; a drag's own click is swallowed.

const THRESHOLD = 8;   // px the pointer moves before a press becomes a drag

let drag = null;       // {id, tile, pointer, x, y, ghost, over, places, onDrop}

/** Start watching a press on the hand card ``tile`` (card ``id``). ``places(id)``: the
 * locations ("jupiter", ..., "deck") it may be dropped on; ``onDrop(id, place)`` picks. */
export function pressCard(event, tile, id, places, onDrop) {
  if (drag || (event.pointerType === "mouse" && event.button !== 0)) return;
  drag = {id, tile, pointer: event.pointerId, x: event.clientX, y: event.clientY, ghost: null,
          over: null, places: new Set(places(id)), onDrop};
  // On the window, not the tile: a redraw may replace the tile mid-drag.
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
}

function targetAt(x, y) {
  const found = document.elementFromPoint(x, y);
  const place = found && found.closest("[data-location], [data-pick-location=deck]");
  if (!place) return null;
  const name = place.dataset.location || place.dataset.pickLocation;
  return drag.places.has(name) ? {name, node: place} : null;
}

function move(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < THRESHOLD) return;
    begin();
  }
  event.preventDefault();
  place(event.clientX, event.clientY);
  const target = targetAt(event.clientX, event.clientY);
  if ((target && target.node) !== (drag.over && drag.over.node)) {
    if (drag.over) drag.over.node.classList.remove("drop-over");
    if (target) target.node.classList.add("drop-over");
    drag.over = target;
  }
}

function begin() {
  const box = drag.tile.getBoundingClientRect();
  drag.ghost = drag.tile.cloneNode(true);
  drag.ghost.classList.add("drag-ghost");
  drag.ghost.setAttribute("aria-hidden", "true");
  drag.ghost.removeAttribute("data-card");
  drag.ghost.style.width = `${box.width}px`;
  drag.dx = drag.x - box.left;
  drag.dy = drag.y - box.top;
  document.body.append(drag.ghost);
  document.body.classList.add("dragging");
  drag.tile.classList.add("dragged");
  for (const name of drag.places) {
    const node = document.querySelector(`[data-location="${name}"], [data-pick-location="${name}"]`);
    if (node) node.classList.add("drop-ok");
  }
  try { drag.tile.setPointerCapture(drag.pointer); } catch { /* the pointer is gone */ }
}

function place(x, y) {
  drag.ghost.style.left = `${x - drag.dx}px`;
  drag.ghost.style.top = `${y - drag.dy}px`;
}

function up(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  const done = drag;
  const target = done.ghost ? targetAt(event.clientX, event.clientY) : null;
  const dragged = Boolean(done.ghost);
  end();
  if (!dragged) return;  // a press without a move: the click that follows is a touch
  // The click the browser may send after this pointerup is the drag's, not a touch.
  window.addEventListener("click", swallow, {capture: true, once: true});
  setTimeout(() => window.removeEventListener("click", swallow, {capture: true}), 0);
  if (target) done.onDrop(done.id, target.name);
}

function swallow(event) {
  event.stopPropagation();
  event.preventDefault();
}

function cancel(event) {
  if (drag && event.pointerId === drag.pointer) end();
}

function end() {
  const {tile, ghost} = drag;
  window.removeEventListener("pointermove", move);
  window.removeEventListener("pointerup", up);
  window.removeEventListener("pointercancel", cancel);
  if (ghost) ghost.remove();
  tile.classList.remove("dragged");
  document.body.classList.remove("dragging");
  for (const node of document.querySelectorAll(".drop-ok, .drop-over")) {
    node.classList.remove("drop-ok", "drop-over");
  }
  drag = null;
}

/** Is a drag under way (the page should not redraw the hand under it)? */
export function dragging() {
  return drag !== null && drag.ghost !== null;
}
