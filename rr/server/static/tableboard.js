// The table's board: the four locations side by side with their stacks (the top card marked,
// the location's bonus printed, Influence drawn on The Institute), the deck, the banished
// pile, Tull Au Toma's cards; the players as panels; cards as tiles that open their printed
// texts. Every string goes in with textContent (through el), never innerHTML.
import {COLOURS, LOCATION_NAMES, cardName, cardOf, el} from "/static/common.js";

export const LOCATIONS = ["jupiter", "mars", "luna", "institute"];
const BONUS_ICONS = {jupiter: "▲", mars: "◉", luna: "♛", institute: "⬢"};
const PHASES = {setup: "Setting up", end_of_game: "The last turn is over: end-of-game abilities",
                over: "The game is over"};
const ARROWS = {left: "← toward Jupiter", right: "→ toward The Institute"};
const EXTRAS = {bonus: "+ the bonus of where she gained", banish: "banish the deck's top card",
                none: "nothing more"};

/** A card as a tile: colour (icon and name), name, labelled core value; a button that opens
 * its printed texts. */
export function cardTile(id, {target = false, selected = false, fresh = false, top = false,
                              faceDown = false, compact = false, texts = false,
                              onclick = null} = {}) {
  const classes = ["tcard"];
  if (compact) classes.push("compact");
  if (target) classes.push("target");
  if (selected) classes.push("selected");
  if (fresh) classes.push("fresh");
  if (top) classes.push("top");
  if (id === "?") {
    return el("button", {type: "button", class: `${classes.join(" ")} back`, "data-card": "?",
                         onclick},
              el("span", {class: "cname"}, "face down"));
  }
  const card = cardOf(id);
  const colour = card ? card.color : "gray";
  classes.push(`c-${colour}`);
  if (faceDown) classes.push("known-down");
  return el("button", {type: "button", class: classes.join(" "), "data-card": id,
                       "aria-pressed": selected ? "true" : null, onclick},
    el("span", {class: "band"}, el("span", {"aria-hidden": "true"}, COLOURS[colour] || ""),
       ` ${colour}`),
    el("span", {class: "cname"}, card ? card.name : id),
    card ? el("span", {class: "cval"}, el("small", {}, "core "), card.core_value) : null,
    top ? el("span", {class: "topmark"}, "top card") : null,
    texts && card && card.texts.length ? el("span", {class: "ctext", "aria-hidden": "true"},
      `${card.texts[0].kind}: ${card.texts[0].text}`) : null,
    faceDown ? el("span", {class: "flag"}, "face down") : null);
}

/** A card's printed texts, for the zoom panel. */
export function zoomCard(id) {
  const card = cardOf(id);
  if (!card) return el("p", {}, id);
  return el("article", {class: `zoomed c-${card.color}`, "data-zoom": id},
    el("h3", {}, card.name),
    el("p", {class: "zmeta"}, el("span", {"aria-hidden": "true"}, COLOURS[card.color] || ""),
       ` ${card.color}${card.role ? ` · ${card.role}` : ""} · `, el("strong", {}, "core value "),
       el("strong", {class: "zval"}, card.core_value)),
    el("dl", {}, card.texts.flatMap((t) => [el("dt", {}, t.kind), el("dd", {}, t.text)])));
}

export function zoomHouse(house, reference) {
  const tile = reference.houses[house];
  return el("article", {class: "zoomed house", "data-zoom": `house:${house}`},
    el("h3", {}, `House ${tile ? tile.name : house}`),
    el("p", {}, tile ? tile.ability : ""));
}

export const INFLUENCE_SPACES = 10;  // each house's 10 Influence tokens (RR-SETUP)
export const INFLUENCE_ENDS = 7;     // 7 or more on The Institute ends the game (RR-END)

/** A player's marker: their initial on their seat's colour (never colour alone). */
export function marker(name, seat, extra = {}) {
  return el("span", {class: `marker p${seat}`, "aria-hidden": "true", ...extra},
            (name || "?").trim().slice(0, 1).toUpperCase());
}

/** The Institute's Influence track as the board shows it: spaces 0 to 10, each player's marker
 * on their Influence (the neutral house's too, with two players), the spaces that end the game
 * marked; said in words for screen readers. */
function influenceOf(view, was) {
  const houses = view.players.map((p, seat) => ({name: p.name, seat, value: p.influence,
    moved: Boolean(was && was[seat] && was[seat].influence !== p.influence)}));
  if (view.neutral_influence) {
    houses.push({name: "neutral", seat: "n", value: view.neutral_influence});
  }
  const cells = [];
  for (let space = 0; space <= INFLUENCE_SPACES; space++) {
    const here = houses.filter((h) => h.value === space);
    cells.push(el("span", {class: `space${space >= INFLUENCE_ENDS ? " ends" : ""}`,
                           "data-space": space},
      el("span", {class: "num"}, space),
      el("span", {class: "markers"}, here.map((h) => marker(h.name, h.seat, {
        "data-influence-seat": h.seat, title: `${h.name}: ${h.value} Influence`,
        class: `marker p${h.seat}${h.moved ? " fresh" : ""}`})))));
  }
  const words = houses.map((h) => `${h.name} ${h.value}`).join(", ");
  return el("div", {class: "influence", role: "img", "data-influence": "track",
                    "aria-label": `Influence on The Institute: ${words}. `
                      + `${INFLUENCE_ENDS} or more ends the game.`},
    cells);
}

/** The board: four locations, the deck, the banished pile, Au Toma. */
export function tableBoard(view, faceDown, {reference, targets, selection, auToma, previous, seen,
                                            players = null, onCard, onLocation}) {
  const letters = view.solo ? Object.fromEntries(view.solo.priority) : {};
  const locations = view.locations.map(([loc, stack], i) => {
    const isTarget = targets && targets.locations.has(loc);
    const tiles = stack.map((id, depth) => {
      const fromTop = stack.length - 1 - depth;
      const key = `${loc}:${id}`;
      seen.set(key, true);
      return cardTile(id, {
        compact: fromTop > 0, top: fromTop === 0, texts: fromTop === 0,
        faceDown: faceDown && faceDown[i] && faceDown[i][depth] && id !== "?",
        target: targets && (targets.cards.has(id) || targets.slots.has(`${loc}:${fromTop}`)),
        selected: selection.card === id && id !== "?",
        fresh: previous && !previous.has(key),
        onclick: (event) => { event.stopPropagation(); onCard(id, "location", {location: loc, depth: fromTop}); }});
    });
    const classes = ["location"];
    if (isTarget) classes.push("target");
    if (selection.location === loc) classes.push("selected");
    return el("section", {class: classes.join(" "), "data-location": loc,
                          "aria-label": LOCATION_NAMES[loc],
                          onclick: () => { if (isTarget) onLocation(loc); }},
      el("header", {},
        el("button", {type: "button", class: "loc-name", "data-pick-location": loc,
                      "aria-pressed": selection.location === loc ? "true" : "false",
                      disabled: !isTarget, onclick: () => onLocation(loc)},
           LOCATION_NAMES[loc], letters[loc] ? el("span", {class: "letter",
             title: `Au Toma's priority letter ${letters[loc]}`}, letters[loc]) : null),
        el("span", {class: "bonus", title: "the location's bonus"},
           el("span", {"aria-hidden": "true"}, BONUS_ICONS[loc]),
           el("span", {class: "btext"}, ` ${reference.bonuses[loc]}`)),
        el("span", {class: "count"}, `${stack.length} card${stack.length === 1 ? "" : "s"}`)),
      loc === "institute" ? influenceOf(view, players) : null,
      el("div", {class: "pile"}, stack.length ? tiles : el("p", {class: "empty"}, "empty")));
  });
  const deckTarget = targets && targets.locations.has("deck");
  const side = el("div", {class: "aside-row"},
    el("button", {type: "button", class: `deck${deckTarget ? " target" : ""}${
      "location" in selection && selection.location === null ? " selected" : ""}`,
                  "data-pick-location": "deck", disabled: !deckTarget,
                  onclick: () => onLocation("deck")},
       el("span", {class: "cname"}, "Deck"), el("span", {}, `${view.deck_size} cards`)),
    // Open, its cards outlined, when a question picks among them.
    el("details", {class: "banished",
                   open: Boolean(targets && view.banished.some((id) => targets.cards.has(id)))},
       el("summary", {}, `Banished: ${view.banished.length}`),
       el("div", {class: "pile-row"}, view.banished.map((id) => cardTile(id, {
         compact: true, target: targets && targets.cards.has(id), selected: selection.card === id,
         onclick: () => onCard(id, "banished")})))),
    el("span", {class: "phase"}, PHASES[view.phase] || ""),
    view.end_triggered_by !== null && view.end_triggered_by !== undefined
      ? el("span", {class: "badge"}, `End triggered by ${view.players[view.end_triggered_by].name}`)
      : null);
  const solo = view.solo ? soloStrip(view, reference, auToma) : null;
  return el("div", {class: "board"}, solo, el("div", {class: "locations4"}, locations), side);
}

/** Tull Au Toma's cards drawn this turn, read against the priority letters. */
function soloStrip(view, reference, drawn) {
  const solo = view.solo;
  const byLetter = Object.fromEntries(solo.priority.map(([loc, letter]) => [letter, loc]));
  const where = (pick) => (LOCATION_NAMES[pick] ? LOCATION_NAMES[pick]
    : `${pick} (${LOCATION_NAMES[byLetter[pick]] || "?"})`);
  const cards = drawn.map((n) => {
    const card = reference.au_toma[String(n)];
    if (!card) return null;
    return el("div", {class: "automa", "data-automa": n},
      el("b", {}, `card ${n}`), " deploys on ", el("b", {}, where(card.deploy)),
      " · gains from ", el("b", {}, where(card.gain)),
      ` · ${ARROWS[card.arrow] || card.arrow} · ${EXTRAS[card.extra] || card.extra}`);
  });
  return el("div", {class: "solo-strip"},
    el("span", {class: "solo-title"}, `Tull Au Toma, level ${solo.level}`,
       el("small", {}, ` · her deck ${solo.deck_size}, set aside ${solo.set_aside}${
         cards.length ? " · her last cards:" : ""}`)),
    cards);
}

/** A token of a player's panel (Helium, Influence, the Sovereign token, the Fleet Track): a
 * button, outlined, where a question asks for it (``asked``: the option), else words. */
function token(content, {asked = null, picked = false, cls = "stat", face = null, onToken} = {}) {
  if (!asked) return el("span", {class: cls}, content);
  return el("button", {type: "button", class: `${cls} token target`, "data-token": face,
                       "aria-pressed": picked ? "true" : "false",
                       onclick: (event) => onToken(asked, event)}, content);
}

/** The players as panels: house (opens its ability), Helium, Fleet, Influence, Sovereign, first
 * player, cards in hand, turns taken. ``tokens`` (face → option): the tokens a question of
 * this seat asks for, outlined and picked on its own panel; ``picked``: the option chosen. */
export function playerPanels(view, {reference, previous, targets, onPlayer, onHouse,
                                    tokens = null, picked = null, onToken = null}) {
  return view.players.map((p, seat) => {
    const was = previous ? previous[seat] : null;
    const changed = (key) => (was && was[key] !== p[key] ? " fresh" : "");
    const mine = tokens && seat === view.seat ? tokens : null;
    const ask = (face, content, cls) => token(content, {
      asked: mine && mine[face], picked: Boolean(mine && mine[face] && mine[face] === picked),
      cls, face, onToken});
    const isTarget = targets && targets.seats.has(seat);
    const house = p.house && reference.houses[p.house] ? reference.houses[p.house].name : p.house;
    return el("section", {class: `panel p${seat}${seat === view.seat ? " me" : ""}${
      view.turn_seat === seat ? " turn" : ""}${isTarget ? " target" : ""}`, "data-seat": seat,
      "aria-label": `${p.name}, seat ${seat + 1}`},
      el("header", {}, marker(p.name, seat),
        isTarget ? el("button", {type: "button", class: "pname", onclick: () => onPlayer(seat)}, p.name)
                 : el("span", {class: "pname"}, p.name),
        seat === view.seat ? el("small", {}, " (you)") : null,
        el("small", {class: "seatno"}, ` seat ${seat + 1}`),
        view.turn_seat === seat ? el("span", {class: "badge turn"}, "▶ turn") : null),
      el("div", {class: "stats"},
        p.house ? el("button", {type: "button", class: "house small", "data-house": p.house,
                                onclick: () => onHouse(p.house)}, `House ${house}`) : null,
        el("span", {class: `stat${changed("hand_size")}`}, "cards ", el("b", {}, p.hand_size)),
        ask("helium", ["◉ Helium ", el("b", {}, p.helium)], `stat${changed("helium")}`),
        ask("influence", ["⬢ Influence ", el("b", {}, p.influence)],
            `stat${changed("influence")}`),
        el("span", {class: "stat", title: "turns taken"}, "turns ", el("b", {}, p.turns)),
        p.sovereign || (mine && mine.sovereign)
          ? ask("sovereign", "♛ Sovereign", "badge sovereign") : null,
        p.first_player ? el("span", {class: "badge"}, "1st player") : null),
      fleet(p.fleet, changed("fleet"), mine && mine.fleet
        ? (content) => ask("fleet", content, "flabel") : null));
  });
}

function fleet(value, changed, asked = null) {
  const cells = [];
  for (let i = 1; i <= 10; i++) cells.push(el("span", {class: i <= value ? "on" : ""}));
  return el("div", {class: `fleet${changed}`, title: `Fleet ${value} of 10`},
    asked ? asked(`▲ Fleet ${value}`) : el("span", {class: "flabel"}, `▲ Fleet ${value}`),
    el("span", {class: "track", "aria-hidden": "true"}, cells));
}

export {cardName};
