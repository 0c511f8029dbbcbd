// A practice game says so in every view of the table (RR-VIEW-10): its creator chose the
// seed, and whoever knows the seed can know every card. The view's seed_origin tells.
const $ = (id) => document.getElementById(id);

export function notePractice(view) {
  const note = $("practice-note");
  if (!note) return;
  const chosen = view.seed_origin === "chosen";
  note.hidden = !chosen;
  if (note.tagName !== "DETAILS") {
    note.textContent = chosen ? `${SAID}, ${WHY}` : "";
  } else if (chosen && !note.firstChild) {
    // On the table, one line (the board and the hand keep the screen); why, one tap away.
    const summary = document.createElement("summary");
    summary.textContent = SAID;
    const why = document.createElement("p");
    why.textContent = `So ${WHY}`;
    note.append(summary, why);
  }
}

const SAID = "Practice game: its creator chose the seed";
const WHY = "so they can know every card, yours included. The seed is shown to all at the end.";
