// One place for the page's messages (a refusal, a warning, what the page waits for): each has
// a key, the part of the page it is about, and stays until that part says it is resolved
// (its key cleared or said again). A message never overwrites another one's.
import {el} from "/static/common.js";

const shown = new Map();  // key → {text, error}, in the order first said
let box = null;

function render() {
  if (!box) return;
  box.replaceChildren(...[...shown].map(([key, m]) => el("span", {
    class: m.error ? "message error" : "message", "data-message": key}, m.text)));
  box.className = [...shown.values()].some((m) => m.error) ? "error" : "";
}

/** Messages go into ``element`` (a live region). */
export function messagesIn(element) {
  box = element;
  render();
}

/** Say ``text`` under ``key`` (an empty text clears it). */
export function say(key, text, {error = false} = {}) {
  if (!text) { clear(key); return; }
  shown.set(key, {text, error});
  render();
}

export function clear(key) {
  if (shown.delete(key)) render();
}

/** The messages now, for a test or a page that reads them: [[key, text]]. */
export function messages() {
  return [...shown].map(([key, m]) => [key, m.text]);
}

/** A ``status(text, error)`` function for one part of the page (keys.js, invite.js take
 * one): what it says replaces only that part's message. */
export function sayer(key) {
  return (text, error = false) => say(key, text, {error});
}
