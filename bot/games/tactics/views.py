"""Tactics' private views: a ready-made turn's preview with Send, a fighter's list of turns, the skill
previews, a slash skill's preview with Confirm, and the strays' last phase in full. Each is shown only
to the member who asked and changes nothing; the kind inherits them (its action table reads them)."""
from __future__ import annotations

import engine.tactics as tx
from bot.core.kinds import Context, GameError, view
from bot.core.reply import Button, Reply
from bot.words import N_, plural, words
from engine.tactics.model.progress import SUPER_LEVEL

from . import names
from .actions import (
    CODE_OF,
    AskSkill,
    Cancel,
    FighterCode,
    Pass,
    SendTurn,
    ShowMap,
    ShowSkills,
    ShowTurn,
    ShowTurns,
    UseSkill,
    WhatHappened,
    echo,
)
from .note_words import lines_of
from .plans import planned_turns
from .previews import preview_lines, turn_preview
from .session import TacticsSession, mine, refusal, skill_named
from .steps_words import label
from .text import clip, map_text, strays_report

SLOTS = {"action": N_("action"), "bonus": N_("bonus"), "super": N_("super")}
LABEL_MOST = 80  # characters of a button's label


def turn_button(i: int, turn: tx.PlannedTurn, code: FighterCode) -> Button:
    said = f"{i + 1}. {label(turn)}"
    return Button(said if len(said) <= LABEL_MOST else said[: LABEL_MOST - 1] + "…", ShowTurn(code, i + 1),
                  "primary" if i == 0 else "secondary", row=i // 3)


class TacticsViews:
    """The private views of a fight, as a part of the Tactics kind."""

    @view(ShowTurn)
    def _turn_view(self, state: TacticsSession, action: ShowTurn, ctx: Context) -> Reply:
        n = action.number
        fid = mine(state, ctx, words("Turn {n}", n=n), action.fighter)
        turns = planned_turns(state.fight, fid)
        if not 1 <= n <= len(turns):
            raise GameError(words("Turn {n}: there are {count} ready-made turns now.", n=n, count=len(turns)))
        send = SendTurn(action.fighter, n, state.fight.seq)
        return Reply(turn_preview(state, fid, n, turns[n - 1]),
                     buttons=(Button(words("Send"), send, "success"), Button(words("Cancel"), Cancel())))

    @view(ShowTurns)
    def _turns_view(self, state: TacticsSession, action: ShowTurns, ctx: Context) -> Reply:
        code = action.fighter
        fid = mine(state, ctx, words("Ready-made turns"), code)
        turns = planned_turns(state.fight, fid)
        buttons = [turn_button(i, t, code) for i, t in enumerate(turns)]
        name = names.fighter(state.fight.get(fid).name)
        buttons.append(Button(words("Pass ({name})", name=name), Pass(code), "danger", row=2))
        buttons.append(Button(words("Skill previews"), ShowSkills(code), row=2))
        return Reply(words("{name}'s ready-made turns (press one to see it before sending):", name=name),
                     buttons=tuple(buttons))

    @view(ShowSkills)
    def _skills_view(self, state: TacticsSession, action: ShowSkills, ctx: Context) -> Reply:
        fid = mine(state, ctx, words("Skill previews"), action.fighter)
        f = state.fight.get(fid)
        lines = [words("**{name}'s skills** (damage before luck; `/tactics skill` to use one):",
                       name=names.fighter(f.name))]
        for name, skill in tx.kit(f.name).items():
            options = tx.target_options(state.fight, fid, name)
            if not options:
                lines.append(words("**{skill}** ({slot}): not usable from here: {why}", skill=names.skill(name),
                                   slot=words(SLOTS[skill.slot]), why=unusable_why(f, skill)))
                continue
            best = options[0]
            with refusal(names.skill(name)):
                pv = tx.preview_skill(state.fight, fid, name, best["at"])
            more = len(options) - 1
            lines.extend(preview_lines(state.fight, pv))
            if more:
                lines.append(plural(more, "· and {n} more target: `/tactics preview name:{skill} at:` lists them",
                                    "· and {n} more targets: `/tactics preview name:{skill} at:` lists them",
                                    skill=name))
        return Reply(clip("\n".join(lines)))

    @view(Cancel)
    def _cancel(self, state: TacticsSession, action: Cancel, ctx: Context) -> Reply:
        return Reply(words("Cancelled: nothing was sent."))

    @view(AskSkill)
    def _skill_view(self, state: TacticsSession, action: AskSkill, ctx: Context) -> Reply:
        """A skill's preview with Confirm (`/tactics skill`), or without (`/tactics preview`)."""
        fid = mine(state, ctx, words("Skill {skill}", skill=echo(action.skill)))
        try:
            name = skill_named(state, fid, action.skill)
        except GameError as exc:
            raise GameError(words("{refusal} You asked for {skill}.", refusal=str(exc), skill=echo(action.skill))) \
                from None
        with refusal(words("{skill} at {at}", skill=names.skill(name), at=action.at)):
            pv = tx.preview_skill(state.fight, fid, name, action.at, action.toward)
        text = "\n".join(preview_lines(state.fight, pv))
        if not action.confirm:
            return Reply(text)
        index = list(tx.kit(state.fight.get(fid).name)).index(name)
        confirm = UseSkill(CODE_OF[fid], index, action.at, action.toward)
        return Reply(text + "\n" + words("Confirm to use it."), buttons=(Button(words("Confirm"), confirm, "success"),
                                                                         Button(words("Cancel"), Cancel())))

    @view(WhatHappened)
    def _what_happened(self, state: TacticsSession, action: WhatHappened, ctx: Context) -> Reply:
        """The strays' last phase in full, then every line this phase has said (the board keeps the newest)."""
        _, full = strays_report(state)
        lines = [words("**The strays' last phase, in full:**"), *(f"· {line}" for line in full)] if full else \
            [words("The strays have not acted yet in this fight.")]
        if state.notes and not state.over:
            lines += [words("**This phase so far:**"), *lines_of(state.notes, state)]
        return Reply(clip("\n".join(lines)))

    @view(ShowMap)
    def _map(self, state: TacticsSession, action: ShowMap, ctx: Context) -> Reply:
        return Reply(map_text(state))


def unusable_why(f: tx.FighterState, skill: tx.SkillDef) -> str:
    """Why a skill has no target now, in the player's words: its budget is spent, a super's Spirit or
    level is missing, or nothing is in reach from where the fighter stands (a move first may bring it)."""
    if skill.slot == "action" and f.action_used or skill.slot == "bonus" and f.bonus_used:
        return words("the action of this phase is used.") if skill.slot == "action" else \
            words("the bonus of this phase is used.")
    if skill.slot == "super":
        return words("a super needs level {level} and 60 Spirit ({name}: level {has}, {spirit} Spirit).",
                     level=SUPER_LEVEL, name=names.fighter(f.name), has=f.level, spirit=f.spirit)
    return words("nothing it can reach from {tile}; move closer first (a ready-made turn that moves, then uses it, "
                 "shows where from).", tile=f.pos)

