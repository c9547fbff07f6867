// Local play: a quick press reaches the bot. SimCord's page takes one action at a time and binds each
// press to the board it last drew: a press while another action is in flight is dropped by the page
// (its buttons are then aria-disabled), and one that meets a board that has just moved is refused
// ("Action was not completed."). Either way the bot never hears of it. Here such a press waits until
// the page takes actions again and is made then on the current board, if that board still has the
// same button (the bot then answers it: done, already done, or out of date); if the button is gone,
// the page says so. Served by bot/local_mentions.py beside SimCord's own page script; it only adds to
// the page, so without it the page works as SimCord made it.

import { say } from "./note.js";

const BUTTON = "[data-message-id] button.component-button[data-control-key]";
const REFUSED = new Set(["busy", "stale-revision", "stale-context"]);
const GIVE_UP_MS = 15000;    // a press still waiting by then is said to be lost, not retried for ever

/** Presses waiting to be made, oldest first: {key, label, since}. */
const waiting = [];
/** Presses let through to the page, by control key, until it sends them: {label, since}. The page
 * sends a press it takes within the click's own dispatch, so one still here once the click has gone
 * through the page's listeners was dropped. */
const letThrough = new Map();
let replaying = false;

const labelOf = (button) => (button.textContent || "").trim();
const blocked = (button) => button.getAttribute("aria-disabled") === "true" && !button.disabled;

/** A press waits in the order it was made: one the page refused goes back before any made after it. */
function wait(key, label, since = Date.now()) {
  if (!waiting.some((press) => press.key === key && press.label === label)) {
    const later = waiting.findIndex((press) => press.since > since);
    waiting.splice(later < 0 ? waiting.length : later, 0, { key, label, since });
  }
  schedule();
}

document.addEventListener("click", (event) => {
  if (replaying) return;
  const button = event.target instanceof Element ? event.target.closest(BUTTON) : null;
  if (!button || button.disabled || button.matches(".button-style-5, .button-style-6")) return;
  const key = button.dataset.controlKey;
  if (blocked(button) || waiting.length) {  // the page would drop it, or earlier presses go first
    event.stopImmediatePropagation();
    event.preventDefault();
    wait(key, labelOf(button));
    return;
  }
  letThrough.set(key, { label: labelOf(button), since: Date.now() });
}, true);

/** After the page's own listeners: a press let through that the page did not send waits. */
function unsent(key) {
  const press = letThrough.get(key);
  if (press) { letThrough.delete(key); wait(key, press.label, press.since); }
}
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest(BUTTON) : null;
  if (button && !replaying) unsent(button.dataset.controlKey);
});

// The page's own calls: a press it sent is no longer waiting to be sent; one the preview refused waits.
const pageFetch = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input?.url || "";
  let body = null;
  if (url.endsWith("/api/action") && typeof init?.body === "string") {
    try { body = JSON.parse(init.body); } catch { body = null; }
  }
  const press = body?.kind === "click" && typeof body.control_key === "string" ? body.control_key : null;
  const sent = press ? letThrough.get(press) : null;
  if (press) letThrough.delete(press);
  const response = await pageFetch(input, init);
  if (press) {
    response.clone().json().then((receipt) => {
      if (receipt?.rejected && (receipt.diagnostics || []).some((item) => REFUSED.has(item?.code))) {
        wait(press, sent?.label ?? labelOf(document.querySelector(`${BUTTON}[data-control-key="${CSS.escape(press)}"]`) || document.body), sent?.since);
      }
    }).catch(() => {});
  }
  return response;
};

let timer = 0;
function schedule() {
  if (!timer) timer = setTimeout(replay, 50);
}

/** Make the oldest waiting press once the page takes actions again, on the board it now shows. */
function replay() {
  timer = 0;
  const press = waiting[0];
  if (!press) return;
  if (Date.now() - press.since > GIVE_UP_MS) {
    waiting.shift();
    say("press_lost", press.label, 6);
    schedule();
    return;
  }
  const buttons = [...document.querySelectorAll(BUTTON)];
  const button = buttons.find((item) => item.dataset.controlKey === press.key);
  if (button && blocked(button)) { schedule(); return; }  // the page is still busy: wait
  if (buttons.some(blocked)) { schedule(); return; }
  waiting.shift();
  if (!button || button.disabled || labelOf(button) !== press.label) {
    say("press_stale", press.label, 6);
    schedule();
    return;
  }
  letThrough.set(press.key, { label: press.label, since: press.since });
  replaying = true;
  try { button.click(); } finally { replaying = false; }
  unsent(press.key);
  schedule();
}
