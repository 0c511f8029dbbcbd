// The replay-and-audit viewer. The log stays in this page; every step sends it to the
// server (POST /api/replay), which folds it, builds the chosen viewer's seat answer (the
// form the table is sent: rr.seat_answer) and audits it: the page never decides what a seat
// may see.
//
// A log that decodes opens even where a record breaks the rules (a tampered log): the
// verdict names the first divergence in rr audit's words, and the stepper goes through every
// record the fold accepts — up to the divergence at least, since no record before it can be
// refused — as rr replay --at does. The board is the table's (tableboard.js): printed names,
// the top card marked, a card's printed texts on a click.
import {api, base64Of, cardName, el, fragment, loadCards, scorepad} from "/static/common.js";
import {cardTile, playerPanels, tableBoard, zoomCard, zoomHouse}
  from "/static/tableboard.js";

const $ = (id) => document.getElementById(id);

let log = null;        // base64 of the log's bytes
let records = 0;
let last = 0;          // the last record that can be shown (the fold accepts it)
let unfolded = null;   // {record, problem}: the first record the fold refuses, if any
let divergence = null; // the record of the first divergence, if any
let reference = null;  // houses, bonuses, Au Toma's cards (/api/reference), for the board
let asked = 0;         // the newest request: older answers are dropped
let turns = [];        // the records that start a turn: {record, seat, text}
let rounds = [];       // ... and those that start a round (the first player's turns)
let shownAudit = null; // the audit, for the verdict's first line

function status(text, error = false) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

async function readFile(input, text = false) {
  const file = input.files[0];
  if (!file) return null;
  return text ? await file.text() : await file.arrayBuffer();
}

async function open(bytes, signature = null, key = null) {
  log = base64Of(bytes);
  status("Auditing…");
  let answer;
  try {
    answer = await api("POST", "/api/replay", {body: {log, audit: true, seat: "all",
                                                      signature, key}});
  } catch (err) {
    $("viewer").hidden = true;
    status(`This log cannot be opened: ${err.message}`, true);
    return;
  }
  status("");
  records = answer.records;
  last = answer.foldable - 1;
  unfolded = answer.unfolded;
  $("viewer").hidden = false;
  $("step").max = String(last);
  $("seat").replaceChildren(
    el("option", {value: "all"}, "everything the log holds"),
    el("option", {value: "spectator"}, "a spectator (no hand)"),
    ...answer.players.map((name, seat) => el("option", {value: String(seat)}, `${name} (seat ${seat + 1})`)));
  divergence = answer.audit.divergence ? answer.audit.divergence.record : null;
  learnTurns(answer.turns || []);  // every turn's first record: stepping by turn and round
  showVerdict(answer.audit);
  const start = divergence !== null ? Math.min(divergence, last) : last;
  $("step").value = String(start);
  await step(start);
}

/** The verdict in words first (one line), its details folded under it. */
function headline(audit) {
  const d = audit.divergence;
  const names = (audit.winners || []).join(" and ");
  switch (audit.verdict) {
    case "clean": return audit.finished
      ? `Played by the rules to the end: every record is what the rules make of the players' choices${names ? `; won by ${names}` : ""}.`
      : "Played by the rules so far: every record is what the rules make of the players' choices; the game is not over.";
    case "diverged": return d
      ? `This log breaks the rules at record ${d.record}${turnOf(d.record)}${
          audit.rule_title ? `, against the rule “${audit.rule_title}”` : ""}: what it records there is not what the rules allow.`
      : "This log breaks the rules.";
    case "bad_signature": return "The signature does not match this log: it is not the log its key's holder signed.";
    case "unsigned": return "A seat's choice is not signed by that seat's key.";
    case "unreadable": return "This file is not a log rr can read.";
    default: return "The rules failed while re-running this log: a fault in rr, not in the log.";
  }
}

/** " (Ana's turn 3)": the turn a record belongs to, if known. */
function turnOf(record) {
  const turn = [...turns].reverse().find((t) => t.record <= record);
  return turn ? ` (${turn.text})` : "";
}

function showVerdict(audit) {
  shownAudit = audit;
  const box = $("verdict");
  box.className = `verdict ${audit.verdict}`;
  divergence = audit.divergence ? audit.divergence.record : null;
  const icon = audit.verdict === "clean" ? "✔" : "✖";
  const details = [el("p", {}, audit.summary)];
  const d = audit.divergence;
  if (d) {
    details.push(el("dl", {class: "divergence"},
      el("dt", {}, "record"), el("dd", {id: "divergence-record"}, d.record),
      el("dt", {}, "the log says"), el("dd", {}, d.recorded),
      el("dt", {}, "the rules say"), el("dd", {}, d.expected),
      el("dt", {}, "decided by"), el("dd", {id: "divergence-rule"},
        d.rule_name || "—", audit.rule_title ? ` — ${audit.rule_title}` : ""),
      d.card ? [el("dt", {}, "card"), el("dd", {id: "divergence-card"}, cardName(d.card))] : null,
      d.differences.length ? [el("dt", {}, "differences"),
                              el("dd", {}, d.differences.map((x) => el("div", {}, x)))] : null));
  }
  const parts = [el("p", {class: "headline", id: "verdict-line"},
                    el("span", {class: "word"}, icon), " ", headline(audit))];
  if (unfolded) {
    // rr replay's words for the record the fold refuses (at or after the divergence).
    parts.push(el("p", {id: "unfolded", class: "unfolded"},
      `Records ${unfolded.record} to ${records - 1} cannot be shown: ${unfolded.problem}.`,
      d && d.record >= unfolded.record
        ? ` The viewer stops at record ${last}, the last before the divergence.`
        : ` The viewer stops at record ${last}.`));
  }
  details.push(el("p", {class: "checks"}, `seed check: ${seedCheck(audit)}`,
    " · ", `signature: ${audit.signature === "verified" ? `verified (key ${audit.signed_by})` : audit.signature}`));
  parts.push(el("details", {id: "verdict-details"},
    el("summary", {}, "details: the record, the seed, the signature"), details));
  box.replaceChildren(...parts);
  $("to-divergence").hidden = divergence === null;
}

/** The records that start turns and rounds (the server's list, to the last record shown). */
function learnTurns(started) {
  turns = started;
  const first = turns.length ? turns[0].seat : null;
  rounds = turns.filter((t) => t.seat === first);
  $("turn-steps").hidden = !turns.length;
}

/** The first record of the turn (or round) after ``at`` (``forward``) or before it. */
function jump(marks, at, forward) {
  const found = forward ? marks.find((m) => m.record > at)
    : [...marks].reverse().find((m) => m.record < at);
  return found ? found.record : (forward ? last : 0);
}

function seedCheck(audit) {
  const d = audit.divergence;
  if (audit.outcomes === "table") return "not made: the random outcomes were recorded at a table";
  if (audit.outcomes !== "seed") return "not made: the log cannot be read";
  if (!audit.seed_checked) return `not made: ${audit.randomness}`;
  if (!d) return audit.randomness;
  if (d.seed !== null) return `failed: record ${d.record} is not what seed ${d.seed} draws`;
  return `every random outcome before record ${d.record} is the one the seed draws`;
}

async function step(at) {
  at = Math.max(0, Math.min(last, at));
  $("step").value = String(at);
  const choice = $("seat").value || "all";
  const seat = choice === "all" ? "all" : choice === "spectator" ? null : Number(choice);
  const mine = ++asked;
  let answer;
  try {
    answer = await api("POST", "/api/replay", {body: {log, at, seat}});
  } catch (err) {
    status(`Cannot show record ${at}: ${err.message}`, true);
    return;
  }
  if (mine !== asked) return;
  status("");
  const shown = answer.answer;
  const view = shown.view;
  const turn = [...turns].reverse().find((t) => t.record <= at);
  const round = rounds.filter((r) => r.record <= at).length;
  $("turn-now").textContent = turn ? `${turn.text}${round ? ` · round ${round}` : ""}` : "Setup";
  $("where").textContent = `record ${at} of ${records - 1}` +
    (divergence !== null ? ` · the divergence is at record ${divergence}` : "") +
    (unfolded ? ` · records from ${unfolded.record} on cannot be shown` : "");
  $("pending").textContent = `Pending: ${answer.note}`;
  const story = shown.new;
  $("now").textContent = story.length
    ? `This record: ${story[story.length - 1].text}` : "";
  // Every hand for "everything" (the answer's cards known elsewhere: every hand and the
  // deck), and at the end, when hands are shown for scoring; a seat's own hand for a seat;
  // none for a spectator.
  let hands = view.final_hands || null;
  let deck = null;
  if (shown.everything) {
    hands = view.players.map((_, seat) => view.known_elsewhere
      .filter((k) => k.zone.kind === "hand" && k.zone.seat === seat).map((k) => k.card));
    deck = view.known_elsewhere.filter((k) => k.zone.kind === "deck")
      .sort((a, b) => a.depth - b.depth).map((k) => k.card);
  }
  if (!hands && view.hand) hands = view.players.map((_, seat) => (seat === view.seat ? view.hand : null));
  const read = (id) => { if (id !== "?") showZoom(zoomCard(id)); };
  $("board").replaceChildren(
    tableBoard(view, shown.face_down, {reference, targets: null, selection: {}, auToma: [],
                                       previous: null, seen: new Map(), onCard: read,
                                       onLocation: () => {}}),
    ...(hands ? [el("div", {class: "hands"}, hands.map((hand, seat) => hand === null ? null
      : el("section", {"data-seat": seat, "aria-label": `${view.players[seat].name}'s hand`},
          el("h3", {}, `${view.players[seat].name}'s hand (seat ${seat + 1})`),
          el("div", {class: "pile-row"}, hand.map((id) => cardTile(id, {compact: true,
                                                                         onclick: () => read(id)}))))))]
      : []),
    ...(deck ? [el("section", {class: "deck-order"}, el("h3", {}, `Deck, top first (${deck.length})`),
                   el("div", {class: "pile-row"}, deck.map((id) => cardTile(id, {
                     compact: true, onclick: () => read(id)}))))] : []));
  $("players").replaceChildren(...playerPanels(view, {reference, previous: null, targets: null,
    onPlayer: () => {}, onHouse: (h) => showZoom(zoomHouse(h, reference))}));
  $("scorepad").replaceChildren(...(shown.scorepad ? [scorepad(shown.scorepad, view)] : []));
  $("story").replaceChildren(...story.map((line) => el("li", {
    value: line.record, "data-record": line.record,
    class: [line.record === at ? "current" : "", line.record === divergence ? "diverges" : ""].join(" ").trim() || null,
  }, line.text)));
  if (shown.since > 0) {
    // The answer tells the story of the last records only: earlier ones by stepping back.
    $("story").prepend(el("li", {class: "hint"},
      `Records 0 to ${shown.since - 1}: step back to read their story.`));
  }
  if (divergence !== null && divergence > at && at === last) {
    // The divergence itself cannot be shown (the fold refuses it) or the log ends before it.
    $("story").append(el("li", {value: divergence, class: "diverges", "data-record": divergence},
      divergence >= records ? "the log ends here, where the rules go on"
        : `record ${divergence} diverges from the rules (see above) and cannot be shown`));
  }
  const box = $("story");
  box.scrollTop = box.scrollHeight;
}

function showZoom(node) {
  $("zoom").replaceChildren(node, el("button", {type: "button", class: "small close-zoom",
    onclick: () => $("zoom").replaceChildren(el("p", {class: "hint"}, "Click a card to read it."))},
    "close"));
}

function keys(event) {
  if (!log || event.target.matches("input[type=file], select, textarea")) return;
  const at = Number($("step").value);
  const moves = {ArrowRight: at + 1, ArrowLeft: at - 1, PageDown: at + 10, PageUp: at - 10,
                 Home: 0, End: last, t: jump(turns, at, true), T: jump(turns, at, false),
                 r: jump(rounds, at, true), R: jump(rounds, at, false)};
  if (event.key in moves) {
    event.preventDefault();
    step(moves[event.key]);
  } else if (event.key === "d" && divergence !== null) {
    step(divergence);
  }
}

async function fromServer(id, token) {
  const headers = {authorization: `Bearer ${token}`};
  const response = await fetch(`/api/games/${encodeURIComponent(id)}/log`, {headers});
  if (!response.ok) {
    const text = await response.text();
    let message = text;
    try { message = JSON.parse(text).error.message; } catch { /* not JSON */ }
    status(`Cannot fetch game ${id}'s log: ${message}`, true);
    return;
  }
  await open(await response.arrayBuffer());
}

async function start() {
  await loadCards();
  reference = await api("GET", "/api/reference");
  $("open-form").onsubmit = async (event) => {
    event.preventDefault();
    const bytes = await readFile($("log-file"));
    if (!bytes) { status("Choose a log file first.", true); return; }
    const signature = await readFile($("sig-file"), true);
    const key = await readFile($("key-file"), true);
    if ((signature === null) !== (key === null)) {
      status("A signature check needs both the .sig file and the signer's public key.", true);
      return;
    }
    await open(bytes, signature, key);
  };
  $("game-form").onsubmit = (event) => {
    event.preventDefault();
    // Into the fragment, like the table's links: the token never goes into a URL sent out.
    location.hash = `game=${encodeURIComponent($("game-id").value.trim())}&token=${encodeURIComponent($("game-token").value.trim())}`;
  };
  window.addEventListener("hashchange", () => {
    const params = fragment();
    if (params.get("game") && params.get("token")) fromServer(params.get("game"), params.get("token"));
  });
  $("step").addEventListener("input", () => step(Number($("step").value)));
  $("first").onclick = () => step(0);
  $("prev").onclick = () => step(Number($("step").value) - 1);
  $("next").onclick = () => step(Number($("step").value) + 1);
  $("last").onclick = () => step(last);
  $("to-divergence").onclick = () => step(divergence);
  $("prev-turn").onclick = () => step(jump(turns, Number($("step").value), false));
  $("next-turn").onclick = () => step(jump(turns, Number($("step").value), true));
  $("prev-round").onclick = () => step(jump(rounds, Number($("step").value), false));
  $("next-round").onclick = () => step(jump(rounds, Number($("step").value), true));
  $("seat").onchange = () => step(Number($("step").value));
  document.addEventListener("keydown", keys);
  const params = fragment();
  if (params.get("game") && params.get("token")) await fromServer(params.get("game"), params.get("token"));
}

start();
