// The ratings page: GET /api/ratings (what `rr ratings --json` prints over the logs listed
// below), a player's history (#player=NAME), the rated games' logs. Asked again every few
// seconds, so a game that ends shows without a reload.
import {api, el} from "/static/common.js";

const $ = (id) => document.getElementById(id);
const fixed = (x) => x.toFixed(2);

function playerLink(name) {
  return el("a", {href: `#player=${encodeURIComponent(name)}`}, name);
}

async function history(name) {
  if (!name) { $("history").hidden = true; return; }
  try {
    const found = await api("GET", `/api/ratings/players/${encodeURIComponent(name)}`);
    if (!found.rating) {
      $("history-title").textContent = `${found.name}: no rated game yet`;
      $("history").querySelector("tbody").replaceChildren();
      $("history").hidden = false;
      return;
    }
    const counts = Object.entries(found.by_players || {});
    const apart = counts.length > 1 ? ` (${counts.map(([n, r]) => `${n} players: ${fixed(r.mu)} ± ${fixed(r.sigma)}`).join("; ")})` : "";
    $("history-title").textContent = `${found.name}: ${fixed(found.rating.mu)} ± ${fixed(found.rating.sigma)} after ${found.rating.games} game${found.rating.games === 1 ? "" : "s"}${apart}`;
    $("history").querySelector("tbody").replaceChildren(...found.history.map((s) => el("tr", {},
      el("td", {}, s.game), el("td", {class: "num"}, s.players), el("td", {class: "num"}, s.rank),
      el("td", {class: "num"}, fixed(s.mu)), el("td", {class: "num"}, fixed(s.sigma)))));
    $("history").hidden = false;
  } catch (err) {
    $("history").hidden = true;
    $("status").textContent = `No history: ${err.message}`;
  }
}

function ratingRows(ratings) {
  return ratings.map((r, i) => el("tr", {"data-name": r.name},
    el("td", {}, i + 1), el("td", {}, playerLink(r.name)), el("td", {class: "num mu"}, fixed(r.mu)),
    el("td", {class: "num"}, fixed(r.sigma)), el("td", {class: "num"}, r.games)));
}

// The ratings of each player count apart, shown once games of more than one count are rated
// (with one count, they are the table above).
function byPlayers(counts) {
  const shown = Object.keys(counts || {}).length > 1;
  $("by-players").hidden = !shown;
  if (!shown) { $("by-players-tables").replaceChildren(); return; }
  $("by-players-tables").replaceChildren(...Object.entries(counts).map(([n, table]) =>
    el("table", {class: "lobby ratings", "data-players": n},
      el("caption", {}, `${n} players: ${table.games} game${table.games === 1 ? "" : "s"}`),
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "player"),
        el("th", {class: "num"}, "mu"), el("th", {class: "num"}, "sigma"), el("th", {class: "num"}, "games"))),
      el("tbody", {}, ...ratingRows(table.ratings)))));
}

async function refresh() {
  try {
    const table = await api("GET", "/api/ratings");
    $("rated-count").textContent = `${table.games} rated game${table.games === 1 ? "" : "s"}`;
    $("ratings").querySelector("tbody").replaceChildren(...ratingRows(table.ratings));
    byPlayers(table.by_players);
    const rated = await api("GET", "/api/rated");
    $("rated-logs").replaceChildren(...rated.games.map((g) => el("li", {},
      el("a", {href: g.log, download: g.file}, g.file))));
    document.body.dataset.games = String(table.games);
    await history(new URLSearchParams(location.hash.slice(1)).get("player"));
  } catch (err) {
    $("status").textContent = `The ratings cannot be read: ${err.message}`;
  }
  setTimeout(refresh, 3000);
}

window.addEventListener("hashchange", () => history(new URLSearchParams(location.hash.slice(1)).get("player")));
refresh();
