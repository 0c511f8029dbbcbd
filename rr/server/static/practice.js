// A practice game says so in every view of the table (RR-VIEW-10): its creator chose the
// seed, and whoever knows the seed can know every card. The view's seed_origin tells.
const $ = (id) => document.getElementById(id);

export function notePractice(view) {
  const note = $("practice-note");
  if (!note) return;
  const chosen = view.seed_origin === "chosen";
  note.hidden = !chosen;
  note.textContent = chosen ? "Practice game: its creator chose the seed, so they can know "
    + "every card, yours included. The seed is shown to all at the end." : "";
}
