"""The bowls board picture: 12 bowls in a circle with their stones, flags and the score panel, as PNG.

Stones keep their colour and symbol in every theme, and no two kinds share a symbol, so a player who
cannot tell the colours apart still tells the stones apart (STONE_SYMBOLS: the same symbols in the
picture, the text board and the rules page). Queue order: positions 1–6 go clockwise round the bowl
from the top, the 7th sits in the centre. Drawn at twice the size and scaled down, for smooth edges.
"""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.render.common import font, png_bytes
from bot.render.parts import kept_part
from bot.words import N_, current, words
from engine.bowls import BowlsGame, legal_bowls
from engine.bowls.themes import get_theme

from .text import COLOURS, colour, flag, moves_words, score_words, theme_name, title

# Sized for a phone: shown 390 px wide, the smallest text (TEXT_PX) still reads at 12 px or more.
WIDTH, HEIGHT = 564, 660
S = 2  # supersampling factor
TEXT_PX, NUMBER_PX, TITLE_PX = 18, 22, 24
LEGEND_TOP = 560

STONE_FILL = {
    "R": (214, 48, 49), "Y": (232, 176, 0), "G": (38, 160, 72), "B": (36, 99, 214), "P": (142, 68, 173),
    "W": (250, 250, 250), "X": (52, 52, 58),
}
STONE_NAMES = dict(COLOURS)  # each kind's English name (the source; `colour` says it in the reader's words)
# The symbol each kind wears: white on the five colours, dark on the white wild (inside its rainbow
# ring), white on the dark blocker.
STONE_SYMBOLS = {"R": "●", "Y": "★", "G": "▲", "B": "■", "P": "◆", "W": "◎", "X": "✖"}
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
        # ◆ tall and narrow, so at a stone's size it never reads as red's round dot
        d.polygon([(x, y - k * 1.2), (x + k * 0.62, y), (x, y + k * 1.2), (x - k * 0.62, y)], fill=white)
    elif letter == "W":  # ◎: a dark ring round a dark dot, inside the rainbow ring
        for j, c in enumerate(RAINBOW):
            d.arc([x - r + 2 * S, y - r + 2 * S, x + r - 2 * S, y + r - 2 * S], j * 72, j * 72 + 72,
                  fill=c, width=int(3 * S))
        dark = (40, 40, 40)
        d.ellipse([x - k * 0.95, y - k * 0.95, x + k * 0.95, y + k * 0.95], outline=dark, width=max(2, int(k * 0.3)))
        d.ellipse([x - k * 0.35, y - k * 0.35, x + k * 0.35, y + k * 0.35], fill=dark)
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


BACKDROPS_KEPT = 3  # themes' backdrops remembered (6 MB each at twice the size); most boards use a few
RING_BOTTOM = 556  # px (shown size): what a board draws lies above this (the lowest bowl's number ends about
# 552), the legend below it (its first row's stones start at 562); even, so twice it halves exactly


@kept_part(BACKDROPS_KEPT)
def _backdrop(theme: str, language: str) -> tuple[Image.Image, Image.Image]:
    """What every board of a theme shares, drawn once per theme: the ground, the theme's surroundings,
    the sowing direction in the middle of the ring and the legend under it. Twice the size above
    RING_BOTTOM (each board draws its bowls on a copy of that), and the whole of it at the shown size
    (each board is pasted onto a copy of that, so the legend is never drawn or halved again)."""
    th = get_theme(theme)
    W, H = WIDTH * S, HEIGHT * S
    img = Image.new("RGB", (W, H), th.background)
    d = ImageDraw.Draw(img)
    _decorate(d, th.name, th.accent, W, H)
    cx, cy = CENTER[0] * S, CENTER[1] * S
    d.arc([cx - 126 * S, cy - 126 * S, cx + 126 * S, cy + 126 * S], 110, 160, fill=th.rim, width=4 * S)
    ax, ay = _xy(cx, cy, 126 * S, 250)
    d.polygon([_xy(ax, ay, 12 * S, a) for a in (-20, 100, 220)], fill=th.rim)
    d.text((cx, cy + 100 * S), words("sows clockwise"), fill=th.text, font=font(TEXT_PX * S), anchor="mm")
    _legend(d, th)
    return img.crop((0, 0, W, RING_BOTTOM * S)), img.reduce(S)


def render_board(game: BowlsGame) -> bytes:
    """The board as PNG bytes."""
    th = get_theme(game.theme)
    ring, whole = _backdrop(th.name, current())
    img = ring.copy()
    d = ImageDraw.Draw(img)

    frozen, reverse, volcano = (set(game.flags(k)) for k in ("frozen", "reverse", "volcano"))
    mods: dict[tuple[int, str], int] = {(m.bowl, m.kind): m.moves_left for m in game.modifiers}
    choosable = set(legal_bowls(game))
    label, tiny = font(NUMBER_PX * S), font(TEXT_PX * S)
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
            word = flag(k) + (f" {left}" if left else "")
            tx = bx
            box_y = by + r - 4 * S if j == 0 else by - r + 4 * S  # a second flag on the top edge
            tw = d.textlength(word, font=tiny)
            d.rounded_rectangle([tx - tw / 2 - 4 * S, box_y - 11 * S, tx + tw / 2 + 4 * S, box_y + 11 * S],
                                radius=5 * S, fill=FLAG_COLORS[k])
            d.text((tx, box_y), word, fill=(20, 20, 20), font=tiny, anchor="mm")

    _centre_words(d, game, th)
    out = whole.copy()
    out.paste(img.reduce(S), (0, 0))
    return png_bytes(out)


OUTCOME_WORDS = {"won": N_("Goal reached!"), "overflow": N_("Overflow!"), "out_of_moves": N_("Out of moves"),
                 "no_moves": N_("No bowl to sow"), "completed": N_("Daily finished"), "ended": N_("Attempt ended")}


def _centre_words(d: ImageDraw.ImageDraw, game: BowlsGame, th) -> None:
    """Inside the ring: the attempt, its score and moves, and how it stands (the goal is the board's
    first line of text, beside the picture)."""
    cx, cy = CENTER[0] * S, CENTER[1] * S
    big, mid = font(TITLE_PX * S), font(TEXT_PX * S)
    lines = [(title(game), big, th.text), (score_words(game), mid, th.text), (moves_words(game), mid, th.text)]
    if game.last_combo > 1:
        lines.append((words("Last combo x{combo}", combo=min(game.last_combo, 4)), mid, th.accent))
    if game.over and game.outcome is not None:
        lines.append((words(OUTCOME_WORDS[game.outcome]), mid, th.accent))
    if game.paused:
        lines.append((words("Paused"), mid, th.accent))
    if game.practice:
        lines.append((words("Practice"), mid, th.accent))
    y = cy - 78 * S
    for text, f, fill in lines:
        d.text((cx, y), text, fill=fill, font=f, anchor="mm")
        y += (30 if f is big else 25) * S


def _legend(d: ImageDraw.ImageDraw, th) -> None:
    """Under the ring: every stone kind with its symbol and name, and what a coloured number means."""
    small = font(TEXT_PX * S)
    column = WIDTH // 4
    for j, letter in enumerate("RYGBPWX"):
        col, row = j % 4, j // 4
        sx = (col * column + 18) * S
        sy = (LEGEND_TOP + 14 + row * 32) * S
        _stone(d, letter, sx, sy, 12 * S, th.rim)
        d.text((sx + 18 * S, sy), colour(letter), fill=th.text, font=small, anchor="lm")
    sx, sy = (3 * column + 18) * S, (LEGEND_TOP + 46) * S
    d.text((sx - 8 * S, sy), "7", fill=th.accent, font=small, anchor="lm")
    d.text((sx + 6 * S, sy), words("can sow"), fill=th.text, font=small, anchor="lm")
    d.text((WIDTH // 2 * S, (LEGEND_TOP + 76) * S),
           words("{theme} theme · oldest stone on top", theme=theme_name(th.name)),
           fill=th.text, font=small, anchor="mm")
