// Others' moves in step with the game: each line of another seat's move stays a moment in the
// ticker, at the pace the player chose (slow, reading pace, fast, or off); the ticker holds a
// few lines at most, so it never lags; before a question of this seat it catches up first,
// quickly, the move that caused the question left shown beside it; it stops at the end.

const $ = (id) => document.getElementById(id);
// How long a line of others' moves stays in the ticker, as the player set it ("off": none).
export const PACES = {slow: 1800, normal: 900, fast: 400, off: 0};
const CATCH_UP = 3;        // lines of others' moves told (faster) before a question of this seat
const QUEUED = 4;          // lines the ticker holds at most: it never falls further behind

const lines = [];          // lines of others' moves still to show
let timer = null;
let catching = false;      // this seat's question waits while the ticker catches up
let caughtUp = () => {};

/** What to do once the ticker has caught up: put the question (arm and draw it). */
export function onCaughtUp(then) {
  caughtUp = then;
}

export function isCatching() {
  return catching;
}

export function isRunning() {
  return timer !== null;
}

/** A new decision: a question of this seat (``mine``) after others' moves waits while the
 * ticker tells them first; true if it waits. */
export function holdQuestion(mine, fresh) {
  catching = mine && pace() > 0 && (fresh.length > 0 || lines.length > 0);
  if (catching) catchUp([...lines, ...fresh]);
  return catching;
}

/** The player's pace for others' moves: ms a line stays (0: the ticker is off). */
export function pace() {
  const picked = localStorage.getItem("rr.pace");
  return picked in PACES ? PACES[picked] : PACES.normal;
}

export function play(told) {
  if (!pace()) return;
  lines.push(...told);
  // Never further behind than a few lines: the older ones are in the log.
  lines.splice(0, Math.max(0, lines.length - QUEUED));
  if (!timer) nextLine();
}

/** Others' moves before a question of this seat: the last few, told quickly; the last one
 * (what caused the question) stays shown beside it. */
function catchUp(told) {
  clearTimeout(timer);
  lines.length = 0;
  lines.push(...told.slice(-CATCH_UP));
  nextLine(Math.round(pace() / 2.5));
}

function nextLine(wait = pace()) {
  $("ticker").dataset.queued = String(lines.length);
  if (!lines.length) {
    timer = null;
    if (catching) { putQuestion(); return; }
    $("ticker").hidden = true;
    return;
  }
  $("ticker").hidden = false;
  $("ticker-text").textContent = lines.shift();
  $("ticker").dataset.queued = String(lines.length);
  $("ticker-text").classList.remove("enter");
  void $("ticker-text").offsetWidth;  // restart the line's animation
  $("ticker-text").classList.add("enter");
  timer = setTimeout(() => nextLine(wait), wait);
}

/** The ticker has caught up: this seat's question is put, its cause still in the ticker. */
function putQuestion() {
  catching = false;
  timer = null;
  $("ticker").hidden = !$("ticker-text").textContent;
  caughtUp();
}

export function stopTicker() {
  clearTimeout(timer);
  timer = null;
  lines.length = 0;
  $("ticker").dataset.queued = "0";
  $("ticker").hidden = true;
  if (catching) putQuestion();
}

export function skip() {
  clearTimeout(timer);
  lines.length = 0;
  timer = null;
  $("ticker").dataset.queued = "0";
  if (catching) putQuestion();
  $("ticker").hidden = true;
}
