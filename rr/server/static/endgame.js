// The end of a game: the places, each total and what decided the win (the server's words:
// rr/scoring/places.py, RR-SCORE-14), the scorepad, and the audit's verdict in one line with
// "check this game" (seed, salt, commitment, signatures) folded under it. The whole block is
// put first on the page and scrolled to, so the scorepad is in view without scrolling.
import {api, base64Of, el, scorepad} from "/static/common.js";
import {rememberGame} from "/static/mygames.js";

const $ = (id) => document.getElementById(id);
const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th", "6th"];

function summary(answer) {
  const result = answer.result;
  if (!result) return null;
  const places = el("ol", {id: "places", class: "places"}, result.standings.map((s) =>
    el("li", {class: s.place === 1 ? "winner" : null, "data-seat": s.seat},
       el("span", {class: "place"}, ORDINAL[s.place - 1] || `${s.place}th`), " ",
       el("strong", {}, s.name), s.seat === answer.seat ? " (you)" : "",
       " ", el("span", {class: "total"}, `${s.total}`))));
  return el("div", {id: "end-summary"},
    el("p", {id: "decided", class: "decided"}, result.decided), places);
}

function auditBlock() {
  return el("div", {id: "audit", class: "audit"},
    el("p", {id: "audit-line", class: "audit-line"}, "Checking this game’s log…"),
    el("details", {id: "check-game"}, el("summary", {}, "check this game"),
       el("dl", {id: "check-facts", class: "check-facts"})));
}

function fact(term, value) {
  return [el("dt", {}, term), el("dd", {}, value)];
}

/** The audit of the finished game, as ``rr audit --seats`` gives it, in one line; the facts
 * to check it by (seed, salt, commitment, signatures) folded under it. */
async function audited(game, view) {
  const line = $("audit-line");
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(game.id)}/log`,
                                 {headers: {authorization: `Bearer ${game.token}`}});
    if (!response.ok) throw new Error(`the log could not be fetched (HTTP ${response.status})`);
    const log = base64Of(await response.arrayBuffer());
    const replay = await api("POST", "/api/replay", {body: {log, audit: true, seat: null}});
    const audit = replay.audit;
    const clean = audit.verdict === "clean";
    line.className = `audit-line ${clean ? "clean" : "failed"}`;
    line.textContent = clean
      ? `Checked: every move follows the rules${audit.seed_checked
        ? ", and every shuffle and draw came from the seed committed to before the first move" : ""}.`
      : `This game’s log does not check out: ${audit.problem || audit.verdict}.`;
    const revealed = replay.answer.new.map((t) => t.event).find(([tag]) => tag.startsWith("seed_revealed"));
    $("check-facts").replaceChildren(
      ...fact("seed", revealed ? String(revealed[1].seed) : "not revealed"),
      ...fact("salt", revealed ? revealed[1].salt : "not revealed"),
      ...fact("commitment", view.commitment || "none"),
      ...fact("randomness", audit.randomness || "—"),
      ...fact("signatures", audit.seats || "the seats did not sign"),
      ...fact("check it yourself", "download the log, then run: rr audit --seats GAME.rrlog"));
  } catch (err) {
    line.className = "audit-line failed";
    line.textContent = `This game could not be checked here: ${err.message}`;
  }
}

/** Fill the end block (#end) for ``answer`` and bring it into view. */
export function showEndOfGame(answer, game) {
  const end = $("end");
  const winners = answer.result ? answer.result.standings.filter((s) => s.place === 1) : [];
  $("end-title").textContent = winners.length
    ? `Game over — ${winners.map((s) => s.name).join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}`
    : "Game over";
  $("scorepad").replaceChildren(...[summary(answer), scorepad(answer.scorepad, answer.view),
                                    auditBlock()].filter(Boolean));
  audited(game, answer.view);
  end.parentElement.prepend(end);  // first on the page: in view without scrolling
  end.scrollIntoView({block: "start"});
  window.scrollTo(0, 0);
}

/** A rematch for every seat, invited ones too (POST .../rematch): the first to ask makes it
 * (the same players, bots and rules, a new deal); each lands on their own seat there, which
 * waits for the others. A spectator has no seat to take. */
export function offerRematch(game, answer) {
  const button = $("rematch");
  button.hidden = answer.seat === null;
  button.onclick = async (event) => {
    if (button.disabled || (event && event.detail > 1)) return;
    button.disabled = true;
    try {
      const taken = await api("POST", `/api/games/${encodeURIComponent(game.id)}/rematch`,
                              {token: game.token});
      const players = taken.seats.map((s) => s.name || `seat ${s.seat + 1}`);
      rememberGame({id: taken.id, token: taken.token, seat: taken.seat, players,
                    label: `${taken.name} (seat ${taken.seat + 1})`});
      location.hash = `game=${encodeURIComponent(taken.id)}&token=${encodeURIComponent(taken.token)}`;
    } catch (err) {
      button.disabled = false;
      $("rematch-links").replaceChildren(el("li", {class: "error"},
                                            `No rematch: ${err.message}`));
    }
  };
}
