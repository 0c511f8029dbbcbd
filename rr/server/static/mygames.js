// The games this browser holds seats in, kept in localStorage with their links, so that a
// lost tab is not a lost seat. Each entry: {id, token, seat, label, players, config?, at}.
// The token is the seat's secret: it stays in this browser, as it did in the link.
const KEY = "rr.games";
const MOST = 50;

export function listGames() {
  try {
    const games = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(games) ? games : [];
  } catch {
    return [];
  }
}

function save(games) {
  try {
    localStorage.setItem(KEY, JSON.stringify(games.slice(0, MOST)));
  } catch {
    // Storage full or refused (a private window): the links still work, unlisted.
  }
}

export function gameEntry(id, token) {
  return listGames().find((g) => g.id === id && g.token === token) || null;
}

/** Add or update the seat (newest first); what an earlier entry knew (its config) stays. */
export function rememberGame(entry) {
  const games = listGames();
  const old = games.find((g) => g.id === entry.id && g.token === entry.token);
  const others = games.filter((g) => g !== old);
  save([{...(old || {}), ...entry, at: old ? old.at : Date.now()}, ...others]);
}

export function forgetGame(id, token) {
  save(listGames().filter((g) => !(g.id === id && g.token === token)));
}
