// Before the deal, and sharing a game: the host's waiting screen.
//
// A game with open seats (or a signed game) is dealt once every seat is taken (and every key
// registered). Until then the seat's page shows, live (keys.js asks every second): the
// invitation link with a copy button, the links of the other seats this browser holds, and
// who has joined. Once dealt, the same links stay one click away ("invite & share"), folded.
import {el} from "/static/common.js";
import {listGames} from "/static/mygames.js";
import {invitationLink} from "/static/invite.js";

const $ = (id) => document.getElementById(id);

function seatLink(id, token) {
  return `${location.origin}/#game=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
}

function copyable(label, url, attrs) {
  return el("li", {},
    el("a", {href: url, ...attrs}, label), " ",
    el("input", {readonly: true, value: url, size: 32, "aria-label": `link: ${label}`}), " ",
    el("button", {type: "button", class: "small copy",
                  onclick: (event) => {
                    navigator.clipboard?.writeText(url);
                    event.target.textContent = "copied";
                  }}, "copy"));
}

/** The links this browser holds for ``game`` besides its own seat's: the invitation, the
 * other seats', the spectator's. ``null`` if none. */
export function shareLinks(game) {
  const held = listGames().filter((g) => g.id === game.id);
  const invitation = held.map((g) => g.invitation).find(Boolean);
  const spectator = held.map((g) => g.spectator).find(Boolean);
  const items = [];
  if (invitation) {
    items.push(copyable("the invitation, for the open seats", invitationLink(game.id, invitation),
                        {class: "invite-link"}));
  }
  for (const g of held.filter((g) => g.token !== game.token)) {
    items.push(copyable(`${g.label}'s seat`, seatLink(game.id, g.token),
                        {class: "seat-link", "data-seat": `seat-${g.seat}`}));
  }
  if (spectator) {
    items.push(copyable("a spectator (sees no hand)", seatLink(game.id, spectator),
                        {class: "seat-link", "data-seat": "spectator"}));
  }
  return items.length ? el("ul", {class: "share-links"}, items) : null;
}

function who(s, seat) {
  if (s.seat === seat) return [el("strong", {}, s.name), " (you)"];
  if (s.bot) return [s.name, ` — ${s.bot} bot`];
  if (s.name === null) return ["free — for whoever opens the invitation"];
  return [s.name, s.joined ? " — joined" : " — not here yet"];
}

/** The waiting screen for ``seat`` (GET .../seat's answer), or hide it (``seat``: null). */
export function showWaiting(game, seat) {
  const box = $("waiting");
  if (!seat) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const said = JSON.stringify([seat.players, seat.practice]);
  if (box.dataset.said === said) return;  // nothing new: the screen stays as it is
  box.dataset.said = said;
  const players = seat.players || [];
  const missing = players.filter((s) => !s.bot && !s.joined).length;
  $("waiting-text").textContent = missing
    ? `The game is dealt once every player is here: ${missing} to come. This page goes on by itself.`
    : "Everyone is here: dealing…";
  $("waiting-practice").hidden = !seat.practice;
  $("waiting-practice").textContent = seat.practice ? seat.practice.words : "";
  $("waiting-seats").replaceChildren(...players.map((s) =>
    el("li", {"data-seat": s.seat, class: s.joined ? "joined" : "free"},
       `Seat ${s.seat + 1}: `, ...who(s, seat.seat))));
  if (!$("waiting-share").dataset.drawn) {  // drawn once: a copy's focus stays
    $("waiting-share").dataset.drawn = "1";
    const links = shareLinks(game);
    $("waiting-share").replaceChildren(...(links ? [el("h3", {}, "Send these links"),
      links, el("p", {class: "hint"}, "The invitation seats whoever opens it, under their own "
        + "name; a seat's link is that seat's alone.")] : []));
  }
}

/** Once dealt: the links to share, folded in the side (if this browser holds any). */
export function shareLater(game) {
  const links = shareLinks(game);
  const box = $("share");
  if (!box || !links) return;
  box.hidden = false;
  box.querySelector(".share-body").replaceChildren(links);
}
