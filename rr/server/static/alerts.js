// Telling a player whose tab is hidden that it is their turn (issue #28, point 6): the tab's
// title (table.js) always; a short chime (made with WebAudio, no sound file) and a system
// notification (the Notification API) each when the player turns it on. Both are off by
// default and remembered in this browser (localStorage); the browser's permission for
// notifications is asked only when the player ticks the box (a user gesture).

const SOUND = "rr.alerts.sound";
const NOTIFY = "rr.alerts.notify";

let audio = null;

function stored(key) {
  try { return localStorage.getItem(key) === "1"; } catch { return false; }
}

function store(key, on) {
  try { localStorage.setItem(key, on ? "1" : "0"); } catch { /* private mode: not kept */ }
}

function canNotify() {
  return "Notification" in window;
}

/** Two short rising notes. */
export function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return false;
  audio = audio || new Context();
  if (audio.state === "suspended" && audio.resume) audio.resume();
  const start = audio.currentTime;
  [[660, 0], [880, 0.16]].forEach(([frequency, at]) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.setValueAtTime(frequency, start + at);
    volume.gain.setValueAtTime(0.0001, start + at);
    volume.gain.exponentialRampToValueAtTime(0.2, start + at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.15);
    tone.connect(volume);
    volume.connect(audio.destination);
    tone.start(start + at);
    tone.stop(start + at + 0.16);
  });
  return true;
}

/** Wire the two boxes: their state from this browser, their changes kept. ``say(text)``
 * tells the player what happened (a refused permission). */
export function setUpAlerts(soundBox, notifyBox, say) {
  soundBox.checked = stored(SOUND);
  notifyBox.checked = stored(NOTIFY) && canNotify() && Notification.permission === "granted";
  soundBox.onchange = () => {
    store(SOUND, soundBox.checked);
    if (soundBox.checked) chime();  // what it sounds like; the click also lets audio play
  };
  notifyBox.onchange = async () => {
    if (!notifyBox.checked) { store(NOTIFY, false); return; }
    if (!canNotify()) {
      notifyBox.checked = false;
      say("This browser shows no notifications.");
      return;
    }
    let permission = Notification.permission;
    if (permission === "default") permission = await Notification.requestPermission();
    notifyBox.checked = permission === "granted";
    store(NOTIFY, notifyBox.checked);
    if (!notifyBox.checked) say("Notifications are blocked for this page in the browser's settings.");
  };
}

/** It has just become this seat's turn: if the tab is hidden, the chime and the notification
 * the player turned on. */
export function turnAlert(title, body, tag) {
  if (!document.hidden) return;
  if (stored(SOUND)) chime();
  if (stored(NOTIFY) && canNotify() && Notification.permission === "granted") {
    const note = new Notification(title, {body, tag});
    note.onclick = () => { window.focus(); note.close(); };
  }
}
