"""What happened in a fight, as typed values: the engine records them, the bot words and draws them.

Each event is a small frozen value naming fighters by id ("hero", "companion", "s1".."s5") and tiles
by name ("E5"). Events come in the order things happened; a hit always follows what caused it (a skill
used, a telegraph fired, an opportunity attack, a push). The fight's end is `FightEnded` with a typed
`reason`. `Event` is the discriminated union (on `kind`) that the saved fight stores.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

HitCause = Literal["skill", "telegraph", "opportunity_attack", "strike_back", "splat", "swept"]
PushHow = Literal["pushed", "held", "splat", "shallows", "water", "deep_water"]
FizzleReason = Literal["target_down", "rooted", "out_of_reach", "pushed_away", "moved_out_of_area",
                       "attacker_down"]
EndReason = Literal["rout", "all_strays_down", "held", "broke_out", "duo_down", "share_win", "share_loss",
                    "share_draw"]
MoveHow = Literal["walk", "dash", "leap", "charge"]
StatusName = Literal["soaked", "prone", "rooted"]
StatusGone = Literal["wore_off", "stood_up", "downed"]



@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseOpened:
    """A phase began: the strays' (telegraphs fire, strays act) or the duo's."""

    kind: Literal["phase"] = "phase"
    round: int
    phase: Literal["strays", "duo"]


@dataclass(frozen=True, slots=True, kw_only=True)
class FightStarted:
    kind: Literal["fight_started"] = "fight_started"
    encounter: str
    goal: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Enraged:
    """From round 5 the strays' hits do more (the bonus of this round)."""

    kind: Literal["enraged"] = "enraged"
    round: int
    bonus: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ExitsOpened:
    """A break-out fight's exit tiles glow from this round on."""

    kind: Literal["exits_opened"] = "exits_opened"
    round: int
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved:
    """A fighter went from one tile to another by its own movement (walk, a dash or leap skill, a charge)."""

    kind: Literal["moved"] = "moved"
    who: str
    frm: str
    to: str
    how: MoveHow = "walk"
    cost: int = 0
    skill: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillUsed:
    """A fighter used a skill (a duo member's skill, or a stray's bonus skill)."""

    kind: Literal["skill_used"] = "skill_used"
    who: str
    skill: str
    at: str
    tiles: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TelegraphLocked:
    """A stray locked its next attack: the tiles it will hit, or the fighter it will follow."""

    kind: Literal["telegraph_locked"] = "telegraph_locked"
    stray: str
    skill: str
    shape: str
    tiles: tuple[str, ...]
    target: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TelegraphFired:
    """A locked telegraph went off; the hits it landed follow as `Hit` events (cause "telegraph")."""

    kind: Literal["telegraph_fired"] = "telegraph_fired"
    stray: str
    skill: str
    shape: str
    tiles: tuple[str, ...]
    target: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TelegraphFizzled:
    """A telegraph that hit nobody, and why: its stray went down or was rooted, its target went down
    or out of reach, its target stepped out of the area, or the stray was pushed so the area turned away."""

    kind: Literal["telegraph_fizzled"] = "telegraph_fizzled"
    stray: str
    skill: str
    reason: FizzleReason
    target: str | None = None   # the fighter it followed, or the first duo member its area had caught
    area: bool = False          # a cone, line, burst or dash (it hits tiles, not a fighter)


@dataclass(frozen=True, slots=True, kw_only=True)
class OpportunityAttack:
    """A fighter left a foe's reach and the foe struck (the hit follows)."""

    kind: Literal["opportunity_attack"] = "opportunity_attack"
    attacker: str
    target: str
    at: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Guarded:
    """A held Flowing Guard took some of a melee hit off (its strike back follows as a hit)."""

    kind: Literal["guarded"] = "guarded"
    who: str
    against: str
    blocked: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Hit:
    """Damage landed: `base` before luck, `rolled` after luck, `guarded` taken off by Flowing Guard,
    `absorbed` by the shield, `lost` the HP it cost; `hp` is what the target has left."""

    kind: Literal["hit"] = "hit"
    src: str | None
    target: str
    cause: HitCause
    skill: str | None = None
    base: int
    rolled: int
    guarded: int = 0
    absorbed: int = 0
    lost: int
    hp: int
    max_hp: int
    downed: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Pushed:
    """A push or pull: from where to where (and which way), what stopped it (`blocker`: "rock", "barrel", "edge" or a
    fighter id), the splat or swept damage to the pushed fighter, and whether the fighter it was
    splatted on was hurt (the rules hurt only the pushed fighter)."""

    kind: Literal["pushed"] = "pushed"
    who: str
    by: str
    skill: str
    frm: str
    to: str
    how: PushHow
    pull: bool = False
    blocker: str | None = None
    damage: int = 0
    blocker_hurt: bool = False
    statuses: tuple[StatusName, ...] = ()
    heading: str | None = None   # the compass point it went toward ("N".."NW"), even when nothing moved


@dataclass(frozen=True, slots=True, kw_only=True)
class StatusApplied:
    kind: Literal["status_applied"] = "status_applied"
    who: str
    status: StatusName
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StatusRemoved:
    kind: Literal["status_removed"] = "status_removed"
    who: str
    status: StatusName
    why: StatusGone
    cost: int = 0   # movement it cost (standing up from prone)


@dataclass(frozen=True, slots=True, kw_only=True)
class Shielded:
    kind: Literal["shielded"] = "shielded"
    by: str
    who: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Healed:
    kind: Literal["healed"] = "healed"
    by: str
    who: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SurfaceLeft:
    kind: Literal["surface_left"] = "surface_left"
    by: str
    surface: Literal["moss"]
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SurfaceBurned:
    kind: Literal["surface_burned"] = "surface_burned"
    tile: str
    under: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CashedIn:
    """A skill cashed in the ally's set-up of this round (soaked, prone, rooted, moss) for Spirit."""

    kind: Literal["cashed_in"] = "cashed_in"
    who: str
    setup: str
    spirit: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SpiritGained:
    kind: Literal["spirit_gained"] = "spirit_gained"
    who: str
    amount: int
    spirit: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Downed:
    """A fighter went down: `by` whom, with which `skill`, and the `cause` of the hit that downed it."""

    kind: Literal["downed"] = "downed"
    who: str
    by: str | None = None
    skill: str | None = None
    cause: HitCause | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StrayRan:
    """A stray of a broken pack left the board."""

    kind: Literal["stray_ran"] = "stray_ran"
    who: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FightEnded:
    """The result and its typed reason, with the HP shares that decide a round-10 finish."""

    kind: Literal["fight_ended"] = "fight_ended"
    result: Literal["won", "lost", "draw"]
    reason: EndReason
    round: int
    duo_hp: int
    duo_start: int
    strays_hp: int
    strays_start: int
    hold_round: int | None = None


Event = Annotated[
    PhaseOpened | FightStarted | Enraged | ExitsOpened | Moved | SkillUsed | TelegraphLocked | TelegraphFired
    | TelegraphFizzled | OpportunityAttack | Guarded | Hit | Pushed | StatusApplied | StatusRemoved | Shielded
    | Healed | SurfaceLeft | SurfaceBurned | CashedIn | SpiritGained | Downed | StrayRan | FightEnded,
    Field(discriminator="kind"),
]
