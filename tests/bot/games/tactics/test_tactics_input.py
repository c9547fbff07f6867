"""What members type into tactics' slash steps, through SimCord: a bad aim or direction, very long input,
`/tactics view` for anyone, and `/tactics tell` to a companion that does not take calls."""
from __future__ import annotations

from support.world import running

from db.games import get_game
from tools.drive.replies import private_text, public_text
from tools.drive.tactics_play import last_private, session

DIRECTIONS = "N, NE, E, SE, S, SW, W or NW"


async def start(member, channel, **options):
    options.setdefault("pilot", "auto")
    options.setdefault("companion", "Cindle")
    await member.slash(channel, "tactics campaign", **options)
    return channel.threads[-1]


async def test_a_direction_after_the_tile_is_checked_before_the_rules(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start(alice, channel)
        state = get_game(bot.db, 1).state
        for command in ("tactics skill", "tactics preview"):
            said = private_text(await alice.slash(thread, command, name="Shove", at="D2:ZZ"))
            assert said.startswith(f"A push direction is one of {DIRECTIONS} (got 'ZZ')"), said
            assert "Something went wrong" not in said
        said = private_text(await alice.slash(thread, "tactics skill", name="Shove", at="D2:"))
        assert f"After the ':' comes a push direction: {DIRECTIONS}" in said
        aimed = await alice.slash(thread, "tactics skill", name="Tide Lash", at="F1:ne")
        assert "Confirm to use it" in private_text(aimed) or "Tide Lash at F1" in private_text(aimed)
        assert get_game(bot.db, 1).state == state, "nothing changes"


async def test_long_input_is_refused_with_the_reason_first_and_a_short_echo(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start(alice, channel)
        said = private_text(await alice.slash(thread, "tactics turn", steps="move C5 " * 625))
        assert said.startswith("Turn: a turn is a few short steps, at most 300 characters (this one has 5,000)")
        assert said.endswith("You wrote 'move C5 move C5 move C5 move C5 move C5…'.") and len(said) < 300
        said = private_text(await alice.slash(thread, "tactics skill", name="Tide Lash" * 333, at="F1"))
        assert said.startswith("No skill of that name (got 'Tide LashTide Lash") and len(said) < 200
        said = private_text(await alice.slash(thread, "tactics move", to="Z" * 3000))
        assert said.startswith("Move to 'ZZZZ") and "not a tile of the board" in said and len(said) < 200
        said = private_text(await alice.slash(thread, "tactics tell", message="heal me " * 40))
        assert said.startswith("Tell: a message to the companion holds at most 200 characters (this one has 319)")


async def test_the_board_again_for_anyone_shown_only_to_them(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "carol") as (env, guild, channel, alice, carol):
        thread = await start(alice, channel)
        command = bot.tree.get_command("tactics").get_command("view")
        assert "shown only to you" in command.description and "anyone" in command.description
        looked = await carol.slash(thread, "tactics view")
        shown = last_private(looked)
        assert "Puddles on the Path" in shown.content and shown.attachments, "a member who is not playing may look"
        assert public_text(looked) == "", "and only they see it"
        readme = open("README.md", encoding="utf-8").read()
        assert "`/tactics view` (the board again, shown only to you; anyone may look)" in readme


async def test_tell_to_auto_is_said_once_and_nothing_reaches_a_prompt(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start(alice, channel)
        await alice.slash(thread, "tactics tell", message="focus the Tussle")
        assert "Cindle (auto) plays the planner's best turn and does not take calls" in thread.last_message.content
        again = private_text(await alice.slash(thread, "tactics tell", message="heal me"))
        assert "piloted by auto, which plays the planner's turns and does not take calls" in again
        assert session(bot).call is None and session(bot).call_ignored


async def test_tell_without_a_connected_model_says_nothing_reads_it(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start(alice, channel, pilot="model")
        said = private_text(await alice.slash(thread, "tactics tell", message="stay back"))
        assert "no language model is connected" in said and session(bot).call is None
