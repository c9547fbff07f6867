"""/summon …: challenge a member or play the AI; place, pass and surrender in the thread; decks and pieces.

Thin: arguments are read into typed actions here and handed to the session core, or to the deck and
start-up functions on the store worker. The Rematch button of a finished table is this cog's own
component (the game it names is over).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.actions import ActionError
from bot.core.kinds import GameError
from bot.discord.cogs.game import GameSteps
from bot.discord.play import MAX_GAME_ID, file_of
from bot.words import words

from . import choices, decks, starting
from .actions import AskSurrender, Pass, slash_place
from .kind import Summon
from .session import KEY

if TYPE_CHECKING:
    from bot.discord.app import GameHall


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"summon-rematch:(?P<game>[0-9]{1,19})"):
    """Rematch on a finished table: a new game between the same two (against the AI at once; against a
    member as a new challenge they must accept). Works after a restart: the id names the old game."""

    def __init__(self, game_id: int, item: discord.ui.Button | None = None) -> None:
        self.game_id = game_id
        super().__init__(item or discord.ui.Button(label=words("Rematch"), custom_id=f"summon-rematch:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):  # type: ignore[override]
        return cls(int(match["game"]), item)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: GameHall = interaction.client  # type: ignore[assignment]
        cog = bot.get_cog(SummonCog.__cog_name__)
        if isinstance(cog, SummonCog):
            await bot.play.guarded(interaction, cog.rematch(interaction, self.game_id), self)


class SummonCog(GameSteps, commands.GroupCog, group_name="summon",
                group_description="Piece duels against a member or the AI"):
    deck = app_commands.Group(name="deck", description="Your summon deck (kept between games)")

    kind: Summon
    buttons = (RematchButton,)

    # --- starting -------------------------------------------------------------------------------

    @app_commands.command(name="challenge", description="Challenge a member to a summon duel")
    @app_commands.describe(opponent="The member to challenge (they accept or decline within 5 minutes)")
    async def challenge(self, interaction: discord.Interaction, opponent: discord.Member) -> None:
        user, seed, guild_id = interaction.user, interaction.id, interaction.guild_id
        await self.bot.play.start(
            interaction, KEY,
            lambda: starting.new_challenge(self.bot.db, guild_id, user.id, user.display_name, opponent.id,
                                            opponent.display_name, opponent.bot, seed),
            others=(opponent.id,) if opponent.id != user.id else ())

    @app_commands.command(name="ai", description="Play a summon duel against the built-in AI")
    @app_commands.describe(level="gentle sometimes plays its second-best placement; your first 3 games are gentle "
                                 "unless you choose")
    @app_commands.choices(level=[app_commands.Choice(name="gentle", value="gentle"),
                                 app_commands.Choice(name="normal", value="normal")])
    async def ai(self, interaction: discord.Interaction, level: str | None = None) -> None:
        user, seed = interaction.user, interaction.id
        await self.bot.play.start(interaction, KEY,
                                  lambda: starting.new_ai_game(self.bot.db, user.id, user.display_name, seed, level))

    @app_commands.command(name="tutorial", description="Learn summon in four placements, then a gentle game")
    async def tutorial(self, interaction: discord.Interaction) -> None:
        user, seed = interaction.user, interaction.id
        await self.bot.play.start(interaction, KEY,
                                  lambda: starting.new_tutorial(self.bot.db, user.id, user.display_name, seed))

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.bot.play.defer_privately(interaction)  # the store is read first
        known = 0 < game_id <= MAX_GAME_ID  # a forged id past the store's integer range names no game
        record = await self.bot.sessions.call(self.bot.sessions.get, game_id) if known else None
        user, seed, guild_id = interaction.user, interaction.id, interaction.guild_id
        if record is None or record.kind != KEY or user.id not in record.players:
            await self.bot.play.private(interaction, words("Rematch: only the players of that game can ask for one."))
            return
        others = tuple(p for p in record.players if p != user.id)

        def build():
            state, label, _ = starting.rematch(self.bot.db, record, user.id, guild_id, seed)
            return state, label
        await self.bot.play.start(interaction, KEY, build, others=others)

    # --- steps in the thread --------------------------------------------------------------------

    @app_commands.command(name="place", description="Place a piece from your hand (in your game's thread)")
    @app_commands.describe(piece="A piece in your hand", rotation="Quarter turns clockwise, 0–3",
                           cell="A1–C3, or just outside the board (slides it)")
    async def place(self, interaction: discord.Interaction, piece: str, rotation: int, cell: str) -> None:
        try:
            action = slash_place(piece, rotation, cell)
        except ActionError as exc:
            await self.bot.play.private(interaction, str(exc) if str(exc).startswith(words("Place")) else
                                        words("Place: {reason}", reason=exc))
            return
        await self.bot.play.act_here(interaction, KEY, action)

    @place.autocomplete("piece")
    async def _hand_pieces(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state = await self.bot.play.state_here(interaction, KEY)
        found = await self.bot.play.choices(choices.hand_choices, state, interaction.user.id, current)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @place.autocomplete("rotation")
    async def _rotations(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        state = await self.bot.play.state_here(interaction, KEY)
        found = await self.bot.play.choices(choices.rotation_choices, state, interaction.user.id,
                                            getattr(interaction.namespace, "piece", None))
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @place.autocomplete("cell")
    async def _cells(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state = await self.bot.play.state_here(interaction, KEY)
        ns = interaction.namespace
        found = await self.bot.play.choices(choices.cell_choices, state, interaction.user.id,
                                            getattr(ns, "piece", None), getattr(ns, "rotation", None), current)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @app_commands.command(name="pass", description="Pass: your hand goes back into the deck, you draw anew")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.bot.play.act_here(interaction, KEY, Pass())

    @app_commands.command(name="surrender", description="Give up this game (asks you to confirm)")
    async def surrender(self, interaction: discord.Interaction) -> None:
        await self.bot.play.act_here(interaction, KEY, AskSurrender())

    # --- pieces and decks -----------------------------------------------------------------------

    @app_commands.command(name="piece", description="One piece's details: edges, hearts, attack, abilities")
    @app_commands.describe(name="A piece of the catalog")
    async def piece(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            text, picture = await self.bot.sessions.call(decks.piece_details, name)
        except GameError as exc:
            await self.bot.play.private(interaction, str(exc))
            return
        await self.bot.play.private(interaction, text, files=[file_of(picture)])

    async def _catalog(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self.bot.play.choices(decks.piece_choices, current)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    piece.autocomplete("name")(_catalog)

    async def _deck_reply(self, interaction: discord.Interaction, fn, *args) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            answer = await self.bot.sessions.call(fn, *args)
        except GameError as exc:
            await self.bot.play.private(interaction, str(exc))
            return
        text, picture = answer if isinstance(answer, tuple) else (answer, None)
        await self.bot.play.private(interaction, text, files=[file_of(picture)] if picture else [])

    @deck.command(name="show", description="Your deck: each piece with its count, and a picture of its shape balance")
    async def deck_show(self, interaction: discord.Interaction) -> None:
        await self._deck_reply(interaction, decks.deck_show, self.bot.db, interaction.user.id)

    @deck.command(name="auto", description="Leave it to me: a balanced deck built for you")
    async def deck_auto(self, interaction: discord.Interaction) -> None:
        await self._deck_reply(interaction, decks.deck_auto, self.bot.db, interaction.user.id, interaction.id,
                               discord.utils.utcnow())

    @deck.command(name="add", description="Add copies of a piece to your deck")
    @app_commands.describe(piece="A piece of the catalog", count="How many copies (1–60; 1 if left out)")
    async def deck_add(self, interaction: discord.Interaction, piece: str,
                       count: app_commands.Range[int, 1, 60] = 1) -> None:
        await self._deck_reply(interaction, decks.deck_add, self.bot.db, interaction.user.id, piece,
                               discord.utils.utcnow(), count)

    @deck.command(name="remove", description="Remove one copy of a piece from your deck")
    @app_commands.describe(piece="A piece in your deck")
    async def deck_remove(self, interaction: discord.Interaction, piece: str) -> None:
        await self._deck_reply(interaction, decks.deck_remove, self.bot.db, interaction.user.id, piece,
                               discord.utils.utcnow())

    @deck.command(name="reset", description="Clear your deck: games deal you an automatic one")
    async def deck_reset(self, interaction: discord.Interaction) -> None:
        await self._deck_reply(interaction, decks.deck_reset, self.bot.db, interaction.user.id,
                               discord.utils.utcnow())

    deck_add.autocomplete("piece")(_catalog)
    deck_remove.autocomplete("piece")(_catalog)
