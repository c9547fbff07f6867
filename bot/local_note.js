// Local play: the one short line at the foot of the page that our scripts write to (where a mention is
// going, why a quick press did nothing). Imported by bot/local_mentions.js and bot/local_presses.js.
// The scripts hold no words: each note is asked of local play by name (/local-play/words.json, in the
// page's language, read again for each note so /settings language needs no reload).

let timer = 0;
let known = {};

/** The notes in the page's language, read again from local play; the last ones read where it does not answer. */
export async function refresh() {
  try {
    const response = await fetch("/local-play/words.json");
    if (response.ok) known = await response.json();
  } catch { /* local play is away: keep the notes read before */ }
  return known;
}

/** Note `name` with its `{label}` filled, in the words last read (empty where none were read yet). */
export function wording(name, label = "") {
  return (known[name] ?? "").replaceAll("{label}", label);
}

/** Show the note `name` (its `{label}` filled) for `seconds`, in the page's current language. */
export async function say(name, label, seconds) {
  await refresh();
  const text = wording(name, label);
  if (text) note(text, seconds);
}

/** Show `text` at the foot of the page for `seconds`, in place of any line shown before. */
export function note(text, seconds) {
  let box = document.getElementById("local-play-note");
  if (!box) {
    box = document.createElement("div");
    box.id = "local-play-note";
    box.setAttribute("role", "status");
    document.body.append(box);
  }
  box.textContent = text;
  box.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => { box.hidden = true; }, seconds * 1000);
}

refresh();
