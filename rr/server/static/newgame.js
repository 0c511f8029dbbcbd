// The start page: the games this browser holds seats in, and a new game (its players, bots
// or open seats, solo, the ruleset from named options, a practice seed). Its creator goes to
// their seat; a game of bots only shows the links to watch.
import {api, el} from "/static/common.js";
import {canSign} from "/static/keys.js";
import {forgetGame, listGames, rememberGame} from "/static/mygames.js";
import {invitationLink} from "/static/invite.js";
import {clear, sayer} from "/static/messages.js";
import {state} from "/static/store.js";

const $ = (id) => document.getElementById(id);
const AGENTS = [["person", "a person"], ["open", "open: whoever takes the invitation"],
                ["random", "random bot"], ["greedy", "greedy bot"]];
const tellCreate = sayer("create");

// --- the start page: your games, a new game -------------------------------------------------

function seatRow(index, name, agent) {
  const input = el("input", {class: "name", value: name, "aria-label": `player ${index + 1}'s name`,
                             maxlength: 40, required: true});
  const select = el("select", {class: "agent", "aria-label": `player ${index + 1} is`},
    AGENTS.map(([value, text]) => el("option", {value, selected: value === agent}, text)));
  // An open seat needs no name: whoever takes it names it.
  select.addEventListener("change", () => {
    const open = select.value === "open";
    input.disabled = open;
    input.required = !open;
    input.placeholder = open ? "named by whoever takes it" : "";
  });
  return el("li", {}, input, select);
}

async function showGames() {
  const games = listGames();
  $("no-games").hidden = games.length > 0;
  $("game-list").replaceChildren(...games.map((g) => {
    const turn = el("span", {class: "whose"}, "…");
    const item = el("li", {"data-game": g.id},
      el("a", {href: `/#game=${encodeURIComponent(g.id)}&token=${encodeURIComponent(g.token)}`,
               class: "game-link"}, `${g.label}`),
      " ", el("small", {class: "muted"}, `game ${g.id}`),
      " ", el("span", {class: "muted"}, g.players ? g.players.join(", ") : ""),
      " ", turn,
      g.invitation ? [" ", el("a", {href: invitationLink(g.id, g.invitation), class: "small invite-link"},
                              "invitation")] : null,
      " ", el("button", {type: "button", class: "small forget",
                         onclick: () => { forgetGame(g.id, g.token); showGames(); }},
              "forget"));
    api("GET", `/api/games/${encodeURIComponent(g.id)}`, {token: g.token}).then((answer) => {
      const pending = answer.view.pending;
      if (answer.over) turn.textContent = "game over";
      else if (pending && pending.seat === answer.seat) {
        turn.textContent = "your turn"; turn.className = "whose yours";
      } else if (pending) turn.textContent = `waiting for ${answer.view.players[pending.seat].name}`;
    }).catch((err) => {
      // A signed game is dealt once every person's seat has joined (issue #29).
      turn.textContent = err.type === "DealPendingError" ? "waiting for players to join"
                                                        : "not found on this server";
    });
    return item;
  }));
}

/** The ruleset's options as boxes, each named and explained (the server's words). */
function showRuleset() {
  $("ruleset-options").replaceChildren(...(state.reference.ruleset || []).map((o) => el("li", {},
    el("label", {},
      el("input", {type: "checkbox", "data-option": o.name, checked: o.official,
                   onchange: rulesetSummary}),
      ` ${o.label}`, o.official ? "" : el("small", {class: "muted"}, " (not official)")),
    el("small", {class: "explain"}, o.explanation))));
}

/** The options set otherwise than the official rules: [{name, label, value}]. */
function rulesetChanges() {
  return (state.reference.ruleset || []).flatMap((o) => {
    const box = document.querySelector(`#ruleset-options [data-option="${o.name}"]`);
    return box && box.checked !== o.official ? [{name: o.name, label: o.label, value: box.checked}] : [];
  });
}

function rulesetSummary() {
  const changed = rulesetChanges();
  $("ruleset-summary").textContent = changed.length
    ? `The official rules, changed: ${changed.map((c) => `${c.label} ${c.value ? "on" : "off"}`).join("; ")}`
    : "The official rules (the rulebook, its FAQ and errata)";
}

export function showCreate() {
  $("create").hidden = false;
  showRuleset();
  document.title = "Red Rising — your games";
  showGames();
  // Six names with six initials: each player's marker on the board is their own.
  const names = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"];
  names.slice(0, 3).forEach((n, i) => $("seats").append(seatRow(i, n, i === 0 ? "person" : "random")));
  $("add-seat").onclick = () => {
    const n = $("seats").children.length;
    if (n < 6) $("seats").append(seatRow(n, names[n], "random"));
  };
  $("remove-seat").onclick = () => {
    if ($("seats").children.length > 1) $("seats").lastElementChild.remove();
  };
  $("another").onclick = () => {
    $("links").hidden = true;
    $("new-game").hidden = false;
    $("create-game").disabled = false;
  };
  $("new-game").onsubmit = async (event) => {
    event.preventDefault();
    if ($("create-game").disabled) return;  // one game per click, however fast the clicks
    const body = gameBody();
    if (!body) return;
    $("create-game").disabled = true;
    try {
      const created = await api("POST", "/api/games", {body});
      rememberCreated(created, body);
      // Its creator goes to their seat (the first person's): the waiting screen and the
      // table hold the links to share.
      const mine = created.seats.find((seat) => seat.token);
      if (mine) {
        location.hash = `game=${encodeURIComponent(created.id)}&token=${encodeURIComponent(mine.token)}`;
        return;
      }
      $("new-game").hidden = true;
      showLinks(created);
      showGames();
      clear("create");
    } catch (err) {
      $("create-game").disabled = false;
      tellCreate(`Cannot create this game: ${err.message}`, true);
    }
  };
}

/** The new game the form asks for, or null (and why, in the status line). */
function gameBody() {
  const rows = [...$("seats").children];
  const body = {players: rows.map((r) => (r.querySelector(".agent").value === "open" ? null
    : r.querySelector(".name").value.trim()))};
  const bots = {};
  const open = [];  // seats left to whoever opens the game's invitation (issue #28)
  rows.forEach((r, i) => {
    const agent = r.querySelector(".agent").value;
    if (agent === "open") open.push(i);
    else if (agent !== "person") bots[String(i)] = agent;
  });
  if ($("solo").checked) {
    // Solo: the first player alone against Tull Au Toma (she takes seat 2 herself).
    body.players = body.players.slice(0, 1);
    body.solo = {level: Number($("level").value)};
  } else if (body.players.length < 2) {
    tellCreate("A game needs 2 to 6 players: add a player, or tick Solo to play alone against Tull Au Toma.", true);
    return null;
  } else if (Object.keys(bots).length) {
    body.bots = bots;
  }
  if (open.length) body.open = $("solo").checked ? open.filter((seat) => seat === 0) : open;
  if (body.open && !body.open.length) delete body.open;
  const changed = rulesetChanges();
  if (changed.length) body.ruleset = changed.map((c) => `${c.name}=${c.value}`).join(",");
  const seed = $("seed").value.trim();
  if (seed) {
    // The seed travels as a string of digits: a JavaScript number would round one above 2^53.
    if (!/^\d{1,19}$/.test(seed) || BigInt(seed) >= 2n ** 63n) {
      tellCreate("The seed is a whole number below 2^63 (or leave it empty for a random, secret one).", true);
      return null;
    }
    body.seed = seed;
    body.practice = true;  // a chosen seed makes a practice game (RR-VIEW-10)
  } else if (canSign()) {
    // Without a practice seed the seats sign their choices and deal together (issue #29).
    body.signed = true;
  }
  return body;
}

function seatLink(id, token) {
  return `${location.origin}/#game=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
}

function rememberCreated(created, body) {
  const players = created.seats.map((s) => s.name);
  const config = {...body};
  delete config.seed;
  delete config.practice;  // a rematch deals anew
  for (const s of created.seats.filter((seat) => seat.token)) {
    rememberGame({id: created.id, token: s.token, seat: s.seat, players, config,
                  invitation: created.invitation || null, spectator: created.spectator,
                  label: `${s.name} (seat ${s.seat + 1})`});
  }
}

function showLinks(created, list = $("link-list")) {
  $("links").hidden = list !== $("link-list");
  list.replaceChildren();
  const entries = created.seats.filter((s) => s.token)
    .map((s) => [`${s.name} (seat ${s.seat + 1})`, s.token, `seat-${s.seat}`]);
  entries.push(["spectator (sees no hand)", created.spectator, "spectator"]);
  for (const [label, token, key] of entries) {
    const url = seatLink(created.id, token);
    list.append(el("li", {},
      el("a", {href: url, class: "seat-link", "data-seat": key}, `play as ${label}`),
      " ", el("input", {readonly: true, value: url, "aria-label": `link for ${label}`, size: 40}),
      " ", el("button", {type: "button", onclick: () => navigator.clipboard?.writeText(url)},
              "copy")));
  }
  const bots = created.seats.filter((s) => s.bot).map((s) => `${s.name} (${s.bot})`);
  if (bots.length) list.append(el("li", {}, `bots: ${bots.join(", ")}`));
  const open = created.seats.filter((s) => s.open).map((s) => `seat ${s.seat + 1}`);
  if (open.length) list.append(el("li", {}, `open, for the invitation: ${open.join(", ")}`));
  if (created.invitation) {
    // One link for the game (issue #28): whoever opens it takes a free seat, named by them.
    const url = invitationLink(created.id, created.invitation);
    list.append(el("li", {class: "invite"},
      el("a", {href: url, class: "invite-link"}, "invitation to the open seats"),
      " ", el("input", {readonly: true, value: url, "aria-label": "the game's invitation link",
                        size: 40}),
      " ", el("button", {type: "button", onclick: () => navigator.clipboard?.writeText(url)},
              "copy"),
      el("p", {class: "hint"}, "One link for the whole game: whoever opens it takes a free "
        + "seat under their own name and gets that seat's link; it shows no hand. The game "
        + "is dealt once every seat is taken.")));
  }
}
