// The public lobby: the games waiting for players, asked for every poll_ms milliseconds (the
// server says how often; no socket: right whichever server process answers), joined with one
// click under the name typed above (the game's invitation, as its link would), a quick match,
// a new game with its clock, and the games that may be watched. A browser holding a player's
// identity (identity.js) plays under its name, and its requests carry the identity's session.
import {api, el} from "/static/common.js";
import {rememberGame} from "/static/mygames.js";
import {session, showIdentity} from "/static/identity.js";

const $ = (id) => document.getElementById(id);
const NAME = "rr.name";

function status(text, error = false) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

let me = null;  // this browser's identity, if it holds one

// Who plays: {name, token} (token: the identity's session, or null for a typed name).
async function player() {
  if (me) {
    const open = await session();
    return {name: open.name, token: open.token};
  }
  return {name: myName(), token: null};
}

function myName() {
  const name = $("my-name").value.trim();
  if (!name) {
    $("my-name").focus();
    throw new Error("type your name first");
  }
  try { localStorage.setItem(NAME, name); } catch { /* a private window */ }
  return name;
}

function goTo(id, token, seat, name, players) {
  rememberGame({id, token, seat, players, label: `${name} (seat ${seat + 1})`});
  location.href = `/#game=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
}

async function join(game) {
  try {
    const {name, token} = await player();
    const taken = token
      ? await api("POST", `/api/lobby/games/${encodeURIComponent(game.id)}/seat`, {token, body: {}})
      : await api("POST", `/api/games/${encodeURIComponent(game.id)}/invitation`,
                  {token: game.invitation, body: {name}});
    goTo(game.id, taken.token, taken.seat, name, taken.seats.map((s) => s.name || `seat ${s.seat + 1}`));
  } catch (err) {
    status(`Cannot join: ${err.message}`, true);
    refresh();
  }
}

let held = {};  // the listed names that players' identities hold: marked with ✓

function playersText(game) {
  return game.players.map((p) => p === null ? "—" : held[p] ? `${p} ✓` : p).join(", ");
}

function openRow(game) {
  return el("tr", {"data-game": game.id},
    el("td", {}, playersText(game)),
    el("td", {class: "free"}, `${game.free} of ${game.seats}`),
    el("td", {class: "clock"}, game.clock ? game.clock.text : "none"),
    el("td", {}, game.rated ? "rated" : "casual"),
    el("td", {}, game.ruleset),
    el("td", {}, el("button", {type: "button", class: "primary join", onclick: () => join(game)}, "join")));
}

function watchItem(game) {
  const url = `/#game=${encodeURIComponent(game.id)}&token=${encodeURIComponent(game.spectator)}`;
  return el("li", {"data-game": game.id},
    el("a", {href: url}, playersText(game)),
    ` — ${game.clock ? game.clock.text : "no clock"}, ${game.rated ? "rated" : "casual"}`);
}

let timer = null;
let last = null;
let poll = 1000;
async function refresh() {
  clearTimeout(timer);
  try {
    const lobby = await api("GET", "/api/lobby");
    poll = lobby.poll_ms;
    const seen = JSON.stringify(lobby.games);
    document.body.dataset.updated = String(Date.now());
    if (seen === last) return;  // unchanged: the buttons stay where they are
    last = seen;
    const names = [...new Set(lobby.games.flatMap((g) => g.players.filter((p) => p !== null)))];
    held = names.length ? (await api("GET", `/api/identities?${names.slice(0, 200).map((n) => `name=${encodeURIComponent(n)}`).join("&")}`)).identities : {};
    const open = lobby.games.filter((g) => g.free > 0);
    const watch = lobby.games.filter((g) => g.free === 0 && g.spectator);
    $("open-games").querySelector("tbody").replaceChildren(...open.map(openRow));
    $("open-games").hidden = open.length === 0;
    $("no-open").hidden = open.length > 0;
    $("watch-games").replaceChildren(...watch.map(watchItem));
    $("no-watch").hidden = watch.length > 0;
  } catch (err) {
    status(`The lobby cannot be read: ${err.message}`, true);
  } finally {
    timer = setTimeout(refresh, poll);
  }
}

function clock() {
  const kind = document.querySelector("input[name=clock]:checked").value;
  const at_zero = $("clock-at-zero").value;
  if (kind === "real") return {kind, minutes: Number($("clock-minutes").value),
                               increment: Number($("clock-increment").value), at_zero};
  if (kind === "days") return {kind, days: Number($("clock-days").value), at_zero};
  return null;
}

async function create(event) {
  event.preventDefault();
  $("create").disabled = true;
  try {
    const {name, token} = await player();
    const made = await api("POST", "/api/lobby/games", {token, body: {
      name, players: Number($("new-players").value), rated: $("new-rated").checked,
      watch: $("new-watch").checked, clock: clock()}});
    goTo(made.id, made.token, 0, name, [name]);
  } catch (err) {
    $("create").disabled = false;
    status(`Cannot create the game: ${err.message}`, true);
  }
}

async function quick(event) {
  event.preventDefault();
  $("quick").disabled = true;
  try {
    const {name, token} = await player();
    const found = await api("POST", "/api/lobby/quick", {token, body: {
      name, players: Number($("quick-players").value), rated: $("quick-rated").checked}});
    goTo(found.id, found.token, found.seat, name, [name]);
  } catch (err) {
    $("quick").disabled = false;
    status(`No quick match: ${err.message}`, true);
  }
}

try { $("my-name").value = localStorage.getItem(NAME) || ""; } catch { /* private window */ }
$("new-form").onsubmit = create;
$("quick-form").onsubmit = quick;
async function identified() {
  me = await showIdentity($("identity"), identified);
  $("plain-name").hidden = Boolean(me);
  document.body.dataset.identity = me ? me.name : "";
}
identified().catch((err) => status(`This browser's identity cannot be read: ${err.message}`, true));
refresh();
