// Local play: a channel mention in a message ("#Bowls · Puzzle 1 · you") opens that channel on the
// page, as a click on it does in Discord, and so does a thread's name in a "started a thread" note. Served by bot/local_mentions.py beside SimCord's own page
// script; it only adds to the page, so without it the page works the same, mentions as plain text.
// It also names the server above the channel, as Discord does.

import { note, refresh, say, wording } from "./note.js";

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

// A "started a thread" note links its thread to discord.com; on this page it opens the thread instead.
const THREAD_LINK = /^https:\/\/discord\.com\/channels\/\d+\/(\d+)$/;

/** The channel named at `target` (a channel mention, or a thread's link), with the message it is in;
 * null for anything else. */
function mentionAt(target) {
  const element = target instanceof Element ? target.closest(".mention, a.message-system-link") : null;
  const message = element?.closest("[data-message-id]");
  if (!element || !message) return null;
  const label = element.textContent || "";
  const messageId = message.getAttribute("data-message-id");
  if (element.matches("a")) {
    const channel = THREAD_LINK.exec(element.getAttribute("href") || "")?.[1];
    return channel ? { element, label, messageId, channel } : null;
  }
  return label.startsWith("#") ? { element, label, messageId } : null;
}

/** Mark every channel mention in a message as something to click (the page redraws messages often). */
function mark() {
  for (const span of document.querySelectorAll(`[data-message-id] .mention:not(.${MARK})`)) {
    if (!(span.textContent || "").startsWith("#")) continue;
    span.classList.add(MARK);
    span.setAttribute("role", "link");
    span.tabIndex = 0;
    span.title = wording("open", span.textContent);
  }
  for (const link of document.querySelectorAll(`[data-message-id] a.message-system-link:not(.${MARK})`)) {
    if (!THREAD_LINK.test(link.getAttribute("href") || "")) continue;
    link.classList.add(MARK);
    link.removeAttribute("target");
    link.title = wording("open", link.textContent);
  }
}

// While "Opening …" shows: the channel the page showed at the click, so the note goes once it moves.
let leaving = null;
const shownChannel = () => document.getElementById("channel-name")?.textContent ?? null;

async function open(mention) {
  await say("opening", mention.label, 2);
  leaving = shownChannel();
  const query = new URLSearchParams(mention.channel ? { message: mention.messageId, channel: mention.channel }
    : { message: mention.messageId, label: mention.label });
  try {
    const response = await fetch(`/local-play/open?${query}`, { headers: { "X-Simcord-Capability": capability } });
    const answer = await response.json();
    if (!answer.opened) { leaving = null; note(answer.reason, 6); }
  } catch {
    leaving = null;
    say("unanswered", mention.label, 6);
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
  if (!mention || event.target !== mention.element) return;
  event.preventDefault();
  open(mention);
});

let pending = false;
new MutationObserver(() => {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    mark();
    if (leaving !== null && shownChannel() !== leaving) {
      leaving = null;
      const box = document.getElementById("local-play-note");
      if (box) box.hidden = true;  // arrived: the channel's own name says where the page is now
    }
  });
}).observe(document.body, { childList: true, subtree: true });
await refresh();  // the links' titles are in the page's language from the first mark
mark();

// The server's name above the channel's, as Discord's sidebar shows it (SimCord's page names no server).
const serverName = document.querySelector('meta[name="local-play-server"]')?.getAttribute("content");
if (serverName) {
  const heading = document.querySelector(".channel-heading");
  const line = document.createElement("p");
  line.id = "local-play-server";
  line.className = "channel-topic";
  line.textContent = serverName;
  heading?.prepend(line);
  document.title = serverName;
}
