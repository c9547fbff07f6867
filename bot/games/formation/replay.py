"""Formation's battle replay as a GIF: the start, one frame per round (HP bars, shields, knockouts, each
card's HP change), the outcome; drawn on the brief's places, so a phone reads the frames as it reads the
brief.

Every frame is a palette picture. What frames share (the ground with its labels and panel, and each card
at each HP) is drawn once, mapped onto the palette once and pasted; only the boxes a frame writes in (its
title, its lines, the HP changes, the banner) are drawn in full colour and mapped each frame. Mapping is
pixel by pixel, so a frame is the very picture the whole drawing mapped at once would be."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.render.common import BACKGROUND, MUTED, PANEL, TEXT, font
from bot.render.parts import kept_part
from bot.words import N_, current, words
from engine.formation import CREATURES, SLOTS, BattleResult, Puzzle

from . import text as said
from .drawing import (
    BRIEF_CARD_H,
    BRIEF_CARD_W,
    BRIEF_NAME_PX,
    BRIEF_PX,
    BRIEF_ROWS_Y,
    BRIEF_TITLE_PX,
    BRIEF_W,
    CHANNEL_Y,
    DEAD,
    GUILD_COLOURS,
    HP_GOOD,
    HP_LOW,
    HP_MID,
    SHIELD,
    WATER,
    WATER_LINE,
    brief_box,
    draw_ground,
    fit,
    hp_colour,
)

# The replay's one palette, fixed: every colour the frames draw, and the shades where text of each
# colour is smoothed into each background it is written on. Mapping a frame onto it is a lookup;
# quantizing every frame afresh was most of a replay's time.
TAG_BACK = (20, 20, 24)
_REPLAY_BACKS = (BACKGROUND, PANEL, TAG_BACK)
_REPLAY_INKS = (TEXT, MUTED, HP_LOW, HP_GOOD, SHIELD)
_REPLAY_SOLIDS = (BACKGROUND, PANEL, TEXT, MUTED, WATER, WATER_LINE, SHIELD, HP_GOOD, HP_MID, HP_LOW, DEAD,
                  (60, 62, 68), TAG_BACK, (255, 255, 255), *GUILD_COLOURS.values())


def _replay_palette() -> Image.Image:
    colours = list(dict.fromkeys(_REPLAY_SOLIDS))
    for ink in _REPLAY_INKS:
        for back in _REPLAY_BACKS:
            for k in range(1, 8):
                shade = (round(back[0] + (ink[0] - back[0]) * k / 8), round(back[1] + (ink[1] - back[1]) * k / 8),
                         round(back[2] + (ink[2] - back[2]) * k / 8))
                if shade not in colours:
                    colours.append(shade)
    assert len(colours) <= 128  # seven bits a pixel in the GIF
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in colours for v in c])
    return pal


REPLAY_PALETTE = _replay_palette()


def _mapped(image: Image.Image) -> Image.Image:
    """A full-colour picture (or a part of one) on the replay's palette."""
    return image.quantize(palette=REPLAY_PALETTE, dither=Image.Dither.NONE)


REPLAY_PANEL_Y = BRIEF_ROWS_Y[("a", "back")] + BRIEF_CARD_H + 34   # the text panel under your back row's label
REPLAY_LINE_H = 24
REPLAY_H = REPLAY_PANEL_Y + 4 * REPLAY_LINE_H + 20
TAG_W, TAG_H = 60, 26   # a card's HP change, on its top edge
TITLE_BOX = (0, 0, BRIEF_W, 56)                          # above the opponent's label and cards
PANEL_BOX = (0, REPLAY_PANEL_Y, BRIEF_W, REPLAY_H)       # below your back row's label
BANNER_W, BANNER_H = 260, 60
REPLAY_CARDS_KEPT = 512  # a replay's cards (creature, HP, shield) kept across replays, within the parts' budget


@kept_part(16)
def _replay_background(ground: str, language: str) -> tuple[Image.Image, Image.Image]:
    """What every frame shares, in full colour and on the palette: the ground, the side labels, the
    channel, the text panel."""
    img = Image.new("RGB", (BRIEF_W, REPLAY_H), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.text((BRIEF_W - 8, 14), said.ground(ground), font=font(BRIEF_PX), fill=MUTED, anchor="ra")
    draw_ground(d)
    d.rounded_rectangle((4, REPLAY_PANEL_Y, BRIEF_W - 4, REPLAY_H - 6), radius=12, fill=PANEL)
    return img, _mapped(img)


def _fight_card(d: ImageDraw.ImageDraw, name: str, hp: int, mx: int, shield: int) -> None:
    """A creature's card mid-battle, at the brief's size: name and speed, its HP bar (a shield above it),
    its HP or "out"."""
    w, h, f = BRIEF_CARD_W, BRIEF_CARD_H, font(BRIEF_PX)
    c = CREATURES[name]
    dead = hp <= 0
    colour = DEAD if dead else GUILD_COLOURS[c.guild]
    d.rounded_rectangle((0, 0, w, h), radius=10, fill=PANEL, outline=colour, width=2)
    d.rounded_rectangle((0, 0, 8, h), radius=4, fill=colour)
    d.text((14, 5), said.creature(name), font=font(BRIEF_NAME_PX), fill=MUTED if dead else TEXT)
    d.text((w - 7, 7), words("spd {speed}", speed=c.speed), font=f, fill=MUTED, anchor="ra")
    cur = max(0, hp)
    bar = (14, 34, w - 8, 42)
    d.rounded_rectangle(bar, radius=4, fill=(60, 62, 68))
    if cur > 0:
        fill_w = int((bar[2] - bar[0]) * cur / mx) if mx else 0
        d.rounded_rectangle((bar[0], bar[1], bar[0] + max(fill_w, 6), bar[3]), radius=4, fill=hp_colour(cur, mx))
    if shield > 0:
        sw = int((bar[2] - bar[0]) * min(shield, 20) / 20)
        d.rectangle((bar[0], bar[1] - 5, bar[0] + sw, bar[1] - 2), fill=SHIELD)
    d.text((14, h - 6), words("out") if dead else words("{hp}/{most} HP", hp=cur, most=mx), font=f,
           fill=HP_LOW if dead else TEXT, anchor="ls")
    if shield > 0 and not dead:
        d.text((w - 7, h - 6), words("shield {n}", n=shield), font=f, fill=SHIELD, anchor="rs")


@kept_part(REPLAY_CARDS_KEPT)
def _replay_card(name: str, hp: int, mx: int, shield: int, language: str) -> tuple[Image.Image, Image.Image]:
    """One card of a replay frame, in `language`, in full colour and on the palette. Cards stand on the
    plain ground (the channel, labels and panel are clear of them), so a card looks the same in every
    replay: a retried puzzle's cards, and the cards that do not change from one round to the next, are
    drawn once and pasted."""
    card = Image.new("RGB", (BRIEF_CARD_W + 1, BRIEF_CARD_H + 1), BACKGROUND)
    _fight_card(ImageDraw.Draw(card), name, hp, mx, shield)
    return card, _mapped(card)


Box = tuple[int, int, int, int]
Card = tuple[tuple[Image.Image, Image.Image], tuple[int, int]]  # a card in full colour and mapped, and its corner


def _tag_box(side: str, slot: str) -> tuple[int, int, Box]:
    """The middle of a card's HP-change tag, and the box it is drawn in (its outline included)."""
    x, y = brief_box(side, slot)
    cx = x + BRIEF_CARD_W - TAG_W // 2 - 4
    return cx, y, (cx - TAG_W // 2, y - TAG_H // 2, cx + TAG_W // 2 + 1, y + TAG_H // 2 + 1)


class _Frame:
    """One frame being drawn: the shared parts pasted on the palette, and each box written in drawn in
    full colour over what lies under it there (the ground and the cards), then mapped and pasted."""

    def __init__(self, background: tuple[Image.Image, Image.Image], cards: list[Card]) -> None:
        self.background, self.cards = background[0], cards
        self.image = background[1].copy()
        for (_, mapped), at in cards:
            self.image.paste(mapped, at)
        self._boxes: list[tuple[Image.Image, Box]] = []

    def box(self, box: Box) -> tuple[ImageDraw.ImageDraw, int, int]:
        """A drawing of what lies in `box` (no two boxes of a frame overlap), and the box's corner, to take
        off the coordinates drawn at."""
        part = self.background.crop(box)
        for (card, _), (x, y) in self.cards:
            if x < box[2] and y < box[3] and x + card.width > box[0] and y + card.height > box[1]:
                part.paste(card, (x - box[0], y - box[1]))
        self._boxes.append((part, box))
        return ImageDraw.Draw(part), box[0], box[1]

    def done(self) -> Image.Image:
        for part, box in self._boxes:
            self.image.paste(_mapped(part), box[:2])
        return self.image


class _ReplayPainter:
    """Draws a replay's frames on its shared background, pasting each card (`_replay_card`): the opponent
    above the channel and you below it, as on the brief."""

    def __init__(self, result: BattleResult) -> None:
        self.result = result
        self.background = _replay_background(result.ground, current())

    def _cards(self, hp: dict[str, tuple[int, ...]], shields: dict[str, tuple[int, ...]] | None) -> list[Card]:
        language = current()
        return [(_replay_card((self.result.a if side == "a" else self.result.b)[slot], hp[side][k],
                              self.result.max_hp[side][slot], shields[side][k] if shields else 0, language),
                 brief_box(side, slot))
                for side in ("a", "b") for k, slot in enumerate(SLOTS)]

    def frame(self, hp: dict[str, tuple[int, ...]], shields: dict[str, tuple[int, ...]] | None,
              title: str, lines: list[str], banner: str | None = None,
              before: dict[str, tuple[int, ...]] | None = None) -> Image.Image:
        frame = _Frame(self.background, self._cards(hp, shields))
        d, ox, oy = frame.box(TITLE_BOX)
        d.text((8 - ox, 8 - oy), title, font=font(BRIEF_TITLE_PX), fill=TEXT)
        if before is not None:
            self._changes(frame, hp, before)
        d, ox, oy = frame.box(PANEL_BOX)
        y = REPLAY_PANEL_Y + 10
        for line in lines[:4]:
            d.text((16 - ox, y - oy), fit(line, BRIEF_W - 32, BRIEF_PX), font=font(BRIEF_PX), fill=MUTED)
            y += REPLAY_LINE_H
        if banner:
            middle = (CHANNEL_Y[0] + CHANNEL_Y[1]) // 2
            left, top = BRIEF_W // 2 - BANNER_W // 2, middle - BANNER_H // 2
            d, ox, oy = frame.box((left, top, left + BANNER_W + 1, top + BANNER_H + 1))
            d.rounded_rectangle((left - ox, top - oy, left + BANNER_W - ox, top + BANNER_H - oy), radius=14,
                                fill=TAG_BACK, outline=TEXT, width=2)
            d.text((BRIEF_W // 2 - ox, middle - oy), banner, font=font(26), fill=TEXT, anchor="mm")
        return frame.done()

    @staticmethod
    def _changes(frame: _Frame, hp: dict[str, tuple[int, ...]], before: dict[str, tuple[int, ...]]) -> None:
        """Each standing card's HP change since the frame before, as a tag on its top edge."""
        for side in ("a", "b"):
            for k, slot in enumerate(SLOTS):
                change = hp[side][k] - before[side][k]
                if before[side][k] > 0 and change:
                    cx, cy, box = _tag_box(side, slot)
                    d, ox, oy = frame.box(box)
                    colour = HP_GOOD if change > 0 else HP_LOW
                    d.rounded_rectangle((box[0] - ox, box[1] - oy, box[2] - 1 - ox, box[3] - 1 - oy), radius=8,
                                        fill=TAG_BACK, outline=colour)
                    d.text((cx - ox, cy - oy), f"+{change}" if change > 0 else str(change), font=font(BRIEF_PX),
                           fill=colour, anchor="mm")


EFFECTS = {"damage": N_("damage"), "heal": N_("heal"), "shield": N_("shield")}


def _whose(side: str, name: str) -> str:
    return words("your {creature}", creature=said.creature(name)) if side == "a" else \
        words("their {creature}", creature=said.creature(name))


def _round_lines(result: BattleResult, rl) -> list[str]:
    abilities: list[str] = []
    attacks: list[str] = []
    for g in rl.groups:
        seen = set()
        for act in g.actions:
            key = (act.side, act.slot, act.move)
            if key in seen:
                continue
            seen.add(key)
            who = _whose(act.side, act.creature)
            if act.move == "attack":
                whom = _whose(act.target_side, act.target)
                hit = words("{who} hits {whom} for {n} ({blocked} blocked)", who=who, whom=whom, n=act.amount,
                            blocked=act.blocked) if act.blocked else \
                    words("{who} hits {whom} for {n}", who=who, whom=whom, n=act.amount)
                attacks.append(hit)
            else:
                abilities.append(words("{who}: {ability} ({n} {effect})", who=who, n=act.amount,
                                       ability=said.ability_name(act.creature),
                                       effect=words(EFFECTS.get(act.effect, act.effect))))
    kos = [words("{creature} (yours)", creature=said.creature(result.a[slot])) if s == "a" else
           words("{creature} (theirs)", creature=said.creature(result.b[slot]))
           for g in rl.groups for s, slot in g.knocked_out]
    head = [words("Knocked out: {creatures}", creatures=words(", ").join(kos))] if kos else []
    return head + abilities + attacks


def render_replay(result: BattleResult, puzzle: Puzzle | None = None, *, frame_ms: int = 900) -> bytes:
    """A short animated GIF: the start, one frame per round (HP bars, shields, knockouts), the outcome (and,
    given the puzzle, each of its goals met or missed)."""
    if not result.log:
        raise ValueError("the result has no log: play it with with_log=True")
    full = {"a": tuple(result.max_hp["a"][s] for s in SLOTS), "b": tuple(result.max_hp["b"][s] for s in SLOTS)}
    painter = _ReplayPainter(result)
    frames = [painter.frame(full, None, words("Ready"), [words("Both line-ups at full HP (guild pairs included).")])]
    step = max(1, -(-len(result.log) // 36))  # never more than ~38 frames
    shown = full
    for k, rl in enumerate(result.log):
        if k % step and k != len(result.log) - 1:
            continue
        last_group = rl.groups[-1] if rl.groups else None
        shields = last_group.shields if (last_group and not rl.completed) else None
        frames.append(painter.frame(rl.hp_end, shields, words("Round {round}", round=rl.round),
                                    _round_lines(result, rl), before=shown))
        shown = rl.hp_end
    final = result.hp
    hp_final = {side: tuple(final[side][s] for s in SLOTS) for side in ("a", "b")}
    banner = words({"a": N_("Victory!"), "b": N_("Defeat"), "draw": N_("Draw")}[result.winner])
    goals = said.goal_results(puzzle, result) if puzzle is not None else [(g.met, g.goal) for g in result.goals]
    told = [words("Goal met: {goal}", goal=goal) if met else words("Goal missed: {goal}", goal=goal)
            for met, goal in goals]
    frames.append(painter.frame(hp_final, None, words("Result"), [said.outcome_line(result), *told], banner=banner))
    buf = io.BytesIO()
    durations = [1200] + [frame_ms] * (len(frames) - 2) + [3000]
    # One palette for every frame: the writer stores it once and each frame only where it changed.
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=True, disposal=1)
    return buf.getvalue()


__all__ = ["REPLAY_PALETTE", "render_replay"]
