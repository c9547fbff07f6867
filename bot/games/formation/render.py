"""Formation pictures: the brief (both line-ups facing across the channel) as PNG; the battle replay as GIF
is drawn in `replay`, on the same places."""
from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.common import BACKGROUND, MUTED, PANEL, TEXT, font, png_bytes
from bot.render.parts import kept_part
from bot.words import current, words
from engine.formation import CREATURES, SLOTS, Puzzle, guild_pairs

from . import text as said
from .drawing import (
    BRIEF_CARD_H,
    BRIEF_CARD_W,
    BRIEF_H,
    BRIEF_NAME_PX,
    BRIEF_PX,
    BRIEF_TITLE_PX,
    BRIEF_W,
    GUILD_COLOURS,
    brief_box,
    draw_ground,
    fit,
    hp_colour,
    max_hp,
)
from .replay import render_replay


def _brief_card(d: ImageDraw.ImageDraw, x: int, y: int, name: str | None, *, mx: int | None = None,
                label: str = "", fixed: bool = False, bonus: bool = False) -> None:
    """A creature's card on the brief (or an empty slot): name and speed, HP, and its slot, rounds or pair."""
    w, h, f = BRIEF_CARD_W, BRIEF_CARD_H, font(BRIEF_PX)
    if name is None:
        d.rounded_rectangle((x, y, x + w, y + h), radius=10, outline=MUTED, width=2)
        d.text((x + w // 2, y + 24), words("empty"), font=font(BRIEF_NAME_PX), fill=MUTED, anchor="mm")
        d.text((x + w // 2, y + h - 16), label, font=f, fill=MUTED, anchor="mm")
        return
    c = CREATURES[name]
    colour = GUILD_COLOURS[c.guild]
    d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=PANEL, outline=(255, 255, 255) if fixed else colour,
                        width=2)
    d.rounded_rectangle((x, y, x + 8, y + h), radius=4, fill=colour)
    d.text((x + 14, y + 5), said.creature(name), font=font(BRIEF_NAME_PX), fill=TEXT)
    d.text((x + w - 7, y + 7), words("spd {speed}", speed=c.speed), font=f, fill=MUTED, anchor="ra")
    maxhp = mx if mx is not None else c.hp
    d.rounded_rectangle((x + 14, y + 32, x + w - 8, y + 40), radius=4, fill=hp_colour(maxhp, maxhp))
    d.text((x + 14, y + h - 6), words("{hp} HP", hp=maxhp), font=f, fill=TEXT, anchor="ls")
    corner = words("pair +6") if bonus else label
    d.text((x + w - 7, y + h - 6), corner, font=f, fill=GUILD_COLOURS[c.guild] if bonus else MUTED, anchor="rs")


def render_brief(puzzle: Puzzle, formation: dict[str, str] | None = None) -> bytes:
    """The board before the battle: the opponent above the channel, your (partial) formation below it.

    Everything the puzzle alone decides (title, ground, the opponent's cards, the legend) is drawn once per
    puzzle (`_brief_layer`), and each of your cards once per look (`_my_card`); a press only pastes them
    and writes the guild-pairs line."""
    formation = dict(formation or {})
    img = _brief_layer(puzzle.model_dump_json(), current()).copy()
    mine_mx = max_hp(formation)
    mine_pairs = set(guild_pairs(formation.values()))
    for slot in SLOTS:
        name = formation.get(slot)
        card = _my_card(name, mine_mx.get(slot), said.slot(slot) if name is None else "", slot in puzzle.fixed,
                        name is not None and CREATURES[name].guild in mine_pairs,  # a filled slot shows by its place
                        current())
        img.paste(card, brief_box("a", slot))
    their_pairs = set(guild_pairs(puzzle.opponent.values()))
    pairs = sorted(mine_pairs | their_pairs)
    if pairs:
        d = ImageDraw.Draw(img)
        line = words("Pairs +6 HP: {pairs}", pairs=words(", ").join(
            words("{guild} (you & them)", guild=said.guild(g)) if g in mine_pairs and g in their_pairs else
            words("{guild} (you)", guild=said.guild(g)) if g in mine_pairs else
            words("{guild} (them)", guild=said.guild(g)) for g in pairs))
        d.text((8, BRIEF_H - 14), fit(line, BRIEF_W - 16, BRIEF_PX), font=font(BRIEF_PX), fill=MUTED, anchor="ls")
    return png_bytes(img)


@kept_part(64)
def _brief_layer(puzzle_json: str, language: str) -> Image.Image:
    """What a puzzle's brief shows whatever the formation: the picture without your cards or the
    guild-pairs line."""
    puzzle = Puzzle.model_validate_json(puzzle_json)
    img = Image.new("RGB", (BRIEF_W, BRIEF_H), BACKGROUND)
    d = ImageDraw.Draw(img)
    f = font(BRIEF_PX)
    d.text((8, 8), fit(said.title(puzzle), BRIEF_W - 16, BRIEF_TITLE_PX), font=font(BRIEF_TITLE_PX), fill=TEXT)
    d.text((8, 40), words("{ground} · up to {rounds} rounds", ground=said.ground(puzzle.ground),
                          rounds=puzzle.rounds_limit), font=f, fill=MUTED)
    draw_ground(d)
    d.text((8, BRIEF_H - 40), words("R3,6,9,12: the rounds its ability fires"), font=f, fill=MUTED, anchor="ls")
    theirs_mx = max_hp(puzzle.opponent)
    their_pairs = set(guild_pairs(puzzle.opponent.values()))
    for slot in SLOTS:
        x, y = brief_box("b", slot)
        name = puzzle.opponent[slot]
        _brief_card(d, x, y, name, mx=theirs_mx[slot], label=_rounds_label(name, puzzle.rounds_limit),
                    bonus=CREATURES[name].guild in their_pairs)
    return img


@kept_part(512)
def _my_card(name: str | None, mx: int | None, label: str, fixed: bool, bonus: bool, language: str) -> Image.Image:
    """One of your cards on the brief (or an empty slot), drawn on the ground it is pasted onto."""
    card = Image.new("RGB", (BRIEF_CARD_W + 1, BRIEF_CARD_H + 1), BACKGROUND)
    _brief_card(ImageDraw.Draw(card), 0, 0, name, mx=mx, label=label, fixed=fixed, bonus=bonus)
    return card


def _rounds_label(name: str, limit: int) -> str:
    rounds = [r for r in CREATURES[name].ability.rounds if r <= limit]
    return "R" + ",".join(map(str, rounds)) if rounds else ""


__all__ = ["BRIEF_W", "render_brief", "render_replay"]
