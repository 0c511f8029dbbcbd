// What both pages share: the API, the card catalogue, the scorepad (the board, cards and
// players are drawn by tableboard.js, on the table and in the replay viewer alike).
// Plain ES modules, no build step. Every string from the server goes in with textContent
// (never innerHTML), so a player's name cannot inject markup.

export const COLOURS = {
  blue: "◆", brown: "■", copper: "●", gold: "★", gray: "◐", green: "♣", obsidian: "▲",
  orange: "✚", pink: "♥", red: "✖", silver: "☾", violet: "✦", white: "○", yellow: "☀",
};
export const LOCATION_NAMES = {jupiter: "Jupiter", mars: "Mars", luna: "Luna",
                               institute: "The Institute"};

let catalogue = null;

export async function api(method, path, {token = null, body = undefined} = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {method, headers,
                                      body: body === undefined ? undefined : JSON.stringify(body)});
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch { data = null; }
  if (!response.ok) {
    const error = data && data.error ? data.error : {type: "HTTP " + response.status,
                                                     message: text.slice(0, 200)};
    const err = new Error(error.message);
    err.type = error.type; err.rule = error.rule; err.status = response.status;
    throw err;
  }
  return data;
}

export async function loadCards() {
  if (!catalogue) {
    catalogue = {};
    for (const card of await api("GET", "/api/cards")) catalogue[card.id] = card;
  }
  return catalogue;
}

/** A card of the catalogue (id, name, color, core_value, role, texts), or null. */
export function cardOf(id) {
  return catalogue && catalogue[id] ? catalogue[id] : null;
}

export function cardName(id) {
  return catalogue && catalogue[id] ? catalogue[id].name : id;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) { node.addEventListener(key.slice(2), value); node.__listens = true; }
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A seat answer's scorepad (one column a player), its winners named from the view. */
export function scorepad(pad, view) {
  if (!pad) return null;
  const rows = Object.keys(pad[0].rows).filter((row) => row !== "total");
  const winners = (view.winners || []).map((seat) => view.players[seat].name);
  return el("table", {class: "scorepad"},
    el("thead", {}, el("tr", {}, el("th", {}, ""), pad.map((p) => el("th", {}, p.name)))),
    el("tbody", {},
      rows.map((row) => el("tr", {}, el("th", {}, row),
                           pad.map((p) => el("td", {}, p.rows[row])))),
      el("tr", {class: "total"}, el("th", {}, "total"), pad.map((p) => el("td", {}, p.rows.total)))),
    el("caption", {}, `Won by ${winners.join(" and ")}`));
}

export function fragment() {
  return new URLSearchParams(location.hash.slice(1));
}

export function base64Of(buffer) {
  const bytes = new Uint8Array(buffer);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}
