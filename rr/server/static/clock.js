// The game's clock on the table (rr.server.clocks): each seat's time left, the running one
// counted down here between the server's answers (asked every second: the server runs the
// clock, this page only shows it), what happened when a seat's time ran out. A game without
// a clock shows nothing.
import {api, el, fragment} from "/static/common.js";

const box = document.getElementById("clocks");
let shown = null;   // the last answer, and when it came
let at = 0;

function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function draw() {
  if (!shown) return;
  const passed = Date.now() - at;
  const items = shown.left_ms.map((left, seat) => {
    const running = shown.running && shown.seat === seat;
    const now = running ? left - passed : left;
    const out = shown.forfeited.includes(seat);
    return el("li", {class: `clock${running ? " running" : ""}${now < 10000 ? " low" : ""}`, "data-seat": seat},
      `${shown.players[seat] || `Seat ${seat + 1}`}: `, el("strong", {class: "time"}, out ? "forfeited" : mmss(now)),
      running ? " ◀" : "");
  });
  const timeouts = shown.timeouts.map((t) => el("li", {class: "timeout"},
    `${shown.players[t.seat] || `Seat ${t.seat + 1}`}'s time ran out: ` +
    (t.forfeit ? `the seat forfeits; a ${t.bot} bot plays it` : `a ${t.bot} bot played the turn`)));
  const parts = [el("span", {class: "clock-kind"}, `Clock: ${shown.text}`), el("ul", {class: "clocks"}, items)];
  if (timeouts.length) parts.push(el("ul", {class: "timeouts"}, timeouts));
  box.replaceChildren(...parts);
  box.hidden = false;
}

async function poll() {
  const params = fragment();
  const game = params.get("game");
  if (!game || !box) return;
  try {
    shown = await api("GET", `/api/clocks/${encodeURIComponent(game)}`);
    at = Date.now();
    if (!shown) { box.hidden = true; return; }  // no clock: nothing to show
    draw();
  } catch (err) {
    // Not answered this time: asked again below.
  }
  setTimeout(poll, 1000);
}

setInterval(draw, 250);
poll();
