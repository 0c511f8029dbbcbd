// A seat's own Ed25519 key in the browser (issue #29; the messages: rr/seatkeys.py).
// The key pair is made by WebCrypto when a person takes a seat of a signed game; its private
// half is not extractable (no script, not even this one, can read its bytes) and is kept in
// IndexedDB under "game/seat", so a reload keeps signing with the same key. Only the public
// half is sent to the server, with 32 random bytes of contribution to the deal, signed with
// the server's commitment. Each choice is then signed over the game, the decision's number,
// the action and the hash of the log so far (GET .../seat gives the last two).
// WebCrypto needs a secure context: https, or a server on this machine (127.0.0.1, localhost).
import {api, el} from "/static/common.js";

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
    (document.querySelector("#decision .ask") || document.body).append(shown);
  }
  // In words; the key's fingerprint only for who asks (its title, its data).
  shown.textContent = "✓ your choices are signed in this browser";
  shown.title = `Every choice you make is signed by this seat's key, kept in this browser only (its fingerprint: ${fingerprint}).`;
  shown.dataset.fingerprint = fingerprint;
}

// Take the seat: in a signed game, register this browser's key and contribution (once); then,
// in any game dealt once its seats are ready, wait until the deal (every person's key, every
// open seat taken: issue #28). Resolves with the seat's state.
export async function joinSeat(game, status) {
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
      seat = await api("POST", `/api/games/${game.id}/seat`, {token: game.token, body: {
        key: base64(key.public), contribution, signature: await sign(key, message)}});
    } else if (seat.key !== key.fingerprint) {
      status(`This seat's key (${seat.key}) is held by another browser: choices made here will be refused.`, true);
    }
    showFingerprint(key.fingerprint);
  }
  while (!seat.dealt) {
    const open = seat.open || [];
    status(open.length
      ? `Waiting for ${open.length} open seat${open.length === 1 ? "" : "s"} to be taken with the game's invitation…`
      : "Waiting for the other players to take their seats (the deal needs every player's key)…");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    seat = await api("GET", `/api/games/${game.id}/seat`, {token: game.token});
  }
  status("");
  return seat;
}

// The signature of a choice ({} in a game whose seats do not sign).
export async function signChoice(game, action) {
  const seat = await api("GET", `/api/games/${game.id}/seat`, {token: game.token});
  if (!seat.signed || seat.key === null || !canSign()) return {};
  const key = await seatKey(game.id, seat.seat);
  const message = lines("rr/seat-decision/1", game.id, seat.decision, seat.seat, action,
                        seat.log_hash);
  return {signature: await sign(key, message)};
}
