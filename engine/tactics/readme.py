"""Renders engine/tactics/README.md from the content data, so the player's table never drifts.

    python -m engine.tactics.readme > engine/tactics/README.md
"""
from __future__ import annotations

from .content import campaign, common_skills, fighters
from .engine import STRAY_HP_PER_LEVEL

HEAD = """# Tactics: the duo against the strays

The rules engine of the tactics game (seed 001, decisions in `rules/tactics.md`). Pure Python: no I/O,
no clock; the same state and seed always give the same fight. Content lives in `fighters.json` and
`encounters.json`; this file is generated from them (`python -m engine.tactics.readme`) and a test
checks that it is current.

## Fighters

Everyone, strays included, also has **Shove** (bonus): {shove} Everyone can hold an **opportunity
attack** (5 damage when a foe leaves the 8 tiles around you, once a round). Stray HP below is at
level 1; strays gain {pct}% HP per encounter level above 1.

| Fighter | Side | HP | Tiles | Role | Skills |
|---|---|---|---|---|---|
"""

SHAPES = """
Skill shapes: *single* hits the fighter you aim at; *cone* is the 90° wedge in front of the user
(length 1 = the 3 tiles in front); *line* runs straight from the user (stopped by rock and barrels);
*burst* is the square of the given radius around a tile (range 0 = around the user); *dash* is a line
the user travels, hitting foes on it and landing at its far end. Area shapes hit foes only.
Melee skills get flank and prone bonuses; shots get cover and +1 range from higher ground; shots and
spells get +2 from higher ground.

## Campaign

| Id | Name | Goal | Pack | Level |
|---|---|---|---|---|
"""

TAIL = """
Plus a daily encounter, `daily-YYYY-MM-DD`, drawn from the UTC date's seed (`engine.rng.daily_seed`).

## Decisions where the seed and rules file are silent

- Tile names: columns A-M west to east, rows 1-9 north to south; "5 tiles apart" = 5 tiles between
  the nearest duo member (column A) and stray (column G), i.e. an eight-way distance of 6.
- Round 1: the strays walk in (a normal move) and lock a telegraph; nothing fires.
- Statuses last until the end of the afflicted fighter's next own phase. Prone: at the start of that
  phase the fighter stands up, which costs 2 of its tiles, and the status ends. Soaked: lightning +2.
  Rooted: cannot move on its own (pushes still move it) and its targeted telegraph cannot follow.
- Moss stays on its tile for the fight; fire on a fighter standing on moss burns it away.
- A cash-in counts once per skill use, when the set-up was made by the user's ally this round.
- Pushes go tile by tile: shallows are entered and stop the push (soaked, prone); water and deep water
  stop it at the edge (soaked, prone; deep also 5 damage); rock, barrels, fighters and the board edge
  splat for 3. A pull stops beside the puller. Pushes ignore levels. A chosen push may not go into
  the pusher's own tile.
- A pushed stray's area telegraph is re-anchored on the stray and re-aimed at the point it locked
  (bursts keep their offset); headings snap to the nearest of the eight directions.
- A targeted telegraph whose stray cannot reach a firing spot with its movement fizzles.
- Opportunity attacks: strays always hold theirs; a duo member must hold it (a hidden reaction, valid
  until its next phase). Their 5 damage gets the strays' enrage bonus. Flowing Guard works on any
  melee hit, opportunity attacks included.
- Spirit: after each hit or cash-in it rises by what `floor(dealt × 12 / 10) + taken + 10 × cash-ins`
  gained, counted on HP actually lost (shields absorb first), and is capped at 100 Spirit held. A super
  spends 60 and uses the action; fighting fills Spirit up again (Spirit earned past the cap is lost,
  never banked).
- Damage never goes below 0. Line of sight is not modelled (only cover).
- Strays' bonus skills: a push of an adjacent duo member into harm (its own push goes straight
  away, as the seed says of every push but Shove, Shield Bash and Sod Kick; Shove in the direction that
  hurts most), else a self-shield when a duo member is within 4. The strays' policy never reads the
  duo's hidden reactions: it walks as if every duo member held an opportunity attack.
- Levels: the duo's level comes with the encounter (`new_fight(..., level=)` overrides it); progress
  belongs to the bot layer.

## API

```python
from engine.tactics import new_fight, apply_turn, plan_turns, preview_skill, render_text, MoveStep, SkillStep
state = new_fight("c01", seed=7, hero="Tidecaller", companion="Mossle")
turns = plan_turns(state, "hero")                   # up to 6 PlannedTurn(steps, summary, preview, label)
state = apply_turn(state, "hero", turns[0].steps)   # all or nothing; raises TacticsError(step, reason)
print(render_text(state, viewer="companion"))
```

CLI: `python -m engine.tactics encounters | new --encounter ID --seed N [--hero --companion] |
plan --fighter hero|companion < state.json | apply --fighter ... < {"state", "steps"} |
autoplay --encounter ID --seed N`.
"""


def render_readme() -> str:
    rows = []
    for f in fighters().values():
        skills = []
        for s in f.skills:
            slot = {"action": "action", "bonus": "bonus", "super": "super, 60 Spirit, level 8"}[s.slot]
            if f.side == "stray" and s.slot == "action":
                slot = f"telegraphed {s.shape}"
            skills.append(f"**{s.name}** ({slot}): {s.text}")
        react = " Can hold **Flowing Guard** instead of an opportunity attack." if "flowing_guard" in f.reactions else ""
        rows.append(f"| {f.name} | {f.side} | {f.hp} | {f.move} | {f.role}.{react} | {'<br>'.join(skills)} |")
    enc = []
    for e in campaign():
        extra = (f", until the end of round {e.hold_round}" if e.hold_round
                 else f", exits open in round {e.exit_round}" if e.exit_round else "")
        enc.append(f"| {e.id} | {e.name} | {e.goal}{extra} | {', '.join(e.pack)} | {e.level} |")
    return (HEAD.format(shove=common_skills()[0].text, pct=STRAY_HP_PER_LEVEL) + "\n".join(rows) + "\n"
            + SHAPES + "\n".join(enc) + "\n" + TAIL)


if __name__ == "__main__":
    print(render_readme(), end="")
