// The scorepad of a physical game, phone first: the hands typed by card name, the tokens, the
// board and banished pile; scored by the server (POST /api/score: rr score --json), with a line
// per card. Or a shared table under a short code (/api/score/tables): each player enters their
// own hand on their own phone and every phone shows the scorepad once all are in.
// Everything typed is kept in this browser (localStorage) and never cleared by a mistake; the
// card list is loaded once and kept too, so a table with a poor connection sends small requests
// only. Every string goes in with textContent (never innerHTML).
import {COLOURS, LOCATION_NAMES, api, el} from "/static/common.js";

const $ = (id) => document.getElementById(id);
const SAVED = "rr-scorepad";
const CARDS = "rr-scorepad-cards";
const LOCATIONS = ["jupiter", "mars", "luna", "institute"];
const ROWS = {cards: "Cards (VP + abilities)", fleet: "Fleet Track", helium: "Helium (3 VP each)",
              sovereignty: "Sovereignty (10 VP)", influence: "Influence (4/2/1 VP each)",
              excess: "Excess cards (-10 VP each > 7)"};
const LEVELS = {1: "High Red", 2: "Stained (normal)", 3: "Lurcher", 4: "Master Maker", 5: "Carver",
                6: "Peerless Scarred"};
const AU_TOMA = "Tull Au Toma";
const MAX = {helium: 999, fleet: 10, influence: 10};
const TRACKS = {helium: "Helium", fleet: "Fleet Track", influence: "Influence"};
// The end-game texts that read the cards on the locations, and the banished pile (the scorer's
// readers exactly: tests/server/test_score_api.py checks these against it).
const READS_LOCATIONS = /on all locations|top card|location with no cards/i;
const READS_BANISHED = /banish/i;

let cards = {};          // id -> {id, name, color, core_value, texts}
let byWord = {};         // lower-case id or name -> id
let state = fresh();
let polling = 0;         // the shared table's poll loop (its number: a newer one stops it)
let shared = null;       // the shared table as the server last showed it
let appliedBoard = null; // the shared table's board as this phone last took it (JSON)

function fresh() {
  return {count: "4", names: ["", "", "", "", "", ""], players: [0, 1, 2, 3, 4, 5].map(blank),
          sovereign: -1, automa: {level: 2, odd_even: "even"}, neutral: "3",
          board: {jupiter: [], mars: [], luna: [], institute: []}, banished: [], table: null};
}

function blank() {
  return {hand: [], helium: "0", fleet: "0", influence: "0", extra: {}, declare: {}};
}

function save() {
  try { localStorage.setItem(SAVED, JSON.stringify(state)); } catch { /* private mode */ }
}

function restore() {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVED) || "null");
    if (saved && saved.players && saved.board) state = {...fresh(), ...saved};
  } catch { /* nothing kept */ }
}

async function loadCatalogue() {
  let list = null;
  try { list = JSON.parse(localStorage.getItem(CARDS) || "null"); } catch { list = null; }
  if (!Array.isArray(list) || !list.length) {
    list = await api("GET", "/api/cards");
    try { localStorage.setItem(CARDS, JSON.stringify(list)); } catch { /* private mode */ }
  }
  cards = {}; byWord = {};
  for (const card of list) {
    cards[card.id] = card;
    byWord[card.id] = card.id;
    byWord[card.name.toLowerCase()] = card.id;
  }
}

// --- the players and what they hold ----------------------------------------------------------

const solo = () => state.count === "solo";
const seats = () => (solo() ? 2 : Number(state.count));
const mine = () => (state.table && state.table.seat !== null ? state.table.seat : null);

function names() {
  if (shared) return shared.players.map((p) => p.name);
  return [...Array(seats()).keys()].map((i) => (solo() && i === 1 ? AU_TOMA
    : (state.names[i] || "").trim() || `Player ${i + 1}`));
}

function cardText(card, kind) {
  const found = card.texts.find((t) => t.kind === kind);
  return found ? found.text : "";
}

function matches(typed) {
  const words = typed.trim().toLowerCase();
  if (!words) return [];
  const all = Object.values(cards);
  const rank = (c) => {
    const name = c.name.toLowerCase();
    if (name === words) return 0;
    if (name.startsWith(words)) return 1;
    if (name.split(/\s+/).some((w) => w.startsWith(words))) return 2;
    return name.includes(words) ? 3 : 9;
  };
  return all.map((c) => [rank(c), c]).filter(([r]) => r < 9)
    .sort((a, b) => a[0] - b[0] || a[1].name.localeCompare(b[1].name))
    .slice(0, 8).map(([, c]) => c);
}

function cardLabel(card) {
  return `${card.name} · ${COLOURS[card.color] || ""} ${card.color} · core ${card.core_value}`;
}

let pickers = 0;

/** A pile of cards typed by name: a combobox suggesting matches as you type (with colour and
 * core value), the cards chosen as chips to take out again. `list()` reads the pile's entries,
 * `put(entries)` replaces them; an entry is a card id or {card, face_down}. */
function pile(label, list, put, {faceDown = false} = {}) {
  const n = ++pickers;
  const input = el("input", {type: "text", id: `pick-${n}`, class: "pick", role: "combobox",
                             "aria-autocomplete": "list", "aria-expanded": "false",
                             "aria-controls": `pick-${n}-list`, autocomplete: "off",
                             autocapitalize: "words", spellcheck: "false",
                             placeholder: "type a card's name"});
  const options = el("ul", {id: `pick-${n}-list`, role: "listbox", class: "matches",
                            "aria-label": `cards matching, for ${label}`});
  const chips = el("ul", {class: "chips", "aria-label": label});
  let shown = [];
  let active = -1;
  const idOf = (entry) => (typeof entry === "string" ? entry : entry.card);
  const count = el("span", {class: "count"});
  const drawChips = () => {
    const entries = list();
    count.textContent = entries.length ? ` · ${entries.length} card${entries.length === 1 ? "" : "s"}` : "";
    chips.replaceChildren(...entries.map((entry, i) => {
      const card = cards[idOf(entry)] || {name: idOf(entry), color: "", core_value: "?"};
      const parts = [el("span", {class: "cname"}, card.name),
                     el("span", {class: "cmeta"}, `${COLOURS[card.color] || ""} ${card.color} · ${card.core_value}`)];
      if (faceDown) {
        parts.push(el("label", {class: "down"}, el("input", {
          type: "checkbox", checked: entry.face_down, onchange: (e) => {
            const now = list().slice();
            now[i] = {card: idOf(entry), face_down: e.target.checked};
            put(now); changed();
          }}), "face down"));
      }
      parts.push(el("button", {type: "button", class: "remove", "aria-label": `take ${card.name} out of ${label}`,
                               onclick: () => {
                                 const now = list().slice(); now.splice(i, 1);
                                 put(now); drawChips(); changed(); input.focus();
                               }}, "×"));
      return el("li", {class: `chip c-${card.color}`, "data-card": idOf(entry)}, ...parts);
    }));
  };
  const close = () => {
    shown = []; active = -1;
    options.replaceChildren();
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  };
  const drawOptions = () => {
    options.replaceChildren(...shown.map((card, i) => el("li", {
      id: `pick-${n}-${i}`, role: "option", class: `match c-${card.color}`, "data-card": card.id,
      "aria-selected": i === active ? "true" : "false",
      onmousedown: (e) => e.preventDefault(), onclick: () => add(card)}, cardLabel(card))));
    input.setAttribute("aria-expanded", shown.length ? "true" : "false");
    if (active >= 0) input.setAttribute("aria-activedescendant", `pick-${n}-${active}`);
    else input.removeAttribute("aria-activedescendant");
  };
  const add = (card) => {
    put([...list(), faceDown ? {card: card.id, face_down: false} : card.id]);
    input.value = "";
    close(); drawChips(); changed();
    input.focus();
  };
  input.addEventListener("input", () => {
    shown = matches(input.value); active = shown.length ? 0 : -1; drawOptions();
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown" && shown.length) {
      active = (active + 1) % shown.length; drawOptions(); e.preventDefault();
    } else if (e.key === "ArrowUp" && shown.length) {
      active = (active - 1 + shown.length) % shown.length; drawOptions(); e.preventDefault();
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (active >= 0 && shown[active]) add(shown[active]);
    } else if (e.key === "Escape") {
      close();
    }
  });
  // Closed a moment after the box loses the focus (a tap on a match lands first), unless it
  // has the focus again by then.
  input.addEventListener("blur", () => setTimeout(() => {
    if (document.activeElement !== input) close();
  }, 150));
  drawChips();
  return el("div", {class: "pile"},
    el("label", {for: `pick-${n}`, class: "pile-label"}, label, count), input, options, chips);
}

function number(label, cls, get, set, max) {
  return el("label", {class: `num ${cls}`}, label, el("input", {
    type: "number", inputmode: "numeric", min: 0, max, step: 1, class: cls, value: get(),
    onfocus: (e) => e.target.select(),
    oninput: (e) => { set(e.target.value); save(); },
    onchange: () => changed()}));
}

function playerPanel(seat, name) {
  const p = state.players[seat];
  const automa = solo() && seat === 1;
  const extras = el("div", {class: "extras"});
  const drawExtras = () => {
    // End-of-game points (Hacker): only the cards of the hand with an end-of-game text.
    const ending = p.hand.filter((id) => cards[id] && cardText(cards[id], "end of game"));
    extras.replaceChildren(...ending.map((id) => number(
      `${cards[id].name}'s end-of-game points`, "extra", () => p.extra[id] ?? "0",
      (v) => { p.extra[id] = v; }, 999)));
  };
  const hand = pile(`${name}'s hand`, () => p.hand, (list) => { p.hand = list; drawExtras(); });
  drawExtras();
  const tokens = el("div", {class: "tokens"},
    number("Helium", "helium", () => p.helium, (v) => { p.helium = v; }, MAX.helium),
    number("Fleet Track", "fleet", () => p.fleet, (v) => { p.fleet = v; }, MAX.fleet),
    number("Influence", "influence", () => p.influence, (v) => { p.influence = v; }, MAX.influence),
    el("label", {class: "sov"}, el("input", {
      type: "checkbox", class: "sovereign", checked: state.sovereign === seat,
      onchange: (e) => {
        state.sovereign = e.target.checked ? seat : -1;
        document.querySelectorAll("input.sovereign").forEach((box) => {
          box.checked = Number(box.closest(".player").dataset.seat) === state.sovereign;
        });
        changed();
      }}), "holds the Sovereign token"));
  return el("section", {class: "player", "data-seat": seat, "aria-label": name},
    el("h3", {}, name, automa ? el("small", {}, " (her hand scores by the odd/even card)") : ""),
    hand, tokens, automa ? "" : extras);
}

function drawNames() {
  const box = $("names");
  if (shared) { box.replaceChildren(); return; }
  box.replaceChildren(...[...Array(seats()).keys()].map((i) => (solo() && i === 1 ? "" :
    el("label", {class: "name"}, solo() ? "Your name" : `Player ${i + 1}`, el("input", {
      type: "text", class: "name", maxlength: 40, value: state.names[i] || "",
      placeholder: `Player ${i + 1}`, autocomplete: "off",
      oninput: (e) => { state.names[i] = e.target.value; save(); },
      onchange: () => { drawPlayers(); changed(); }})))));
}

function drawPlayers() {
  const all = names();
  const only = mine();
  $("players").replaceChildren(...all.map((name, seat) => (only === null || only === seat
    ? playerPanel(seat, name) : "")));
}

/** Which cards of the hands read the locations and the banished pile, in words. */
function drawReaders() {
  const held = [...new Set(names().flatMap((_, seat) => state.players[seat].hand))]
    .map((id) => cards[id]).filter(Boolean);
  const say = (re, what) => {
    const found = held.filter((c) => re.test(cardText(c, "end game"))).map((c) => c.name);
    return found.length ? `${what}: read by ${found.join(", ")} in the hands.`
      : `${what}: no card in the hands reads them; they can stay empty.`;
  };
  $("board-readers").textContent = `${say(READS_LOCATIONS, "The locations' cards")} ` +
    say(READS_BANISHED, "The banished cards");
}

function drawBoard() {
  const locs = LOCATIONS.map((loc) => pile(`${LOCATION_NAMES[loc]} (bottom to top)`,
    () => state.board[loc], (list) => { state.board[loc] = list; }, {faceDown: true}));
  const parts = [...locs, pile("The banished pile", () => state.banished,
                              (list) => { state.banished = list; })];
  if (names().length === 2) {
    parts.push(number("The neutral house's Influence", "neutral", () => state.neutral,
                      (v) => { state.neutral = v; }, 10));
  }
  if (shared) {
    parts.push(el("button", {type: "button", id: "save-board", onclick: saveBoard},
                  "Save the board for everyone"));
  }
  $("board").replaceChildren(...parts);
}

function drawAll() {
  $("count").value = state.count;
  $("automa-setup").hidden = !solo();
  $("level").value = String(state.automa.level);
  $("odd-even").value = state.automa.odd_even;
  $("count").disabled = Boolean(shared);
  drawNames(); drawPlayers(); drawBoard(); drawTable(); drawReaders();
  $("score").textContent = shared ? (mine() === null ? "Choose who you are above" : "Send my hand")
    : "Score";
  $("score").disabled = Boolean(shared) && mine() === null;
}

// --- the position, in rr score's JSON ---------------------------------------------------------

function whole(text) {
  const value = String(text).trim();
  return /^\d+$/.test(value) ? Number(value) : NaN;
}

function playerJson(seat, name) {
  const p = state.players[seat];
  const out = {name, hand: p.hand.slice(), helium: whole(p.helium), fleet: whole(p.fleet),
               influence: whole(p.influence), sovereign: state.sovereign === seat};
  if (solo() && seat === 1) {
    out.au_toma = {level: Number(state.automa.level), odd_even: state.automa.odd_even};
    return out;
  }
  const declare = Object.fromEntries(Object.entries(p.declare).filter(([id]) => p.hand.includes(id)));
  if (Object.keys(declare).length) out.declare = declare;
  const extra = Object.fromEntries(Object.entries(p.extra)
    .filter(([id, v]) => p.hand.includes(id) && whole(v) !== 0).map(([id, v]) => [id, whole(v)]));
  if (Object.keys(extra).length) out.extra_points = extra;
  return out;
}

function boardJson() {
  const out = {locations: Object.fromEntries(LOCATIONS.map((loc) => [loc, state.board[loc].map(
    (e) => (e.face_down ? {card: e.card, face_down: true} : e.card))])),
               banished: state.banished.slice()};
  if (names().length === 2) out.neutral_influence = whole(state.neutral);
  return out;
}

function position() {
  return {players: names().map((name, seat) => playerJson(seat, name)), ...boardJson()};
}

/** The mistakes of the position in words (names, not ids): every player's, or only seat
 * `only`'s (-1: no player's), and the board's; nothing typed is changed. */
function mistakes(pos, only = null) {
  const found = [];
  const cardName = (id) => (cards[id] ? cards[id].name : id);
  const seen = new Map();
  const place = (id, where) => {
    if (seen.has(id)) {
      found.push(seen.get(id) === where ? `${cardName(id)} is twice in ${where}.`
        : `${cardName(id)} is in two places: ${seen.get(id)} and ${where}.`);
    } else {
      seen.set(id, where);
    }
  };
  const counted = new Set();
  pos.players.forEach((p, seat) => {
    if (only !== null && seat !== only) return;
    if (counted.has(p.name)) found.push(`Two players are called ${p.name}.`);
    counted.add(p.name);
    for (const [key, label] of Object.entries(TRACKS)) {
      if (Number.isNaN(p[key])) found.push(`${p.name}: ${label} is a whole number from 0 to ${MAX[key]}.`);
      else if (p[key] > MAX[key]) {
        found.push(`${p.name}: ${label} goes from 0 to ${MAX[key]}, not ${p[key]}.`);
      }
    }
    for (const [id, v] of Object.entries(p.extra_points || {})) {
      if (Number.isNaN(v) || v > 999) found.push(`${p.name}: ${cardName(id)}'s end-of-game points are a whole number from 0 to 999.`);
    }
    p.hand.forEach((id) => place(id, `${p.name}'s hand`));
  });
  for (const loc of LOCATIONS) {  // the board, whoever's hands are checked
    pos.locations[loc].forEach((e) => place(typeof e === "string" ? e : e.card, LOCATION_NAMES[loc]));
  }
  pos.banished.forEach((id) => place(id, "the banished pile"));
  if ("neutral_influence" in pos && (Number.isNaN(pos.neutral_influence) || pos.neutral_influence > 10)) {
    found.push("The neutral house's Influence is a whole number from 0 to 10.");
  }
  return found;
}

function showProblems(list) {
  $("problems").replaceChildren(...(list.length ? [el("h2", {}, "To correct"),
    el("ul", {}, list.map((m) => el("li", {}, m)))] : []));
}

/** A failed request in words: the server's own message, or the connection's. */
function failure(err) {
  if (err.status === undefined) {
    return "No connection to the server: nothing typed is lost; try again when it is back.";
  }
  return err.message;  // the server's words, cards named
}

function status(text, error = false) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

function changed() {
  save();
  drawReaders();
  const pos = position();
  const found = mistakes(pos, shared ? mine() : null);
  showProblems(found);
}

// --- scoring -----------------------------------------------------------------------------------

async function scoreHere() {
  const pos = position();
  const found = mistakes(pos);
  showProblems(found);
  if (found.length) { status("Correct the mistakes below, then score again.", true); return; }
  status("Scoring…");
  try {
    const pad = await api("POST", `/api/score`, {body: pos});
    showResult(pos, pad, null);
    status("Scored.");
  } catch (err) {
    showProblems([failure(err)]);
    status("Not scored: correct the mistake below.", true);
  }
}

const ordinal = (n) => `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;

/** Each player's place: the winners (ties broken by the Sovereign token, RR-SCORE-14) first;
 * players with the same total otherwise share a place. */
function places(pad) {
  const won = new Set(pad.winners);
  return pad.players.map((p) => (won.has(p.name) ? 1 : 1 + pad.players.filter(
    (q) => q.total > p.total || (q.total === p.total && won.has(q.name))).length));
}

function why(line, player, entry, automa) {
  const card = cards[line.id] || {name: line.id, texts: [], core_value: line.core};
  if (automa) {
    const even = card.core_value % 2 === 0;
    const matching = even === (automa.odd_even === "even");
    return `${matching ? "matching" : "nonmatching"} (core value ${card.core_value} is ${even ? "even" : "odd"}; ` +
      `the odd/even card shows ${automa.odd_even})`;
  }
  const parts = [];
  const ending = cardText(card, "end game");
  if (ending) parts.push(`“${ending}”`);
  if (!entry.hand.includes(line.id)) parts.push("left the hand before scoring; only its end-of-game points count");
  const extra = entry.extra_points && entry.extra_points[line.id];
  if (extra) parts.push(`${extra} end-of-game points`);
  return parts.join(" · ");
}

function declared(d) {
  return d.color ? `also ${d.color[0].toUpperCase()}${d.color.slice(1)}` : `named “${d.name}”`;
}

function declarationText(id, d, given) {
  return `${cards[id] ? cards[id].name : id} ${declared(d)} (${given ? "given" : "chosen"})`;
}

function declarationChooser(seat, id, used, given) {
  const card = cards[id];
  const current = given ? (given.color ? `color:${given.color}` : `name:${given.name}`) : "";
  const best = used ? declared(used) : "nothing helps";
  const options = [el("option", {value: ""}, `best for the total (${best})`)];
  if (card.color === "gray") {
    const colours = [...new Set(Object.values(cards).map((c) => c.color))].filter((c) => c !== "gray").sort();
    options.push(...colours.map((c) => el("option", {value: `color:${c}`}, `also ${c}`)));
  } else {
    const all = [...new Set(Object.values(cards).map((c) => c.name))].sort();
    options.push(...all.map((nm) => el("option", {value: `name:${nm}`}, `named ${nm}`)));
  }
  const select = el("select", {class: "declare", "data-card": id, "aria-label": `what ${card.name} counts as`,
    onchange: (e) => {
      const [kind, value] = e.target.value.split(/:(.*)/s);
      if (!kind) delete state.players[seat].declare[id];
      else state.players[seat].declare[id] = kind === "color" ? {color: value} : {name: value};
      save();
      rescore();
    }}, ...options);
  select.value = current;
  return select;
}

function rescore() {
  if (shared) sendMine(); else scoreHere();
}

function showResult(pos, pad, editable) {
  const place = places(pad);
  const won = new Set(pad.winners);
  const appearing = $("result").hidden;
  $("result").hidden = false;
  $("result-title").textContent = shared ? `Scorepad of table ${shared.code}` : "Scorepad";
  const sovereign = pos.players.find((p) => p.sovereign);
  const top = Math.max(...pad.players.map((p) => p.total));
  const tiedTop = pad.players.filter((p) => p.total === top).length;
  let verdict = pad.winners.length > 1
    ? `Shared victory: ${pad.winners.join(" and ")} (tied on ${top}; none of them holds the Sovereign token).`
    : `Winner: ${pad.winners[0]}.`;
  if (tiedTop > 1 && pad.winners.length === 1 && sovereign) {
    verdict += ` Tied on ${top}; the Sovereign token's holder wins the tie.`;
  }
  $("winners").textContent = verdict;
  $("pad").replaceChildren(
    el("thead", {}, el("tr", {}, el("th", {scope: "col"}, "Row"), pad.players.map((p, i) =>
      el("th", {scope: "col", "data-player": i}, won.has(p.name) ? `★ ${p.name}` : p.name)))),
    el("tbody", {},
      Object.entries(ROWS).map(([row, title]) => el("tr", {"data-row": row},
        el("th", {scope: "row"}, title), pad.players.map((p, i) => el("td", {"data-player": i}, p.rows[row])))),
      el("tr", {class: "total", "data-row": "total"}, el("th", {scope: "row"}, "TOTAL"),
        pad.players.map((p, i) => el("td", {"data-player": i}, p.total))),
      el("tr", {"data-row": "place"}, el("th", {scope: "row"}, "Place"),
        pad.players.map((p, i) => el("td", {"data-player": i}, ordinal(place[i]))))));
  $("lines").replaceChildren(...pad.players.map((p, i) => {
    const entry = pos.players[i];
    const given = entry.declare || {};
    const mayChange = !entry.au_toma && (editable === null || editable === i);
    const rows = p.cards.map((line) => {
      const card = {color: "", ...cards[line.id], name: line.name || line.id};
      const mimic = (card.color === "gray" || card.color === "orange") && entry.hand.includes(line.id) && !entry.au_toma;
      const used = p.declarations[line.id];
      const said = used ? declarationText(line.id, used, Boolean(given[line.id])) : "";
      return el("tr", {"data-card": line.id, "data-core": line.core, "data-bonus": line.bonus},
        el("th", {scope: "row", class: `c-${card.color}`},
           el("span", {class: "cname"}, card.name),
           el("span", {class: "cmeta"}, ` ${COLOURS[card.color] || ""} ${card.color}`),
           el("div", {class: "why"}, why(line, p, entry, entry.au_toma)),
           said ? el("div", {class: "said"}, said) : "",
           mimic && mayChange ? declarationChooser(i, line.id, used, given[line.id]) : ""),
        el("td", {}, line.core), el("td", {}, line.bonus), el("td", {class: "pts"}, line.core + line.bonus));
    });
    const base = entry.au_toma ? p.rows.cards - p.cards.reduce((s, l) => s + l.core + l.bonus, 0) : 0;
    return el("section", {class: "lines", "data-player": i, "aria-label": `${p.name}'s cards`},
      el("h3", {}, `${p.name}: ${p.total} points, ${ordinal(place[i])}`),
      el("div", {class: "scroll", tabindex: 0, role: "region", "aria-label": `${p.name}'s cards, line by line`},
        el("table", {class: "card-lines"},
          el("thead", {}, el("tr", {}, ...["Card, and why its bonus counts", "Core", "Bonus", "Points"].map(
            (h) => el("th", {scope: "col"}, h)))),
          el("tbody", {}, rows,
             base ? el("tr", {}, el("th", {scope: "row"}, "Her base score",
                                      el("div", {class: "why"}, "Tull Au Toma starts from it")),
                       el("td", {}, ""), el("td", {}, ""), el("td", {class: "pts"}, base)) : ""),
          el("tfoot", {}, el("tr", {}, el("th", {scope: "row"}, "Cards row"), el("td", {}, ""), el("td", {}, ""),
                                el("td", {class: "pts"}, p.rows.cards))))));
  }));
  if (appearing) $("result").scrollIntoView({block: "start"});
}

// --- a shared table ----------------------------------------------------------------------------

function drawTable() {
  const info = $("table-info");
  if (!shared) { info.hidden = true; info.replaceChildren(); return; }
  info.hidden = false;
  const link = `${location.origin}/score#table=${shared.code}`;
  const who = shared.players.map((p, seat) => el("li", {class: p.in ? "in" : "waiting"},
    el("button", {type: "button", class: "seat", "data-seat": seat, "aria-pressed": mine() === seat ? "true" : "false",
                  onclick: () => { state.table.seat = seat; save(); drawAll(); changed(); }},
       mine() === seat ? `${p.name} (you)` : p.name), p.in ? " — in" : " — not in yet"));
  info.replaceChildren(
    el("p", {}, "Game code ", el("strong", {id: "code", class: "code"}, shared.code),
       " · link to share: ", el("a", {href: link, id: "share-link"}, link)),
    el("button", {type: "button", id: "share-button", onclick: () => shareLink(link)},
       "Share the link"),
    el("p", {class: "hint"}, mine() === null ? "Which player are you? Choose your name:" :
       "Enter your own hand and tokens, then send them. The scorepad shows once everyone is in."),
    el("ul", {class: "who"}, who),
    el("button", {type: "button", id: "leave-table", onclick: leaveTable}, "Leave this table"));
}

/** The table's link through the phone's own sharing, or copied for pasting. */
async function shareLink(link) {
  try {
    if (navigator.share) {
      await navigator.share({title: "Red Rising scorepad", text: `Game code ${shared.code}`, url: link});
    } else {
      await navigator.clipboard.writeText(link);
      status("The link is copied: paste it to the others.");
    }
  } catch {
    status(`Give the others the code ${shared.code}, or this link: ${link}`);
  }
}

function applyTable(table) {
  const first = !shared;
  shared = table;
  state.count = String(table.players.length);
  // The board as the server holds it: taken unless this phone has changed its own since.
  const served = JSON.stringify(table.board);
  let redraw = false;
  const notes = [];
  if (served !== appliedBoard) {
    if (appliedBoard === null || JSON.stringify(boardJson()) === appliedBoard) {
      const board = table.board;
      state.board = Object.fromEntries(LOCATIONS.map((loc) => [loc, (board.locations[loc] || []).map(
        (e) => (typeof e === "string" ? {card: e, face_down: false} : {card: e.card, face_down: Boolean(e.face_down)}))]));
      state.banished = board.banished.slice();
      if ("neutral_influence" in board) state.neutral = String(board.neutral_influence);
      redraw = !first;
    } else {
      notes.push("Another phone changed the board; yours is kept here: save it to replace theirs.");
    }
    appliedBoard = served;
  }
  save();
  if (first) drawAll(); else { drawTable(); if (redraw) drawBoard(); }
  const problems = [...(table.problem ? [table.problem] : []), ...notes];
  if (table.scorepad) {
    showResult(table.position, table.scorepad, mine());
    status("Everyone is in: the scorepad.");
  } else {
    $("result").hidden = true;
    const waiting = table.players.filter((p) => !p.in).map((p) => p.name);
    status(`Waiting for ${waiting.join(", ")}.`);
  }
  showProblems([...problems, ...mistakes(position(), mine() === null ? -1 : mine())]);
}

async function poll(code) {
  const run = ++polling;
  let version = 0;
  while (run === polling) {
    try {
      const table = await api("GET", `/api/score/tables/${encodeURIComponent(code)}?after=${version}`);
      if (run !== polling) return;
      if (table.version !== version) { version = table.version; applyTable(table); }
    } catch (err) {
      if (run !== polling) return;
      if (err.status === 422) { status(err.message, true); stopTable(); return; }
      status("The connection dropped; trying again…", true);
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
}

async function startTable() {
  if (solo()) {
    showProblems(["A solo game is scored on this phone: there is no other player to share it with."]);
    return;
  }
  const pos = position();
  const found = mistakes(pos, -1);
  if (found.length) { showProblems(found); return; }
  try {
    const table = await api("POST", "/api/score/tables", {body: {players: names(), board: boardJson()}});
    joinTable(table.code, 0);
  } catch (err) {
    showProblems([failure(err)]);
  }
}

function joinTable(code, seat = null) {
  const clean = code.trim().toUpperCase();
  if (!clean) { showProblems(["Type the game code the others give you."]); return; }
  if (!state.table || state.table.code !== clean) {
    state.table = {code: clean, seat};
    state.players = [0, 1, 2, 3, 4, 5].map(blank);
    state.sovereign = -1;
  }
  shared = null;
  appliedBoard = null;
  save();
  history.replaceState(null, "", `/score#table=${clean}`);
  status("Opening the table…");
  poll(clean);
}

function stopTable() {
  polling++;
  shared = null;
  state.table = null;
  save();
  history.replaceState(null, "", "/score");
  drawAll();
}

function leaveTable() {
  stopTable();
  $("result").hidden = true;
  status("You left the table; what you typed is still here.");
}

async function sendMine() {
  const seat = mine();
  if (!shared || seat === null) return;
  const pos = position();
  const found = mistakes(pos, seat);
  showProblems(found);
  if (found.length) { status("Correct the mistakes below, then send again.", true); return; }
  const {name, ...part} = pos.players[seat];
  try {
    status("Sending your hand…");
    const table = await api("PUT", `/api/score/tables/${shared.code}/players/${seat}`, {body: part});
    applyTable(table);
  } catch (err) {
    showProblems([failure(err)]);
    status(`Not sent: correct the mistake below, ${name}.`, true);
  }
}

async function saveBoard() {
  try {
    applyTable(await api("PUT", `/api/score/tables/${shared.code}/board`, {body: boardJson()}));
    status("The board is saved for everyone.");
  } catch (err) {
    showProblems([failure(err)]);
  }
}

// --- the file: rr score's JSON -----------------------------------------------------------------

function download() {
  // A shared table's whole position once everyone is in; else what this phone holds.
  const held = shared && shared.position ? shared.position : position();
  const text = JSON.stringify(held, null, 1) + "\n";
  const link = el("a", {href: URL.createObjectURL(new Blob([text], {type: "application/json"})),
                        download: "scorepad.json"});
  document.body.append(link);
  link.click();
  link.remove();
}

function idOf(word, where, unknown) {
  if (typeof word !== "string") { unknown.push(`${where}: ${JSON.stringify(word)}`); return null; }
  const id = byWord[word.trim().toLowerCase()];
  if (!id) unknown.push(`${where}: ${word}`);
  return id || null;
}

function upload(text) {
  if (shared || state.table) stopTable();
  const unknown = [];
  let data;
  try { data = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text); } catch {
    showProblems(["This file is not JSON: it is not an rr score file."]); return;
  }
  if (!data || !Array.isArray(data.players) || data.players.length < 2 || data.players.length > 6) {
    showProblems(["This file has no list of 2 to 6 players: it is not an rr score file."]); return;
  }
  const next = fresh();
  const automa = data.players.findIndex((p) => p && p.au_toma);
  next.count = automa >= 0 && data.players.length === 2 ? "solo" : String(data.players.length);
  const order = automa === 0 ? [data.players[1], data.players[0]] : data.players;
  order.forEach((p, seat) => {
    const into = next.players[seat];
    next.names[seat] = String(p.name || "");
    into.hand = (p.hand || []).map((c) => idOf(c, `${p.name}'s hand`, unknown)).filter(Boolean);
    for (const key of ["helium", "fleet", "influence"]) into[key] = String(p[key] ?? 0);
    if (p.sovereign) next.sovereign = seat;
    for (const [c, d] of Object.entries(p.declare || {})) {
      const id = idOf(c, `${p.name}'s declarations`, unknown);
      if (id) into.declare[id] = d;
    }
    for (const [c, v] of Object.entries(p.extra_points || {})) {
      const id = idOf(c, `${p.name}'s end-of-game points`, unknown);
      if (id) into.extra[id] = String(v);
    }
    if (p.au_toma) next.automa = {level: Number(p.au_toma.level) || 2, odd_even: p.au_toma.odd_even === "odd" ? "odd" : "even"};
  });
  for (const loc of LOCATIONS) {
    next.board[loc] = ((data.locations || {})[loc] || []).map((e) => {
      const word = typeof e === "string" ? e : e && e.card;
      const id = idOf(word, LOCATION_NAMES[loc], unknown);
      return id ? {card: id, face_down: Boolean(e && e.face_down)} : null;
    }).filter(Boolean);
  }
  next.banished = (data.banished || []).map((c) => idOf(c, "the banished pile", unknown)).filter(Boolean);
  if ("neutral_influence" in data) next.neutral = String(data.neutral_influence);
  state = next;
  save();
  drawAll();
  showProblems(unknown.map((u) => `Not a card's name or id, left out: ${u}.`));
  status(`Read ${data.players.length} players from the file.`);
}

// --- start -------------------------------------------------------------------------------------

async function start() {
  restore();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/score-sw.js", {scope: "/score"}).catch(() => null);
  }
  try {
    await loadCatalogue();
  } catch (err) {
    status(`Cannot load the cards: ${err.message}`, true);
    return;
  }
  $("level").replaceChildren(...Object.entries(LEVELS).map(([n, nm]) => el("option", {value: n}, `${n} ${nm}`)));
  $("count").addEventListener("change", (e) => { state.count = e.target.value; save(); drawAll(); changed(); });
  $("level").addEventListener("change", (e) => { state.automa.level = Number(e.target.value); save(); });
  $("odd-even").addEventListener("change", (e) => { state.automa.odd_even = e.target.value; save(); });
  $("score").addEventListener("click", () => (shared ? sendMine() : scoreHere()));
  $("download").addEventListener("click", download);
  $("print").addEventListener("click", () => window.print());
  $("upload").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) upload(await file.text());
    e.target.value = "";
  });
  $("clear").addEventListener("click", () => {
    if (!confirm("Clear everything typed on this phone?")) return;
    polling++; shared = null; state = fresh(); save();
    history.replaceState(null, "", "/score"); drawAll(); showProblems([]);
    $("result").hidden = true;
  });
  $("start-table").addEventListener("click", startTable);
  $("join").addEventListener("click", () => joinTable($("join-code").value));
  $("join-code").addEventListener("keydown", (e) => { if (e.key === "Enter") joinTable($("join-code").value); });
  drawAll();
  status("");
  const asked = new URLSearchParams(location.hash.slice(1)).get("table");
  if (asked) joinTable(asked, state.table && state.table.code === asked.toUpperCase() ? state.table.seat : null);
  else if (state.table) joinTable(state.table.code, state.table.seat);
}

start();
