// The game's invitation (issue #28): one link per game, #game=ID&invite=I, for the seats its
// creator left open. The page shows the seats (names only: an invitation opens no hand) and
// takes a free one under the name typed; the seat's own link is then this browser's, kept
// under "Your games" like any other, and the page goes to it. The invitation goes to the
// server only in the Authorization header (or, taken as this browser's identity, in the
// request's body), never in a URL.
import {api, el} from "/static/common.js";
import {rememberGame} from "/static/mygames.js";
import {identity, session} from "/static/identity.js";

const $ = (id) => document.getElementById(id);

export function invitationLink(id, invitation) {
  return `${location.origin}/#game=${encodeURIComponent(id)}&invite=${encodeURIComponent(invitation)}`;
}

function seatLine(s) {
  const who = s.name === null ? "free — yours if you take it"
    : s.bot ? `${s.name} (${s.bot} bot)` : s.open ? `${s.name} (joined by invitation)` : s.name;
  return el("li", {"data-seat": s.seat, class: s.name === null ? "free" : null},
            `Seat ${s.seat + 1}: ${who}`);
}

function draw(answer, id) {
  $("join-seats").replaceChildren(...answer.seats.map(seatLine));
  $("join-form").hidden = answer.full;
  $("join-text").textContent = answer.full
    ? "Every seat of this game is taken: this invitation cannot seat anyone any more."
    : `${answer.free.length} open seat${answer.free.length === 1 ? "" : "s"} free. Type your name and take one.`;
  // A practice game says so before a seat is taken: its creator can know every card.
  $("join-practice").hidden = !answer.practice;
  $("join-practice").textContent = answer.practice ? answer.practice.words : "";
  // A full game can still be watched (the spectator's view: no hand).
  $("join-watch").replaceChildren(...(answer.full && answer.watch ? [el("a", {
    class: "watch-link primary-link",
    href: `/#game=${encodeURIComponent(id)}&token=${encodeURIComponent(answer.watch)}`},
    "watch the game"), " (as a spectator: you see the table, no hand)"] : []));
  if (!answer.full) $("join-name").focus();
  identity().then((me) => {  // a browser with an identity plays under its name
    if (me) { $("join-name").value = me.name; $("join-name").readOnly = true; }
  }).catch(() => {});
}

export async function showInvitation(id, invitation, status) {
  document.title = "Red Rising — join a game";
  $("join").hidden = false;
  const path = `/api/games/${encodeURIComponent(id)}/invitation`;
  try {
    draw(await api("GET", path, {token: invitation}), id);
  } catch (err) {
    $("join-text").textContent = "";
    status(`This invitation cannot be read: ${err.message}`, true);
    return;
  }
  $("join-form").onsubmit = async (event) => {
    event.preventDefault();
    if ($("take-seat").disabled) return;  // one seat per click, however fast the clicks
    $("take-seat").disabled = true;
    try {
      // A browser holding a player's identity takes the seat as it (identity.js).
      const me = await session();
      const taken = me
        ? await api("POST", `${path}/identity`, {token: me.token, body: {invitation}})
        : await api("POST", path, {token: invitation, body: {name: $("join-name").value.trim()}});
      const players = taken.seats.map((s) => s.name || `seat ${s.seat + 1}`);
      rememberGame({id, token: taken.token, seat: taken.seat, players,
                    label: `${taken.name} (seat ${taken.seat + 1})`});
      location.hash = `game=${encodeURIComponent(id)}&token=${encodeURIComponent(taken.token)}`;
    } catch (err) {
      $("take-seat").disabled = false;
      status(`Cannot take a seat: ${err.message}`, true);
      if (err.type === "SeatTakenError") draw(await api("GET", path, {token: invitation}), id);
    }
  };
}
