"""A summon battle phase as an animated GIF: a frame per action (the acting unit marked, damage and
healing on its targets, hearts changing), one palette for the whole replay, drawn straight in it, each
frame captioned in the thread's words ("AI's Ember Imp hits your Stone Wall: −2"). Drawn for a phone, as
the table is: 780 px wide (twice a phone's 390), no text under 24 px, the two battle lines one above the
other, each front first from the left."""
from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.common import BACKGROUND, MUTED, PANEL, TEXT, font
from bot.words import current, words
from engine.summon import BattleReplay, card

from .fitting import fitted, name_words, short_name
from .render import ATTR_COLOURS, DARK, FALL, GOLD, HEAL, HEART, HEART_EMPTY, RING
from .text import Names, battle_caption, drawn_hearts, picture_words, piece_name

# --- frames --------------------------------------------------------------------------

GIF_W = 780  # twice a phone's width, fonts to match (24 px: 12 px seen)
BOX_W, BOX_H, PER_SIDE, GAP = 144, 124, 5, 6
LINES_TOP = 96      # the first battle line's header, under the title
LINE_H = 46 + BOX_H + 24   # a line's header and the acting unit's mark above its boxes, the room below
CAPTION_LINES = 3
GIF_H = LINES_TOP + 2 * LINE_H + CAPTION_LINES * 32 + 70
SMALL = 24
_PALETTE = [BACKGROUND, PANEL, TEXT, MUTED, GOLD, HEART, HEART_EMPTY, HEAL, FALL, RING, DARK,
            *ATTR_COLOURS.values()]
_INDEX = {colour: k for k, colour in enumerate(_PALETTE)}


def _palette_image() -> Image.Image:
    img = Image.new("P", (GIF_W, GIF_H), 0)
    flat = [v for colour in _PALETTE for v in colour]
    img.putpalette(flat + [0] * (768 - len(flat)))
    return img


def _p(colour: tuple[int, int, int]) -> int:
    return _INDEX[colour]


@dataclass
class _Live:
    uid: int
    card: str
    ticks: int
    max_ticks: int


def _box_x(side: int, rank: int) -> int:
    """A unit's box, front first from the left (either side's line)."""
    return 16 + rank * (BOX_W + GAP)


def _line_top(side: int) -> int:
    """The top of a side's boxes: the second seat's line above, the first seat's below."""
    return LINES_TOP + (0 if side == 1 else LINE_H) + 46


def _hearts(d: ImageDraw.ImageDraw, x: int, y: int, u: _Live) -> None:
    hearts = max(1, -(-u.max_ticks // 4))
    for k in range(hearts):
        hx, hy = x + (k % 5) * 17, y + (k // 5) * 17
        box = (hx, hy, hx + 13, hy + 13)
        d.ellipse(box, fill=_p(HEART_EMPTY))
        have = max(0, min(4, u.ticks - 4 * k))
        if have == 4:
            d.ellipse(box, fill=_p(HEART))
        elif have:
            d.pieslice(box, -90, -90 + 90 * have, fill=_p(HEART))


def _frame(base: Image.Image, lines: tuple[list[_Live], list[_Live]], names: tuple[str, str], title: str,
           caption: str, actor: tuple[int, int] | None = None, hits: dict[tuple[int, int], int] | None = None,
           banner: str | None = None) -> Image.Image:
    img = base.copy()
    d = ImageDraw.Draw(img)
    d.fontmode = "1"  # crisp text in the palette: no blended colours outside it
    d.text((16, 10), fitted(title, 28, GIF_W - 32), font=font(28), fill=_p(TEXT))
    for side in (0, 1):
        top = _line_top(side)
        header = short_name(names[side], 14) + " · " + words("battle line, front first")
        d.text((16, top - 46), fitted(header, SMALL, GIF_W - 32), font=font(SMALL), fill=_p(MUTED))
        line = lines[side]
        for rank, u in enumerate(line[:PER_SIDE]):
            x = _box_x(side, rank)
            c = card(u.card)
            acting = actor == (side, u.uid)
            dead = u.ticks <= 0
            d.rectangle((x, top, x + BOX_W, top + BOX_H), fill=_p(PANEL),
                        outline=_p(GOLD if acting else (RING if dead else ATTR_COLOURS[c.attr])),
                        width=4 if acting else 2)
            if acting:
                mid = x + BOX_W // 2
                d.polygon(((mid - 10, top - 14), (mid + 10, top - 14), (mid, top - 3)), fill=_p(GOLD))
            parts = [fitted(w, SMALL, BOX_W - 10) for w in name_words(piece_name(c.id))][:2]
            for k, word in enumerate(parts):
                d.text((x + 6, top + 4 + 26 * k), word, font=font(SMALL), fill=_p(MUTED if dead else TEXT))
            d.text((x + 6, top + 58), drawn_hearts(u.ticks), font=font(SMALL), fill=_p(MUTED))
            _hearts(d, x + 6, top + 88, u)
            change = (hits or {}).get((side, u.uid))
            if change:
                tag = change_tag(change)
                box = tag_box(x, top, tag)
                d.rectangle(box, fill=_p(DARK))
                ink = font(TAG_SIZE).getbbox(tag, anchor="mm")  # centred by its ink: a fraction's slash dips
                d.text(((box[0] + box[2]) // 2, (box[1] + box[3]) // 2 - (ink[1] + ink[3]) // 2), tag,
                       font=font(TAG_SIZE), fill=_p(HEAL if change > 0 else FALL), anchor="mm")
            if dead:
                d.line((x + 6, top + 6, x + BOX_W - 6, top + BOX_H - 6), fill=_p(FALL), width=4)
        if len(line) > PER_SIDE:
            more = f"+{len(line) - PER_SIDE}"
            d.text((GIF_W - 16, top - 46), more, font=font(SMALL), fill=_p(MUTED), anchor="ra")
        if not line:
            d.text((_box_x(side, 0) + 6, top + BOX_H // 2), words("no units"), font=font(SMALL), fill=_p(MUTED),
                   anchor="lm")
    below = LINES_TOP + 2 * LINE_H
    for k, text in enumerate(_wrap(picture_words(caption), 56 if current() == "en" else 27)[:CAPTION_LINES]):
        d.text((16, below + 32 * k), text, font=font(SMALL + 2), fill=_p(TEXT))
    if banner:
        d.rectangle((GIF_W // 2 - 220, GIF_H - 52, GIF_W // 2 + 220, GIF_H - 10), fill=_p(DARK), outline=_p(GOLD))
        d.text((GIF_W // 2, GIF_H - 31), banner, font=font(28), fill=_p(GOLD), anchor="mm")
    return img


TAG_SIZE, TAG_PAD = SMALL + 2, 6  # a damage or healing tag's font, and its room each side of the text


def change_tag(change: int) -> str:
    """A unit's change of life in one action as its tag says it: "-1 1/2", "+3/4"."""
    return f"{'+' if change > 0 else '-'}{drawn_hearts(abs(change))}"


def tag_box(x: int, top: int, tag: str) -> tuple[int, int, int, int]:
    """The tag's box in the bottom right corner of the unit's box at (x, top), as wide as its text
    (widening leftward, never past the unit's box)."""
    width = min(BOX_W - 4, max(44, int(font(TAG_SIZE).getlength(tag)) + 2 * TAG_PAD))
    right = x + BOX_W - 2
    return right - width, top + BOX_H - 34, right, top + BOX_H - 2


MAX_FRAMES = 120


def render_battle(replay: BattleReplay, names: tuple[str, str], *, frame_ms: int = 700,
                  you: int | None = None) -> bytes:
    """A battle phase as an animated GIF: the lines at its start, a frame per action (the acting unit
    marked, damage and healing on its targets, hearts changing), the lines at its end."""
    line0, line1 = ([_Live(u.uid, u.card, u.ticks, u.max_ticks) for u in replay.start[s]] for s in (0, 1))
    lines = (line0, line1)
    base = _palette_image()
    said = Names(names, you)
    title = words("Battle phase {phase} · {turns} turns · {who} {act} first", phase=replay.phase, turns=replay.turns,
                  who=said.who(replay.turn_player, start=True), act=said.verb(replay.turn_player, "act"))
    frames = [_frame(base, lines, names, title, words("Both battle lines at the start."))]
    actions: list[list] = []
    for e in replay.events:
        if actions and actions[-1][0].action == e.action and actions[-1][0].turn == e.turn:
            actions[-1].append(e)
        else:
            actions.append([e])
    stride = max(1, -(-len(actions) // MAX_FRAMES))
    for k, group in enumerate(actions):
        hits: dict[tuple[int, int], int] = {}
        for side in (0, 1):  # units destroyed by an earlier action have left their line
            lines[side][:] = [u for u in lines[side] if u.ticks > 0]
        for e in group:
            for u in lines[e.target.side]:
                if u.uid == e.target.uid:
                    u.ticks = e.after
            sign = 1 if e.kind == "heal" else -1
            key = (e.target.side, e.target.uid)
            hits[key] = hits.get(key, 0) + sign * e.amount
        if k % stride and k != len(actions) - 1:
            continue
        first = group[0]
        actor = (first.actor.side, first.actor.uid) if first.actor is not None and first.kind != "thorns" else None
        frames.append(_frame(base, lines, names, words("{title} · turn {turn}", title=title, turn=first.turn),
            _caption(group, Names(names, you)),
                             actor=actor, hits=hits))
    for side in (0, 1):
        lines[side][:] = [u for u in lines[side] if u.ticks > 0]
    said = Names(names, you)
    won = {"p1": 0, "p2": 1}.get(replay.result or "")
    result = words("{who} {win}", who=said.who(won, start=True), win=said.verb(won, "win")) if won is not None \
        else words("a draw") if replay.result == "draw" else ""
    frames.append(_frame(base, lines, names, title, words("The battle phase is over.") if not result else
                         words("The battle decides the game."), banner=result or words("both sides fight on")))
    buf = io.BytesIO()
    durations = [1000] + [frame_ms] * (len(frames) - 2) + [2500]
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return buf.getvalue()


def _wrap(text: str, width: int) -> list[str]:
    """Lines of at most `width` characters, broken between words (Japanese, written without spaces, between
    any two characters)."""
    if current() != "en":
        return [text[k:k + width] for k in range(0, len(text), width)]
    lines, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    return lines + ([cur] if cur else [])


def _caption(group: list, names: Names) -> str:
    return words("; ").join(battle_caption(names, e) for e in group)


__all__ = ["change_tag", "render_battle", "tag_box"]
