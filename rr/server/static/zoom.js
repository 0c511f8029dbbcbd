// The card zoom: a card's (or a house's, a rule's) printed text beside the board; on a phone a
// sheet at the foot of the window that never covers what it explains, its close first.
import {el} from "/static/common.js";

const $ = (id) => document.getElementById(id);


export function showZoom(node, extra = null) {
  // What was touched: on a phone the sheet opens away from it (at the top for a card low on
  // the screen), so it never covers what it explains.
  const touched = document.activeElement && document.activeElement !== document.body
    ? document.activeElement.getBoundingClientRect() : null;
  $("zoom").replaceChildren(el("button", {
    type: "button", class: "small close-zoom",
    onclick: () => { closeZoom(); $("zoom").replaceChildren(); }},
    "close"), ...[node, extra].filter(Boolean));
  $("zoom").classList.add("open");
  $("zoom").scrollTop = 0;
  placeZoom(touched);
}

let zoomScroll = null;  // the page's scroll before a phone's sheet moved it

/** On a phone the card read is a sheet at the foot of the window: when the card touched
 * would lie under it, the page scrolls the card above it (and back when it closes). */
function placeZoom(touched) {
  if (!touched || !matchMedia("(max-width: 600px)").matches) return;
  const top = $("zoom").getBoundingClientRect().top;
  if (touched.bottom > top - 4) {
    if (zoomScroll === null) zoomScroll = scrollY;
    scrollBy({top: touched.bottom - top + 4, behavior: "instant"});
  }
}

export function closeZoom() {
  $("zoom").classList.remove("open");
  if (zoomScroll !== null) scrollTo({top: zoomScroll, behavior: "instant"});
  zoomScroll = null;
}
