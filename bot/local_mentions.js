// Local play: a channel mention in a message ("#Bowls · Puzzle 1 · you") opens that channel on the
// page, as a click on it does in Discord. Served by bot/local_mentions.py beside SimCord's own page
// script; it only adds to the page, so without it the page works the same, mentions as plain text.

const capability = window.location.hash.startsWith("#") ? window.location.hash.slice(1) : "";
const MARK = "local-play-mention";

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  .${MARK} { cursor: pointer; }
  .${MARK}:hover, .${MARK}:focus-visible { text-decoration: underline; }
  #local-play-note { position: fixed; left: 50%; bottom: 96px; transform: translateX(-50%); z-index: 1000;
    max-width: min(560px, 90vw); padding: 8px 14px; border-radius: 6px; background: #111214; color: #dbdee1;
    font: 14px/1.4 "Noto Sans", sans-serif; box-shadow: 0 4px 12px rgba(0, 0, 0, .4); }
  #local-play-note[hidden] { display: none; }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

/** The channel mention at `target`, with the message it is in; null for anything else. */
function mentionAt(target) {
  const span = target instanceof Element ? target.closest(".mention") : null;
  const label = span?.textContent || "";
  const message = span?.closest("[data-message-id]");
  if (!span || !message || !label.startsWith("#")) return null;
  return { span, label, messageId: message.getAttribute("data-message-id") };
}

/** Mark every channel mention in a message as something to click (the page redraws messages often). */
function mark() {
  for (const span of document.querySelectorAll("[data-message-id] .mention:not(.local-play-mention)")) {
    if (!(span.textContent || "").startsWith("#")) continue;
    span.classList.add(MARK);
    span.setAttribute("role", "link");
    span.tabIndex = 0;
    span.title = `Open ${span.textContent}`;
  }
}

let noteTimer = 0;
/** A short line at the foot of the page: where it is going, or why it cannot. */
function note(text, seconds) {
  let box = document.getElementById("local-play-note");
  if (!box) {
    box = document.createElement("div");
    box.id = "local-play-note";
    box.setAttribute("role", "status");
    document.body.append(box);
  }
  box.textContent = text;
  box.hidden = false;
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => { box.hidden = true; }, seconds * 1000);
}

async function open(mention) {
  note(`Opening ${mention.label}…`, 2);
  const query = new URLSearchParams({ message: mention.messageId, label: mention.label });
  try {
    const response = await fetch(`/local-play/open?${query}`, { headers: { "X-Simcord-Capability": capability } });
    const answer = await response.json();
    if (!answer.opened) note(answer.reason, 6);
  } catch {
    note(`${mention.label} could not be opened: local play did not answer. Try /open.`, 6);
  }
}

document.addEventListener("click", (event) => {
  const mention = mentionAt(event.target);
  if (!mention) return;
  event.preventDefault();
  open(mention);
});
document.addEventListener("keydown", (event) => {
  const mention = event.key === "Enter" || event.key === " " ? mentionAt(event.target) : null;
  if (!mention || event.target !== mention.span) return;
  event.preventDefault();
  open(mention);
});

let pending = false;
new MutationObserver(() => {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => { pending = false; mark(); });
}).observe(document.body, { childList: true, subtree: true });
mark();
