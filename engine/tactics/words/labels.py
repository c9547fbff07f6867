"""Button labels for planned turns: the gist of a turn in at most 80 characters, distinct within a plan.

A label says where the fighter goes before acting, its main skill with target, damage and the one or two
effects that matter, and where it ends if it moves on: "E5 · Tide Lash Driplet F5 for 9, push into water".
Each label is the richest wording that fits; when two turns of one plan would read the same, what tells
them apart (end tile, bonus skill, held reaction, aim) is added to both.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..model.content import kit
from ..model.steps import HoldStep, MoveStep, SkillStep
from ..rules.previews import SkillPreview, TargetPreview

MAX_LABEL = 80
SEP = " · "

# How a push ended (events.PushHow) as a player says it; the statuses it brings go unsaid.
_PUSH_WORDS = {"deep_water": "push into deep water", "shallows": "push into shallows", "water": "push into water"}
_BLOCKER_WORDS = {"rock": "rock", "barrel": "barrel", "edge": "the edge"}
_REACTIONS = {"opportunity_attack": "holds attack", "flowing_guard": "holds Flowing Guard"}


class _Turn:
    """What a label is made from: the main skill use, the tiles around it, the rest for telling apart."""

    def __init__(self, fighter_id: str, fighter_name: str, start: str, steps: Sequence,
                 previews: Sequence[SkillPreview], end_at: str) -> None:
        skills = kit(fighter_name)
        skill_steps = [(i, s) for i, s in enumerate(steps) if isinstance(s, SkillStep)]
        uses = [(i, s, pv) for (i, s), pv in zip(skill_steps, previews)]
        main = next((u for u in uses if skills[u[1].skill].slot in ("action", "super")), None)
        harmful = next((u for u in uses if _hurts(u[2], fighter_id)), None)
        # A turn that hurts a foe with its bonus skill alone (a Shove into rock) is an attack too.
        self.attacks = main is not None or harmful is not None
        main = main or harmful or (uses[0] if uses else None)
        at = main[0] if main else len(steps)
        before = [s.to for s in steps[:at] if isinstance(s, MoveStep)]
        self.me = fighter_id
        self.start = start
        self.stand = before[-1] if before else None
        self.main = main[2] if main else None
        self.end = end_at
        self.moves_after = self.main is not None and end_at != (self.main.moves_to or self.stand or start)
        self.bonus = [pv for _, s, pv in uses if main is None or s is not main[1]]
        self.aim = main[1].at if main else None
        self.hold = next((s.reaction for s in steps if isinstance(s, HoldStep)), None)
        self.steps = steps
        self.pulls = {name for name, sk in skills.items() if sk.push < 0}


_DUO = ("hero", "companion")


def _hurts(pv: SkillPreview, me: str) -> bool:
    """Whether a skill use hurts or downs a foe of the user (splats count)."""
    return any((t.fighter in _DUO) != (me in _DUO) and (t.damage or t.push_damage or t.downs) for t in pv.targets)


def turn_label(fighter_id: str, fighter_name: str, start: str, steps: Sequence, previews: Sequence[SkillPreview],
               end_at: str, extras: Sequence[str] = ()) -> str:
    """The label of one turn, with `extras` (what tells it apart from another turn) at the end."""
    t = _Turn(fighter_id, fighter_name, start, steps, previews, end_at)
    return _fit(t, list(extras))


def distinct_labels(turns: list, fighter_id: str, fighter_name: str, start: str) -> list[str]:
    """Labels for the turns of one plan, all different: colliding turns get what differs between them."""
    ts = [_Turn(fighter_id, fighter_name, start, t.steps, t.preview.skills, t.preview.end_at) for t in turns]
    extras: list[list[str]] = [[] for _ in ts]
    labels = [_fit(t, []) for t in ts]
    for differ in _DIFFERS:
        groups = _collisions(labels)
        if not groups:
            break
        for group in groups:
            bits = [differ(ts[i]) for i in group]
            if len(set(bits)) < 2:
                continue   # this detail is the same for all of them: try the next one
            for i, bit in zip(group, bits):
                if bit:
                    extras[i].append(bit)
                    labels[i] = _fit(ts[i], extras[i])
    for group in _collisions(labels):   # cannot happen for legal, different turns; never show two alike
        for n, i in enumerate(group[1:], 2):
            extras[i].append(f"option {n}")
            labels[i] = _fit(ts[i], extras[i])
    return labels


def _collisions(labels: list[str]) -> list[list[int]]:
    by: dict[str, list[int]] = {}
    for i, lb in enumerate(labels):
        by.setdefault(lb, []).append(i)
    return [g for g in by.values() if len(g) > 1]


def _steps_text(t: _Turn) -> str:
    out = []
    for s in t.steps:
        if isinstance(s, MoveStep):
            out.append(s.to)
        elif isinstance(s, SkillStep):
            out.append(f"{s.skill} {s.at}" + (f" {s.toward}" if s.toward else ""))
    return " ".join(out)


# What may tell two turns apart, in the order it is tried.
_DIFFERS: list[Callable[[_Turn], str]] = [
    lambda t: f"ends {t.end}",
    lambda t: " and ".join(f"with {_targets_short(pv, t.me)}" for pv in t.bonus),
    lambda t: _REACTIONS.get(t.hold or "", "no reaction"),
    lambda t: f"aimed at {t.aim}" if t.aim else "",
    _steps_text,
]


def _fit(t: _Turn, extras: list[str]) -> str:
    """The richest wording of the turn that fits in MAX_LABEL with the extras kept whole."""
    last = ""
    for text in _wordings(t, extras):
        last = text
        if len(text) <= MAX_LABEL:
            return text
    return last[:MAX_LABEL - 1].rstrip(" ,·") + "…"


def _wordings(t: _Turn, extras: list[str]) -> Iterator[str]:
    tail = [e for e in extras if e]
    then = [f"then {t.end}"] if t.moves_after else []
    if t.main is None:
        where = f"move to {t.end}" if t.end != t.start else f"stay at {t.start}"
        yield SEP.join(["No attack", where] + tail)
        return
    lead = [t.stand] if t.stand else []
    # A bonus skill beside the main one is said while there is room (a pull, a shove, a shield).
    bonus = [b for b in (f"with {_targets_short(pv, t.me)}" for pv in t.bonus) if b not in tail]
    for extra in ([bonus, []] if bonus else [[]]):
        for phrase in _phrases(t.main, t.me, t.pulls):
            if t.attacks:
                yield SEP.join(lead + [phrase] + extra + then + tail)
            else:
                moved = [f"move to {t.stand}"] if t.stand else []
                yield SEP.join(["No attack", ", ".join(moved + [phrase])] + extra + then + tail)
    if then:   # the main skill said as briefly as it can be, and still too long: leave out the last move
        yield SEP.join(lead + [phrase] + tail) if t.attacks else SEP.join(["No attack", phrase] + tail)


def _targets_short(pv: SkillPreview, me: str) -> str:
    """A skill use in a few words ("Shove Driplet B4"), for telling two turns apart."""
    if pv.moves_to and not pv.targets:
        return f"{pv.skill} to {pv.moves_to}"
    pulled = [t for t in pv.targets if t.pull and t.push_moves]
    if pulled:
        return f"{pv.skill} pulls {pulled[0].name} to {pulled[0].push_to}"
    names = [(f"on {t.name}" if t.fighter == me else f"{t.name} {t.tile}") for t in pv.targets]
    return f"{pv.skill} {', '.join(names)}" if names else f"{pv.skill} {pv.at}"


def _phrases(pv: SkillPreview, me: str, pulls: set[str]) -> Iterator[str]:
    """Wordings of one skill use, richest first: targets with tiles, then names only, then a count; each
    with all its effects, then with fewer."""
    if pv.moves_to and not pv.targets:
        yield f"{pv.skill} to {pv.moves_to}"
        return
    friends = [t for t in pv.targets if t.heal or (t.shield and not t.damage)]
    if friends:
        yield from _support_phrases(pv, friends, me)
        return
    foes = pv.targets
    if not foes:
        yield f"{pv.skill} at {pv.at}"
        return
    notes = _notes(pv, foes, pv.skill in pulls)
    for style in ("tiles", "names", "count"):
        head = f"{pv.skill} {_who(foes, style)}"
        for n in range(len(notes), -1, -1):
            yield ", ".join([head] + notes[:n])


def _support_phrases(pv: SkillPreview, friends: list[TargetPreview], me: str) -> Iterator[str]:
    t = friends[0]
    verb = "heals" if t.heal else "shields"
    who = t.name   # by name, so a companion healing itself never reads as healing the player
    yield f"{pv.skill} {verb} {who} for {t.heal or t.shield}"
    yield f"{pv.skill} {t.heal or t.shield}"


def _who(foes: list[TargetPreview], style: str) -> str:
    """The foes hit and the damage: "Driplet F5 for 9", "Driplet, Skreel for 6 each", "3 foes for 18"."""
    dmg = [t.damage + t.push_damage for t in foes]
    if len(foes) == 1:
        name = f"{foes[0].name} {foes[0].tile}" if style == "tiles" else foes[0].name
        return f"{name} for {dmg[0]}" if dmg[0] else name
    if style == "count":
        return f"{len(foes)} foes for {sum(dmg)}"
    names = [f"{t.name} {t.tile}" if style == "tiles" else t.name for t in foes]
    if len(set(dmg)) == 1:
        return f"{', '.join(names)} for {dmg[0]} each"
    return ", ".join(f"{n} for {d}" for n, d in zip(names, dmg))


def _notes(pv: SkillPreview, foes: list[TargetPreview], pulls: bool) -> list[str]:
    """What the hit does besides damage, the most telling first: kills, where a push lands, statuses."""
    notes: list[str] = []
    downs = sum(1 for t in foes if t.downs)
    if downs:
        notes.append("downs it" if len(foes) == 1 else f"downs {downs}")
    if len(foes) == 1:
        t = foes[0]
        push = _push_words(t, pulls)
        if push:
            notes.append(push)
        if not t.downs:
            said = ("soaked", "prone") if push and "into" in push else ()
            rest = [st for st in t.statuses if st not in said]
            if rest:
                notes.append(" and ".join(rest))
    else:
        alive = [t for t in foes if not t.downs]
        common = [st for st in alive[0].statuses if all(st in t.statuses for t in alive)] if alive else []
        if common:
            notes.append(" and ".join(common))
    if pv.cashin:
        notes.append(f"cashes in {pv.cashin}")
    if pv.surfaces:
        notes.append("leaves moss")
    return notes


def _push_words(t: TargetPreview, pulls: bool) -> str:
    how = t.push_how
    if how is None or not t.push_to:
        return ""
    if how == "splat":
        if t.push_blocker in _BLOCKER_WORDS or t.push_blocker is None:
            return "splat on " + _BLOCKER_WORDS[t.push_blocker or "edge"]
        # A fighter: its name as the preview's outcome words give it.
        return "splat on " + (t.push_outcome or "")[len("splat on "):] + " (unhurt)"
    if how in _PUSH_WORDS:
        return _PUSH_WORDS[how]
    if t.push_to != t.tile:
        return f"{'pull' if pulls else 'push'} to {t.push_to}"
    return ""

