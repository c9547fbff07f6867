"""What a turn leads to by the end of the fight: the turn played, then the engine's first turn for every
fighter after it until the fight ends (autoplay_state).

One play-on is the forecast: the companion's prompt states it per offered turn, and the eval's expert
keeps the turn whose forecast scores best, so both read the same numbers. Each call plays on a copy of
the position it is given and keeps nothing between calls, so a forecast depends on its position alone.
It is an assumption, not a promise: a player who takes another turn later changes the rest of the fight.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..engine import apply_turn, pass_turn
from ..model.state import FightState
from ..model.steps import Step
from .autoplay import autoplay_state

Result = Literal["won", "lost", "draw"]
RESULT_RANK = {"won": 2, "draw": 1}   # a fight still going when the safety net stops it ranks as lost


@dataclass(frozen=True, slots=True, kw_only=True)
class Forecast:
    """One turn (`turn`: its number among those offered, 0 for the pass) played on to the end of the
    fight. `result` is None only when the fight did not end within autoplay's safety net; `hp` is each
    duo fighter's HP at the end, hero first (0 when downed); `downed` names the duo fighters down."""

    turn: int
    result: Result | None
    round: int
    hp: tuple[tuple[str, int], ...]
    downed: tuple[str, ...]
    duo_start_hp: int

    def hp_of(self, fighter_id: str) -> int:
        return dict(self.hp).get(fighter_id, 0)

    @property
    def score(self) -> tuple[int, float]:
        """How good the end is for the duo: the result first, then the share of the duo's HP left."""
        left = sum(hp for who, hp in self.hp if who not in self.downed)
        return RESULT_RANK.get(self.result or "", 0), left / max(1, self.duo_start_hp)


def ending(state: FightState, turn: int) -> Forecast:
    """The forecast an ended (or stopped) fight gives."""
    duo = state.side("duo")
    return Forecast(turn=turn, result=state.result, round=state.round,
                    hp=tuple((f.id, f.hp if f.standing else 0) for f in duo),
                    downed=tuple(f.id for f in duo if f.down), duo_start_hp=state.start_hp["duo"])


def forecast(state: FightState, fighter_id: str, steps: Sequence[Step] | None, turn: int = 0) -> Forecast | None:
    """`steps` (None: a pass) played by `fighter_id`, then the fight played on with the engine's first turn
    for everyone; None when the rules refuse the steps on this board."""
    try:
        after = pass_turn(state, fighter_id) if steps is None else apply_turn(state, fighter_id, list(steps))
    except ValueError:   # every engine refusal is a ValueError (RuleError / TacticsError)
        return None
    return ending(autoplay_state(after), turn)


def forecast_offer(state: FightState, fighter_id: str, turns: Sequence[Sequence[Step]]) -> list[Forecast | None]:
    """Every offered turn's forecast in order (numbered from 1), then the pass's (numbered 0)."""
    found = [forecast(state, fighter_id, steps, number) for number, steps in enumerate(turns, 1)]
    return [*found, forecast(state, fighter_id, None, 0)]


def best_forecast(forecasts: Sequence[Forecast | None]) -> Forecast | None:
    """The forecast that scores best; the first of equals in the order given (the engine's rank, pass last)."""
    best: Forecast | None = None
    for f in forecasts:
        if f is not None and (best is None or f.score > best.score):
            best = f
    return best
