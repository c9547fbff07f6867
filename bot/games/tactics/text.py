"""Tactics in words: the board's text, the strays' report, the Text map and the companion's report; the
result's words are closing.py's, each change's note's note_words.py's. The kind decides, these say."""
from __future__ import annotations

import re

import engine.tactics as tx
from bot.companion.plain import plain
from bot.companion.report import companion_report as report_of
from bot.words import N_, SOURCE, current, words
from db.store import Store
from engine.tactics import tutorial as lessons

from . import names
from .closing import closing_lines as closing_lines  # the result's words, read where every board word is
from .closing import decided_lines as decided_lines
from .closing import level_words as level_words
from .closing import xp_words as xp_words
from .note_words import lines_of
from .report import duo_hp_line, full_list, grouped
from .room import BOARD_ROOM, GRID_ROW, by_lines, give_way, length, lines_in
from .session import TacticsSession
from .text_map import described, map_lines, telegraph_lines

NOTES_SHOWN = 6           # the phase's latest lines kept on its live board (a friend's step-by-step turn)
MESSAGE_MOST = 1900       # a private answer's room (Discord's 2,000 less a margin)
BOARD_LINES = 8           # the board's own lines: with what a change says and the countdown, a phone's 12
TOLD_TRIM = re.compile(r" \((?:hero|companion)\)|, follows its target")  # said by the Text map, not the board
KEY_ITEM = re.compile(r"^(\S) ")  # a terrain key's symbol, before its name
MODES = {"campaign": N_("campaign"), "daily": N_("daily"), "practice": N_("daily, practice"), "fight": N_("replay"),
         "tutorial": N_("tutorial")}
PHASES = {"duo": N_("duo phase"), "strays": N_("strays' phase")}
PILOTS = {"friend": N_("a friend"), "auto": N_("auto"), "model": N_("model"), "offline": N_("model, not connected")}


def clip(text: str, most: int = MESSAGE_MOST) -> str:
    """Text within a message, cut at a line with a note that there is more."""
    if len(text) <= most:
        return text
    return text[: most - 20].rsplit("\n", 1)[0] + "\n" + words("… (more than fits)")


def strays_report(state: TacticsSession) -> tuple[list[str], list[str]]:
    """The strays' last phase: grouped short lines (the HP it cost the duo first) and the full list;
    nothing before the first, or in a fight saved before its events were kept."""
    fight = state.fight
    if not fight.last_phase:
        return [], []
    return [duo_hp_line(fight, fight.last_phase), *grouped(fight, fight.last_phase)], \
        full_list(fight, fight.last_phase)


def text_view(fight: tx.FightState) -> str:
    """The engine's text view, drawn without its recent events (the board says what happened in its own words)."""
    return tx.render_text(fight, viewer="duo", recent=0)


def picture_words(fight: tx.FightState) -> str:
    """The board picture's description in the reader's language (an English reader's is the text view)."""
    return text_view(fight) if current() == SOURCE else described(fight)


def headline(state: TacticsSession) -> str:
    f = state.fight
    mode = words(MODES["practice" if state.mode == "daily" and not state.counted else state.mode])
    return words("**{fight}** ({mode}) · round {round}/10 · {phase} · duo level {level}", fight=names.fight_name(f),
                 mode=mode, round=min(f.round, 10), phase=words(PHASES[f.phase]), level=f.get("hero").level)


def tutorial_heading(state: TacticsSession) -> str:
    """A tutorial step's headline: which step, and its one line."""
    steps = lessons.tutorial_steps()
    return words("**Tactics tutorial · step {step} of {steps}** (no timer) — {line}", step=state.tutorial,
                 steps=len(steps), line=words(steps[state.tutorial - 1].line))


def who_acts(state: TacticsSession) -> str:
    f = state.fight
    parts = []
    pilot = words(PILOTS["offline" if state.pilot == "model" and not state.model else state.pilot])
    for fid, who in (("hero", words("the player")), ("companion", pilot)):
        fighter = f.get(fid)
        status = words("down") if not fighter.standing else words("done") if fighter.done else words("to act")
        parts.append(words("{name} ({who}): {status}", name=names.fighter(fighter.name), who=who, status=status))
    return " · ".join(parts)


def invitation(state: TacticsSession) -> str:
    return words("<@{friend}>: <@{player}> asks you to pilot **{companion}** in this fight. Accept to play the "
                 "companion's turns (buttons, or `/tactics` steps in this thread); the fight starts when you do.",
                 friend=state.friend, player=state.player, companion=names.fighter(state.fight.get("companion").name))


def untelegraphed(fight: tx.FightState) -> str:
    """What no telegraph shows: after it moves, a stray may push a duo member beside it with its bonus
    action (everyone's Shove, or its own push skill), decided in its phase."""
    own = sorted({words("{name} may {skill} ({damage} and a push of {push})", name=names.fighter(f.name),
                        skill=names.skill(sk.name), damage=sk.damage, push=abs(sk.push))
                  for f in fight.standing("strays") for sk in tx.kit(f.name).values()
                  if sk.slot == "bonus" and sk.push and sk.name != "Shove"})
    return words("Not telegraphed: a stray that moves beside you may Shove you 1 tile (a splat: 3){others}.",
                 others="".join(words("; {other}", other=o) for o in own))


def board_text(state: TacticsSession) -> str:
    """The board message's text (board_message)."""
    return board_message(state)[0]


def board_message(state: TacticsSession) -> tuple[str, bool]:
    """The board message's text, and whether What happened says more than it (the strays' full list has
    more lines than its grouped report, or the board had to fold the report or this phase's lines).

    The text, a few lines for a phone (BOARD_LINES): the headline; what ended the last duo phase (or the
    result); the strays' phase; who acts and what the strays will do next; this phase's lines, newest
    kept. The grid, every fighter and every telegraph in full are the Text map, one press away, and the
    picture's alt text."""
    short, full = strays_report(state)
    top, report, acts, notes = board_parts(state, short)
    said, kept = shown(top + acts, report, notes)
    said, kept = by_lines(said, kept, BOARD_LINES - lines_in(top + acts))
    lines = [*top, *said, *acts, *kept]
    listed_more = len(full) > len(short) - (1 if state.fight.last_phase else 0)
    return "\n".join(lines), listed_more or said != report or kept != notes


def next_line(fight: tx.FightState) -> str:
    """What every stray will do at the start of its next phase, in one line (the Text map says it in
    full, and the picture marks each telegraph's tiles with its stray's letter)."""
    if current() != SOURCE:
        told = telegraph_lines(fight)
        return words("**Strays next:** {told}", told=" · ".join(told)) if told else ""
    view = text_view(fight).split("\n")
    head = "telegraphs (fire at the start of the strays' next phase):"
    if head not in view:
        return ""
    told = [TOLD_TRIM.sub("", line.strip()) for line in view[view.index(head) + 1:] if line.startswith(" ")]
    return "**Strays next:** " + " · ".join(told) if told else ""


def map_text(state: TacticsSession) -> str:
    """The Text map: the grid of tiles (no line over a phone's width), its key, every fighter and every
    telegraph in full, and what no telegraph shows."""
    fight = state.fight
    view = text_view(fight).split("\n")
    grid = [line[1:] for line in view if GRID_ROW.match(line)]
    rest = [line for line in view[1:] if not GRID_ROW.match(line)]
    lines = [words("**Text map** · {headline}", headline=headline(state)), "```\n" + "\n".join(grid) + "\n```"]
    if current() != SOURCE:
        rest = []
        lines.extend(map_lines(fight, grid))
    for line in rest:
        if line.startswith("key: "):
            lines.append("Key: " + " · ".join(KEY_ITEM.sub(r"`\1` ", item, count=1)
                                              for item in line[len("key: "):].split("  ")))
        else:
            lines.append(f"· {line.strip()}" if line.startswith(" ") else line[:1].upper() + line[1:])
    if not state.over and fight.phase == "duo":
        lines.append(untelegraphed(fight))
    return clip("\n".join(lines))


def board_parts(state: TacticsSession, short: list[str]) -> tuple[list[str], list[str], list[str], list[str]]:
    """The board's lines above its view, in four parts: the headline with what ended the last duo phase
    (or the invitation, or the result), the strays' phase (from its grouped lines `short`), who acts, and
    this phase's lines."""
    top = [tutorial_heading(state) if state.tutorial else headline(state)]
    if state.invite:
        return [*top, invitation(state)], [], [], []
    top.extend(lines_of(state.closing if state.over else state.closed_by, state))
    report = [words("**Strays' phase:** {line}", line=short[0]), *(f"· {line}" for line in short[1:])] if short \
        else []
    if state.over:
        return top, report, [], []
    coming = next_line(state.fight)
    return top, report, [who_acts(state), *([coming] if coming else [])], lines_of(state.notes, state)[-NOTES_SHOWN:]


def shown(fixed: list[str], report: list[str], notes: list[str]) -> tuple[list[str], list[str]]:
    """The strays' phase and this phase's lines within the characters the lines that always show
    (`fixed`) leave (a few for the line breaks)."""
    if not report and not notes:
        return report, notes
    return give_way(report, notes, BOARD_ROOM - length(fixed) - 3)


def companion_report(db: Store, state: TacticsSession | None) -> str:
    """The last companion decision of the fight (bot/companion/report.py words it), and the player's call
    waiting for the next one."""
    if state is None:
        return words("Use `/tactics companion` in a tactics fight's thread.")
    call = "\n" + words("Your call for its next decision: \"{call}\"", call=plain(state.call)) if state.call else ""
    return report_of(db, state.key, state.pilot) + call
