"""Formation pictures: the brief (both line-ups facing across the channel) as PNG, the battle replay as GIF."""
from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.common import BACKGROUND, MUTED, PANEL, TEXT, font, png_bytes
from bot.words import N_, current, words
from engine.formation import (
    CREATURES,
    SLOTS,
    BattleResult,
    Puzzle,
    guild_pairs,
)

from . import text as said

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


def _hp_colour(hp: int, mx: int) -> tuple[int, int, int]:
    share = hp / mx if mx else 0
    return HP_GOOD if share > 0.5 else HP_MID if share > 0.25 else HP_LOW


def _max_hp(lineup: dict[str, str]) -> dict[str, int]:
    pairs = set(guild_pairs(lineup.values()))
    return {s: CREATURES[n].hp + (6 if CREATURES[n].guild in pairs else 0) for s, n in lineup.items()}


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


def _brief_box(side: str, slot: str) -> tuple[int, int]:
    row = "front" if slot.startswith("front") else "back"
    return BRIEF_COLUMN_X[COLUMN_OF[slot]], BRIEF_ROWS_Y[(side, row)]


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
    d.rounded_rectangle((x + 14, y + 32, x + w - 8, y + 40), radius=4, fill=_hp_colour(maxhp, maxhp))
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
    mine_mx = _max_hp(formation)
    mine_pairs = set(guild_pairs(formation.values()))
    for slot in SLOTS:
        name = formation.get(slot)
        card = _my_card(name, mine_mx.get(slot), said.slot(slot) if name is None else "", slot in puzzle.fixed,
                        name is not None and CREATURES[name].guild in mine_pairs,  # a filled slot shows by its place
                        current())
        img.paste(card, _brief_box("a", slot))
    their_pairs = set(guild_pairs(puzzle.opponent.values()))
    pairs = sorted(mine_pairs | their_pairs)
    if pairs:
        d = ImageDraw.Draw(img)
        line = words("Pairs +6 HP: {pairs}", pairs=words(", ").join(
            words("{guild} (you & them)", guild=said.guild(g)) if g in mine_pairs and g in their_pairs else
            words("{guild} (you)", guild=said.guild(g)) if g in mine_pairs else
            words("{guild} (them)", guild=said.guild(g)) for g in pairs))
        d.text((8, BRIEF_H - 14), _fit(d, line, BRIEF_W - 16, BRIEF_PX), font=font(BRIEF_PX), fill=MUTED,
               anchor="ls")
    return png_bytes(img)


@lru_cache(maxsize=64)
def _brief_layer(puzzle_json: str, language: str) -> Image.Image:
    """What a puzzle's brief shows whatever the formation: the picture without your cards or the
    guild-pairs line."""
    puzzle = Puzzle.model_validate_json(puzzle_json)
    img = Image.new("RGB", (BRIEF_W, BRIEF_H), BACKGROUND)
    d = ImageDraw.Draw(img)
    f = font(BRIEF_PX)
    d.text((8, 8), _fit(d, said.title(puzzle), BRIEF_W - 16, BRIEF_TITLE_PX), font=font(BRIEF_TITLE_PX), fill=TEXT)
    d.text((8, 40), words("{ground} · up to {rounds} rounds", ground=said.ground(puzzle.ground),
                          rounds=puzzle.rounds_limit), font=f, fill=MUTED)
    d.text((8, 70), words("Opponent: back row, then front row"), font=f, fill=MUTED)
    d.rectangle((0, CHANNEL_Y[0], BRIEF_W, CHANNEL_Y[1]), fill=WATER)
    for x in range(8, BRIEF_W, 24):
        d.arc((x, CHANNEL_Y[0] + 8, x + 14, CHANNEL_Y[0] + 18), 200, 340, fill=WATER_LINE, width=2)
    d.text((BRIEF_W // 2, (CHANNEL_Y[0] + CHANNEL_Y[1]) // 2), words("the channel"), font=f, fill=MUTED, anchor="mm")
    d.text((8, BRIEF_ROWS_Y[("a", "back")] + BRIEF_CARD_H + 8), words("You: front row, then back row"), font=f,
           fill=MUTED)
    d.text((8, BRIEF_H - 40), words("R3,6,9,12: the rounds its ability fires"), font=f, fill=MUTED, anchor="ls")
    theirs_mx = _max_hp(puzzle.opponent)
    their_pairs = set(guild_pairs(puzzle.opponent.values()))
    for slot in SLOTS:
        x, y = _brief_box("b", slot)
        name = puzzle.opponent[slot]
        _brief_card(d, x, y, name, mx=theirs_mx[slot], label=_rounds_label(name, puzzle.rounds_limit),
                    bonus=CREATURES[name].guild in their_pairs)
    return img


@lru_cache(maxsize=512)
def _my_card(name: str | None, mx: int | None, label: str, fixed: bool, bonus: bool, language: str) -> Image.Image:
    """One of your cards on the brief (or an empty slot), drawn on the ground it is pasted onto."""
    card = Image.new("RGB", (BRIEF_CARD_W + 1, BRIEF_CARD_H + 1), BACKGROUND)
    _brief_card(ImageDraw.Draw(card), 0, 0, name, mx=mx, label=label, fixed=fixed, bonus=bonus)
    return card


def _rounds_label(name: str, limit: int) -> str:
    rounds = [r for r in CREATURES[name].ability.rounds if r <= limit]
    return "R" + ",".join(map(str, rounds)) if rounds else ""


def _wrap(d: ImageDraw.ImageDraw, text: str, width: int, size: int) -> list[str]:
    lines, cur = [], ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if cur and d.textlength(trial, font=font(size)) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def _fit(d: ImageDraw.ImageDraw, text: str, width: int, size: int) -> str:
    if d.textlength(text, font=font(size)) <= width:
        return text
    while text and d.textlength(text + "…", font=font(size)) > width:
        text = text[:-1]
    return text + "…"


# The replay's one palette, fixed: every colour the frames draw, and the shades where text of each
# colour is smoothed into each background it is written on. Mapping a frame onto it is a lookup;
# quantizing every frame afresh was three quarters of a replay's time.
_REPLAY_BACKS = (BACKGROUND, PANEL, (20, 20, 24))
_REPLAY_INKS = (TEXT, MUTED, HP_LOW, HP_GOOD, SHIELD)
_REPLAY_SOLIDS = (BACKGROUND, PANEL, TEXT, MUTED, WATER, WATER_LINE, SHIELD, HP_GOOD, HP_MID, HP_LOW, DEAD,
                  (60, 62, 68), (20, 20, 24), (255, 255, 255), *GUILD_COLOURS.values())


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


REPLAY_PANEL_Y = BRIEF_ROWS_Y[("a", "back")] + BRIEF_CARD_H + 34   # the text panel under your back row's label
REPLAY_LINE_H = 24
REPLAY_H = REPLAY_PANEL_Y + 4 * REPLAY_LINE_H + 20
TAG_W, TAG_H = 60, 26   # a card's HP change, on its top edge


def _replay_background(result: BattleResult) -> Image.Image:
    """What every frame shares: the ground, the side labels, the channel, the text panel."""
    img = Image.new("RGB", (BRIEF_W, REPLAY_H), BACKGROUND)
    d = ImageDraw.Draw(img)
    f = font(BRIEF_PX)
    d.text((BRIEF_W - 8, 14), said.ground(result.ground), font=f, fill=MUTED, anchor="ra")
    d.text((8, 70), words("Opponent: back row, then front row"), font=f, fill=MUTED)
    d.rectangle((0, CHANNEL_Y[0], BRIEF_W, CHANNEL_Y[1]), fill=WATER)
    for x in range(8, BRIEF_W, 24):
        d.arc((x, CHANNEL_Y[0] + 8, x + 14, CHANNEL_Y[0] + 18), 200, 340, fill=WATER_LINE, width=2)
    d.text((BRIEF_W // 2, (CHANNEL_Y[0] + CHANNEL_Y[1]) // 2), words("the channel"), font=f, fill=MUTED, anchor="mm")
    d.text((8, BRIEF_ROWS_Y[("a", "back")] + BRIEF_CARD_H + 8), words("You: front row, then back row"), font=f,
           fill=MUTED)
    d.rounded_rectangle((4, REPLAY_PANEL_Y, BRIEF_W - 4, REPLAY_H - 6), radius=12, fill=PANEL)
    return img


REPLAY_CARDS_KEPT = 512  # a replay's cards (creature, HP, shield) remembered across replays: about 15 MB


def _fight_card(d: ImageDraw.ImageDraw, x: int, y: int, name: str, hp: int, mx: int, shield: int) -> None:
    """A creature's card mid-battle, at the brief's size: name and speed, its HP bar (a shield above it),
    its HP or "out"."""
    w, h, f = BRIEF_CARD_W, BRIEF_CARD_H, font(BRIEF_PX)
    c = CREATURES[name]
    dead = hp <= 0
    colour = DEAD if dead else GUILD_COLOURS[c.guild]
    d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=PANEL, outline=colour, width=2)
    d.rounded_rectangle((x, y, x + 8, y + h), radius=4, fill=colour)
    d.text((x + 14, y + 5), said.creature(name), font=font(BRIEF_NAME_PX), fill=MUTED if dead else TEXT)
    d.text((x + w - 7, y + 7), words("spd {speed}", speed=c.speed), font=f, fill=MUTED, anchor="ra")
    cur = max(0, hp)
    bar = (x + 14, y + 34, x + w - 8, y + 42)
    d.rounded_rectangle(bar, radius=4, fill=(60, 62, 68))
    if cur > 0:
        fill_w = int((bar[2] - bar[0]) * cur / mx) if mx else 0
        d.rounded_rectangle((bar[0], bar[1], bar[0] + max(fill_w, 6), bar[3]), radius=4, fill=_hp_colour(cur, mx))
    if shield > 0:
        sw = int((bar[2] - bar[0]) * min(shield, 20) / 20)
        d.rectangle((bar[0], bar[1] - 5, bar[0] + sw, bar[1] - 2), fill=SHIELD)
    d.text((x + 14, y + h - 6), words("out") if dead else words("{hp}/{most} HP", hp=cur, most=mx), font=f,
           fill=HP_LOW if dead else TEXT, anchor="ls")
    if shield > 0 and not dead:
        d.text((x + w - 7, y + h - 6), words("shield {n}", n=shield), font=f, fill=SHIELD, anchor="rs")


@lru_cache(maxsize=REPLAY_CARDS_KEPT)
def _replay_card(name: str, hp: int, mx: int, shield: int, language: str) -> Image.Image:
    """One card of a replay frame, in `language`. Cards stand on the plain ground (the channel, labels and panel are
    clear of them), so a card looks the same in every replay: a retried puzzle's cards, and the cards
    that do not change from one round to the next, are drawn once and pasted."""
    card = Image.new("RGB", (BRIEF_CARD_W + 1, BRIEF_CARD_H + 1), BACKGROUND)
    _fight_card(ImageDraw.Draw(card), 0, 0, name, hp, mx, shield)
    return card


class _ReplayPainter:
    """Draws a replay's frames on its shared background, pasting each card (`_replay_card`): the opponent
    above the channel and you below it, as on the brief, so a phone reads the frames as it reads the brief."""

    def __init__(self, result: BattleResult) -> None:
        self.result = result
        self.background = _replay_background(result)

    def _card(self, side: str, slot: str, hp: int, shield: int) -> tuple[Image.Image, tuple[int, int]]:
        lineup = self.result.a if side == "a" else self.result.b
        return (_replay_card(lineup[slot], hp, self.result.max_hp[side][slot], shield, current()),
                _brief_box(side, slot))

    def frame(self, hp: dict[str, tuple[int, ...]], shields: dict[str, tuple[int, ...]] | None,
              title: str, lines: list[str], banner: str | None = None,
              before: dict[str, tuple[int, ...]] | None = None) -> Image.Image:
        img = self.background.copy()
        d = ImageDraw.Draw(img)
        d.text((8, 8), title, font=font(BRIEF_TITLE_PX), fill=TEXT)
        for side in ("a", "b"):
            for k, slot in enumerate(SLOTS):
                img.paste(*self._card(side, slot, hp[side][k], shields[side][k] if shields else 0))
        if before is not None:
            for side in ("a", "b"):
                for k, slot in enumerate(SLOTS):
                    change = hp[side][k] - before[side][k]
                    if before[side][k] > 0 and change:
                        x, y = _brief_box(side, slot)
                        colour = HP_GOOD if change > 0 else HP_LOW
                        cx = x + BRIEF_CARD_W - TAG_W // 2 - 4
                        d.rounded_rectangle((cx - TAG_W // 2, y - TAG_H // 2, cx + TAG_W // 2, y + TAG_H // 2),
                                            radius=8, fill=(20, 20, 24), outline=colour)
                        d.text((cx, y), f"+{change}" if change > 0 else str(change), font=font(BRIEF_PX),
                               fill=colour, anchor="mm")
        y = REPLAY_PANEL_Y + 10
        for line in lines[:4]:
            d.text((16, y), _fit(d, line, BRIEF_W - 32, BRIEF_PX), font=font(BRIEF_PX), fill=MUTED)
            y += REPLAY_LINE_H
        if banner:
            middle = (CHANNEL_Y[0] + CHANNEL_Y[1]) // 2
            d.rounded_rectangle((BRIEF_W // 2 - 130, middle - 30, BRIEF_W // 2 + 130, middle + 30), radius=14,
                                fill=(20, 20, 24), outline=TEXT, width=2)
            d.text((BRIEF_W // 2, middle), banner, font=font(26), fill=TEXT, anchor="mm")
        return img.quantize(palette=REPLAY_PALETTE, dither=Image.Dither.NONE)


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


__all__ = ["render_brief", "render_replay"]
