"""Boards posted by earlier versions, still in members' Discord history: their controls carry custom ids
in old forms (a verb since renamed, a select that carried its choice apart, a control since retired).
A press on one is read at the door as today's action and does what it did, or is told privately, reason
first, that its board is out of date and where the current board is, changing nothing."""
from __future__ import annotations

import discord
import pytest
from support.world import open_game, running

from bot.discord.former import Door
from bot.games import registry
from bot.games.tactics.actions import FORMER as TACTICS_FORMER
from db.games import get_game, running_games_of
from tools.drive.replies import private_text
from tools.drive.tactics_play import last_private, session

OLD_VERB = {action.verb: old for old, action in TACTICS_FORMER.renamed.items()}


def custom_ids(message) -> list[tuple[str | None, str]]:
    out = []
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        for c in children:
            get = c.get if isinstance(c, dict) else lambda key, c=c: getattr(c, key, None)
            if get("custom_id"):
                out.append((get("label"), get("custom_id")))
    return out


def as_posted_before(custom_id: str) -> str:
    """A board control's custom id as an earlier version posted it: the verb it carried then."""
    prefix, game, version, verb, *rest = custom_id.split(":")
    return ":".join([prefix, game, version, OLD_VERB.get(verb, verb), *rest])


async def post(bot, thread, *items: discord.ui.Item) -> discord.Message:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return await bot.get_channel(thread.id).send("a board from an earlier version", view=view)


def test_every_old_verb_is_no_verb_today_and_reads_as_one_action():
    plugins = registry.plugins()
    door = Door((p.former for p in plugins), (verb for p in plugins for verb in p.kind.handlers))
    for old, action in door.renamed.items():
        assert door.button(f"{old}:x:1") == f"{action.verb}:x:1"
    assert door.button("show_turn:h:1") == "show_turn:h:1", "today's forms pass the door as they are"
    with pytest.raises(ValueError, match="is a verb today"):
        Door([TACTICS_FORMER], ["tv"])


async def test_an_old_tactics_board_previews_and_sends_the_turn_as_today(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", companion="Cindle")
        board = thread.last_message
        label, today = next((lb, cid) for lb, cid in custom_ids(board) if ":show_turn:" in cid)
        old = as_posted_before(today)
        assert ":tv:h:" in old, old
        posted = await post(bot, thread, discord.ui.Button(label="old turn", custom_id=old))
        before = session(bot).fight
        preview = last_private(await alice.click(posted, label="old turn"))
        assert preview.content == last_private(await alice.click(board, label=label)).content
        assert session(bot).fight == before, "a preview changes nothing"
        sent = await alice.click(preview, label="Send")
        assert "Sent turn 1: " in private_text(sent)
        assert session(bot).fight.get("hero").done or session(bot).fight.seq > before.seq


async def test_a_retired_control_is_told_its_board_is_out_of_date_and_changes_nothing(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "carol") as (env, guild, channel, alice, carol):
        await alice.slash(channel, "summon ai")
        await env.settle()
        thread = channel.threads[-1]
        game = running_games_of(bot.db, alice.id)[0]
        old_select = discord.ui.Select(custom_id=f"s:{game.id}:{game.version}:hr",
                                       options=[discord.SelectOption(label="a piece", value="3")])
        old_button = discord.ui.Button(label="gone", custom_id=f"g:{game.id}:{max(1, game.version - 1)}:reroll")
        posted = await post(bot, thread, old_select, old_button)
        for answer in (await alice.select(posted, ["3"], custom_id=old_select.custom_id),
                       await alice.click(posted, label="gone")):
            said = private_text(answer)
            assert said.startswith("This board is out of date: it was posted by an earlier version"), said
            assert f"<#{thread.id}>" in said, "it says where the current board is"
            assert get_game(bot.db, game.id).version == game.version, "nothing changed"
        said = private_text(await carol.click(posted, label="gone"))  # an old board is still not a stranger's
        assert "not your game" in said and get_game(bot.db, game.id).version == game.version
