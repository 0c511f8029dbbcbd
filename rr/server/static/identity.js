// This browser's player identity (the messages: rr/identities.py): a name registered on this
// server for an Ed25519 key made here by WebCrypto. The private half is not extractable (no
// script can read it) and stays in this browser's IndexedDB; there is no password. A session
// is opened by signing a fresh challenge, and kept for this tab (sessionStorage).
// Another device joins the identity with a one-time code this browser makes and signs (typed
// there, or handed over in a file: the file holds the code, never the key, which cannot be
// read out). A seat key registered in a signed game is bound to the identity (bindSeat).
import {api, el} from "/static/common.js";

const DB = "rr-identity";
const STORE = "identity";
const ME = "me";
const SESSION = "rr.identity.session";

export function canHold() {
  return Boolean(window.isSecureContext && crypto.subtle && window.indexedDB);
}

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function kept(value = undefined) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const store = db.transaction(STORE, value === undefined ? "readonly" : "readwrite")
      .objectStore(STORE);
    const request = value === undefined ? store.get(ME)
      : value === null ? store.delete(ME) : store.put(value, ME);
    request.onsuccess = () => resolve(value === undefined ? request.result || null : value);
    request.onerror = () => reject(request.error);
  });
}

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const base64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const lines = (...parts) => new TextEncoder().encode(parts.map((p) => `${p}\n`).join(""));
const unhex = (text) => new Uint8Array(text.match(/../g).map((b) => parseInt(b, 16)));
const normal = (name) => name.normalize("NFC").trim();

async function newKey() {
  const pair = await crypto.subtle.generateKey({name: "Ed25519"}, false, ["sign", "verify"]);
  const raw = await crypto.subtle.exportKey("raw", pair.publicKey);
  return {privateKey: pair.privateKey, public: raw,
          fingerprint: hex(await crypto.subtle.digest("SHA-256", raw)).slice(0, 16)};
}

async function sign(key, message) {
  return base64(await crypto.subtle.sign({name: "Ed25519"}, key.privateKey, message));
}

function remember(answer) {
  try { sessionStorage.setItem(SESSION, JSON.stringify({token: answer.token, name: answer.name,
                                                        until: Date.now() + 600e3})); } catch { /* private */ }
  return answer;
}

/** The identity this browser holds ({name, fingerprint, ...}), or null. */
export async function identity() {
  if (!canHold()) return null;
  return kept();
}

/** A session of this browser's identity: {name, token}, or null without an identity. */
export async function session() {
  const me = await identity();
  if (!me) return null;
  try {
    const held = JSON.parse(sessionStorage.getItem(SESSION) || "null");
    if (held && held.until > Date.now() && held.name === me.name) return held;
  } catch { /* none kept */ }
  const {challenge} = await api("POST", "/api/identities/challenge", {body: {}});
  const key = base64(me.public);
  return remember(await api("POST", "/api/identities/session", {body: {
    key, challenge, signature: await sign(me, lines("rr/identity-session/1", challenge, key))}}));
}

/** Register ``name`` for a new key of this browser. */
export async function register(name) {
  const key = await newKey();
  const {challenge} = await api("POST", "/api/identities/challenge", {body: {}});
  const pub = base64(key.public);
  const answer = await api("POST", "/api/identities", {body: {
    name, key: pub, challenge,
    signature: await sign(key, lines("rr/identity-register/1", challenge, pub, normal(name)))}});
  await kept({...key, name: answer.name});
  return remember(answer);
}

/** A one-time code that lets another device join this identity (15 minutes, once). */
export async function releaseCode() {
  const me = await identity();
  const open = await session();
  const code = hex(crypto.getRandomValues(new Uint8Array(16)));
  const hashed = hex(await crypto.subtle.digest("SHA-256", unhex(code)));
  await api("POST", "/api/identities/transfer", {token: open.token, body: {
    code_hash: hashed, signature: await sign(me, lines("rr/identity-release/1", me.name, hashed))}});
  return code;
}

/** Join the identity ``name`` here with a code made on the other device. */
export async function claim(name, code) {
  const key = await newKey();
  const pub = base64(key.public);
  code = code.trim().toLowerCase();
  const answer = await api("POST", "/api/identities/transfer/claim", {body: {
    name, code, key: pub, signature: await sign(key, lines("rr/identity-add/1", normal(name), pub, code))}});
  await kept({...key, name: answer.name});
  return remember(answer);
}

/** The binding of a signed game's seat key to this browser's identity, for the seat's
 * registration: null without an identity, or if the seat is another name's. */
export async function bindSeat(game, seat, seatKey, player) {
  const me = await identity();
  if (!me || !player || normal(player) !== me.name) return null;  // the lobby seats it so
  const key = base64(me.public);
  return {name: me.name, key,
          signature: await sign(me, lines("rr/identity-seat/1", game, seat, seatKey, key, me.name))};
}

function fileOf(name, code) {
  const text = JSON.stringify({kind: "rr/identity-transfer/1", server: location.origin, name, code}, null, 2);
  return el("a", {href: URL.createObjectURL(new Blob([text], {type: "application/json"})),
                  download: `identity-${name}.json`, id: "identity-file"}, "download it as a file");
}

/** The "You" section of a page: who this browser is, or the ways to become someone.
 * ``changed`` is called once an identity is made or joined here. */
export async function showIdentity(box, changed = () => {}) {
  const me = await identity();
  const say = (text, error = false) => {
    const line = box.querySelector(".identity-status");
    line.textContent = text;
    line.className = `identity-status${error ? " error" : ""}`;
  };
  if (!canHold()) {
    box.replaceChildren(el("p", {}, "This page is not secure (https, or a server on this machine), so it cannot keep an identity: type a name."));
    return null;
  }
  if (me) {
    const code = el("p", {id: "identity-code", hidden: true});
    box.replaceChildren(
      el("p", {id: "identity-me", "data-name": me.name},
         "You are ", el("strong", {}, me.name),
         el("span", {class: "seat-key", title: `Your identity's key is kept in this browser only (its fingerprint: ${me.fingerprint}); no password.`},
            " ✓ your identity is kept in this browser")),
      el("p", {}, el("button", {type: "button", id: "identity-move", onclick: async () => {
        try {
          const made = await releaseCode();
          code.replaceChildren(`On the other device, open this lobby and choose “I have a code”: name ${me.name}, code `,
                               el("code", {}, made), " (good once, for 15 minutes) — or ", fileOf(me.name, made), ".");
          code.hidden = false;
        } catch (err) { say(`No code: ${err.message}`, true); }
      }}, "use this identity on another device")),
      code, el("p", {class: "identity-status", role: "status"}));
    return me;
  }
  const name = el("input", {id: "identity-name", maxlength: "40", autocomplete: "nickname"});
  const codeName = el("input", {id: "identity-claim-name", maxlength: "40"});
  const codeText = el("input", {id: "identity-claim-code", maxlength: "40", size: "34"});
  const file = el("input", {type: "file", id: "identity-claim-file", accept: "application/json,.json"});
  file.onchange = async () => {
    try {
      const data = JSON.parse(await file.files[0].text());
      if (data.kind !== "rr/identity-transfer/1") throw new Error("this is not an identity's transfer file");
      codeName.value = data.name;
      codeText.value = data.code;
    } catch (err) { say(`The file cannot be read: ${err.message}`, true); }
  };
  const done = async (work) => {
    try {
      await work();
      await showIdentity(box, changed);
      changed();
    } catch (err) { say(err.message, true); }
  };
  box.replaceChildren(
    el("form", {id: "identity-new", onsubmit: (e) => { e.preventDefault(); done(() => register(name.value)); }},
       el("label", {}, "Your name ", name), " ",
       el("button", {type: "submit", class: "primary", id: "identity-make"}, "make my identity"),
       el("small", {}, " — a key kept in this browser, no password; the name is yours on this server.")),
    el("details", {},
       el("summary", {}, "I have a code from another device"),
       el("form", {id: "identity-claim", onsubmit: (e) => { e.preventDefault(); done(() => claim(codeName.value, codeText.value)); }},
          el("label", {}, "Name ", codeName), " ", el("label", {}, "Code ", codeText), " ",
          el("label", {}, "or its file ", file), " ",
          el("button", {type: "submit", id: "identity-claim-go"}, "use my identity here"))),
    el("p", {class: "identity-status", role: "status"}));
  return null;
}
