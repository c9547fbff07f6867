"""The bowls board picture: 12 bowls in a circle with their stones, flags and the score panel, as PNG.

Stones keep their colour and white symbol in every theme (colour-blind safe): red ●, yellow ★,
green ▲, blue ■, purple ◆; the wild is a white stone with a rainbow ring, the blocker a dark stone
with a cross. Queue order: positions 1–6 go clockwise round the bowl from the top, the 7th sits in
the centre. Drawn at twice the size and scaled down, for smooth edges.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.common import font, png_bytes
from engine.bowls import BowlsGame, goal_text, legal_bowls
from engine.bowls.themes import get_theme

WIDTH, HEIGHT = 800, 560
S = 2  # supersampling factor

STONE_FILL = {
    "R": (214, 48, 49), "Y": (232, 176, 0), "G": (38, 160, 72), "B": (36, 99, 214), "P": (142, 68, 173),
    "W": (250, 250, 250), "X": (52, 52, 58),
}
STONE_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple", "W": "wild", "X": "blocker"}
FLAG_COLORS = {"frozen": (120, 200, 255), "reverse": (250, 200, 40), "volcano": (240, 90, 30)}
RAINBOW = [(214, 48, 49), (232, 176, 0), (38, 160, 72), (36, 99, 214), (142, 68, 173)]

CENTER = (282, 280)
RING = 190          # distance of bowl centres from the board centre
BOWL_R = 48
STONE_R = 12.5
SLOT_R = 29         # distance of stone slots 1–6 from the bowl centre


def _xy(cx: float, cy: float, r: float, angle_deg: float) -> tuple[float, float]:
    a = math.radians(angle_deg - 90)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _bowl_centre(i: int) -> tuple[float, float]:
    return _xy(CENTER[0], CENTER[1], RING, i * 30)


def _symbol(d: ImageDraw.ImageDraw, letter: str, x: float, y: float, r: float) -> None:
    """The white symbol of a stone centred at (x, y) scaled to radius r (already supersampled)."""
    white = (255, 255, 255)
    k = r * 0.55
    if letter == "R":
        d.ellipse([x - k * 0.8, y - k * 0.8, x + k * 0.8, y + k * 0.8], fill=white)
    elif letter == "Y":
        pts = [_xy(x, y, k * (1.05 if j % 2 == 0 else 0.45), j * 36) for j in range(10)]
        d.polygon(pts, fill=white)
    elif letter == "G":
        d.polygon([_xy(x, y + k * 0.15, k * 1.05, a) for a in (0, 120, 240)], fill=white)
    elif letter == "B":
        d.rectangle([x - k * 0.72, y - k * 0.72, x + k * 0.72, y + k * 0.72], fill=white)
    elif letter == "P":
        d.polygon([_xy(x, y, k * 1.0, a) for a in (0, 90, 180, 270)], fill=white)
    elif letter == "W":
        for j, c in enumerate(RAINBOW):
            d.arc([x - r + 2 * S, y - r + 2 * S, x + r - 2 * S, y + r - 2 * S], j * 72, j * 72 + 72,
                  fill=c, width=int(3 * S))
        pts = [_xy(x, y, k * (0.95 if j % 2 == 0 else 0.35), j * 45) for j in range(8)]
        d.polygon(pts, fill=(40, 40, 40))
    elif letter == "X":
        w = int(3 * S)
        d.line([x - k * 0.8, y - k * 0.8, x + k * 0.8, y + k * 0.8], fill=white, width=w)
        d.line([x - k * 0.8, y + k * 0.8, x + k * 0.8, y - k * 0.8], fill=white, width=w)


def _stone(d: ImageDraw.ImageDraw, letter: str, x: float, y: float, r: float, outline) -> None:
    d.ellipse([x - r, y - r, x + r, y + r], fill=STONE_FILL[letter], outline=outline, width=max(1, S))
    _symbol(d, letter, x, y, r)


def _slots(n: int) -> list[tuple[float, float, float]]:
    """(dx, dy, radius scale) for each stone of a bowl holding n: six round, the seventh in the centre;
    an 8th+ (only ever seen on an overflowed board) squeezes into a tighter inner ring."""
    out = [(*_xy(0, 0, SLOT_R, j * 60), 1.0) for j in range(min(n, 6))]
    if n >= 7:
        out.append((0.0, 0.0, 1.0))
    if n > 7:
        extra = n - 7
        out[-1] = (0.0, 0.0, 0.7)
        out += [(*_xy(0, 0, SLOT_R * 0.45, 30 + j * 360 / extra), 0.55) for j in range(extra)]
    return out


def _decorate(d: ImageDraw.ImageDraw, theme_name: str, accent, width: int, height: int) -> None:
    """A little of each theme's surroundings, deterministic (no randomness in pictures)."""
    if theme_name == "Space":
        for j in range(70):
            x = (j * 7919) % width
            y = (j * 104729) % height
            r = S * (1 + j % 2)
            d.ellipse([x - r, y - r, x + r, y + r], fill=(230, 230, 255))
    elif theme_name == "Garden":
        for j in range(18):
            x = (j * 4513) % width
            y = (j * 2207) % height
            d.ellipse([x - 9 * S, y - 4 * S, x + 9 * S, y + 4 * S], fill=(186, 214, 168))
    elif theme_name == "Ocean":
        for row in range(6, height, 46 * S):
            pts = [(x, row + 5 * S * math.sin(x / (18 * S))) for x in range(0, width, 8 * S)]
            d.line(pts, fill=(186, 216, 232), width=2 * S)
    elif theme_name == "Sand":
        for j in range(160):
            x = (j * 6173) % width
            y = (j * 3301) % height
            d.point([(x, y), (x + 1, y)], fill=(222, 200, 160))
    elif theme_name == "Runes":  # rune-like strokes: a stem with branches
        c = (84, 82, 98)
        for j in range(14):
            x = (j * 5101) % (width - 40 * S) + 20 * S
            y = (j * 2903) % (height - 60 * S) + 20 * S
            h, w = 22 * S, 3 * S
            d.line([(x, y), (x, y + h)], fill=c, width=w)
            if j % 3 == 0:
                d.line([(x, y), (x + 10 * S, y + 7 * S)], fill=c, width=w)
                d.line([(x, y + 8 * S), (x + 10 * S, y + 15 * S)], fill=c, width=w)
            elif j % 3 == 1:
                d.line([(x, y + 4 * S), (x + 9 * S, y + 11 * S), (x, y + 18 * S)], fill=c, width=w)
            else:
                d.line([(x - 8 * S, y + 6 * S), (x + 8 * S, y + 14 * S)], fill=c, width=w)
    elif theme_name == "Neon":
        for y in range(0, height, 28 * S):
            d.line([(0, y), (width, y)], fill=(30, 24, 56), width=S)


BACKDROPS_KEPT = 3  # themes' backdrops remembered (5 MB each at twice the size); most boards use a few


@lru_cache(maxsize=BACKDROPS_KEPT)
def _backdrop(theme_name: str) -> Image.Image:
    """What every board of a theme shares, drawn once per theme (each board draws on a copy): the ground,
    the theme's surroundings and the sowing direction in the middle of the ring."""
    th = get_theme(theme_name)
    W, H = WIDTH * S, HEIGHT * S
    img = Image.new("RGB", (W, H), th.background)
    d = ImageDraw.Draw(img)
    _decorate(d, th.name, th.accent, W, H)
    cx, cy = CENTER[0] * S, CENTER[1] * S
    d.arc([cx - 70 * S, cy - 70 * S, cx + 70 * S, cy + 70 * S], -80, 200, fill=th.rim, width=4 * S)
    ax, ay = _xy(cx, cy, 70 * S, 290)
    d.polygon([_xy(ax, ay, 12 * S, a) for a in (20, 140, 260)], fill=th.rim)
    d.text((cx, cy - 10 * S), "clockwise", fill=th.text, font=font(15 * S), anchor="mm")
    d.text((cx, cy + 12 * S), "1 > 2 > ... > 12", fill=th.text, font=font(12 * S), anchor="mm")
    return img


def render_board(game: BowlsGame) -> bytes:
    """The board as PNG bytes, about 800×560."""
    th = get_theme(game.theme)
    img = _backdrop(th.name).copy()
    d = ImageDraw.Draw(img)

    frozen, reverse, volcano = (set(game.flags(k)) for k in ("frozen", "reverse", "volcano"))
    mods: dict[tuple[int, str], int] = {(m.bowl, m.kind): m.moves_left for m in game.modifiers}
    choosable = set(legal_bowls(game))
    label, tiny = font(17 * S), font(12 * S)
    cx, cy = CENTER[0] * S, CENTER[1] * S

    for i in range(12):
        n = i + 1
        bx, by = (v * S for v in _bowl_centre(i))
        r = BOWL_R * S
        flags = [k for k, on in (("frozen", frozen), ("reverse", reverse), ("volcano", volcano)) if n in on]
        rim = FLAG_COLORS[flags[0]] if flags else th.rim
        d.ellipse([bx - r, by - r, bx + r, by + r], fill=th.bowl, outline=rim, width=(6 if flags else 3) * S)
        if len(flags) > 1:  # a second flag: an inner ring in its colour
            d.ellipse([bx - r + 7 * S, by - r + 7 * S, bx + r - 7 * S, by + r - 7 * S],
                      outline=FLAG_COLORS[flags[1]], width=3 * S)
        if "frozen" in flags:  # frost ticks round the rim
            for a in range(0, 360, 30):
                p1, p2 = _xy(bx, by, r - 2 * S, a), _xy(bx, by, r + 7 * S, a)
                d.line([p1, p2], fill=FLAG_COLORS["frozen"], width=2 * S)
        stones = game.bowls[i]
        for letter, (dx, dy, scale) in zip(stones, _slots(len(stones))):
            _stone(d, letter, bx + dx * S, by + dy * S, STONE_R * S * scale, th.rim)
        if len(stones) > 7:
            d.ellipse([bx - r, by - r, bx + r, by + r], outline=(230, 30, 30), width=5 * S)

        if "reverse" in flags:  # a counterclockwise arrow on the rim
            d.arc([bx - r - 5 * S, by - r - 5 * S, bx + r + 5 * S, by + r + 5 * S], 200, 250,
                  fill=FLAG_COLORS["reverse"], width=4 * S)
            hx, hy = _xy(bx, by, r + 5 * S, 290)
            d.polygon([_xy(hx, hy, 9 * S, a) for a in (170, 290, 50)], fill=FLAG_COLORS["reverse"])

    # labels last, so no neighbouring bowl covers them
    for i in range(12):
        n = i + 1
        bx, by = (v * S for v in _bowl_centre(i))
        r = BOWL_R * S
        flags = [k for k, on in (("frozen", frozen), ("reverse", reverse), ("volcano", volcano)) if n in on]
        # the bowl number just outside the ring, and its flag words under it
        lx, ly = _xy(cx, cy, (RING + BOWL_R + 20) * S, i * 30)
        num_fill = th.accent if n in choosable else th.text
        d.text((lx, ly), str(n), fill=num_fill, font=label, anchor="mm")
        for j, k in enumerate(flags):
            left = mods.get((n, k))
            word = k + (f" {left}" if left else "")
            tx = bx
            box_y = by + r - 4 * S if j == 0 else by - r + 4 * S  # a second flag on the top edge
            tw = d.textlength(word, font=tiny)
            d.rounded_rectangle([tx - tw / 2 - 4 * S, box_y - 7 * S, tx + tw / 2 + 4 * S, box_y + 8 * S],
                                radius=5 * S, fill=FLAG_COLORS[k])
            d.text((tx, box_y), word, fill=(20, 20, 20), font=tiny, anchor="mm")

    _panel(d, game, th)
    out = img.reduce(S)
    return png_bytes(out)


def _wrap(d: ImageDraw.ImageDraw, text: str, f, width: float) -> list[str]:
    lines, cur = [], ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if d.textlength(trial, font=f) <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines


def _panel(d: ImageDraw.ImageDraw, game: BowlsGame, th) -> None:
    x0, x1 = 572 * S, 788 * S
    y = 18 * S
    d.rounded_rectangle([x0 - 10 * S, 10 * S, x1, (HEIGHT - 10) * S], radius=14 * S,
                        fill=tuple(int(c * 0.85 + b * 0.15) for c, b in zip(th.background, th.bowl)),
                        outline=th.rim, width=2 * S)
    big, mid, small = font(26 * S), font(18 * S), font(15 * S)
    if game.mode == "puzzle":
        title = f"Puzzle {game.puzzle_id}"
    elif game.mode == "daily":
        title = f"Daily {game.day.isoformat() if game.day else ''}"
    else:
        title = "Endless"
    d.text((x0, y), title, fill=th.text, font=big)
    y += 40 * S
    d.text((x0, y), f"Score  {game.score}", fill=th.text, font=mid)
    y += 28 * S
    left = game.moves_left
    d.text((x0, y), f"Moves left  {left}" if left is not None else f"Moves  {game.moves_used}",
           fill=th.text, font=mid)
    y += 28 * S
    if game.last_combo > 1:
        d.text((x0, y), f"Last combo  x{min(game.last_combo, 4)}", fill=th.accent, font=mid)
        y += 28 * S
    y += 6 * S
    for line in _wrap(d, goal_text(game), small, x1 - x0 - 8 * S):
        d.text((x0, y), line, fill=th.text, font=small)
        y += 20 * S
    status = []
    if game.over and game.outcome is not None:
        status.append({"won": "Goal reached!", "overflow": "Overflow: the attempt is over",
                       "out_of_moves": "Out of moves", "no_moves": "No bowl can be chosen",
                       "completed": "Daily finished", "ended": "Attempt ended"}[game.outcome])
    if game.paused:
        status.append("Paused")
    if game.practice:
        status.append("Practice (undo used)")
    y += 8 * S
    for s in status:
        for line in _wrap(d, s, mid, x1 - x0 - 8 * S):
            d.text((x0, y), line, fill=th.accent, font=mid)
            y += 24 * S

    # legend: every stone with its name, two columns
    ly = (HEIGHT - 150) * S
    d.text((x0, ly - 44 * S), "Coloured numbers can be sown", fill=th.accent, font=font(14 * S))
    d.text((x0, ly - 24 * S), f"{th.name} theme · {th.stones}", fill=th.text, font=small)
    for j, letter in enumerate("RYGBPWX"):
        col, row = j % 2, j // 2
        sx = x0 + 12 * S + col * 104 * S
        sy = ly + 12 * S + row * 30 * S
        _stone(d, letter, sx, sy, 11 * S, th.rim)
        d.text((sx + 18 * S, sy), STONE_NAMES[letter], fill=th.text, font=small, anchor="lm")
