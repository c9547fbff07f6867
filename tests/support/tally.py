"""A tiny timed game that lives only in the tests, to exercise the foundation without a real game.

Players add 1 or 2 to a count until it reaches the target; each turn has a phase timer that adds 1
when it runs out.
"""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel

from bot.core.kinds import Context, GameError, GameKind, Outcome
from bot.core.reply import Button, Reply
from bot.discord.app import GamePlugin
from db.games import GameRecord


class TallyState(BaseModel):
    count: int = 0
    target: int = 10
    timeouts: int = 0


class Tally(GameKind):
    key = "tally"
    title = "Tally"
    blurb = "count to ten — `/tally start`"

    def load(self, text: str) -> TallyState:
        return TallyState.model_validate_json(text)

    def board(self, state: TallyState, game: GameRecord) -> Reply:
        over = state.count >= state.target
        return Reply(
            f"Count: {state.count}/{state.target} (timeouts: {state.timeouts})",
            buttons=(Button("+1", "add:1", "primary", disabled=over), Button("+2", "add:2", disabled=over),
                     Button("End", "end", "danger")),
        )

    def act(self, state: TallyState, action: str, value: str | None, ctx: Context) -> Outcome:
        if action == "end":
            return Outcome(state, "The game was ended.", finished=True)
        if action.startswith("add:"):
            amount = int(action.split(":")[1])
            if amount not in (1, 2):
                raise GameError(f"Step add {amount}: only 1 or 2 can be added.")
            new = state.model_copy(update={"count": state.count + amount})
            return Outcome(new, f"Added {amount}.", finished=new.count >= new.target)
        raise GameError(f"Unknown step {action!r}.")

    def timeout(self, state: TallyState, ctx: Context) -> Outcome:
        new = state.model_copy(update={"count": state.count + 1, "timeouts": state.timeouts + 1})
        return Outcome(new, "Time ran out: the timer added 1.", finished=new.count >= new.target)

    def deadline_seconds(self, state: TallyState, ctx: Context) -> int | None:
        return ctx.timer_seconds

    def is_over(self, state: TallyState) -> bool:
        return state.count >= state.target

    def profile_lines(self, progress: dict) -> list[str]:
        return [f"Games finished: {progress.get('finished', 0)}"] if progress else []


class TallyCog(commands.GroupCog, group_name="tally", group_description="The test game"):
    def __init__(self, bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description="Start a tally game")
    async def start(self, interaction: discord.Interaction, target: int = 10) -> None:
        await self.bot.play.start(interaction, "tally", TallyState(target=target))

    @app_commands.command(name="add", description="Add to the count")
    async def add(self, interaction: discord.Interaction, amount: int) -> None:
        await self.bot.play.act_here(interaction, "tally", f"add:{amount}")


PLUGIN = GamePlugin(Tally(), TallyCog)
