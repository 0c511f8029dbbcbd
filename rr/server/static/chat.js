// The game's chat (rr.server.chat), beside the table: a seat talks in the players' room
// under its player's name; a spectator (the spectators' link) in the spectators' room, under
// a name it types, always shown as a spectator. Muting is this browser's: the messages of a
// muted name are hidden here (kept in localStorage per game). Asked for every 1.5 s.
import {api, el, fragment} from "/static/common.js";

const params = fragment();
const game = params.get("game");
const token = params.get("token");
const MUTED = `rr.muted.${game}`;
let since = 1;
const messages = [];

function muted() {
  try { return new Set(JSON.parse(localStorage.getItem(MUTED) || "[]")); } catch { return new Set(); }
}

function setMuted(key, on) {
  const set = muted();
  if (on) set.add(key); else set.delete(key);
  try { localStorage.setItem(MUTED, JSON.stringify([...set])); } catch { /* private window */ }
  draw();
}

const keyOf = (m) => (m.room === "spectators" ? `spectator:${m.name}` : `seat:${m.seat}`);

let box = null;
function build() {
  box = el("section", {id: "chat", class: "chat", "aria-label": "the game's chat"},
    el("h2", {}, "Chat"),
    el("ol", {id: "chat-list", class: "chat-list", "aria-live": "polite"}),
    el("form", {id: "chat-form"},
      el("input", {id: "chat-name", placeholder: "your name (spectator)", maxlength: 40, hidden: true}),
      el("input", {id: "chat-text", maxlength: 300, placeholder: "say something", "aria-label": "message", autocomplete: "off"}),
      el("button", {type: "submit", id: "chat-send"}, "send")),
    el("p", {id: "chat-status", class: "hint"}));
  const anchor = document.getElementById("game");
  anchor.append(box);
  box.querySelector("#chat-form").onsubmit = send;
}

function draw() {
  if (!box) return;
  const hide = muted();
  box.querySelector("#chat-list").replaceChildren(...messages.map((m) => {
    const key = keyOf(m);
    const off = hide.has(key);
    const who = m.room === "spectators" ? `${m.name} (spectator)` : m.name;
    return el("li", {class: `chat-message ${m.room}${off ? " muted" : ""}`, "data-seq": m.seq},
      el("strong", {class: "who"}, who), ": ",
      el("span", {class: "text"}, off ? "(muted)" : m.text), " ",
      el("button", {type: "button", class: "mute small", onclick: () => setMuted(key, !off)}, off ? "unmute" : "mute"));
  }));
}

async function send(event) {
  event.preventDefault();
  const text = box.querySelector("#chat-text").value.trim();
  if (!text) return;
  const body = {text};
  const name = box.querySelector("#chat-name");
  if (!name.hidden && name.value.trim()) body.name = name.value.trim();
  try {
    await api("POST", `/api/games/${encodeURIComponent(game)}/chat`, {token, body});
    box.querySelector("#chat-text").value = "";
    box.querySelector("#chat-status").textContent = "";
    poll(false);
  } catch (err) {
    box.querySelector("#chat-status").textContent = `Not sent: ${err.message}`;
  }
}

let timer = null;
async function poll(again = true) {
  clearTimeout(timer);
  try {
    const found = await api("GET", `/api/games/${encodeURIComponent(game)}/chat?since=${since}`, {token});
    if (!box) build();
    for (const m of found.messages) {
      if (m.seq >= since) { messages.push(m); since = m.seq + 1; }
    }
    draw();
  } catch (err) {
    if (err.status === 401 || err.status === 403) return;  // not a seat of this game
  }
  timer = setTimeout(poll, 1500);
}

async function start() {
  if (!game || !token) return;
  poll();
  // A spectator's token gets a name field: its messages go to the spectators' room.
  try {
    const seat = await api("GET", `/api/games/${encodeURIComponent(game)}/seat`, {token});
    const waitBox = () => (box ? Promise.resolve() : new Promise((r) => setTimeout(r, 200)).then(waitBox));
    await waitBox();
    box.querySelector("#chat-name").hidden = seat.seat !== null;
  } catch { /* the name field stays hidden */ }
}
start();
