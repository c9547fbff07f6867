"""Formation behind the one engine API (engine/api.py): a shipped puzzle from the seed, a line-up filled
one creature at a time, then the battle. The richer API (content, model, battle) stays as it is."""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from ..api import Applied, Outcome
from .battle import BattleResult, battle, summary_lines
from .content import formation_lines, shipped_puzzles
from .model import SLOTS, InvalidFormationError, Puzzle, allowed_creatures, check_limits, starting_formation


class FormationGame(BaseModel):
    """One puzzle being played: the line-up so far, and the battle's result once it is fought."""
    model_config = ConfigDict(frozen=True)
    puzzle: Puzzle
    formation: dict[str, str]
    result: BattleResult | None = None


@dataclass(frozen=True)
class Put:
    """Put `creature` into the empty `slot`."""
    slot: str
    creature: str


@dataclass(frozen=True)
class Fight:
    """Fight the battle with the full line-up."""


@dataclass(frozen=True)
class Clear:
    """Take every creature but the fixed ones out again (a line-up that can no longer be completed)."""


FormationAction = Put | Fight | Clear


class FormationEngine:
    name = "formation"

    def new_game(self, seed: int) -> FormationGame:
        puzzles = shipped_puzzles()
        puzzle = puzzles[seed % len(puzzles)]
        return FormationGame(puzzle=puzzle, formation=starting_formation(puzzle))

    def legal_actions(self, state: FormationGame) -> list[FormationAction]:
        if state.result is not None:
            return []
        empty = [s for s in SLOTS if s not in state.formation]
        if not empty:
            return [Fight()]
        puts: list[FormationAction] = [Put(s, c) for s in empty
                                       for c in allowed_creatures(state.puzzle, state.formation, s)]
        return puts or [Clear()]

    def apply(self, state: FormationGame, action: FormationAction) -> Applied[FormationGame]:
        if state.result is not None:
            raise InvalidFormationError("game_over", "the battle is fought: this puzzle is over")
        if isinstance(action, Put):
            if action.slot in state.formation:
                raise InvalidFormationError("duplicate", f"{action.slot} is taken already")
            formation = {**state.formation, action.slot: action.creature}
            check_limits(state.puzzle, formation, complete=False)
            return Applied(state.model_copy(update={"formation": formation}))
        if isinstance(action, Clear):
            return Applied(state.model_copy(update={"formation": starting_formation(state.puzzle)}))
        result = battle(state.puzzle, state.formation)
        return Applied(state.model_copy(update={"result": result}), tuple(result.log))

    def outcome(self, state: FormationGame) -> Outcome | None:
        if state.result is None:
            return None
        won = {"a": "won", "b": "lost"}.get(state.result.winner, "draw")
        return Outcome(won, state.result.end)

    def render_text(self, state: FormationGame) -> str:
        lines = formation_lines(state.puzzle, state.formation)
        return "\n".join(lines + (summary_lines(state.result) if state.result is not None else []))


ENGINE = FormationEngine()

__all__ = ["ENGINE", "Clear", "Fight", "FormationEngine", "FormationGame", "Put"]
