"""/tactics …: start campaign, daily and replayed fights; the duo's steps, previews and views in the thread.

Thin: what a member typed becomes a typed action here (a bad input is refused with the reason before
the kind runs) and goes to the session core. The Next fight and Retry buttons of a finished fight are
this cog's own components (the fight they name is over): each starts the next fight in a new thread.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

import engine.tactics as tx
from bot.core.actions import Action, ActionError
from bot.discord.cogs.game import GameSteps
from bot.discord.play import file_of
from bot.words import words

from . import choices, fights, text, tutorial
from .actions import AskSkill, End, Hold, Move, Pass, Tell, TypedTurn
from .kind import KEY, Choices, Tactics

if TYPE_CHECKING:
    from bot.discord.app import GameHall

HEROES = [app_commands.Choice(name=n, value=n) for n in tx.model.content.heroes()]
COMPANIONS = [app_commands.Choice(name=n, value=n) for n in tx.model.content.companions()]
Pilot = Literal["model", "friend", "auto"]
Direction = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
START_HELP = {
    "hero": "Your hero (remembered for next time)",
    "companion": "Your companion (remembered for next time)",
    "pilot": "Who pilots the companion: a language model, a friend, or the planner (auto)",
    "friend": "The member who pilots the companion (they accept with a button)",
}


class FollowUpButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"tactics-(?P<what>next|retry):(?P<game>[0-9]{1,19})"):
    """Next fight / Retry on a finished fight's board: the next fight, in a new thread. Works after a
    restart: the id names the finished fight."""

    def __init__(self, what: str, game_id: int, item: discord.ui.Button | None = None) -> None:
        self.what, self.game_id = what, game_id
        super().__init__(item or discord.ui.Button(label=what, custom_id=f"tactics-{what}:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):  # type: ignore[override]
        return cls(match["what"], int(match["game"]), item)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: GameHall = interaction.client  # type: ignore[assignment]
        cog = bot.get_cog(TacticsCog.__cog_name__)
        if isinstance(cog, TacticsCog):
            await bot.play.guarded(interaction, cog.follow_up(interaction, self.game_id, self.what == "retry"), self)


class TacticsCog(GameSteps, commands.GroupCog, group_name="tactics", group_description="The duo against the strays"):
    kind: Tactics
    buttons = (FollowUpButton,)

    async def cog_unload(self) -> None:
        await super().cog_unload()
        for pilot in self.bot.pilots.pilots.get(KEY, {}).values():
            close = getattr(pilot, "aclose", None)
            if close is not None:
                await close()

    # --- starting ---------------------------------------------------------------------------------

    def _choices(self, interaction: discord.Interaction, hero: str | None, companion: str | None,
                 pilot: str | None, friend: discord.Member | None) -> Choices:
        return Choices(hero=hero, companion=companion, pilot=pilot, friend=friend.id if friend else None,
                       friend_is_bot=bool(friend and friend.bot),
                       model_configured=self.bot.settings.companion_model is not None,
                       guild_id=interaction.guild_id, now=discord.utils.utcnow())

    async def _start(self, interaction: discord.Interaction, build, friend: discord.Member | None,
                     pilot: str | None) -> None:
        guests = (friend.id,) if friend is not None and pilot in (None, "friend") else ()
        await self.bot.play.start(interaction, KEY, build, others=guests)

    @app_commands.command(name="tutorial", description="Learn tactics in four short steps (no timer), then fight 1")
    async def tutorial(self, interaction: discord.Interaction) -> None:
        c, user_id = self._choices(interaction, None, None, None, None), interaction.user.id
        await self._start(interaction, lambda: tutorial.new_tutorial(self.bot.db, user_id, c), None, None)

    @app_commands.command(name="campaign", description="The campaign: your first unwon fight, or one you name")
    @app_commands.describe(encounter="Which fight (default: your first unwon one)", **START_HELP)
    @app_commands.choices(hero=HEROES, companion=COMPANIONS)
    async def campaign(self, interaction: discord.Interaction, encounter: str | None = None,
                       hero: str | None = None, companion: str | None = None, pilot: Pilot | None = None,
                       friend: discord.Member | None = None) -> None:
        c, user_id = self._choices(interaction, hero, companion, pilot, friend), interaction.user.id
        await self._start(interaction, lambda: fights.new_campaign(self.bot.db, user_id, encounter, c),
                          friend, pilot)

    @app_commands.command(name="daily", description="Today's encounter, the same for everyone: one counted attempt")
    @app_commands.describe(**START_HELP)
    @app_commands.choices(hero=HEROES, companion=COMPANIONS)
    async def daily(self, interaction: discord.Interaction, hero: str | None = None, companion: str | None = None,
                    pilot: Pilot | None = None, friend: discord.Member | None = None) -> None:
        c, user_id = self._choices(interaction, hero, companion, pilot, friend), interaction.user.id
        day = discord.utils.utcnow().date()
        await self._start(interaction, lambda: fights.new_daily_fight(self.bot.db, user_id, day, c),
                          friend, pilot)

    @app_commands.command(name="fight", description="Replay a campaign fight you have won")
    @app_commands.describe(encounter="A fight you have won", **START_HELP)
    @app_commands.choices(hero=HEROES, companion=COMPANIONS)
    async def fight(self, interaction: discord.Interaction, encounter: str, hero: str | None = None,
                    companion: str | None = None, pilot: Pilot | None = None,
                    friend: discord.Member | None = None) -> None:
        c, user_id = self._choices(interaction, hero, companion, pilot, friend), interaction.user.id
        await self._start(interaction, lambda: fights.new_replay(self.bot.db, user_id, encounter, c),
                          friend, pilot)

    @campaign.autocomplete("encounter")
    async def _open_encounters(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        found = await self.bot.play.choices(fights.encounter_choices, self.bot.db, interaction.user.id, current)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @fight.autocomplete("encounter")
    async def _won_encounters(self, interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
        found = await self.bot.play.choices(fights.encounter_choices, self.bot.db, interaction.user.id,
                                            current, True)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    async def follow_up(self, interaction: discord.Interaction, game_id: int, retry: bool) -> None:
        """Next fight / Retry on a finished fight: the host starts the next one (in a new thread)."""
        await self.bot.play.defer_privately(interaction)  # the store is read first
        what = words("Retry") if retry else words("Next fight")
        record = await self.bot.sessions.call(self.bot.sessions.get, game_id)
        old = await self.bot.sessions.call(self.kind.load, record.state) if record and record.kind == KEY else None
        if record is None or old is None or interaction.guild_id != record.guild_id:
            await self.bot.play.private(interaction, words("{what}: that fight is not one of this server's.",
                                                           what=what))
            return
        if interaction.user.id != old.player:
            await self.bot.play.private(interaction, words("{what}: only {leader}, who leads the duo, can.", what=what,
                                                                  leader=f"<@{old.player}>"))
            return
        if record.running:
            await self.bot.play.private(interaction, words("{what}: finish this fight first.", what=what))
            return
        now = discord.utils.utcnow()
        others = (old.friend,) if old.pilot == "friend" and old.friend else ()
        await self.bot.play.start(interaction, KEY, lambda: fights.follow_up(self.bot.db, old, retry, now),
                                  others=others)

    # --- steps in the thread ------------------------------------------------------------------------

    async def _act(self, interaction: discord.Interaction, read: Callable[[], Action]) -> None:
        """A slash step: the member's input read into a typed action (refused with the reason if it
        does not read), then acted on in the thread's fight."""
        try:
            action = read()
        except ActionError as exc:
            await self.bot.play.private(interaction, str(exc))
            return
        await self.bot.play.act_here(interaction, KEY, action)

    @app_commands.command(name="move", description="Move your fighter to a tile (in the fight's thread)")
    @app_commands.describe(to="A tile, e.g. C5")
    async def move(self, interaction: discord.Interaction, to: str) -> None:
        await self._act(interaction, lambda: Move.read(to))

    @app_commands.command(name="skill", description="Use a skill: its preview first, then Confirm")
    @app_commands.describe(name="One of your fighter's skills", at="A tile or a fighter (e.g. F5 or s1)",
                           toward="The push direction, for the skills that let you choose it")
    async def skill(self, interaction: discord.Interaction, name: str, at: str,
                    toward: Direction | None = None) -> None:
        await self._act(interaction, lambda: AskSkill.read(name, at, toward, confirm=True))

    @app_commands.command(name="preview", description="What a skill would do, shown only to you")
    @app_commands.describe(name="One of your fighter's skills", at="A tile or a fighter (e.g. F5 or s1)")
    async def preview(self, interaction: discord.Interaction, name: str, at: str) -> None:
        await self._act(interaction, lambda: AskSkill.read(name, at, confirm=False))

    @skill.autocomplete("name")
    @preview.autocomplete("name")
    async def _skill_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state = await self.bot.play.state_here(interaction, KEY)
        names = await self.bot.play.choices(choices.skill_choices, state, interaction.user.id, current)
        return [app_commands.Choice(name=n, value=n) for n in names]

    @skill.autocomplete("at")
    @preview.autocomplete("at")
    async def _targets(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state = await self.bot.play.state_here(interaction, KEY)
        skill = getattr(interaction.namespace, "name", None) or ""
        found = await self.bot.play.choices(choices.target_choices, state, interaction.user.id, skill, current)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @app_commands.command(name="hold", description="Hold a reaction until your next phase")
    @app_commands.describe(reaction="The reaction to hold until your next phase")
    @app_commands.choices(reaction=[app_commands.Choice(name="opportunity attack", value="opportunity_attack"),
                                    app_commands.Choice(name="flowing guard (Penitent)", value="flowing_guard")])
    async def hold(self, interaction: discord.Interaction, reaction: str) -> None:
        await self._act(interaction, lambda: Hold.decode(reaction))

    @app_commands.command(name="end", description="End your fighter's part of this phase")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, End)

    @app_commands.command(name="pass", description="Pass: your fighter does nothing more this phase")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, Pass)

    @app_commands.command(name="turn", description="A whole turn as text, all or nothing")
    @app_commands.describe(steps="e.g. move C5; Tide Lash F5; end")
    async def turn(self, interaction: discord.Interaction, steps: str) -> None:
        await self._act(interaction, lambda: TypedTurn.read(steps))

    @app_commands.command(name="tell", description="Tell your companion what you want (read at its next decision)")
    @app_commands.describe(message="Up to 200 characters, e.g. \"focus the Tussle\" or \"stay back and heal me\"")
    async def tell(self, interaction: discord.Interaction, message: str) -> None:
        await self._act(interaction, lambda: Tell.read(message))

    # --- looking ------------------------------------------------------------------------------------

    @app_commands.command(name="view", description="The fight's board again, shown only to you (anyone may look)")
    async def view(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        sessions = self.bot.sessions
        game = await sessions.call(sessions.running_in_thread, interaction.channel_id or 0)
        reply = await sessions.call(sessions.board, game) if game is not None and game.kind == KEY else None
        if reply is None:
            await self.bot.play.private(interaction, "There is no running tactics fight in this channel.")
            return
        await self.bot.play.private(interaction, reply.text, files=[file_of(reply.picture)] if reply.picture else [])

    @app_commands.command(name="companion", description="The companion's last decision: turns offered, choice, why")
    async def companion(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        state = await self.bot.play.state_here(interaction, KEY)
        report = await self.bot.sessions.call(text.companion_report, self.bot.db, state)
        await self.bot.play.private(interaction, report)
