// The game's state in one store. Every answer of the server (the GET, a choice's POST, each
// WebSocket push) comes in through receive(), the one door; what the player touches (the
// selection and the option it names) is set through select(). The parts of the page
// subscribe and draw from ``state``; none keeps a copy of the game of its own.

export const state = {
  game: null,       // {id, token}: the seat played (from the page's address)
  reference: null,  // houses, bonuses, causes, Au Toma's cards (/api/reference)
  answer: null,     // the newest seat answer (rr.seat_answer)
  selection: {},    // what has been touched so far: {card, location, depth, seat}
  chosen: null,     // the one option the selection names, awaiting confirm
};

const listeners = new Set();

/** ``listener(change)`` is called on every change: {answer, before, newer, newDecision} for
 * an answer received, {selection: true} for a touch. Returns the way to unsubscribe. */
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(change) {
  for (const listener of listeners) listener(change);
}

/** An answer of the server. An older one, or the same state again (the push that follows our
 * own choice), changes nothing the store holds (its records are still told, once); a newer
 * one replaces the answer, and a new decision clears the selection. */
export function receive(answer) {
  const before = state.answer;
  const newer = !before || answer.records > before.records;
  const newDecision = newer && (!before || answer.decision !== before.decision);
  if (newer) state.answer = answer;
  if (newDecision) { state.selection = {}; state.chosen = null; }
  notify({answer, before, newer, newDecision});
}

/** What the player has touched, and the option it names (or null). */
export function select(selection, chosen = null) {
  state.selection = selection;
  state.chosen = chosen;
  notify({selection: true});
}
