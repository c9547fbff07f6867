"""Renders engine/tactics/README.md from the content data, so the player's table never drifts.

    python -m engine.tactics.readme > engine/tactics/README.md
"""
from __future__ import annotations

from .engine import STRAY_HP_PER_LEVEL
from .model.content import campaign, common_skills, fighters
from .model.progress import MAX_LEVEL, XP_FIRST_WIN_FLOOR, XP_PER_FIGHT, XP_REPEAT_WIN, level_thresholds

HEAD = """# Tactics: the duo against the strays

The rules engine of the tactics game: seed 001 and the decisions where it is silent, `rules/tactics.md`,
both kept outside this repository in the project's shared folder beside it (`../shared/seeds/` and
`../shared/rules/tactics.md` from the repository's root). Pure Python: no I/O, no clock; the same state
and seed always give the same fight. Content lives in `model/fighters.json` and
`model/encounters.json`; this file is generated from them (`python -m engine.tactics.readme`) and a test
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

| Id | Name | Goal | Pack | Recommended level |
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
- Straight pushes and pulls go along the nearest of the eight headings of the line from the pusher to
  the target (3 east and 1 south is east; 3 east and 2 south is south-east), like telegraph headings.
- A turn is checked whole before anything happens: every step well formed, tiles on the board (a skill
  may name a fighter by id or name instead: its tile when the step is played; a name two fighters
  share must be an id), skills in the kit, at most one action, one bonus skill and one held reaction
  (counting what was used earlier in the phase), nothing after `end`. Then it is played on a copy; an
  illegal step refuses the whole turn. If the fighter falls or the fight ends part-way, the rest is
  not played and the turn stands.
- A preview is the real resolution played on a scratch copy without luck, so it cannot drift from the
  rules: pushes of a multi-target skill land in the order the rules push them.
- Levels: the duo fights at the player's own tactics level (`new_fight(..., level=N)`, default 1),
  never the encounter's; an encounter's level is the level it recommends and sets its strays' HP.
  XP (`progress.xp_for`): {fight} for any finished fight; a first win of a campaign fight adds what
  lifts the player to the level the next fight recommends on the one level curve (`engine.levels`,
  1 plus every 300 XP; at least {first}); a repeat win adds {repeat}. So a player who has won every
  earlier fight once stands at each fight's recommended level (XP for levels 1-{top}: {thresholds}).
  Losses, replays and dailies add a little on top. A win the companion fought alone (the hero never
  acted) counts as a win and opens the next fight but pays like a repeat win: its first win's bonus
  waits for a win the hero fights in (`record_fight(..., hero_fought=False)`). The tactics level is
  read from the player's tactics XP.

## API

```python
from engine.tactics import new_fight, apply_turn, apply_planned, parse_turn_text, plan_turns, play_turn, render_text
state = new_fight("c01", seed=7, hero="Tidecaller", companion="Mossle", level=1)   # level: the player's
turns = plan_turns(state, "hero")                   # up to 6 PlannedTurn(steps, summary, preview, label,
                                                    #   consequences: one phase ahead, see plan/consequences.py)
state = apply_turn(state, "hero", turns[0].steps)   # all or nothing; a new state, the old one untouched
state = apply_planned(state, "companion", 2, seq=state.seq)   # the planner's third turn, by number
done = play_turn(state, "hero", turns[0].steps)     # the same, with done.events (model/events.py) and done.outcome
steps = parse_turn_text(state, "hero", "move C5; Tide Lash Driplet; end")
print(render_text(state, viewer="duo"))
```

Every refusal is a `RuleError` (`TacticsError(step, reason)` and its subclasses) with a stable `.code`:
`bad_step`, `off_board`, `no_such_skill`, `ambiguous`, `malformed`, `illegal_step`, `out_of_budget`,
`out_of_range`, `heading`, `dash_reach`, `blocked`, `occupied`, `no_move`, `rooted`, `after_end`,
`no_such_reaction`, `locked`, `no_spirit`, `no_choice`, `no_target`, `gone`, `at_yourself`, `foes_only`,
`needs_ally`, `own_tile`, `bursts_around`, `push_into_yourself`, `down`, `already_ended`, `strays_phase`,
`not_duo`, `fight_over`, `stale`, `no_such_turn`, `no_such_encounter`, `no_such_fighter`, `bad_level`;
a typed turn's `empty_turn`, `move_one_tile`, `unknown_reaction`, `no_aim`, `not_direction` …
Its English `.reason` is for the CLI and the companion's prompt; `.facts` holds what a reader's own words
are built from (`fighter`, `skill`, `tile`, `reach`, `slot` …, names as the content spells them).

```
```

CLI: `python -m engine.tactics encounters | new --encounter ID --seed N [--hero --companion --level N] |
plan --fighter hero|companion < state.json | apply --fighter ... < {"state", "steps"} |
autoplay --encounter ID --seed N [--hero --companion --level N]`. `new` starts the duo at level 1 unless
told; `autoplay` plays at the level a player reaches the encounter at. A refused `apply` answers
`{"ok": false, "error": {"step", "reason", "code"}}`.
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
        react = (" Can hold **Flowing Guard** instead of an opportunity attack."
                 if "flowing_guard" in f.reactions else "")
        rows.append(f"| {f.name} | {f.side} | {f.hp} | {f.move} | {f.role}.{react} | {'<br>'.join(skills)} |")
    enc = []
    for e in campaign():
        extra = (f", until the end of round {e.hold_round}" if e.hold_round
                 else f", exits open in round {e.exit_round}" if e.exit_round else "")
        enc.append(f"| {e.id} | {e.name} | {e.goal}{extra} | {', '.join(e.pack)} | {e.level} |")
    return (HEAD.format(shove=common_skills()[0].text, pct=STRAY_HP_PER_LEVEL) + "\n".join(rows) + "\n"
            + SHAPES + "\n".join(enc) + "\n"
            + TAIL.replace("{fight}", str(XP_PER_FIGHT)).replace("{first}", str(XP_FIRST_WIN_FLOOR))
            .replace("{repeat}", str(XP_REPEAT_WIN))
            .replace("{top}", str(MAX_LEVEL)).replace("{thresholds}", ", ".join(map(str, level_thresholds()))))


if __name__ == "__main__":
    print(render_readme(), end="")
