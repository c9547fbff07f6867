"""A player's tactics progress: what a fight earns and records (XP, wins, the daily's one counted
attempt), the duo and pilot remembered for next time, and what /profile and /daily show of it."""
from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime

import engine.tactics as tx
from bot.core.progress import load_progress, save_progress
from db import daily as daily_store
from db import players
from db.store import Store

from .closing import fight_title
from .session import KEY, TacticsSession


def load_record(db: Store, user_id: int) -> tx.TacticsProgress:
    return load_progress(db, user_id, KEY, tx.TacticsProgress)


def remembered(state: TacticsSession, record: tx.TacticsProgress) -> tx.TacticsProgress:
    """The record with the duo this player picked (and their pilot, unless a friend) remembered."""
    update = {"hero": state.fight.get("hero").name, "companion": state.fight.get("companion").name}
    if state.pilot != "friend":
        update["pilot"] = state.pilot
    return record.model_copy(update=update)


def remember(state: TacticsSession, db: Store, now: datetime) -> Callable[[], None]:
    """Saved with a fight's first change: the duo picked, and a daily's attempt marked as started."""
    def save() -> None:
        record = remembered(state, load_record(db, state.player))
        if state.mode == "daily" and state.counted and state.day is not None:
            record.dailies.setdefault(state.day.isoformat(), "started")
        save_progress(db, state.player, KEY, record, now)
    return save


def recorder(state: TacticsSession, db: Store, now: datetime) -> Callable[[], None]:
    """Saved with a fight's result: its XP and win, the daily's counted result, the duo remembered."""
    fight = state.fight
    enc = tx.encounter(fight.encounter)

    def save() -> None:
        current = load_record(db, state.player)
        saved, earned = tx.record_fight(current, enc, fight.result, counted=state.counted,
                                        hero_fought=state.hero_fought)
        saved = remembered(state, saved)
        if state.mode == "daily" and state.counted and state.day is not None:
            saved.dailies[state.day.isoformat()] = fight.result or "played"
            (duo_hp, duo_total), _ = shares(fight)
            daily_store.record_result(db, state.player, KEY, state.day, duo_hp * 100 // max(1, duo_total), False, now)
        save_progress(db, state.player, KEY, saved, now)
        players.add_xp(db, state.player, earned.xp, now)
    return save


def shares(fight: tx.FightState) -> tuple[tuple[int, int], tuple[int, int]]:
    """Each side's HP standing and its starting total: (duo, strays)."""
    duo = (sum(f.hp for f in fight.standing("duo")), fight.start_hp["duo"])
    strays = (sum(f.hp for f in fight.standing("strays")), fight.start_hp["strays"])
    return duo, strays


def profile_lines(progress: dict) -> list[str]:
    if not progress:
        return []
    record = tx.TacticsProgress.model_validate(progress)
    total = len(tx.campaign())
    won = sum(1 for e in tx.campaign() if e.id in record.won)
    nxt = tx.encounter(record.next_campaign())
    return [f"Level {record.level} · {record.xp} XP · fights {record.fights}, won {record.wins}",
            f"Campaign {won}/{total} won" + ("" if won == total else f" · next {fight_title(nxt.id)}")]


def daily_status(day: date, db: Store, user_id: int) -> str | None:
    done = load_record(db, user_id).dailies.get(day.isoformat())
    if done is None:
        return None
    return "in progress" if done == "started" else f"{done} (your counted attempt)"
