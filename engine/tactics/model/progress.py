"""Tactics progress: the XP a finished fight earns, and the duo's level on the one level curve.

The level is the player's own tactics level: their stored tactics XP read on the one curve every game
uses (`engine.levels`: 1 plus every 300 XP), capped at the campaign's top level, and passed to
`new_fight`. A first win is worth what lifts a player to the level the next campaign fight recommends
(never less than a small floor, so every first win pays); a player who has won every earlier fight once
therefore stands at each fight's recommended level. Losses, replays and dailies add a little on top, so
a player stands near it, never below.

So first wins differ on purpose: c01's pays the whole climb to level 2 (+305), c02's pays only the floor
(+55) because c03 recommends the same level 2. The reason is kept as data (`XpReason`) for the bot to
say: "+305 XP: the climb to level 2, where c02 is fought" or "+55 XP: c03 is fought at the same level".
"""
from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ...levels import XP_PER_LEVEL, level_for, xp_for_level
from .content import EncounterDef, campaign, encounter

XP_PER_FIGHT = 5             # any finished fight, won, lost or drawn
XP_FIRST_WIN_FLOOR = 50      # a first win that lifts no level still pays this
XP_REPEAT_WIN = 5            # winning an encounter already won: a little, so replays never race ahead
MAX_LEVEL = 10


@lru_cache(maxsize=1)
def _first_win_xp() -> dict[str, int]:
    """Each campaign fight's first-win XP: the climb from its recommended level to the next fight's."""
    fights = campaign()
    out: dict[str, int] = {}
    for here, after in zip(fights, [*fights[1:], None]):
        climb = XP_PER_LEVEL if after is None else xp_for_level(after.level) - xp_for_level(here.level)
        out[here.id] = max(XP_FIRST_WIN_FLOOR, climb)
    return out


XpKind = Literal["climb", "floor", "daily", "repeat", "alone", "no_win"]


class XpReason(BaseModel):
    """Why a fight paid what it did: `fight` XP for finishing it, plus `win` XP that is the climb from
    this fight's recommended level to the next campaign fight's ("climb"), the floor when the next
    fight recommends the same level ("floor"), a daily's first win ("daily"), a replayed win
    ("repeat"), a win the companion fought alone while the hero never acted ("alone": paid like a
    replay, `withheld` the first win's bonus that waits for a fight the hero fights in), or nothing for
    a loss or draw ("no_win")."""

    kind: XpKind
    fight: int
    win: int
    from_level: int
    to_level: int | None = None
    next_encounter: str | None = None
    withheld: int = 0

    @property
    def xp(self) -> int:
        return self.fight + self.win


def xp_reason(result: str | None, enc: EncounterDef, first_win: bool, hero_fought: bool = True) -> XpReason:
    """The XP of one finished fight with its reason (xp_for is its total). A first win the hero did not
    fight in pays like a replay and names the bonus it holds back."""
    if result != "won":
        return XpReason(kind="no_win", fight=XP_PER_FIGHT, win=0, from_level=enc.level)
    if first_win and not hero_fought:
        bonus = xp_reason(result, enc, True)
        return XpReason(kind="alone", fight=XP_PER_FIGHT, win=XP_REPEAT_WIN, from_level=enc.level,
                        withheld=bonus.win)
    if not first_win:
        return XpReason(kind="repeat", fight=XP_PER_FIGHT, win=XP_REPEAT_WIN, from_level=enc.level)
    fights = campaign()
    ids = [e.id for e in fights]
    if enc.id not in ids:
        return XpReason(kind="daily", fight=XP_PER_FIGHT, win=XP_PER_LEVEL // 2, from_level=enc.level)
    i = ids.index(enc.id)
    after = fights[i + 1] if i + 1 < len(fights) else None
    win = _first_win_xp()[enc.id]
    climb = after is None or xp_for_level(after.level) - xp_for_level(enc.level) >= XP_FIRST_WIN_FLOOR
    return XpReason(kind="climb" if climb else "floor", fight=XP_PER_FIGHT, win=win, from_level=enc.level,
                    to_level=after.level if after else None,
                    next_encounter=after.id if after else None)


def xp_for(result: str | None, enc: EncounterDef, first_win: bool, hero_fought: bool = True) -> int:
    """XP one duo earns from one finished fight of `enc` (first_win: the player had never won it with the
    hero fighting; hero_fought: the hero acted in this fight)."""
    xp = XP_PER_FIGHT
    first_win = first_win and hero_fought
    if result == "won":
        # A daily (or any fight outside the campaign) pays like a first win at its level.
        xp += _first_win_xp().get(enc.id, XP_PER_LEVEL // 2) if first_win else XP_REPEAT_WIN
    return xp


def level_thresholds() -> tuple[int, ...]:
    """XP needed for levels 1..MAX_LEVEL: the one curve's."""
    return tuple(xp_for_level(level) for level in range(1, MAX_LEVEL + 1))


def level_for_xp(xp: int) -> int:
    """The duo's level for a player's stored tactics XP: 1 at 0 XP, up to MAX_LEVEL."""
    return level_for(xp, cap=MAX_LEVEL)


def expected_level(encounter_id: str) -> int:
    """The level a player reaches this fight at having won every earlier campaign fight once (a
    daily encounter: the level it recommends). Autoplay and the benchmark play at this level."""
    enc = encounter(encounter_id)
    fights = campaign()
    ids = [e.id for e in fights]
    if enc.id not in ids:
        return enc.level
    return level_for_xp(sum(xp_for("won", e, True) for e in fights[:ids.index(enc.id)]))


# --- a player's tactics record -------------------------------------------------------------------------

SUPER_LEVEL = 8   # the duo's supers unlock at this level (seed: "from level 8")


class TacticsProgress(BaseModel):
    """What the bot stores of one player in tactics: XP on the one curve, campaign wins, the duo they
    last picked, and each UTC day's counted daily attempt (day -> "started", "won", "lost", "draw").
    `unpaid`: campaign fights won (in `won`) only by the companion, whose first win's bonus waits for a
    win the hero fights in."""

    model_config = ConfigDict(extra="ignore")
    xp: int = 0
    won: list[str] = []
    unpaid: list[str] = []
    fights: int = 0
    wins: int = 0
    hero: str | None = None
    companion: str | None = None
    pilot: str | None = None
    dailies: dict[str, str] = {}

    @property
    def level(self) -> int:
        return level_for_xp(self.xp)

    def locked_reason(self, encounter_id: str) -> str | None:
        """Why a campaign fight is not open yet (None when it is): each opens once the one before is won."""
        ids = [e.id for e in campaign()]
        if encounter_id not in ids:
            return None
        i = ids.index(encounter_id)
        if i == 0 or ids[i - 1] in self.won:
            return None
        before = campaign()[i - 1]
        return f"win {before.id} · {before.name} first"

    def next_campaign(self) -> str:
        """The first campaign fight not won yet (the last one once every fight is won)."""
        ids = [e.id for e in campaign()]
        return next((i for i in ids if i not in self.won), ids[-1])


class FightReward(BaseModel):
    """What one finished fight earned: its XP, the level before and after, and what that unlocked."""

    xp: int
    first_win: bool
    level_before: int
    level_after: int
    why: XpReason | None = None   # what the XP is for, for the bot to say

    @property
    def supers_unlocked(self) -> bool:
        return self.level_before < SUPER_LEVEL <= self.level_after


def record_fight(progress: TacticsProgress, enc: EncounterDef, result: str | None,
                 counted: bool = True, hero_fought: bool = True) -> tuple[TacticsProgress, FightReward]:
    """The record after a finished fight of `enc` and what it earned. A campaign fight's first win pays the
    climb to the next fight's level; a counted daily pays like a first win; a practice daily like a replay.
    A win the companion fought alone (`hero_fought` False) counts in the record and opens the next fight,
    but pays like a replay: the first win's bonus waits for a win of that fight the hero fights in."""
    campaign_ids = {e.id for e in campaign()}
    in_campaign = enc.id in campaign_ids
    won_it = result == "won"
    unpaid_before = enc.id in progress.unpaid
    first_win = won_it and ((enc.id not in progress.won or unpaid_before) if in_campaign else counted)
    paid = first_win and hero_fought
    xp = xp_for(result, enc, first_win, hero_fought)
    won = progress.won + [enc.id] if won_it and in_campaign and enc.id not in progress.won else progress.won
    unpaid = [e for e in progress.unpaid if not (paid and e == enc.id)]
    if first_win and not hero_fought and in_campaign and not unpaid_before:
        unpaid.append(enc.id)
    after = progress.model_copy(update={"xp": progress.xp + xp, "won": won, "unpaid": unpaid,
                                        "fights": progress.fights + 1, "wins": progress.wins + won_it})
    return after, FightReward(xp=xp, first_win=paid, level_before=progress.level, level_after=after.level,
                              why=xp_reason(result, enc, first_win, hero_fought))
