// What a card of the hand would score now (GET .../scores-now: the server scores the hand
// from what this seat knows), said in words in the card's zoom; fetched once per change.
import {api, el} from "/static/common.js";
import {state} from "/static/store.js";

let scores = null;  // {records, promise}: the hand scored now, fetched once per change

/** What a card of the hand would score now (GET .../scores-now: the server scores the hand
 * from what this seat knows), said in words; filled in when the answer comes. */
export function scoreNowOf(id) {
  if (!state.answer || state.answer.over || state.answer.seat === null) return null;
  if (!scores || scores.records !== state.answer.records) {
    scores = {records: state.answer.records, promise: api("GET",
      `/api/games/${encodeURIComponent(state.game.id)}/scores-now`, {token: state.game.token})
      .catch(() => null)};
  }
  const line = el("p", {class: "score-now", "data-score-now": id}, "Scoring it now…");
  scores.promise.then((now) => {
    const found = now && now.cards.find((c) => c.card === id);
    if (!found) { line.textContent = ""; return; }
    const points = found.core + found.bonus;
    const least = found.exact ? "" : "at least ";
    line.replaceChildren(
      el("strong", {}, `Scores ${least}${points} now`),
      ` (core ${found.core}, end game ${found.bonus >= 0 ? "+" : "−"}${Math.abs(found.bonus)})`,
      el("br"), `Your hand's cards: ${least}${now.total} → ${found.without} without it.`,
      el("small", {class: "muted"}, found.exact
        ? " If the game ended now; end-of-game abilities not counted."
        : " A face-down top card you have not seen may add more."));
    line.dataset.points = String(points);
    line.dataset.total = String(now.total);
    line.dataset.without = String(found.without);
  });
  return line;
}

/** The zoom's "scores now" line, after a change: scored again, or gone with the card. */
export function rescore() {
  const line = document.querySelector("#zoom [data-score-now]");
  if (!line) return;
  const id = line.dataset.scoreNow;
  const again = (state.answer.view.hand || []).includes(id) ? scoreNowOf(id) : null;
  if (again) line.replaceWith(again); else line.remove();
}
