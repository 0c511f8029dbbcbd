// The web table: create a game, hand out one link per seat, play a seat.
// The seat's token lives in the URL fragment (#game=ID&token=T): never sent to the server
// as part of a URL, it goes only in the Authorization header (and the WebSocket's query).
// Every answer the page gets — the GET, a choice's POST, each WebSocket message — is the
// seat's answer (rr.seat_answer): the view, the pending decision as this seat is shown it, the
// new records with their lines of story, and at the end the scorepad.
//
// Playing is by touching the board: a card of the hand, then a location (or a card, a
// player, a button for a question with no place on the board), or by dragging the card onto
// the location (drag.js); the move is shown in words and sent only on "confirm" (or Enter),
// once. The list of every option stays, folded, as the accessible fallback (a number key
// opens it and picks; Enter then confirms). A card of the hand, read, says what it would
// score now (GET .../scores-now); a turn that comes while the tab is hidden may chime and
// notify (alerts.js).
//
// By concern: the game's state is in one store (store.js: every server answer comes in through
// its receive()); the board, panels and hand are drawn anew and patched in, only what changed
// replaced (patch.js); messages have one place, each under its part's key (messages.js); the
// start page (newgame.js), the ticker of others' moves (ticker.js), the card zoom (zoom.js) and
// "scores now" (scoresnow.js) are their own modules. Plain ES modules, no build step and no
// library.
import {LOCATION_NAMES, api, cardName, el, fragment, loadCards}
  from "/static/common.js";
import {joinSeat, playedElsewhere, signChoice, stillHere} from "/static/keys.js";
import {cardTile, playerPanels, tableBoard, zoomCard, zoomHouse}
  from "/static/tableboard.js";
import {rememberGame} from "/static/mygames.js";
import {showInvitation} from "/static/invite.js";
import {showCreate} from "/static/newgame.js";
import {closeZoom, showZoom} from "/static/zoom.js";
import {rescore, scoreNowOf} from "/static/scoresnow.js";
import {pressCard} from "/static/drag.js";
import {setUpAlerts, turnAlert} from "/static/alerts.js";
import {offerRematch, showEndOfGame} from "/static/endgame.js";
import {shareLater, showWaiting} from "/static/waiting.js";
import {notePractice} from "/static/practice.js";
import {clear, messagesIn, say, sayer} from "/static/messages.js";
import {patch} from "/static/patch.js";
import {PACES, holdQuestion, isCatching, isRunning, onCaughtUp, pace, play, skip, stopTicker}
  from "/static/ticker.js";
import {receive, select as setSelection, state, subscribe} from "/static/store.js";

const $ = (id) => document.getElementById(id);
const ARM = 300;           // ms before a newly drawn decision accepts a click (double clicks)

let storyFrom = 0;         // the next record the story has not told
let socket = null;
let sending = false;       // a choice is on its way
let armedAt = 0;           // when the current decision's controls were drawn
let shownCards = null;     // where each card is shown now ("location:id", "hand:id")
let shownPlayers = null;
let beforeCards = null;    // ... and was in the answer before: what changed is highlighted
let beforePlayers = null;
let auToma = [];           // Tull Au Toma's cards drawn this turn (solo)
let turnOf = null;         // whose turn the story is in

// Each part of the page says its messages under its own key (messages.js).
const tellGame = sayer("game");
const tellChoice = sayer("choice");

// --- playing --------------------------------------------------------------------------------

async function refresh() {
  try {
    receive(await api("GET", `/api/games/${state.game.id}?since=${storyFrom}`, {token: state.game.token}));
    clear("game");
  } catch (err) {
    tellGame(`Cannot show this game: ${err.message}`, true);
  }
}

/** The store's change of answer (store.js): the story told, the page drawn. */
function show({answer, before, newer, newDecision}) {
  const fresh = tell(answer);
  // An older push, or the same state again (the push that follows our own choice): keep the
  // page as it is, so the selection and the keyboard's focus stay.
  if (!newer) return;
  const wasMine = Boolean(before && before.view.pending && before.view.pending.options);
  const view = answer.view;
  if (playedElsewhere() && view.pending) view.pending.options = null;  // chosen over there
  notePractice(view);
  $("game").hidden = false;
  const me = answer.seat === null ? "a spectator" : view.players[answer.seat].name;
  $("whoami").textContent = `you are ${me}${answer.seat === null ? "" : ` (seat ${answer.seat + 1})`}`;
  $("decision").dataset.decision = String(answer.decision);
  if (answer.seat !== null) {
    rememberGame({id: state.game.id, token: state.game.token, seat: answer.seat,
                  players: view.players.map((p) => p.name),
                  label: `${me} (seat ${answer.seat + 1})`});
  }
  beforeCards = shownCards;
  beforePlayers = shownPlayers;
  const mineNow = Boolean(view.pending && view.pending.options);
  if (newDecision) {
    $("option-list").open = false;
    closeZoom();
    // A question of this seat after others' moves: the ticker tells them first (the last
    // one, which caused it, stays shown), then the question is put.
    if (holdQuestion(mineNow, fresh)) $("decision").dataset.armed = "0";  // until it is put
    else arm();
  }
  if (answer.over) stopTicker();
  else if (newDecision && isCatching()) { /* the ticker is catching up (holdQuestion) */ }
  else if (fresh.length) play(fresh);
  else if (newDecision && !isRunning()) $("ticker").hidden = true;
  draw();
  rescore();
  if (newDecision) announce(answer);
  // It has become this seat's turn (not on opening the page): after others' moves, or a
  // question of its own after someone else's.
  const mine = Boolean(view.pending && view.pending.options);
  if (newDecision && mine) {
    stillHere(state.game, () => { if (state.answer.view.pending) state.answer.view.pending.options = null; draw(); });
  }
  if (before && newDecision && mine && (!wasMine || fresh.length)) {
    turnAlert("Your turn — Red Rising", `${view.pending.prompt} (game ${state.game.id})`,
              `rr-${state.game.id}`);
  }
  if (answer.over) showEnd(answer);
}

/** Everything drawn from ``current`` and the selection. */
function draw() {
  const answer = state.answer;
  const view = answer.view;
  const pending = view.pending;
  const mine = pending && pending.options !== null;
  const targets = mine ? targetsOf(pending.options) : null;
  const seen = new Map();
  // Each part drawn anew, then patched in: only what changed is replaced (patch.js).
  const version = String(answer.decision);
  patch($("board"), [tableBoard(view, answer.face_down, {
    reference: state.reference, targets, selection: state.selection, auToma, previous: beforeCards, seen, players: beforePlayers,
    onCard: touchCard, onLocation: touchLocation})], version);
  patch($("players"), playerPanels(view, {reference: state.reference, previous: beforePlayers,
                                                   targets, onPlayer: touchPlayer,
                                                   tokens: mine ? tokensOf(pending.options) : null,
                                                   picked: state.chosen,
                                                   onToken: (option, event) => guarded(event,
                                                     () => pickOption(option)),
                                                   onHouse: (h) => showZoom(zoomHouse(h, state.reference))}),
        version);
  $("hand-section").hidden = answer.seat === null;
  $("alerts").hidden = answer.seat === null;
  const hand = view.hand || [];
  $("hand-count").textContent = `${hand.length} card${hand.length === 1 ? "" : "s"}`;
  patch($("hand"), hand.map((id) => {
    const tile = cardTile(id, {
      target: targets && targets.cards.has(id), selected: state.selection.card === id, texts: true,
      fresh: beforeCards && !beforeCards.has(`hand:${id}`),
      onclick: () => touchCard(id, "hand")});
    if (targets && targets.cards.has(id) && dropPlaces(id).length) {
      tile.classList.add("draggable");
      tile.addEventListener("pointerdown",
                            (event) => pressCard(event, tile, id, dropPlaces, dropCard));
    }
    return tile;
  }), version);
  hand.forEach((id) => seen.set(`hand:${id}`, true));
  patch($("known"), knownPanel(view, targets), version);
  shownCards = seen;
  shownPlayers = view.players.map((p) => ({...p}));
  drawDecision();
  title();
}

/** The cards this seat knows that lie out of sight (the deck's cards it was shown, a hand it
 * looked at): real cards on the board, outlined and picked where a question asks for one. */
function knownPanel(view, targets) {
  if (!view.known_elsewhere.length) return [];
  const asked = view.known_elsewhere.some((k) => targets && targets.cards.has(k.card));
  return [el("h3", {}, asked ? "The cards you were shown: pick one" : "Cards you know elsewhere"),
    el("div", {class: `known-row${asked ? " asked" : ""}`}, [...view.known_elsewhere].sort((a, b) =>
      (a.zone.kind === "deck" ? a.depth : 99) - (b.zone.kind === "deck" ? b.depth : 99))
      .map((k) => el("div", {class: "known"},
      cardTile(k.card, {texts: asked, compact: !asked,
                        target: targets && targets.cards.has(k.card),
                        selected: state.selection.card === k.card,
                        onclick: () => touchCard(k.card, "known")}),
      el("small", {class: "where"}, k.zone.kind === "deck"
        ? (k.depth === 0 ? "top of the deck" : `deck, ${k.depth + 1}${ordinal(k.depth + 1)} from the top`)
        : `in ${view.players[k.zone.seat]?.name ?? "another player"}'s hand`))))];
}

function ordinal(n) {
  return 10 <= n % 100 && n % 100 <= 20 ? "th" : {1: "st", 2: "nd", 3: "rd"}[n % 10] || "th";
}

// --- the decision: touch, confirm, send once -------------------------------------------------

function fieldsOf(option) {
  const value = option.option[1];
  return value && typeof value === "object" ? value : {};
}

/** What on the board a decision's options name: cards, locations, players. */
function targetsOf(options) {
  const found = {cards: new Set(), locations: new Set(), seats: new Set(), slots: new Set()};
  for (const option of options) {
    const f = fieldsOf(option);
    if (f.card) found.cards.add(f.card);
    if ("location" in f) found.locations.add(f.location === null ? "deck" : f.location);
    if ("depth" in f) found.slots.add(`${f.location}:${f.depth}`);
    if ("seat" in f) found.seats.add(f.seat);
  }
  return found;
}

/** The tokens a decision's options name (a bonus, a face of the die): face → option. */
function tokensOf(options) {
  const found = {};
  for (const option of options) {
    const [kind, value] = option.option;
    if (kind === "face" && typeof value === "string") found[value] = option;
  }
  return found;
}

function matching(options, sel) {
  return options.filter((option) => {
    const f = fieldsOf(option);
    return Object.keys(sel).every((key) => key in f && f[key] === sel[key]);
  });
}

/** Add ``part`` to the selection (or start again from it if nothing matches both). */
function select(part) {
  const pending = state.answer && state.answer.view.pending;
  if (!pending || !pending.options || sending) return;
  let next = {...state.selection, ...part};
  if (!matching(pending.options, next).length) next = {...part};
  if (!matching(pending.options, next).length) return;
  const found = matching(pending.options, next);
  setSelection(next, found.length === 1
    && Object.keys(fieldsOf(found[0])).length === Object.keys(next).length ? found[0] : null);
  if (state.chosen) $("confirm").focus();
}

function pickOption(option) {
  const pending = state.answer && state.answer.view.pending;
  if (!pending || !pending.options || sending) return;
  $("option-list").open = false;
  setSelection({...fieldsOf(option)}, option);
  $("confirm").focus();
}

function touchCard(id, where, {location = null, depth = null} = {}) {
  if (id !== "?") showZoom(zoomCard(id), where === "hand" ? scoreNowOf(id) : null);
  const pending = state.answer && state.answer.view.pending;
  if (!pending || !pending.options) return;
  const targets = targetsOf(pending.options);
  if (targets.cards.has(id)) select({card: id});
  else if (location && targets.slots.has(`${location}:${depth}`)) select({location, depth});
  else if (location && targets.locations.has(location)) select({location});
}

function touchLocation(location) {
  closeZoom();  // the phone's sheet: out of the way of "confirm"
  const pending = state.answer && state.answer.view.pending;
  if (!pending || !pending.options) return;
  select({location: location === "deck" ? null : location});
}

/** Where a card of the hand may be dropped: the locations (and the deck) an option pairs
 * with it. */
function dropPlaces(id) {
  const pending = state.answer && state.answer.view.pending;
  if (!pending || !pending.options || sending) return [];
  return [...new Set(matching(pending.options, {card: id}).map(fieldsOf)
    .filter((f) => "location" in f).map((f) => (f.location === null ? "deck" : f.location)))];
}

/** A card dropped on a location: the same pick as touching the card, then the location. */
function dropCard(id, place) {
  state.selection = {};
  state.chosen = null;
  select({card: id});
  touchLocation(place);
}

function touchPlayer(seat) {
  const pending = state.answer && state.answer.view.pending;
  if (pending && pending.options && targetsOf(pending.options).seats.has(seat)) select({seat});
}

const BONUS_WORDS = {helium: "gain 1 Helium", fleet: "advance on the Fleet Track",
                     influence: "place 1 Influence", sovereign: "the Sovereign token",
                     banish: "banish a location's top card",
                     reveal_place: "reveal and place the deck's top card", card: "a card"};

/** An option in words, from its parts (names, not ids): never by rewriting its text. */
function optionText(option, view) {
  const [kind, value] = option.option;
  const place = (loc) => (loc === null ? "the deck" : LOCATION_NAMES[loc] || loc);
  switch (kind) {
    case "lead": return value.card === null ? "lead with an empty hand"
      : `lead ${cardName(value.card)} on ${place(value.location)}`;
    case "scout": return "scout";
    case "gain": return `gain the top card of ${place(value.location)}`;
    case "card": return cardName(value.card);
    case "player": return view.players[value.seat] ? view.players[value.seat].name : option.text;
    case "name": return value.name;
    case "location": return place(value);
    case "face": return BONUS_WORDS[value] || option.text;
    case "answer":  // a declaration's two answers that are neither a name nor a colour
      if (view.pending && view.pending.ask === "declare") {
        if (value === "best") return "the best declaration for my score";
        if (value === "no") return "declare nothing";
      }
      return option.text;
    default: return option.text;  // the server's words: a colour, yes or no, top or bottom
  }
}

function drawDecision() {
  const answer = state.answer;
  const view = answer.view;
  const pending = view.pending;
  const list = $("options");
  list.replaceChildren();
  $("extra-options").replaceChildren();
  $("confirm").hidden = !state.chosen;
  $("undo").hidden = !Object.keys(state.selection).length;
  if (!pending) {
    $("prompt").textContent = "The game is over";
    $("pick-text").textContent = "";
    $("option-list").hidden = true;
    return;
  }
  const mine = pending.options !== null;
  const player = view.players[pending.seat].name;
  if (mine && isCatching()) {
    // The ticker is catching up: the question comes once it has.
    $("prompt").textContent = "Others' moves…";
    $("decision").className = "";
    $("option-list").hidden = true;
    $("pick-text").textContent = "";
    return;
  }
  $("prompt").textContent = mine ? `Your turn: ${pending.prompt}`
    : pending.seat === answer.seat ? `Your turn, on your other device: ${pending.prompt}`
    : `Waiting for ${player}: ${pending.prompt}`;
  drawCause(pending.source);
  $("decision").className = mine ? "yours" : "";
  $("option-list").hidden = !mine;
  if (!mine) { $("pick-text").textContent = ""; return; }
  $("pick-text").textContent = state.chosen ? `${capital(optionText(state.chosen, view))}?`
    : hintFor(pending.options, view);
  if (pending.options.length === 1) {
    // One possible answer: one action, no confirm (nothing else could be chosen).
    const only = pending.options[0];
    $("pick-text").textContent = "Only one answer:";
    $("extra-options").append(el("button", {type: "button", class: "plain-option only-option primary",
      "data-action": only.action,
      onclick: (event) => guarded(event, () => send(only.action, answer.decision))},
      `${capital(optionText(only, view))} — OK`));
  }
  // The answers with no place on the board (yes or no, a colour, a name, a bonus) as buttons.
  const onBoard = (o) => ["card", "location", "seat"].some((key) => key in fieldsOf(o));
  const plain = pending.options.length === 1 ? [] : pending.options.filter((o) => !onBoard(o));
  const many = ["declare", "name", "color", "bonus", "face", "position"].includes(pending.ask);
  $("extra-options").classList.toggle("many", plain.length > 12);
  if (plain.length <= 12 || many) {
    for (const option of plain) {
      $("extra-options").append(el("button", {type: "button", class: "plain-option",
        "aria-pressed": state.chosen === option ? "true" : "false",
        "data-action": option.action,
        onclick: (event) => guarded(event, () => pickOption(option))},
        capital(optionText(option, view))));
    }
  }
  $("option-summary").textContent = `all ${pending.options.length} options as a list`;
  pending.options.forEach((option, i) => {
    const button = el("button", {type: "button", class: "option", "data-index": i,
                                 "data-action": option.action,
                                 "aria-pressed": state.chosen === option ? "true" : "false"},
      el("span", {class: "key"}, i < 10 ? String((i + 1) % 10) : ""),
      capital(optionText(option, view)));
    button.onclick = (event) => guarded(event, () => pickOption(option));
    list.append(el("li", {}, button));
  });
}

/** What asks the question, named beside it, its text one click away: a card, a house, a
 * rule in words (the server's words, /api/reference's causes). */
function drawCause(source) {
  const [kind, value] = source;
  let cause = null;
  if (kind === "card") {
    cause = {name: cardName(value), open: () => showZoom(zoomCard(value))};
  } else if (state.reference.causes && state.reference.causes[value]) {
    const found = state.reference.causes[value];
    cause = {name: found.name, open: () => showZoom(found.house ? zoomHouse(found.house, state.reference)
      : el("article", {class: "zoomed", "data-zoom": `rule:${value}`},
           el("h3", {}, capital(found.name)), el("p", {}, found.text)))};
  }
  $("cause").hidden = !cause;
  if (cause) {
    $("cause").replaceChildren("asked by ", el("button", {type: "button", class: "small cause-link",
      onclick: cause.open}, cause.name));
  }
}

function hintFor(options, view) {
  const targets = targetsOf(options);
  if (state.selection.card && targets.locations.size) {
    return `${cardName(state.selection.card)}: now pick a location.`;
  }
  const known = new Set(view.known_elsewhere.map((k) => k.card));
  if (targets.cards.size && [...targets.cards].every((c) => known.has(c))) {
    return "Pick one of the cards you were shown (outlined, below the board), then confirm.";
  }
  const parts = [];
  if (targets.cards.size) parts.push("a card");
  if (targets.locations.size) parts.push("a location");
  if (targets.seats.size) parts.push("a player");
  const touch = parts.length ? `Pick ${parts.join(", then ")} on the table` : "Pick an answer";
  return `${touch} (outlined), then confirm.`;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A click on a decision's control: a double click's second click, or a click on a decision
 * drawn a moment ago (meant for the one before), does nothing. */
function guarded(event, then) {
  if (event && event.detail > 1) return;
  if (event && event.detail === 1 && performance.now() - armedAt < ARM) return;
  then();
}

/** The one way a choice leaves the page: the chosen option's action for this decision,
 * sent once. */
async function send(action, decision) {
  if (sending || !state.answer || decision !== state.answer.decision) return;
  sending = true;
  $("confirm").disabled = true;
  try {
    const signed = await signChoice(state.game, action);
    receive(await api("POST", `/api/games/${state.game.id}/choose`,
                   {token: state.game.token, body: {action, decision, ...signed}}));
    clear("choice");
  } catch (err) {
    tellChoice(`${err.message}${err.rule ? ` [${err.rule}]` : ""}`, true);
    await refresh();
  } finally {
    sending = false;
    $("confirm").disabled = false;
  }
}

function confirmChoice(event) {
  guarded(event, () => {
    if (state.chosen) send(state.chosen.action, state.answer.decision);
  });
}

function announce(answer) {
  const pending = answer.view.pending;
  const line = !pending ? "The game is over."
    : pending.options ? `Your turn: ${pending.prompt}.`
    : `Waiting for ${answer.view.players[pending.seat].name}.`;
  $("announce").textContent = line;
}

function title() {
  const pending = state.answer.view.pending;
  const mine = pending && pending.options !== null;
  document.title = state.answer.over ? "Game over — Red Rising"
    : mine ? "▶ Your turn — Red Rising"
    : `Waiting for ${state.answer.view.players[pending.seat].name} — Red Rising`;
}

// --- the story: a game log for people, others' moves shown at a person's pace ----------------

function actorOf(event) {
  const payload = event[1];
  return payload && typeof payload === "object" && "seat" in payload ? payload.seat : null;
}

/** Tell an answer's records not yet told; the lines of others' moves are returned. */
function tell(answer) {
  const records = answer.new;
  const fresh = [];
  const view = answer.view;
  for (const told of records) {
    if (told.record < storyFrom) continue;
    storyFrom = told.record + 1;
    const [tag] = told.event;
    const setup = !$("story").children.length && !/^turn_started/.test(tag)
      && !$("setup-log").dataset.done;
    if (/^turn_started/.test(tag)) $("setup-log").dataset.done = "1";
    const line = el("li", {value: told.record, "data-record": told.record,
                           class: /^turn_started/.test(tag) ? "turn-line" : null},
                    el("span", {class: "line"}, told.text),
                    told.rule ? el("span", {class: "rule"}, ` (rule ${told.rule})`) : null);
    (setup ? $("setup-story") : $("story")).append(line);
    if (/^automa_card_drawn/.test(tag)) {
      if (auToma.length >= 2) auToma = [];
      auToma.push(told.event[1].automa_card);
    }
    if (/^turn_started/.test(tag)) turnOf = actorOf(told.event);
    // Others' moves: what happens in another seat's turn (a card of theirs, their choices'
    // effects), told in the ticker; this seat's own turn it has just seen.
    if (!setup && turnOf !== answer.seat && !/^(decision_made|turn_ended)/.test(tag)) {
      fresh.push(told.text);
      line.classList.add("others");
    }
  }
  $("setup-log").hidden = !$("setup-story").children.length;
  // What checks the game (not the story's words): the commitment to its randomness.
  if (view.commitment && !$("setup-facts").children.length) {
    $("setup-facts").replaceChildren(el("dt", {}, "commitment to the seed (sha256)"),
                                     el("dd", {}, view.commitment));
    $("setup-details").hidden = false;
  }
  const box = $("story");
  box.scrollTop = box.scrollHeight;
  // Only what others did since this page last looked: not a whole game on first load.
  return records.length && records[0].record === 0 ? [] : fresh;
}

/** The decision shown takes clicks a moment from now (a double click's second click never
 * lands on it). */
function arm() {
  armedAt = performance.now();
  $("decision").dataset.armed = "0";
  const at = armedAt;
  setTimeout(() => {
    if (armedAt !== at) return;
    $("decision").dataset.armed = "1";
    // A question with one possible answer, answered by itself if the player said so.
    const pending = state.answer && state.answer.view.pending;
    if (pending && pending.options && pending.options.length === 1
        && localStorage.getItem("rr.autoOnly") === "1") {
      send(pending.options[0].action, state.answer.decision);
    }
  }, ARM);
}


// --- the end, a rematch ----------------------------------------------------------------------

let ended = false;
function showEnd(answer) {
  if (ended) return;
  ended = true;
  $("end").hidden = false;
  $("open-replay").href = `/replay#game=${encodeURIComponent(state.game.id)}&token=${encodeURIComponent(state.game.token)}`;
  showEndOfGame(answer, state.game);
  $("download").onclick = async () => {
    // The log is fetched only to be saved: the scorepad came with the last answer.
    const response = await fetch(`/api/games/${state.game.id}/log`,
                                 {headers: {authorization: `Bearer ${state.game.token}`}});
    if (!response.ok) {
      say("download", `Cannot download the log (HTTP ${response.status})`, {error: true});
      return;
    }
    clear("download");
    const link = el("a", {href: URL.createObjectURL(await response.blob()),
                          download: `${state.game.id}.rrlog`});
    document.body.append(link);
    link.click();
    link.remove();
  };
  offerRematch(state.game, answer);
}

// --- live updates ----------------------------------------------------------------------------

let retryTimer = null;
function connect(attempt = 0) {
  clearTimeout(retryTimer);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // From the first record not yet told: each message then brings the records since the last.
  socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(state.game.id)}/ws?token=${encodeURIComponent(state.game.token)}&since=${storyFrom}`);
  let opened = false;
  socket.onopen = () => {
    opened = true;
    attempt = 0;
    $("live-warning").hidden = true;
  };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.error) say("live", `Live updates refused: ${data.error.message}`, {error: true});
    else { clear("live"); receive(data); }
  };
  socket.onclose = (event) => {
    if (event.code >= 4000 || (state.answer && state.answer.over)) return;
    const tries = opened ? 0 : attempt;  // failed connections in a row
    const wait = Math.min(10000, 500 * 2 ** tries);
    $("live-warning").hidden = false;
    $("live-text").textContent = "Live updates stopped: other players' moves will not show. "
      + `Retrying in ${Math.max(1, Math.round(wait / 1000))} s (attempt ${tries + 1}).`;
    $("live-retry").onclick = () => connect(tries + 1);
    retryTimer = setTimeout(() => connect(tries + 1), wait);
  };
}

function keys(event) {
  if (event.target.matches("input, select, textarea")) return;
  if (event.key === "Escape") { setSelection({}); return; }
  const buttons = [...document.querySelectorAll("button.option")];
  if (!buttons.length) return;
  const at = buttons.indexOf(document.activeElement);
  let next = null;
  if (/^[0-9]$/.test(event.key)) next = (Number(event.key) + 9) % 10;
  else if (at >= 0 && (event.key === "ArrowDown" || event.key === "ArrowRight")) next = Math.min(at + 1, buttons.length - 1);
  else if (at >= 0 && (event.key === "ArrowUp" || event.key === "ArrowLeft")) next = Math.max(at - 1, 0);
  if (next !== null && next < buttons.length) {
    event.preventDefault();
    $("option-list").open = true;
    buttons[next].focus();
  }
}

async function start() {
  messagesIn($("status"));
  onCaughtUp(() => { arm(); if (state.answer) draw(); });
  subscribe((change) => {
    if (change.answer) show(change);
    else if (change.selection && state.answer) draw();
  });
  await loadCards();
  state.reference = await api("GET", "/api/reference");
  const params = fragment();
  if (params.get("game") && params.get("token")) {
    state.game = {id: params.get("game"), token: params.get("token")};
    document.addEventListener("keydown", keys);
    $("confirm").onclick = confirmChoice;
    $("undo").onclick = () => setSelection({});
    $("skip").onclick = skip;
    $("pace").value = localStorage.getItem("rr.pace") in PACES ? localStorage.getItem("rr.pace")
      : "normal";
    $("auto-only").checked = localStorage.getItem("rr.autoOnly") === "1";
    $("auto-only").onchange = () => localStorage.setItem("rr.autoOnly",
                                                         $("auto-only").checked ? "1" : "0");
    $("pace").onchange = () => {
      localStorage.setItem("rr.pace", $("pace").value);
      if (!pace()) skip();
    };
    setUpAlerts($("alert-sound"), $("alert-notify"), sayer("alerts"));
    $("show-rules").onchange = () => $("game").classList.toggle("rules", $("show-rules").checked);
    try {
      await joinSeat(state.game, sayer("seat"), (seat) => showWaiting(state.game, seat));
      shareLater(state.game);
    } catch (err) {
      say("seat", `Cannot take this seat: ${err.message}`, {error: true});
    }
    await refresh();
    connect();
  } else if (params.get("game") && params.get("invite")) {
    await showInvitation(params.get("game"), params.get("invite"), sayer("invitation"));
  } else {
    showCreate();
  }
}

window.addEventListener("hashchange", () => location.reload());
start();
