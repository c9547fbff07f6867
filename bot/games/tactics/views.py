"""Tactics' private views: a ready-made turn's preview with Send, a fighter's list of turns, the skill
previews, a slash skill's preview with Confirm, and the strays' last phase in full. Each is shown only
to the member who asked and changes nothing; the kind inherits them (its action table reads them)."""
from __future__ import annotations

import engine.tactics as tx
from bot.core.kinds import Context, GameError, view
from bot.core.reply import Button, Reply
from engine.tactics.model.progress import SUPER_LEVEL

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
from .plans import planned_turns
from .previews import preview_lines, turn_preview
from .session import TacticsSession, mine, refusal, skill_named
from .text import clip, map_text, strays_report

LABEL_MOST = 80  # characters of a button's label


def turn_button(i: int, turn: tx.PlannedTurn, code: FighterCode) -> Button:
    label = f"{i + 1}. {turn.label}"
    return Button(label if len(label) <= LABEL_MOST else label[: LABEL_MOST - 1] + "…", ShowTurn(code, i + 1),
                  "primary" if i == 0 else "secondary", row=i // 3)


class TacticsViews:
    """The private views of a fight, as a part of the Tactics kind."""

    @view(ShowTurn)
    def _turn_view(self, state: TacticsSession, action: ShowTurn, ctx: Context) -> Reply:
        n = action.number
        fid = mine(state, ctx, f"Turn {n}", action.fighter)
        turns = planned_turns(state.fight, fid)
        if not 1 <= n <= len(turns):
            raise GameError(f"Turn {n}: there are {len(turns)} ready-made turns now.")
        send = SendTurn(action.fighter, n, state.fight.seq)
        return Reply(turn_preview(state, fid, n, turns[n - 1]),
                     buttons=(Button("Send", send, "success"), Button("Cancel", Cancel())))

    @view(ShowTurns)
    def _turns_view(self, state: TacticsSession, action: ShowTurns, ctx: Context) -> Reply:
        code = action.fighter
        fid = mine(state, ctx, "Ready-made turns", code)
        turns = planned_turns(state.fight, fid)
        buttons = [turn_button(i, t, code) for i, t in enumerate(turns)]
        buttons.append(Button(f"Pass ({state.fight.get(fid).name})", Pass(code), "danger", row=2))
        buttons.append(Button("Skill previews", ShowSkills(code), row=2))
        return Reply(f"{state.fight.get(fid).name}'s ready-made turns (press one to see it before sending):",
                     buttons=tuple(buttons))

    @view(ShowSkills)
    def _skills_view(self, state: TacticsSession, action: ShowSkills, ctx: Context) -> Reply:
        fid = mine(state, ctx, "Skill previews", action.fighter)
        f = state.fight.get(fid)
        lines = [f"**{f.name}'s skills** (damage before luck; `/tactics skill` to use one):"]
        for name, skill in tx.kit(f.name).items():
            options = tx.target_options(state.fight, fid, name)
            if not options:
                lines.append(f"**{name}** ({skill.slot}): not usable from here: {unusable_why(f, skill)}")
                continue
            best = options[0]
            with refusal(name):
                pv = tx.preview_skill(state.fight, fid, name, best["at"])
            more = len(options) - 1
            lines.extend(preview_lines(state.fight, pv))
            if more:
                lines.append(f"· and {more} more target{'s' * (more > 1)}: `/tactics preview name:{name} at:` "
                             "lists them")
        return Reply(clip("\n".join(lines)))

    @view(Cancel)
    def _cancel(self, state: TacticsSession, action: Cancel, ctx: Context) -> Reply:
        return Reply("Cancelled: nothing was sent.")

    @view(AskSkill)
    def _skill_view(self, state: TacticsSession, action: AskSkill, ctx: Context) -> Reply:
        """A skill's preview with Confirm (`/tactics skill`), or without (`/tactics preview`)."""
        fid = mine(state, ctx, f"Skill {echo(action.skill)}")
        try:
            name = skill_named(state, fid, action.skill)
        except GameError as exc:
            raise GameError(f"{exc} You asked for {echo(action.skill)}.") from None
        with refusal(f"{name} at {action.at}"):
            pv = tx.preview_skill(state.fight, fid, name, action.at, action.toward)
        text = "\n".join(preview_lines(state.fight, pv))
        if not action.confirm:
            return Reply(text)
        index = list(tx.kit(state.fight.get(fid).name)).index(name)
        confirm = UseSkill(CODE_OF[fid], index, action.at, action.toward)
        return Reply(text + "\nConfirm to use it.", buttons=(Button("Confirm", confirm, "success"),
                                                            Button("Cancel", Cancel())))

    @view(WhatHappened)
    def _what_happened(self, state: TacticsSession, action: WhatHappened, ctx: Context) -> Reply:
        """The strays' last phase in full, then every line this phase has said (the board keeps the newest)."""
        _, full = strays_report(state)
        lines = ["**The strays' last phase, in full:**", *(f"· {line}" for line in full)] if full else \
            ["The strays have not acted yet in this fight."]
        if state.notes and not state.over:
            lines += ["**This phase so far:**", *state.notes]
        return Reply(clip("\n".join(lines)))

    @view(ShowMap)
    def _map(self, state: TacticsSession, action: ShowMap, ctx: Context) -> Reply:
        return Reply(map_text(state))


def unusable_why(f: tx.FighterState, skill: tx.SkillDef) -> str:
    """Why a skill has no target now, in the player's words: its budget is spent, a super's Spirit or
    level is missing, or nothing is in reach from where the fighter stands (a move first may bring it)."""
    if skill.slot == "action" and f.action_used or skill.slot == "bonus" and f.bonus_used:
        return f"the {skill.slot} of this phase is used."
    if skill.slot == "super":
        return f"a super needs level {SUPER_LEVEL} and 60 Spirit ({f.name}: level {f.level}, {f.spirit} Spirit)."
    return (f"nothing it can reach from {f.pos}; move closer first (a ready-made turn that moves, then "
            "uses it, shows where from).")

