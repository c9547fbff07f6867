// Local play: typing a command keeps the best match highlighted, as Discord does. SimCord's page keeps
// the highlight on the row it was on while that row still matches what is typed, so "/daily" typed
// from "/" leaves "/bowls daily" highlighted and Enter picks it. Here, after each change to what is
// typed (SimCord's own listener has drawn the list by then), the highlight goes back to the first row,
// the best match ("/daily" itself). Served by bot/local_mentions.py beside SimCord's own page script;
// it only adds to the page, so without it the page works as SimCord made it.

const input = document.getElementById("channel-composer-input");

input?.addEventListener("input", () => {
  if (!input.value.startsWith("/") || input.value.includes(" ")) return;
  const rows = [...document.querySelectorAll(".command-entry")];
  const active = rows.findIndex((row) => row.classList.contains("is-active"));
  for (let step = 0; step < active; step += 1) {  // the page's own keys move it: its state follows
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true, cancelable: true }));
  }
});
