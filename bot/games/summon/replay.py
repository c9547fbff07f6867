"""A summon battle phase as an animated GIF: a frame per action (the acting unit marked, damage and
healing on its targets, hearts changing), one palette for the whole replay, drawn straight in it, each
frame captioned in the thread's words ("AI's Ember Imp hits your Stone Wall: −2")."""
from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.common import BACKGROUND, MUTED, PANEL, TEXT, font
from engine.summon import BattleReplay, card

from .render import ATTR_COLOURS, DARK, FALL, GOLD, HEAL, HEART, HEART_EMPTY, RING
from .text import Names, battle_caption

# --- frames --------------------------------------------------------------------------

GIF_W, GIF_H = 760, 250
BOX_W, BOX_H, PER_SIDE = 68, 78, 5
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
    centre = GIF_W // 2
    if side == 0:
        return centre - 24 - (rank + 1) * (BOX_W + 4)
    return centre + 24 + rank * (BOX_W + 4)


def _frame(base: Image.Image, lines: tuple[list[_Live], list[_Live]], names: tuple[str, str], title: str,
           caption: str, actor: tuple[int, int] | None = None, hits: dict[tuple[int, int], int] | None = None,
           banner: str | None = None) -> Image.Image:
    img = base.copy()
    d = ImageDraw.Draw(img)
    d.fontmode = "1"  # crisp text in the palette: no blended colours outside it
    d.text((16, 10), title, font=font(16), fill=_p(TEXT))
    d.text((16, 34), f"< {names[0]} (front on the right)", font=font(12), fill=_p(MUTED))
    d.text((GIF_W - 16, 34), f"{names[1]} (front on the left) >", font=font(12), fill=_p(MUTED), anchor="ra")
    for side in (0, 1):
        line = lines[side]
        for rank, u in enumerate(line[:PER_SIDE]):
            x, y = _box_x(side, rank), 70
            c = card(u.card)
            acting = actor == (side, u.uid)
            dead = u.ticks <= 0
            d.rectangle((x, y, x + BOX_W, y + BOX_H), fill=_p(PANEL),
                        outline=_p(GOLD if acting else (RING if dead else ATTR_COLOURS[c.attr])),
                        width=3 if acting else 1)
            if acting:
                d.polygon(((x + BOX_W // 2 - 8, y - 16), (x + BOX_W // 2 + 8, y - 16), (x + BOX_W // 2, y - 5)),
                          fill=_p(GOLD))
            name = c.name if len(c.name) <= 10 else c.name[:9] + "…"
            d.text((x + 4, y + 4), name, font=font(11), fill=_p(MUTED if dead else TEXT))
            d.text((x + 4, y + 20), f"{max(0, u.ticks)}/{u.max_ticks}", font=font(11), fill=_p(MUTED))
            hearts = max(1, -(-u.max_ticks // 4))
            per = 5
            for k in range(hearts):
                hx, hy = x + 4 + (k % per) * 12, y + 38 + (k // per) * 12
                box = (hx, hy, hx + 9, hy + 9)
                d.ellipse(box, fill=_p(HEART_EMPTY))
                have = max(0, min(4, u.ticks - 4 * k))
                if have == 4:
                    d.ellipse(box, fill=_p(HEART))
                elif have:
                    d.pieslice(box, -90, -90 + 90 * have, fill=_p(HEART))
            change = (hits or {}).get((side, u.uid))
            if change:
                tag = f"+{change}" if change > 0 else str(change)
                d.rectangle((x + BOX_W - 30, y + BOX_H - 20, x + BOX_W - 2, y + BOX_H - 4), fill=_p(DARK))
                d.text((x + BOX_W - 16, y + BOX_H - 12), tag, font=font(12), fill=_p(HEAL if change > 0 else FALL),
                       anchor="mm")
            if dead:
                d.line((x + 6, y + 6, x + BOX_W - 6, y + BOX_H - 6), fill=_p(FALL), width=3)
        if len(line) > PER_SIDE:
            more = f"+{len(line) - PER_SIDE}"
            edge = _box_x(side, PER_SIDE - 1) + (-6 if side == 0 else BOX_W + 6)
            d.text((edge, 108), more, font=font(12), fill=_p(MUTED), anchor="rm" if side == 0 else "lm")
        if not line:
            d.text((_box_x(side, 0) + BOX_W // 2, 108), "no units", font=font(12), fill=_p(MUTED), anchor="mm")
    for k, text in enumerate(_wrap(caption, 100)[:2]):
        d.text((16, GIF_H - 70 + 18 * k), text, font=font(13), fill=_p(TEXT))
    if banner:
        d.rectangle((GIF_W // 2 - 150, GIF_H - 30, GIF_W // 2 + 150, GIF_H - 6), fill=_p(DARK), outline=_p(GOLD))
        d.text((GIF_W // 2, GIF_H - 18), banner, font=font(14), fill=_p(GOLD), anchor="mm")
    return img


MAX_FRAMES = 120


def render_battle(replay: BattleReplay, names: tuple[str, str], *, frame_ms: int = 700,
                  you: int | None = None) -> bytes:
    """A battle phase as an animated GIF: the lines at its start, a frame per action (the acting unit
    marked, damage and healing on its targets, hearts changing), the lines at its end."""
    line0, line1 = ([_Live(u.uid, u.card, u.ticks, u.max_ticks) for u in replay.start[s]] for s in (0, 1))
    lines = (line0, line1)
    base = _palette_image()
    title = (f"Battle phase {replay.phase} · {replay.turns} turns · "
             f"{Names(names, you).does(replay.turn_player, 'act', start=True)} first")
    frames = [_frame(base, lines, names, title, "Both battle lines at the start.")]
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
        frames.append(_frame(base, lines, names, f"{title} · turn {first.turn}", _caption(group, Names(names, you)),
                             actor=actor, hits=hits))
    for side in (0, 1):
        lines[side][:] = [u for u in lines[side] if u.ticks > 0]
    said = Names(names, you)
    result = {"p1": said.does(0, "win", start=True), "p2": said.does(1, "win", start=True),
              "draw": "a draw"}.get(replay.result or "", "")
    frames.append(_frame(base, lines, names, title, "The battle phase is over." if not result else
                         "The battle decides the game.", banner=result or "both sides fight on"))
    buf = io.BytesIO()
    durations = [1000] + [frame_ms] * (len(frames) - 2) + [2500]
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return buf.getvalue()


def _wrap(text: str, width: int) -> list[str]:
    lines, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    return lines + ([cur] if cur else [])


def _caption(group: list, names: Names) -> str:
    return "; ".join(battle_caption(names, e) for e in group)


__all__ = ["render_battle"]
