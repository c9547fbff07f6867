"""Player progress: wins, mastery goals, XP and creature mastery with daily caps, level, badges, unlocks.

Pure: `record_result(progress, puzzle, result, day)` returns a new progress and what it earned; the
caller passes the UTC date. Numbers are the seed's (roster.v2).
"""
from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field

from ..levels import XP_PER_LEVEL, level_for  # the one level curve every game uses
from .battle import BattleResult
from .content import BOSS_UNLOCK, CHAPTERS, campaign
from .model import FormationError, LockedError, Puzzle

XP_BATTLE = 20
XP_WIN = 10
XP_DAILY_CAP = 200
MASTERY_BATTLE = 5
MASTERY_WIN = 5
MASTERY_DAILY_CAP = 50

BADGES = (100, 300)
ILLUSTRATIONS = (600, 1000, 1600)
ELIGIBLE_MODES = frozenset({"campaign", "practice", "daily"})  # the tutorial teaches, it does not pay


class DailyBest(BaseModel):
    """A player's best on one daily puzzle: better = won, then goals met, then standing, then fewer rounds."""
    model_config = ConfigDict(frozen=True)
    won: bool
    goals_met: int
    standing: int
    rounds: int

    def key(self) -> tuple:
        return (self.won, self.goals_met, self.standing, -self.rounds)


class FormationProgress(BaseModel):
    """One player's saved formation progress. Round-trips through JSON."""
    model_config = ConfigDict(frozen=True)
    xp: int = 0
    xp_day: date | None = None
    xp_today: int = 0
    mastery: dict[str, int] = Field(default_factory=dict)  # creature -> total mastery
    mastery_day: date | None = None
    mastery_today: dict[str, int] = Field(default_factory=dict)
    won: tuple[str, ...] = ()  # puzzle ids won at least once, sorted
    mastered: tuple[str, ...] = ()  # puzzle ids won with every goal met in one battle, sorted
    goals_met: dict[str, tuple[int, ...]] = Field(default_factory=dict)  # puzzle id -> goal indices met in a win
    daily_best: dict[str, DailyBest] = Field(default_factory=dict)

    @property
    def level(self) -> int:
        return level_for(self.xp)

    def badges(self, creature: str) -> tuple[int, ...]:
        return tuple(t for t in BADGES if self.mastery.get(creature, 0) >= t)

    def illustrations(self, creature: str) -> tuple[int, ...]:
        return tuple(t for t in ILLUSTRATIONS if self.mastery.get(creature, 0) >= t)

    def chapter_open(self, chapter: int) -> bool:
        """Chapter 1 is open from the start; each later chapter opens when the previous boss is won."""
        if chapter == CHAPTERS[0]:
            return True
        return campaign(chapter - 1)[-1].id in self.won

    def boss_open(self, chapter: int) -> bool:
        return self.chapter_open(chapter) and self.chapter_wins(chapter) >= BOSS_UNLOCK

    def chapter_wins(self, chapter: int) -> int:
        """Wins among the chapter's 17 non-boss puzzles."""
        won = set(self.won)
        return sum(1 for p in campaign(chapter)[:-1] if p.id in won)

    def locked_reason(self, puzzle: Puzzle) -> str | None:
        """None when the puzzle may be played, else why not (for a refusal message)."""
        if puzzle.mode != "campaign" or puzzle.chapter is None:
            return None
        if not self.chapter_open(puzzle.chapter):
            return f"Chapter {puzzle.chapter} opens when you win the chapter {puzzle.chapter - 1} boss."
        if puzzle.boss and not self.boss_open(puzzle.chapter):
            return (f"The boss opens after {BOSS_UNLOCK} wins among the chapter's other 17 puzzles "
                    f"(you have {self.chapter_wins(puzzle.chapter)}).")
        return None


class Rewards(BaseModel):
    """What one recorded battle gave. `replay` means the puzzle was already won: nothing is paid."""
    model_config = ConfigDict(frozen=True)
    eligible: bool
    replay: bool
    xp: int = 0
    xp_capped: bool = False
    mastery: dict[str, int] = Field(default_factory=dict)
    mastery_capped: tuple[str, ...] = ()
    level_before: int
    level_after: int
    new_badges: tuple[tuple[str, int], ...] = ()
    new_illustrations: tuple[tuple[str, int], ...] = ()
    first_win: bool = False
    newly_mastered: bool = False
    new_goals: tuple[int, ...] = ()
    unlocked: tuple[str, ...] = ()  # e.g. "boss:c1-18", "chapter:2"
    daily_best: bool = False  # a new personal best on a daily puzzle

    def lines(self) -> list[str]:
        out = []
        if self.replay:
            out.append("Replay of a puzzle you have already won: no XP or mastery.")
        elif not self.eligible:
            out.append("Tutorial battles give no XP and no creature mastery (a lesson won with every goal met "
                       "still counts as a puzzle mastered).")
        else:
            out.append(f"+{self.xp} XP" + (" (daily cap reached)" if self.xp_capped else ""))
            if self.mastery:
                out.append("Mastery: " + ", ".join(f"{n} +{v}" for n, v in self.mastery.items()))
            if self.mastery_capped:
                out.append("Daily mastery cap reached for " + ", ".join(self.mastery_capped))
        if self.level_after > self.level_before:
            out.append(f"Level {self.level_after}!")
        for n, t in self.new_badges:
            out.append(f"Badge: {n} mastery {t}")
        for n, t in self.new_illustrations:
            out.append(f"Illustration unlocked: {n} ({t} mastery)")
        if self.first_win:
            out.append("First win on this puzzle.")
        if self.newly_mastered and self.eligible:  # the tutorial teaches: nothing to master there
            out.append("Puzzle mastered!")
        for u in self.unlocked:
            kind, what = u.split(":", 1)
            out.append(f"Unlocked: the boss {what}" if kind == "boss" else f"Unlocked: chapter {what}")
        if self.daily_best:
            out.append("New personal best on today's flight puzzle.")
        return out


def record_result(progress: FormationProgress, puzzle: Puzzle, result: BattleResult,
                  day: date) -> tuple[FormationProgress, Rewards]:
    """Fold one battle of `puzzle` into progress. Raises LockedError for a puzzle not open yet."""
    if result.puzzle_id != puzzle.id:
        raise FormationError("wrong_result", f"result is for {result.puzzle_id!r}, not {puzzle.id!r}")
    reason = progress.locked_reason(puzzle)
    if reason is not None:
        raise LockedError("locked", reason)
    won_before = puzzle.id in progress.won
    eligible = puzzle.mode in ELIGIBLE_MODES
    pay = eligible and not won_before
    upd: dict = {}

    # XP, reset at each new UTC day.
    xp_today = progress.xp_today if progress.xp_day == day else 0
    xp_gain = 0
    xp_capped = False
    if pay:
        want = XP_BATTLE + (XP_WIN if result.won else 0)
        xp_gain = max(0, min(want, XP_DAILY_CAP - xp_today))
        xp_capped = xp_gain < want
        upd.update(xp=progress.xp + xp_gain, xp_day=day, xp_today=xp_today + xp_gain)

    # Creature mastery: every creature fielded.
    m_today = dict(progress.mastery_today) if progress.mastery_day == day else {}
    mastery = dict(progress.mastery)
    gains: dict[str, int] = {}
    capped = []
    new_badges, new_ills = [], []
    if pay:
        want = MASTERY_BATTLE + (MASTERY_WIN if result.won else 0)
        for name in result.a.values():
            g = max(0, min(want, MASTERY_DAILY_CAP - m_today.get(name, 0)))
            if g < want:
                capped.append(name)
            if g:
                before = mastery.get(name, 0)
                mastery[name] = before + g
                m_today[name] = m_today.get(name, 0) + g
                gains[name] = g
                new_badges += [(name, t) for t in BADGES if before < t <= mastery[name]]
                new_ills += [(name, t) for t in ILLUSTRATIONS if before < t <= mastery[name]]
        upd.update(mastery=mastery, mastery_day=day, mastery_today=m_today)

    # Wins, goals, mastery of the puzzle, unlocks (recorded on replays too: they are not rewards).
    first_win = result.won and not won_before
    won = set(progress.won)
    unlocked = []
    if result.won:
        boss_before = {ch: progress.boss_open(ch) for ch in CHAPTERS}
        chapter_before = {ch: progress.chapter_open(ch) for ch in CHAPTERS}
        won.add(puzzle.id)
        upd["won"] = tuple(sorted(won))
    met = tuple(i for i, g in enumerate(result.goals) if g.met)
    old_goals = set(progress.goals_met.get(puzzle.id, ()))
    new_goals = tuple(i for i in met if i not in old_goals)
    if new_goals:
        upd["goals_met"] = dict(progress.goals_met) | {puzzle.id: tuple(sorted(old_goals | set(met)))}
    newly_mastered = result.mastered and puzzle.id not in progress.mastered
    if newly_mastered:
        upd["mastered"] = tuple(sorted(set(progress.mastered) | {puzzle.id}))

    daily_new_best = False
    if puzzle.mode == "daily":
        cand = DailyBest(won=result.won, goals_met=len(met), standing=result.standing, rounds=result.rounds)
        old = progress.daily_best.get(puzzle.id)
        if old is None or cand.key() > old.key():
            upd["daily_best"] = dict(progress.daily_best) | {puzzle.id: cand}
            daily_new_best = True

    new = progress.model_copy(update=upd)
    if result.won:
        for ch in CHAPTERS:
            if not boss_before[ch] and new.boss_open(ch):
                unlocked.append(f"boss:{campaign(ch)[-1].id}")
            if not chapter_before[ch] and new.chapter_open(ch):
                unlocked.append(f"chapter:{ch}")
    rewards = Rewards(
        eligible=eligible, replay=won_before, xp=xp_gain, xp_capped=xp_capped, mastery=gains,
        mastery_capped=tuple(capped), level_before=progress.level, level_after=new.level,
        new_badges=tuple(new_badges), new_illustrations=tuple(new_ills), first_win=first_win,
        newly_mastered=newly_mastered, new_goals=new_goals, unlocked=tuple(unlocked),
        daily_best=daily_new_best,
    )
    return new, rewards


__all__ = ["FormationProgress", "Rewards", "DailyBest", "record_result", "XP_BATTLE", "XP_WIN",
           "XP_DAILY_CAP", "MASTERY_BATTLE", "MASTERY_WIN", "MASTERY_DAILY_CAP", "XP_PER_LEVEL",
           "BADGES", "ILLUSTRATIONS"]
