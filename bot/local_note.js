// Local play: the one short line at the foot of the page that our scripts write to (where a mention is
// going, why a quick press did nothing). Imported by bot/local_mentions.js and bot/local_presses.js.

let timer = 0;

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
