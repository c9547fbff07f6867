"""Tactics in words: the board's text, previews, the strays' report, the result and the companion's
report. Everything a player reads of a fight is written here; the kind decides, this module says."""
from __future__ import annotations

import engine.tactics as tx
from bot.companion.report import companion_report as report_of
from db.store import Store
from engine.tactics.progress import XP_PER_FIGHT

from .session import TacticsSession, no_pings

STRAYS_SHOWN = 6          # lines of the strays' phase shown under the board
BOARD_ROOM = 1700         # of a message's 2,000 characters; the rest is for what a change says


def new_lines(before: list[str], after: list[str]) -> list[str]:
    """The log lines `after` adds to `before` (the engine keeps only the last lines of its log)."""
    for k in range(len(before) + 1):
        if after[: len(before) - k] == before[k:]:
            return after[len(before) - k:]
    return after


def strays_lines(lines: list[str], round_: int) -> list[str]:
    """What the strays' phase of `round_` did, in the engine's words (the result is said apart)."""
    prefix = f"r{round_} strays: "
    return [line[len(prefix):] for line in lines
            if line.startswith(prefix) and not line[len(prefix):].startswith("fight ")]


def why(fight: tx.FightState) -> str:
    """The engine's reason for the result, from its log ("fight won: the pack broke and ran")."""
    if fight.result is None:
        return ""
    for line in reversed(fight.log):
        head, _, reason = line.partition(": fight ")
        if reason.startswith(f"{fight.result}: "):
            return reason[len(fight.result) + 2:]
    return fight.result or ""


def preview_lines(pv: tx.SkillPreview) -> list[str]:
    """A skill's preview in words: damage before luck, where pushes land, statuses and surfaces."""
    head = f"**{pv.skill}** at {pv.at}"
    if pv.moves_to:
        head += f", landing on {pv.moves_to}"
    if pv.cashin:
        head += f" (cashes in {pv.cashin})"
    lines = [head]
    for t in pv.targets:
        bits = []
        if t.damage:
            bits.append(f"{t.damage} damage" + (f" ({', '.join(t.modifiers)})" if t.modifiers else ""))
        if t.heal:
            bits.append(f"heals {t.heal}")
        if t.shield:
            bits.append(f"shield {t.shield}")
        if t.push_outcome or (t.push_to and t.push_to != t.tile):
            push = f"pushed to {t.push_to}" if t.push_to else "pushed"
            bits.append(push + (f", {t.push_outcome}" if t.push_outcome else "")
                        + (f" (+{t.push_damage})" if t.push_damage else ""))
        if t.statuses:
            bits.append(", ".join(t.statuses))
        if t.downs:
            bits.append("downs it")
        lines.append(f"· {t.name} ({t.fighter}) on {t.tile}: " + ("; ".join(bits) or "no effect"))
    if pv.surfaces:
        lines.append("· leaves " + ", ".join(pv.surfaces))
    return lines


def turn_preview(state: TacticsSession, fid: str, number: int, turn: tx.PlannedTurn) -> str:
    """A ready-made turn's private preview, above its Send button."""
    lines = [f"**Turn {number}** for {state.fight.get(fid).name}: {turn.summary}"]
    for pv in turn.preview.skills:
        lines.extend(preview_lines(pv))
    lines.append(f"Ends on {turn.preview.end_at}; {turn.preview.hp_at_risk} HP at risk from telegraphs. "
                 "Send plays the whole turn, all or nothing.")
    return "\n".join(lines)


def text_view(fight: tx.FightState) -> str:
    """The engine's text view without its log (the board says what the strays did in its own words)."""
    text = tx.render_text(fight, viewer="duo")
    return text.split("\nrecent:")[0]


def fit(view: str, room: int) -> str:
    """The text view within `room` characters (what the thread says of a change needs the rest of a
    message): first without the terrain key, then cut at a line."""
    if len(view) <= room:
        return view
    lines = [line for line in view.split("\n") if not line.startswith("key: ")]
    while lines and len("\n".join(lines)) > room - 2:
        lines.pop()
    return "\n".join(lines + ["…"])


def encounter_line(enc: tx.EncounterDef) -> str:
    goal = {"rout": "rout", "hold": f"hold to round {enc.hold_round}",
            "break_out": f"break out (exits open in round {enc.exit_round})"}[enc.goal]
    return f"{enc.id} · {enc.name} · {goal} · recommended level {enc.level}"


def headline(state: TacticsSession) -> str:
    f = state.fight
    mode = {"campaign": "campaign", "daily": "daily" if state.counted else "daily, practice",
            "fight": "replay"}[state.mode]
    level = f.get("hero").level
    return (f"**{f.encounter_name}** ({mode}) · round {min(f.round, 10)}/10 · "
            f"{'strays' if f.phase == 'strays' else 'duo'} phase · duo level {level}")


def who_acts(state: TacticsSession) -> str:
    f = state.fight
    parts = []
    pilot = {"friend": "a friend", "auto": "auto", "model": "model"}[state.pilot]
    if state.pilot == "model" and not state.model:
        pilot = "model, not connected"
    for fid, who in (("hero", "the player"), ("companion", pilot)):
        fighter = f.get(fid)
        status = "down" if not fighter.standing else "done" if fighter.done else "to act"
        parts.append(f"{fighter.name} ({who}): {status}")
    return " · ".join(parts)


def invitation(state: TacticsSession) -> str:
    return (f"<@{state.friend}>: <@{state.player}> asks you to pilot **{state.fight.get('companion').name}** "
            "in this fight. Accept to play the companion's turns (buttons, or `/tactics` steps in this "
            "thread); the fight starts when you do.")


def board_text(state: TacticsSession) -> str:
    """The board message's text: the headline; what ended the last duo phase (or the result); the strays'
    phase; who acts and everything said in this phase, so an edit of the live board loses no line; the
    text view."""
    lines = [headline(state)]
    if state.invite:
        lines.append(invitation(state))
    else:
        lines.extend(state.closing if state.over else state.closed_by)
        if state.strays:
            lines.append("Strays' phase: " + "; ".join(state.strays[-STRAYS_SHOWN:]))
        if not state.over:
            lines.append(who_acts(state))
            lines.extend(state.notes)
    lines.append("```\n" + fit(text_view(state.fight), BOARD_ROOM - len("\n".join(lines))) + "\n```")
    return "\n".join(lines)


def closing_lines(state: TacticsSession, reward: tx.FightReward, record: tx.TacticsProgress) -> list[str]:
    """What the result board keeps: why the fight ended, what it earned, what comes next."""
    fight = state.fight
    lines = [f"**{(fight.result or '').capitalize()}** — {why(fight)}.",
             f"{xp_reason(tx.encounter(fight.encounter), fight.result, reward)} · tactics level "
             f"{reward.level_after} ({record.xp} XP)"]
    if state.mode == "daily":
        lines.append("Today's counted attempt." if state.counted else
                     "Practice: today's counted attempt was already played.")
    lines.append(f"Next fight: {encounter_line(tx.encounter(record.next_campaign()))}.")
    return lines


def xp_reason(enc: tx.EncounterDef, result: str | None, reward: tx.FightReward) -> str:
    """The XP a fight earned and why, so a player sees why one first win pays more than another."""
    head = f"+{reward.xp} XP: {XP_PER_FIGHT} for the fight and {reward.xp - XP_PER_FIGHT}"
    if result != "won":
        return f"+{reward.xp} XP for the fight (a win adds more)"
    if not reward.first_win:
        return f"{head} for winning it again (a first win pays more)"
    ids = [e.id for e in tx.campaign()]
    if enc.id not in ids:
        return f"{head} for a counted daily win, paid like a first win"
    after = tx.campaign()[ids.index(enc.id) + 1] if ids.index(enc.id) + 1 < len(ids) else None
    if after is not None and after.level == enc.level:
        why = f"the least a first win pays, as {after.id} recommends the same level {enc.level}"
    elif after is not None:
        why = f"the climb from level {enc.level} to {after.id}'s recommended level {after.level}"
    else:
        why = "a level's climb, for the campaign's last fight"
    return f"{head} for the first win ({why})"


def news_lines(reward: tx.FightReward) -> list[str]:
    """Said once, with the result that earned it: a level-up, supers unlocked."""
    news = []
    if reward.level_after > reward.level_before:
        news.append(f"Level up: {reward.level_before} → {reward.level_after}! The duo fights at level "
                    f"{reward.level_after} from the next fight.")
    if reward.supers_unlocked:
        news.append("Supers unlocked: from now on each duo member's super is ready at 60 Spirit.")
    return news


def companion_report(db: Store, state: TacticsSession | None) -> str:
    """The last companion decision of the fight (bot/companion/report.py words it), and the player's call
    waiting for the next one."""
    if state is None:
        return "Use `/tactics companion` in a tactics fight's thread."
    call = f"\nYour call for its next decision: \"{no_pings(state.call)}\"" if state.call else ""
    return report_of(db, state.key, state.pilot) + call
