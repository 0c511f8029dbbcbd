// What both pages share: the API, the card catalogue, drawing cards and the board.
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

/** Card ids in an option's or a line's text, replaced by the cards' names. */
export function named(text) {
  return text.replace(/\b[a-z][a-z0-9_]*\b/g, (w) => (catalogue && catalogue[w] && w.length > 2
                                                      ? catalogue[w].name : w));
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A card face: name, colour as a word and an icon (never colour alone), core value. */
export function cardFace(id, {faceDown = false, mine = false} = {}) {
  if (id === "?") {
    return el("span", {class: "card back", title: "a face-down card", "data-card": "?"},
              el("span", {class: "cname"}, "face down"));
  }
  const card = catalogue ? catalogue[id] : null;
  const colour = card ? card.color : "gray";
  const title = card ? [card.name, `${colour} ${card.role || ""}`.trim(),
                        ...card.texts.map((t) => `${t.kind}: ${t.text}`)].join("\n") : id;
  return el("span", {class: `card c-${colour}${faceDown ? " known-down" : ""}`, title,
                     "data-card": id},
            el("span", {class: "cname"}, card ? card.name : id),
            el("span", {class: "ccol"}, `${COLOURS[colour] || ""} ${colour}`),
            card ? el("span", {class: "cval"}, card.core_value) : null,
            faceDown ? el("span", {class: "flag"}, mine ? "face down · known to you" : "face down")
                     : null);
}

/** The board of a view: players, locations with their stacks, deck and banished pile. */
export function board(view, faceDown, {hands = null} = {}) {
  const players = el("table", {class: "players"},
    el("thead", {}, el("tr", {}, ["player", "house", "hand", "Helium", "Fleet", "Influence",
                                  "turns", ""].map((h) => el("th", {}, h)))),
    el("tbody", {}, view.players.map((p, seat) => el("tr", {
        class: seat === view.seat ? "me" : null, "data-seat": seat},
      el("td", {}, p.name, seat === view.seat ? " (you)" : ""),
      el("td", {}, p.house || "—"),
      el("td", {}, p.hand_size),
      el("td", {}, p.helium),
      el("td", {}, fleetTrack(p.fleet)),
      el("td", {}, p.influence),
      el("td", {}, p.turns),
      el("td", {}, p.sovereign ? el("span", {class: "badge sovereign"}, "♛ Sovereign") : null,
         p.first_player ? el("span", {class: "badge"}, "first player") : null,
         view.turn_seat === seat ? el("span", {class: "badge turn"}, "▶ turn") : null)))));
  const locations = el("div", {class: "locations"}, view.locations.map(([loc, stack], i) =>
    el("section", {class: "location", "data-location": loc},
       el("h3", {}, LOCATION_NAMES[loc] || loc, el("small", {}, ` ${stack.length} cards`)),
       el("div", {class: "stack"}, stack.map((id, depth) => cardFace(id, {
         faceDown: faceDown && faceDown[i] ? faceDown[i][depth] && id !== "?" : false,
         mine: true}))))));
  const extra = [
    el("span", {}, `Deck: ${view.deck_size} cards`),
    el("span", {}, `Neutral Influence: ${view.neutral_influence}`),
    el("span", {}, `Phase: ${view.phase}`),
    view.end_triggered_by !== null && view.end_triggered_by !== undefined
      ? el("span", {class: "badge"}, `end triggered by ${view.players[view.end_triggered_by].name}`)
      : null,
  ];
  const banished = el("div", {class: "banished"}, el("h3", {}, `Banished (${view.banished.length})`),
                      el("div", {class: "stack"}, view.banished.map((id) => cardFace(id))));
  const parts = [el("div", {class: "scroll"}, players), el("div", {class: "facts"}, extra),
                 locations, banished];
  if (view.solo) parts.push(soloPanel(view.solo));
  if (hands) {
    parts.push(el("div", {class: "hands"}, hands.map((hand, seat) => hand === null ? null : el("section", {"data-seat": seat},
      el("h3", {}, `${view.players[seat].name}'s hand`),
      el("div", {class: "stack"}, hand.map((id) => cardFace(id)))))));
  }
  return el("div", {class: "board"}, parts);
}

function fleetTrack(fleet) {
  const cells = [];
  for (let i = 1; i <= 10; i++) cells.push(el("span", {class: i <= fleet ? "on" : ""}));
  return el("span", {class: "fleet", title: `Fleet ${fleet} of 10`}, fleet, " ",
            el("span", {class: "track", "aria-hidden": "true"}, cells));
}

function soloPanel(solo) {
  return el("div", {class: "solo"},
    el("h3", {}, `Tull Au Toma — level ${solo.level}`),
    el("span", {}, `priority: ${solo.priority.map(([l, p]) => `${LOCATION_NAMES[l]} ${p}`).join(", ")}`),
    el("span", {}, ` · her deck ${solo.deck_size}, set aside ${solo.set_aside}`),
    solo.parity ? el("span", {}, ` · ${solo.parity}`) : null);
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
