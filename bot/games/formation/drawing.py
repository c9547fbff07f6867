"""What formation's brief and replay share: the guilds' colours, the places of the cards (the opponent
above the channel, you below it), the ground both are drawn on, and text cut to fit a line."""
from __future__ import annotations

from functools import lru_cache

from PIL import ImageDraw

from bot.render.common import MUTED, font
from bot.words import words
from engine.formation import CREATURES, SLOTS, guild_pairs

GUILD_COLOURS = {
    "Grove": (98, 178, 90), "Spark": (236, 190, 40), "Ember": (232, 104, 62), "Tide": (64, 156, 224),
    "Gear": (160, 160, 182),
}
WATER = (34, 58, 84)
WATER_LINE = (52, 86, 120)
SHIELD = (120, 200, 255)
HP_GOOD = (87, 242, 135)
HP_MID = (254, 231, 92)
HP_LOW = (237, 66, 69)
DEAD = (70, 72, 78)
COLUMN_OF = dict(zip(SLOTS, (1, 3, 1, 2, 3)))

# The brief is drawn for a phone: the opponent above the channel, you below it, each row's columns left to
# right as the slots' columns run (left, middle, right), so its smallest text (BRIEF_PX) reads at 12 px
# or more when the picture is shown 390 px wide. The battle replay is drawn the same way, on the same places.
BRIEF_W = 520
BRIEF_PX, BRIEF_NAME_PX, BRIEF_TITLE_PX = 17, 19, 22
BRIEF_CARD_W, BRIEF_CARD_H, BRIEF_GAP = 164, 74, 8
BRIEF_COLUMN_X = {1: 6, 2: 6 + BRIEF_CARD_W + BRIEF_GAP, 3: 6 + 2 * (BRIEF_CARD_W + BRIEF_GAP)}
BRIEF_ROWS_Y = {("b", "back"): 96, ("b", "front"): 178, ("a", "front"): 300, ("a", "back"): 382}
CHANNEL_Y = (262, 292)   # the channel's band, between the two front rows
BRIEF_H = 560
FITTED_KEPT = 4096  # lines cut to fit, remembered: a replay's lines come back with every retry and member


def hp_colour(hp: int, mx: int) -> tuple[int, int, int]:
    share = hp / mx if mx else 0
    return HP_GOOD if share > 0.5 else HP_MID if share > 0.25 else HP_LOW


def max_hp(lineup: dict[str, str]) -> dict[str, int]:
    pairs = set(guild_pairs(lineup.values()))
    return {s: CREATURES[n].hp + (6 if CREATURES[n].guild in pairs else 0) for s, n in lineup.items()}


def brief_box(side: str, slot: str) -> tuple[int, int]:
    """The top left corner of a side's card in a slot."""
    row = "front" if slot.startswith("front") else "back"
    return BRIEF_COLUMN_X[COLUMN_OF[slot]], BRIEF_ROWS_Y[(side, row)]


def draw_ground(d: ImageDraw.ImageDraw) -> None:
    """The two sides' labels and the channel between them, as the brief and every replay frame show them."""
    f = font(BRIEF_PX)
    d.text((8, 70), words("Opponent: back row, then front row"), font=f, fill=MUTED)
    d.rectangle((0, CHANNEL_Y[0], BRIEF_W, CHANNEL_Y[1]), fill=WATER)
    for x in range(8, BRIEF_W, 24):
        d.arc((x, CHANNEL_Y[0] + 8, x + 14, CHANNEL_Y[0] + 18), 200, 340, fill=WATER_LINE, width=2)
    d.text((BRIEF_W // 2, (CHANNEL_Y[0] + CHANNEL_Y[1]) // 2), words("the channel"), font=f, fill=MUTED, anchor="mm")
    d.text((8, BRIEF_ROWS_Y[("a", "back")] + BRIEF_CARD_H + 8), words("You: front row, then back row"), font=f,
           fill=MUTED)


@lru_cache(maxsize=FITTED_KEPT)
def fit(text: str, width: int, size: int) -> str:
    """`text` as it fits `width` pixels at `size`: whole, or its longest start that fits with "…" after it.
    The cut is found by halving (a line's length is laid out a few times, not once per letter: the
    font's layout of Japanese is slow), and remembered."""
    length = font(size).getlength
    if length(text) <= width:
        return text
    fits, misses = 0, len(text)  # text[:fits] + "…" fits (or fits == 0); text[:misses] + "…" does not
    while misses - fits > 1:
        middle = (fits + misses) // 2
        if length(text[:middle] + "…") <= width:
            fits = middle
        else:
            misses = middle
    return text[:fits] + "…"


__all__ = ["brief_box", "draw_ground", "fit", "hp_colour", "max_hp"]
