// The card reference (issue #28): all 112 cards with their printed texts (GET /api/cards),
// filtered by name or text and by colour, in the order asked; the house tiles, the locations'
// bonuses and Tull Au Toma's cards (GET /api/reference). Public data only.
import {COLOURS, LOCATION_NAMES, api, el, loadCards} from "/static/common.js";
import {zoomCard, zoomHouse} from "/static/tableboard.js";

const $ = (id) => document.getElementById(id);
const ARROWS = {left: "← toward Jupiter", right: "→ toward The Institute"};
const EXTRAS = {bonus: "the bonus of where she gained", banish: "banish the deck's top card",
                none: "nothing more"};

let cards = [];

function matches(card, words, colour) {
  if (colour && card.color !== colour) return false;
  const haystack = [card.name, card.role || "", ...card.texts.map((t) => t.text)]
    .join(" ").toLowerCase();
  return words.every((w) => haystack.includes(w));
}

function ordered(list, order) {
  const byName = (a, b) => a.name.localeCompare(b.name);
  if (order === "core") return list.sort((a, b) => b.core_value - a.core_value || byName(a, b));
  if (order === "colour") return list.sort((a, b) => a.color.localeCompare(b.color) || byName(a, b));
  return list.sort(byName);
}

function drawCards() {
  const words = $("search").value.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = ordered(cards.filter((c) => matches(c, words, $("colour").value)),
                        $("order").value);
  $("cards").replaceChildren(...shown.map((card) => {
    const tile = zoomCard(card.id);
    tile.dataset.card = card.id;
    return tile;
  }));
  $("shown").textContent = `${shown.length} of ${cards.length} cards`;
}

async function start() {
  try {
    const catalogue = await loadCards();
    const reference = await api("GET", "/api/reference");
    cards = Object.values(catalogue);
    const colours = [...new Set(cards.map((c) => c.color))].sort();
    $("colour").append(...colours.map((c) => el("option", {value: c}, `${COLOURS[c] || ""} ${c}`)));
    for (const id of ["search", "colour", "order"]) {
      $(id).addEventListener("input", drawCards);
      $(id).addEventListener("change", drawCards);
    }
    $("filters").addEventListener("submit", (event) => event.preventDefault());
    drawCards();
    $("houses").replaceChildren(...Object.keys(reference.houses).sort()
      .map((house) => zoomHouse(house, reference)));
    $("bonuses").replaceChildren(...Object.entries(reference.bonuses).map(([loc, text]) =>
      el("li", {}, el("b", {}, LOCATION_NAMES[loc] || loc), `: ${text}`)));
    const where = (pick) => LOCATION_NAMES[pick] || `letter ${pick}`;
    $("automa").tBodies[0].replaceChildren(...Object.entries(reference.au_toma).map(([n, c]) =>
      el("tr", {"data-automa": n}, el("td", {}, n), el("td", {}, where(c.deploy)),
         el("td", {}, where(c.gain)), el("td", {}, ARROWS[c.arrow] || c.arrow),
         el("td", {}, EXTRAS[c.extra] || c.extra))));
  } catch (err) {
    $("status").textContent = `Cannot load the reference: ${err.message}`;
    $("status").className = "error";
  }
}

start();
