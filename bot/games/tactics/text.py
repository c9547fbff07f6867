"""Tactics in words: the board's text, previews, the strays' report, the result and the companion's
report. Everything a player reads of a fight is written here; the kind decides, this module says."""
from __future__ import annotations

import re

import engine.tactics as tx
from bot.companion.plain import plain
from bot.companion.report import companion_report as report_of
from bot.words import N_, SOURCE, current, words
from db.store import Store
from engine.tactics import tutorial as lessons
from engine.tactics.model.progress import MAX_LEVEL

from . import names
from .moments import ending_words, held_words, moment_words, same_blow
from .report import duo_hp_line, full_list, grouped
from .room import BOARD_ROOM, GRID_ROW, by_lines, give_way, length, lines_in
from .session import TacticsSession
from .text_map import described, map_lines, telegraph_lines

NOTES_SHOWN = 6           # the phase's latest lines kept on its live board (a friend's step-by-step turn)
MESSAGE_MOST = 1900       # a private answer's room (Discord's 2,000 less a margin)
BOARD_LINES = 8           # the board's own lines: with what a change says and the countdown, a phone's 12
TOLD_TRIM = re.compile(r" \((?:hero|companion)\)|, follows its target")  # said by the Text map, not the board
KEY_ITEM = re.compile(r"^(\S) ")  # a terrain key's symbol, before its name
END_WORDS = {"rout": N_("the pack broke and ran"), "all_strays_down": N_("every stray is down"),
             "broke_out": N_("the duo broke out"), "duo_down": N_("the duo is down")}
RESULTS = {"won": N_("Won"), "lost": N_("Lost"), "draw": N_("Draw")}
MODES = {"campaign": N_("campaign"), "daily": N_("daily"), "practice": N_("daily, practice"), "fight": N_("replay"),
         "tutorial": N_("tutorial")}
PHASES = {"duo": N_("duo phase"), "strays": N_("strays' phase")}
PILOTS = {"friend": N_("a friend"), "auto": N_("auto"), "model": N_("model"), "offline": N_("model, not connected")}


def clip(text: str, most: int = MESSAGE_MOST) -> str:
    """Text within a message, cut at a line with a note that there is more."""
    if len(text) <= most:
        return text
    return text[: most - 20].rsplit("\n", 1)[0] + "\n" + words("… (more than fits)")


def why(fight: tx.FightState) -> str:
    """Why the fight ended, from its typed result ("the pack broke and ran")."""
    end = tx.fight_outcome(fight)
    if end is None:
        return ""
    if end.reason == "held":
        return words("the duo held to the end of round {round}", round=end.hold_round)
    if end.reason in END_WORDS:
        return words(END_WORDS[end.reason])
    duo, strays = end.duo_hp * 100 // max(1, end.duo_start), end.strays_hp * 100 // max(1, end.strays_start)
    return words("after round 10 the duo kept {duo_hp}/{duo_start} HP ({duo}%) against the strays' "
                 "{strays_hp}/{strays_start} ({strays}%)", duo_hp=end.duo_hp, duo_start=end.duo_start, duo=duo,
                 strays_hp=end.strays_hp, strays_start=end.strays_start, strays=strays)


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


def campaign_place(encounter_id: str) -> int | None:
    """Where a fight stands in the campaign (1 for the first), None for a fight outside it (a daily)."""
    ids = [e.id for e in tx.campaign()]
    return ids.index(encounter_id) + 1 if encounter_id in ids else None


def fight_name(encounter_id: str) -> str:
    """A campaign fight as a player knows it, by its place and name ("fight 2, Hold the Ford"); the
    encounter's id stays the value behind the commands' lists."""
    enc = tx.encounter(encounter_id)
    place = campaign_place(enc.id)
    name = names.encounter(enc.id, enc.name)
    return words("fight {place}, {name}", place=place, name=name) if place else name


def goal_line(enc: tx.EncounterDef) -> str:
    """An encounter's goal and the level it recommends."""
    goal = words("rout") if enc.goal == "rout" else \
        words("hold to round {round}", round=enc.hold_round) if enc.goal == "hold" else \
        words("break out (exits open in round {round})", round=enc.exit_round)
    return words("{goal} · recommended level {level}", goal=goal, level=enc.level)


def encounter_line(enc: tx.EncounterDef) -> str:
    name = fight_name(enc.id)
    return f"{name[:1].upper()}{name[1:]} · {goal_line(enc)}"  # a name in Japanese has no case to change


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
    top.extend(state.closing if state.over else state.closed_by)
    report = [words("**Strays' phase:** {line}", line=short[0]), *(f"· {line}" for line in short[1:])] if short \
        else []
    if state.over:
        return top, report, [], []
    coming = next_line(state.fight)
    return top, report, [who_acts(state), *([coming] if coming else [])], state.notes[-NOTES_SHOWN:]


def shown(fixed: list[str], report: list[str], notes: list[str]) -> tuple[list[str], list[str]]:
    """The strays' phase and this phase's lines within the characters the lines that always show
    (`fixed`) leave (a few for the line breaks)."""
    if not report and not notes:
        return report, notes
    return give_way(report, notes, BOARD_ROOM - length(fixed) - 3)


def closing_lines(state: TacticsSession, reward: tx.FightReward, record: tx.TacticsProgress) -> list[str]:
    """What the result board keeps: why the fight ended, what decided it, what it earned, what is next."""
    fight = state.fight
    lines = [words("**{result}** — {why}.", result=words(RESULTS[fight.result]) if fight.result else "",
                   why=why(fight))]
    lines.extend(decided_lines(fight))
    if reward.why is not None and reward.why.kind == "alone":
        hero, companion = fight.get("hero").name, fight.get("companion").name
        lines.append(words("{companion} won it alone: {hero} never acted. It counts as a win and opens the next "
                           "fight, but the first win's bonus waits for a win {hero} fights in.",
                           companion=names.fighter(companion), hero=names.fighter(hero)))
    practice = state.mode == "daily" and not state.counted
    lines.extend((xp_words(reward, practice), level_words(reward, record)))
    if state.mode == "daily":
        lines.append(words("Today's counted attempt.") if state.counted else
                     words("Practice: today's counted attempt was already played."))
    lines.append(words("Next fight: {fight}.", fight=encounter_line(tx.encounter(record.next_campaign()))))
    return lines


def decided_lines(fight: tx.FightState) -> list[str]:
    """What decided the fight: what ended it (the last blow, the hit that broke the pack, the step onto the
    exit, the hold's last round), then the moments on the way; a finish after round 10 (or a fight saved
    before endings were kept) names its moments alone."""
    end, outcome = tx.ending_moment(fight), tx.fight_outcome(fight)
    decided = ending_words(fight, end) if end else \
        held_words(fight, outcome.hold_round or outcome.round) if outcome and outcome.reason == "held" else None
    rest = [moment_words(fight, m) for m in tx.deciding_moments(fight) if end is None or not same_blow(m, end)]
    if decided is None:
        return [words("What decided it: {what}.", what=words("; ").join(rest))] if rest else []
    return [words("What decided it: {what}.", what=decided)] + \
        ([words("On the way: {what}.", what=words("; ").join(rest))] if rest else [])


def fight_title(encounter_id: str) -> str:
    """A campaign fight by name with its place, for inside a sentence ("Hold the Ford (fight 2)")."""
    enc = tx.encounter(encounter_id)
    place = campaign_place(enc.id)
    name = names.encounter(enc.id, enc.name)
    return words("{name} (fight {place})", name=name, place=place) if place else name


def xp_words(reward: tx.FightReward, practice: bool = False) -> str:
    """The XP a fight earned and why, so a player sees why one first win pays more than another: a first
    win pays the climb from this fight's recommended level to the next fight's (the least a first win
    pays when both recommend the same level)."""
    why_ = reward.why
    if why_ is None:
        return words("+{xp} XP.", xp=reward.xp)
    if why_.kind == "no_win":
        return words("+{xp} XP for finishing the fight (a win adds more).", xp=reward.xp)
    paid = {"xp": reward.xp, "fight": why_.fight, "win": why_.win}
    if why_.kind == "repeat" and practice:
        return words("+{xp} XP: {fight} for finishing the fight and {win} for a practice win (the day's counted "
                     "win pays more).", **paid)
    if why_.kind == "alone":
        return words("+{xp} XP: {fight} for finishing the fight and {win} for a win the companion fought alone "
                     "(fight in it to earn the first win's +{withheld}).", withheld=why_.withheld, **paid)
    if why_.kind == "repeat":
        return words("+{xp} XP: {fight} for finishing the fight and {win} for winning it again (a first win pays "
                     "more).", **paid)
    if why_.kind == "daily":
        return words("+{xp} XP: {fight} for finishing the fight and {win} for a counted daily win, paid like a "
                     "first win.", **paid)
    if why_.next_encounter is None:
        return words("+{xp} XP: {fight} for finishing the fight and {win} for its first win, a whole level for the "
                     "campaign's last fight.", **paid)
    after = fight_title(why_.next_encounter)
    if why_.kind == "floor":
        return words("+{xp} XP: {fight} for finishing the fight and {win} for its first win, the least a first win "
                     "pays, as {after} recommends level {to} like this fight.", after=after, to=why_.to_level, **paid)
    return words("+{xp} XP: {fight} for finishing the fight and {win} for its first win: the climb from level "
                 "{frm}, this fight's recommended level, to level {to}, the level {after} recommends.",
                 frm=why_.from_level, to=why_.to_level, after=after, **paid)


def level_words(reward: tx.FightReward, record: tx.TacticsProgress) -> str:
    """The duo's level after the fight beside the level the next campaign fight recommends."""
    level, nxt = reward.level_after, tx.encounter(record.next_campaign())
    head = words("Tactics level {level} ({xp} XP), the top level", level=level, xp=record.xp) \
        if level >= MAX_LEVEL else words("Tactics level {level} ({xp} XP)", level=level, xp=record.xp)
    after = fight_title(nxt.id)
    if level == nxt.level:
        return words("{head} — the level {after} recommends.", head=head, after=after)
    if level < nxt.level:
        return words("{head} — {after} recommends level {level}, {n} levels above yours.", head=head, after=after,
                     level=nxt.level, n=nxt.level - level) if nxt.level - level > 1 else \
            words("{head} — {after} recommends level {level}, 1 level above yours.", head=head, after=after,
                  level=nxt.level)
    return words("{head} — {after} recommends level {level}; you are {n} levels above it.", head=head, after=after,
                 level=nxt.level, n=level - nxt.level) if level - nxt.level > 1 else \
        words("{head} — {after} recommends level {level}; you are 1 level above it.", head=head, after=after,
              level=nxt.level)


def news_lines(reward: tx.FightReward) -> list[str]:
    """Said once, with the result that earned it: a level-up, supers unlocked."""
    news = []
    if reward.level_after > reward.level_before:
        news.append(words("Level up: {before} → {after}! The duo fights at level {after} from the next fight.",
                          before=reward.level_before, after=reward.level_after))
    if reward.supers_unlocked:
        news.append(words("Supers unlocked: from now on each duo member's super is ready at 60 Spirit."))
    return news


def companion_report(db: Store, state: TacticsSession | None) -> str:
    """The last companion decision of the fight (bot/companion/report.py words it), and the player's call
    waiting for the next one."""
    if state is None:
        return words("Use `/tactics companion` in a tactics fight's thread.")
    call = "\n" + words("Your call for its next decision: \"{call}\"", call=plain(state.call)) if state.call else ""
    return report_of(db, state.key, state.pilot) + call
