// A seat's own Ed25519 key in the browser (issue #29; the messages: rr/seatkeys.py).
// The key pair is made by WebCrypto when a person takes a seat of a signed game; its private
// half is not extractable (no script, not even this one, can read its bytes) and is kept in
// IndexedDB under "game/seat", so a reload keeps signing with the same key. Only the public
// half is sent to the server, with 32 random bytes of contribution to the deal, signed with
// the server's commitment. Each choice is then signed over the game, the decision's number,
// the action and the hash of the log so far (GET .../seat gives the last two).
// WebCrypto needs a secure context: https, or a server on this machine (127.0.0.1, localhost).
//
// A seat whose key is in another browser is "played from another device": this page says so
// at once and makes no choice; the seat moves here with a one-time transfer code made on the
// device that holds the key (rr/seatmoves.py; the words and controls: seatmove.js).
import {api, el, fragment} from "/static/common.js";
import {moveOffered, playedThere} from "/static/seatmove.js";
import {bindSeat} from "/static/identity.js";

const DB = "rr-seat-keys";
const STORE = "keys";

export function canSign() {
  return Boolean(window.isSecureContext && crypto.subtle);
}

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function kept(name, value = undefined) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const store = db.transaction(STORE, value === undefined ? "readonly" : "readwrite")
      .objectStore(STORE);
    const request = value === undefined ? store.get(name) : store.put(value, name);
    request.onsuccess = () => resolve(value === undefined ? request.result : value);
    request.onerror = () => reject(request.error);
  });
}

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const base64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const lines = (...parts) => new TextEncoder().encode(parts.map((p) => `${p}\n`).join(""));

// The seat's key: {privateKey (a non-extractable CryptoKey), public (raw bytes), fingerprint}.
async function seatKey(game, seat) {
  const name = `${game}/${seat}`;
  let key = await kept(name);
  if (!key) {
    const pair = await crypto.subtle.generateKey({name: "Ed25519"}, false, ["sign", "verify"]);
    const raw = await crypto.subtle.exportKey("raw", pair.publicKey);
    const digest = await crypto.subtle.digest("SHA-256", raw);
    key = await kept(name, {privateKey: pair.privateKey, public: raw,
                            fingerprint: hex(digest).slice(0, 16)});
  }
  return key;
}

async function sign(key, message) {
  return base64(await crypto.subtle.sign({name: "Ed25519"}, key.privateKey, message));
}

function showFingerprint(fingerprint) {
  let shown = document.getElementById("seat-key");
  if (!shown) {
    shown = el("span", {id: "seat-key", class: "seat-key"});
    (document.querySelector("#seat-device summary") || document.body).append(" ", shown);
  }
  // In words; the key's fingerprint only for who asks (its title, its data).
  shown.textContent = "✓ your choices are signed in this browser";
  shown.title = `Every choice you make is signed by this seat's key, kept in this browser only (its fingerprint: ${fingerprint}).`;
  shown.dataset.fingerprint = fingerprint;
}

let elsewhere = false;  // this seat's key is in another browser: no choice is made here

/** Whether this seat is played from another device (its key is not in this browser). */
export function playedElsewhere() {
  return elsewhere;
}

function lost(game, seat, problem = null) {
  elsewhere = true;
  playedThere(game, (code) => moveHere(game, code), problem);
}

/** Release this seat to another device: a one-time transfer code, its hash signed by this
 * browser's key (rr/seatmoves.py). The code (hex). */
export async function releaseSeat(game) {
  const seat = await api("GET", `/api/games/${game.id}/seat`, {token: game.token});
  const key = await seatKey(game.id, seat.seat);
  const code = hex(crypto.getRandomValues(new Uint8Array(16)));
  const hashed = hex(await crypto.subtle.digest("SHA-256", unhex(code)));
  await api("POST", `/api/games/${game.id}/seat/release`, {token: game.token, body: {
    code_hash: hashed, signature: await sign(key, lines("rr/seat-release/1", game.id,
                                                         seat.seat, hashed))}});
  return code;
}

/** Take this seat here with a transfer code: this browser's key signs from the next
 * decision on. */
export async function moveHere(game, code) {
  for (let attempt = 0; ; attempt++) {
    const seat = await api("GET", `/api/games/${game.id}/seat`, {token: game.token});
    const key = await seatKey(game.id, seat.seat);
    const message = lines("rr/seat-move/1", game.id, seat.seat, base64(key.public), code,
                          seat.decision);
    try {
      return await api("POST", `/api/games/${game.id}/seat/move`, {token: game.token, body: {
        key: base64(key.public), code, signature: await sign(key, message)}});
    } catch (err) {
      // Someone else chose in between: the move names the next decision, so sign it again.
      if (attempt > 0 || err.type !== "SignatureRefusedError") throw err;
    }
  }
}

const unhex = (text) => new Uint8Array(text.match(/../g).map((b) => parseInt(b, 16)));

// Take the seat: in a signed game, register this browser's key and contribution (once); then,
// in any game dealt once its seats are ready, wait until the deal (every person's key, every
// open seat taken: issue #28). Resolves with the seat's state.
export async function joinSeat(game, status, waiting = null) {
  let seat = await api("GET", `/api/games/${game.id}/seat`, {token: game.token});
  if (seat.seat === null) return seat;
  if (seat.signed) {
    if (!canSign()) {
      status("This game is signed, and signing needs a secure page (https, or a server on this machine).", true);
      return seat;
    }
    const key = await seatKey(game.id, seat.seat);
    if (seat.key === null) {
      const contribution = hex(crypto.getRandomValues(new Uint8Array(32)));
      const message = lines("rr/seat-key/1", game.id, seat.seat, base64(key.public),
                            contribution, seat.server_commitment);
      // Bound to this browser's player identity when the seat is its name's (identity.js).
      const mine = (seat.players || []).find((p) => p.seat === seat.seat);
      const identity = await bindSeat(game.id, seat.seat, base64(key.public), mine && mine.name);
      seat = await api("POST", `/api/games/${game.id}/seat`, {token: game.token, body: {
        key: base64(key.public), contribution, signature: await sign(key, message),
        ...(identity ? {identity} : {})}});
    } else if (seat.key !== key.fingerprint && fragment().get("move")) {
      // The link of a transfer code: the seat moves here before anything is shown.
      const code = fragment().get("move");
      const kept = fragment();
      kept.delete("move");  // the code works once: it leaves the address
      history.replaceState(null, "", `#${kept}`);
      try {
        seat = await moveHere(game, code);
      } catch (err) {
        lost(game, seat, `The seat did not move: ${err.message}`);
      }
    }
    if (seat.key !== key.fingerprint && !elsewhere) lost(game, seat);
    else moveOffered(game, () => releaseSeat(game));
    showFingerprint(key.fingerprint);
  }
  let waited = false;
  while (!seat.dealt) {
    waited = true;
    const open = seat.open || [];
    if (waiting) waiting(seat);  // the waiting screen (waiting.js), live
    else {
      status(open.length
        ? `Waiting for ${open.length} open seat${open.length === 1 ? "" : "s"} to be taken with the game's invitation…`
        : "Waiting for the other players to take their seats (the deal needs every player's key)…");
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    seat = await api("GET", `/api/games/${game.id}/seat`, {token: game.token});
  }
  if (waiting) waiting(null);
  else if (waited) status("");  // the waiting line only: a warning stays in its own place
  return seat;
}

/** Whether this browser still plays the seat (a move to another device takes it away):
 * checked when a decision of this seat comes; ``onLost`` is called once it has gone. */
export async function stillHere(game, onLost) {
  if (elsewhere || !canSign()) return;
  const seat = await api("GET", `/api/games/${game.id}/seat`, {token: game.token});
  if (!seat.signed || seat.key === null) return;
  const key = await seatKey(game.id, seat.seat);
  if (seat.key !== key.fingerprint) {
    lost(game, seat);
    onLost();
  }
}

// The signature of a choice ({} in a game whose seats do not sign).
export async function signChoice(game, action) {
  const seat = await api("GET", `/api/games/${game.id}/seat`, {token: game.token});
  if (!seat.signed || seat.key === null || !canSign()) return {};
  const key = await seatKey(game.id, seat.seat);
  if (seat.key !== key.fingerprint) {
    lost(game, seat);
    throw new Error("This seat is now played from another device: its choices are made there.");
  }
  const message = lines("rr/seat-decision/1", game.id, seat.decision, seat.seat, action,
                        seat.log_hash);
  return {signature: await sign(key, message)};
}
