"""The fight in words for a reader in another language than the engine's: the Text map's key, fighters
and telegraphs, the board's "Strays next" line and the picture's description, made from the fight's state
(the engine's own text view, `engine.tactics.render_text`, is English for its command line and the
companion's prompt, and is what an English reader is shown)."""
from __future__ import annotations

import engine.tactics as tx
from bot.words import N_, words
from engine.tactics.rules.figures import SUPER_LEVEL, enrage_bonus
from engine.tactics.rules.pushes_ahead import pushes_ahead

from . import names
from .report import BLOCKERS, COMPASS

KEY = {".": "ground", "=": "path", "~": "shallows", "w": "water", "W": "deep", "#": "rock", "o": "barrel", "E": "exit"}
GOALS = {"rout": N_("rout: down every stray, or break the pack (under 30% HP, they run)"),
         "hold": N_("hold: stay standing to the end of round {round}"),
         "break_out": N_("break out: every standing duo member on a glowing exit (E) at the end of the duo phase")}


def _who(f: tx.FighterState) -> str:
    return names.fighter(f.name)


def key_line(grid: list[str]) -> str:
    """What the grid's symbols mean, only those it shows."""
    shown = "".join(grid)
    items = [f"`{ch}` {names.terrain(name)}" for ch, name in KEY.items() if ch in shown]
    if "!" in shown:
        items.append(words("`!` telegraphed"))
    if "*" in shown:
        items.append(f"`*` {names.terrain('moss')}")
    if any(ch.isdigit() for row in grid for ch in row[3:]):
        items.append(words("a digit: high ground level"))
    return words("Key: {items}", items=" · ".join(items))


def fighter_line(fight: tx.FightState, f: tx.FighterState) -> str:
    if f.fled:
        return words("{letter} {name} fled", letter=f.letter, name=_who(f))
    if f.down:
        return words("{letter} {name} down", letter=f.letter, name=_who(f))
    bits = [words("{letter} {name} at {tile}", letter=f.letter, name=_who(f), tile=f.pos), f"HP {f.hp}/{f.max_hp}"]
    if f.shield:
        bits.append(words("shield {n}", n=f.shield))
    if f.side == "duo" and f.level >= SUPER_LEVEL:
        bits.append(words("Spirit {n}", n=f.spirit))
    if f.statuses:
        bits.append("/".join(names.status(st.name) for st in f.statuses))
    if f.side == "duo" and fight.phase == "duo":
        if f.done:
            bits.append(words("done"))
        else:
            left = [words("move {n}", n=max(0, f.move - f.moved)),
                    words("no action") if f.action_used else words("action"),
                    words("no bonus") if f.bonus_used else words("bonus")]
            bits.append(words("budget: {left}", left=words(", ").join(left)))
        if f.held:
            bits.append(words("holds {reaction}", reaction=names.reaction(f.held)))
    return words(", ").join(bits)


def telegraph_lines(fight: tx.FightState) -> list[str]:
    """Each telegraph: whose, which skill, at whom or on which tiles, for about how much, and its push."""
    lines = []
    for tg in fight.telegraphs:
        st = fight.get(tg.stray)
        skill = tx.kit(st.name)[tg.skill]
        dmg = skill.damage + enrage_bonus(fight.round + 1)
        head = words("{letter} {name}: {skill}", letter=st.letter, name=_who(st), skill=names.skill(skill.name))
        if tg.target:
            line = words("{head} at {target} for ~{n}", head=head, target=_who(fight.get(tg.target)), n=dmg)
            if st.has("rooted"):
                line += words(" (rooted: fizzles if out of reach)")
        elif not tg.tiles:
            line = words("{head} on no tile: it can hit no one", head=head)
        else:
            line = words("{head} on {tiles} for ~{n}", head=head, tiles=",".join(tg.tiles), n=dmg)
            line += _push(fight, tg, skill.push)
        lines.append(line)
    return lines


def _push(fight: tx.FightState, tg: tx.Telegraph, push: int) -> str:
    if not push:
        return ""
    said = words(", pulling {n} in", n=abs(push)) if push < 0 else words(", pushing {n} away", n=abs(push))
    for p in pushes_ahead(fight, tg):
        way = words(COMPASS[p.heading]) if p.heading in COMPASS else p.heading
        went = words("; {name} {direction}", name=_who(fight.get(p.who)), direction=way) + \
            (words(" to {to}", to=p.to) if p.to != p.frm else "")
        if p.how == "splat":
            blocker = words(BLOCKERS[p.blocker or "edge"]) if (p.blocker or "edge") in BLOCKERS else \
                _who(fight.get(p.blocker or ""))
            went += words(", splat on {blocker} (+{n})", blocker=blocker, n=p.damage)
        elif p.how == "deep_water":
            went += words(", swept by deep water (+{n}, soaked, prone)", n=p.damage)
        elif p.how in ("water", "shallows"):
            went += words(", into the shallows (soaked, prone)") if p.how == "shallows" else \
                words(", at the water's edge (soaked, prone)")
        elif p.how == "held":
            went += words(" but held in place")
        said += went
    return said


def goal_text(fight: tx.FightState) -> str:
    return words(GOALS[fight.goal], round=fight.hold_round)


def map_lines(fight: tx.FightState, grid: list[str]) -> list[str]:
    """The Text map's lines under its grid: key, goal, the round's state, fighters, telegraphs."""
    lines = [key_line(grid), words("Goal: {goal}", goal=goal_text(fight))]
    if fight.round >= 5:
        lines.append(words("Strays enraged: +{n} damage", n=enrage_bonus(fight.round)))
    if fight.goal == "break_out":
        lines.append(words("Exits are open") if fight.exits_open else
                     words("Exits closed until round {round}", round=fight.exit_round))
    lines.append(words("Fighters:"))
    lines.extend(f"· {fighter_line(fight, f)}" for f in fight.fighters)
    told = telegraph_lines(fight)
    if told:
        lines.append(words("Telegraphs (fire at the start of the strays' next phase):"))
        lines.extend(f"· {line}" for line in told)
    return lines


def described(fight: tx.FightState) -> str:
    """The picture's description: the goal, the fighters and the telegraphs, in the reader's words."""
    return "\n".join([goal_text(fight), *(fighter_line(fight, f) for f in fight.fighters),
                      *telegraph_lines(fight)])
