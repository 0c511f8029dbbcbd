// The web table: create a game, hand out one link per seat, play a seat.
// The seat's token lives in the URL fragment (#game=ID&token=T): never sent to the server
// as part of a URL, it goes only in the Authorization header (and the WebSocket's query).
// Every answer the page gets — the GET, a choice's POST, each WebSocket message — is the
// seat's answer (rr.seat_answer): the view, the pending decision as this seat is shown it, the
// new records with their lines of story, and at the end the scorepad.
import {api, board, cardFace, el, fragment, loadCards, named, scorepad}
  from "/static/common.js";
import {canSign, joinSeat, signChoice} from "/static/keys.js";

const $ = (id) => document.getElementById(id);
const AGENTS = [["person", "a person"], ["random", "random bot"], ["greedy", "greedy bot"]];

let game = null;          // {id, token}
let current = null;       // the newest seat answer shown
let storyFrom = 0;        // the next record the story has not told
let socket = null;
let choosing = false;

function status(text, error = false) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

// --- creating -----------------------------------------------------------------------------

function seatRow(index, name, agent) {
  return el("li", {},
    el("input", {class: "name", value: name, "aria-label": `player ${index + 1}'s name`,
                 maxlength: 40, required: true}),
    el("select", {class: "agent", "aria-label": `player ${index + 1} is`},
       AGENTS.map(([value, text]) => el("option", {value, selected: value === agent}, text))));
}

function showCreate() {
  $("create").hidden = false;
  const names = ["Ana", "Bo", "Cy"];
  names.forEach((n, i) => $("seats").append(seatRow(i, n, i === 0 ? "person" : "random")));
  $("add-seat").onclick = () => {
    const n = $("seats").children.length;
    if (n < 6) $("seats").append(seatRow(n, `Player ${n + 1}`, "random"));
  };
  $("remove-seat").onclick = () => {
    if ($("seats").children.length > 1) $("seats").lastElementChild.remove();
  };
  $("new-game").onsubmit = async (event) => {
    event.preventDefault();
    const rows = [...$("seats").children];
    const body = {players: rows.map((r) => r.querySelector(".name").value.trim())};
    const bots = {};
    rows.forEach((r, i) => {
      const agent = r.querySelector(".agent").value;
      if (agent !== "person") bots[String(i)] = agent;
    });
    if ($("solo").checked) {
      // Solo: the first player alone against Tull Au Toma (she takes seat 2 herself).
      body.players = body.players.slice(0, 1);
      body.solo = {level: Number($("level").value)};
    } else if (Object.keys(bots).length) {
      body.bots = bots;
    }
    if ($("ruleset").value.trim()) body.ruleset = $("ruleset").value.trim();
    // Without a practice seed the seats sign their choices and deal together (issue #29).
    if (!$("seed").value.trim() && canSign()) body.signed = true;
    if ($("seed").value.trim()) {
      // Up to 15 digits: a JavaScript number holds them exactly (below 2^53).
      if (!/^\d{1,15}$/.test($("seed").value.trim())) {
        status("The seed is a whole number of up to 15 digits (or leave it empty for a random, secret one).", true);
        return;
      }
      body.seed = Number($("seed").value.trim());
      body.practice = true;  // a chosen seed makes a practice game (RR-VIEW-10)
    }
    try {
      showLinks(await api("POST", "/api/games", {body}));
      status("");
    } catch (err) {
      status(`Cannot create this game: ${err.message}`, true);
    }
  };
}

function showLinks(created) {
  $("links").hidden = false;
  $("link-list").replaceChildren();
  const entries = created.seats.filter((s) => s.token)
    .map((s) => [`${s.name} (seat ${s.seat + 1})`, s.token, `seat-${s.seat}`]);
  entries.push(["spectator (sees no hand)", created.spectator, "spectator"]);
  for (const [label, token, key] of entries) {
    const url = `${location.origin}/#game=${encodeURIComponent(created.id)}&token=${encodeURIComponent(token)}`;
    $("link-list").append(el("li", {},
      el("a", {href: url, class: "seat-link", "data-seat": key}, `play as ${label}`),
      " ", el("input", {readonly: true, value: url, "aria-label": `link for ${label}`, size: 50}),
      " ", el("button", {type: "button", onclick: () => navigator.clipboard?.writeText(url)},
              "copy")));
  }
  const bots = created.seats.filter((s) => !s.token).map((s) => `${s.name} (${s.bot})`);
  if (bots.length) $("link-list").append(el("li", {}, `bots: ${bots.join(", ")}`));
}

// --- playing ------------------------------------------------------------------------------

async function refresh() {
  try {
    show(await api("GET", `/api/games/${game.id}?since=${storyFrom}`, {token: game.token}));
  } catch (err) {
    status(`Cannot show this game: ${err.message}`, true);
  }
}

function show(answer) {
  tell(answer.new);
  // An older push, or the same state again (the push that follows our own choice): keep the
  // page as it is, so the option the keyboard is on keeps its focus.
  if (current && answer.records <= current.records) return;
  current = answer;
  const view = answer.view;
  $("game").hidden = false;
  const me = answer.seat === null ? "a spectator" : view.players[answer.seat].name;
  $("whoami").textContent = `Game ${game.id} — you are ${me}`;
  $("counts").textContent = `${answer.records} records · decision ${answer.decision}`;
  showDecision(answer);
  $("hand-section").hidden = answer.seat === null;
  $("hand").replaceChildren(...(view.hand || []).map((id) => cardFace(id)));
  $("known").replaceChildren(...(view.known_elsewhere.length ? [el("p", {}, "You also know: ",
    view.known_elsewhere.map((k) => el("span", {class: "known"}, cardFace(k.card),
      k.zone.kind === "deck" ? ` (deck, ${k.depth} from the top)`
                             : ` (${view.players[k.zone.seat]?.name ?? "?"}'s hand)`)))] : []));
  $("board").replaceChildren(board(view, answer.face_down, {hands: view.final_hands}));
  if (answer.over) showEnd(answer);
}

// The records an answer brings, each with its line: the story goes on from the first record
// not yet told (an answer may repeat some: the POST and the push of one choice).
function tell(records) {
  for (const told of records) {
    if (told.record < storyFrom) continue;
    $("story").append(el("li", {value: told.record, "data-record": told.record}, named(told.text)));
    storyFrom = told.record + 1;
  }
  const box = $("story");
  box.scrollTop = box.scrollHeight;
}

// An option in people's words: a player by name (the JSON's seat counts from 0, people from
// 1, and the text says "player 2"), a card by its printed name.
function optionText(option, view) {
  const [kind, value] = option.option;
  if (kind === "player" && view.players[value.seat]) return view.players[value.seat].name;
  return named(option.text);
}

function showDecision(answer) {
  const pending = answer.view.pending;
  const list = $("options");
  list.replaceChildren();
  if (!pending) {
    $("prompt").textContent = "The game is over";
    $("decision-note").textContent = "";
    $("decision").querySelector(".hint").hidden = true;
    return;
  }
  const mine = pending.options !== null;
  const player = answer.view.players[pending.seat].name;
  $("prompt").textContent = mine ? `Your decision: ${pending.prompt}`
                                 : `Waiting for ${player}: ${pending.prompt}`;
  $("decision-note").textContent = `asked by ${named(pending.source[1])}`;
  $("decision").className = mine ? "yours" : "";
  if (!mine) return;
  pending.options.forEach((option, i) => {
    const button = el("button", {type: "button", class: "option", "data-index": i,
                                 "data-action": option.action},
      el("span", {class: "key"}, i < 10 ? String((i + 1) % 10) : ""),
      optionText(option, answer.view));
    button.onclick = () => choose(option.action, answer.decision);
    list.append(el("li", {}, button));
  });
}

async function choose(action, decision) {
  if (choosing) return;
  choosing = true;
  document.querySelectorAll("button.option").forEach((b) => { b.disabled = true; });
  try {
    const signed = await signChoice(game, action);
    show(await api("POST", `/api/games/${game.id}/choose`,
                   {token: game.token, body: {action, decision, ...signed}}));
    status("");
    document.querySelector("button.option")?.focus();
  } catch (err) {
    status(`${err.message}${err.rule ? ` [${err.rule}]` : ""}`, true);
    await refresh();
  } finally {
    choosing = false;
    document.querySelectorAll("button.option").forEach((b) => { b.disabled = false; });
  }
}

let ended = false;
function showEnd(answer) {
  if (ended) return;
  ended = true;
  $("end").hidden = false;
  $("open-replay").href = `/replay#game=${encodeURIComponent(game.id)}&token=${encodeURIComponent(game.token)}`;
  $("scorepad").replaceChildren(scorepad(answer.scorepad, answer.view));
  $("download").onclick = async () => {
    // The log is fetched only to be saved: the scorepad came with the last answer.
    const response = await fetch(`/api/games/${game.id}/log`,
                                 {headers: {authorization: `Bearer ${game.token}`}});
    if (!response.ok) {
      status(`Cannot download the log (HTTP ${response.status})`, true);
      return;
    }
    const link = el("a", {href: URL.createObjectURL(await response.blob()),
                          download: `${game.id}.rrlog`});
    document.body.append(link);
    link.click();
    link.remove();
  };
}

function connect(attempt = 0) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // From the first record not yet told: each message then brings the records since the last.
  socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(game.id)}/ws?token=${encodeURIComponent(game.token)}&since=${storyFrom}`);
  socket.onopen = () => { attempt = 0; };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.error) status(`Live updates refused: ${data.error.message}`, true);
    else show(data);
  };
  socket.onclose = (event) => {
    if (event.code >= 4000 || (current && current.over)) return;
    setTimeout(() => connect(attempt + 1), Math.min(10000, 500 * 2 ** attempt));
  };
}

function keys(event) {
  if (event.target.matches("input, select, textarea")) return;
  const buttons = [...document.querySelectorAll("button.option")];
  if (!buttons.length) return;
  const at = buttons.indexOf(document.activeElement);
  let next = null;
  if (/^[0-9]$/.test(event.key)) next = (Number(event.key) + 9) % 10;
  else if (event.key === "ArrowDown" || event.key === "ArrowRight") next = at < 0 ? 0 : Math.min(at + 1, buttons.length - 1);
  else if (event.key === "ArrowUp" || event.key === "ArrowLeft") next = at < 0 ? 0 : Math.max(at - 1, 0);
  if (next !== null && next < buttons.length) {
    event.preventDefault();
    buttons[next].focus();
  }
}

async function start() {
  await loadCards();
  const params = fragment();
  if (params.get("game") && params.get("token")) {
    game = {id: params.get("game"), token: params.get("token")};
    document.addEventListener("keydown", keys);
    try {
      await joinSeat(game, status);
    } catch (err) {
      status(`Cannot take this seat: ${err.message}`, true);
    }
    await refresh();
    connect();
  } else {
    showCreate();
  }
}

window.addEventListener("hashchange", () => location.reload());
start();
