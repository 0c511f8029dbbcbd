// A seat and the device it is played on, in words (the keys and signatures: keys.js;
// the transfer's messages: rr/seatmoves.py).
//
// A signed game's seat signs with a key kept in the browser that first opened it. Opened in
// another browser, the page says at once, before any pick, that the seat is played from
// another device, and offers to move it here with a transfer code; on the device that holds
// the key, "move this seat to another device" makes that code (and a link holding it). These
// messages have their own place (#seat-notice), which no other message overwrites: each
// stays until the seat moves.
import {el} from "/static/common.js";

const $ = (id) => document.getElementById(id);

function seatLink(game) {
  return `${location.origin}/#game=${encodeURIComponent(game.id)}&token=${encodeURIComponent(game.token)}`;
}

/** The transfer code in ``text``: a link holding one, or the code itself (32 hex digits). */
export function codeIn(text) {
  const found = text.trim().match(/(?:[#&]move=)?([0-9a-fA-F]{32})\s*$/);
  return found ? found[1].toLowerCase() : null;
}

function notice(...children) {
  const box = $("seat-notice");
  box.replaceChildren(...children);
  box.hidden = false;
}

/** Say that this seat is played from another device, with a way to move it here:
 * ``move(code)`` takes it (then the page opens the seat again). */
export function playedThere(game, move, problem = null) {
  const input = el("input", {id: "move-code", size: 36, autocomplete: "off",
                             "aria-label": "the transfer code, or its link"});
  const said = el("p", {class: "move-error error", role: "status"}, problem);
  const form = el("form", {id: "move-form", class: "move-form"},
    el("label", {}, "Transfer code or link: ", input), " ",
    el("button", {type: "submit", class: "primary", id: "move-here"}, "move the seat here"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = codeIn(input.value);
    if (!code) {
      said.textContent = "That is not a transfer code: it is 32 letters and digits, or the "
        + "link that holds it.";
      return;
    }
    $("move-here").disabled = true;
    try {
      await move(code);
      location.reload();
    } catch (err) {
      $("move-here").disabled = false;
      said.textContent = `The seat did not move: ${err.message}`;
    }
  });
  notice(
    el("strong", {}, "This seat is played from another device."),
    " Its signing key is in the browser where it was first opened, so you can watch here "
    + "but not choose. To play here, open this seat on that device, choose “move this seat "
    + "to another device”, and open the link it gives here (or type its code below).",
    form, said);
  $("seat-notice").classList.add("elsewhere");
  const device = $("seat-device");
  if (device) device.hidden = true;
}

/** On the device that holds the seat's key: the way to move the seat to another one
 * (``release()`` makes a transfer code). */
export function moveOffered(game, release) {
  const device = $("seat-device");
  if (!device) return;
  device.hidden = false;
  const out = el("div", {class: "move-out"});
  const button = el("button", {type: "button", id: "move-seat", class: "small"},
                    "move this seat to another device");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const code = await release();
      const url = `${seatLink(game)}&move=${code}`;
      out.replaceChildren(
        el("p", {}, "Open this link on the other device (or type the code there). It "
          + "works once; from then on you play this seat there, not here."),
        el("input", {readonly: true, value: url, id: "move-link", size: 36,
                     "aria-label": "the link that moves this seat"}), " ",
        el("button", {type: "button", class: "small",
                      onclick: () => navigator.clipboard?.writeText(url)}, "copy"),
        el("p", {}, "Code: ", el("code", {id: "move-code-shown"}, code)));
    } catch (err) {
      out.replaceChildren(el("p", {class: "error"}, `No transfer code: ${err.message}`));
    } finally {
      button.disabled = false;
    }
  });
  device.querySelector(".device-body").replaceChildren(
    el("p", {class: "hint"}, "Choices at this seat are signed by a key kept in this browser."),
    button, out);
}
