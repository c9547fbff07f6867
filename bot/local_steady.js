// Local play: a board does not jump under the player's finger. SimCord's page draws an edited
// message's picture anew: for a moment the picture is gone, then a small placeholder while it decodes,
// then the picture at full height, and the channel scrolls with each change of height, so the buttons
// move twice while a player is about to press one. Here a message whose picture is being drawn anew
// keeps the height it had when its picture was last shown in full, until the new one has loaded. Served
// by bot/local_mentions.py beside SimCord's own page script; it only adds to the page.

const PICTURE = "img.attachment-image";
const MESSAGE = "[data-message-id]";

/** A message's height when its pictures were last all shown, by message id. */
const shownHeight = new Map();

const loaded = (img) => img.complete && img.naturalHeight > 0;

/** Hold the message at its last full height while a picture it had is missing or loading. */
function steady(message) {
  const id = message.dataset.messageId;
  const pictures = [...message.querySelectorAll(PICTURE)];
  if (pictures.length && pictures.every(loaded)) {
    message.style.minHeight = "";
    shownHeight.set(id, message.getBoundingClientRect().height);
    return;
  }
  const height = shownHeight.get(id);
  if (height) message.style.minHeight = `${height}px`;
  pictures.filter((img) => !loaded(img)).forEach((img) => {
    const settle = () => steady(message);
    img.addEventListener("load", settle, { once: true });
    img.addEventListener("error", () => { message.style.minHeight = ""; }, { once: true });
  });
}

new MutationObserver((changes) => {
  const touched = new Set();
  for (const change of changes) {
    const target = change.target instanceof Element ? change.target : change.target.parentElement;
    const message = target?.closest(MESSAGE);
    if (message) touched.add(message);
    for (const node of change.addedNodes) {
      if (node instanceof Element) node.querySelectorAll(MESSAGE).forEach((item) => touched.add(item));
    }
  }
  touched.forEach(steady);
}).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["src"] });
