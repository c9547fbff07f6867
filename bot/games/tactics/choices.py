"""What the tactics commands' autocomplete offers: the member's fighter's skills (usable ones first) and
the targets of a skill, both read from the fight as it is."""
from __future__ import annotations

import engine.tactics as tx
from bot.core.kinds import GameError

from .session import TacticsSession, fighter_of, skill_named

SHOWN = 25  # Discord shows at most 25 choices


def skill_choices(state: TacticsSession | None, user_id: int, current: str) -> list[str]:
    fid = fighter_of(state, user_id) if state is not None else None
    if state is None or fid is None:
        return []
    kit = tx.kit(state.fight.get(fid).name)
    usable = [name for name in kit if tx.legal_targets(state.fight, fid, name)]
    rest = [name for name in kit if name not in usable]
    return [n for n in usable + rest if current.lower() in n.lower()][:SHOWN]


def target_choices(state: TacticsSession | None, user_id: int, skill: str, current: str) -> list[tuple[str, str]]:
    fid = fighter_of(state, user_id) if state is not None else None
    if state is None or fid is None or not skill:
        return []
    try:
        name = skill_named(state, fid, skill)
    except GameError:
        return []
    options = tx.target_options(state.fight, fid, name)
    return [(o["text"], o["at"]) for o in options if current.strip().lower() in o["text"].lower()][:SHOWN]
