"""Formation in Discord, played as a member would: tutorial, campaign win and loss, hints, daily flight."""
from __future__ import annotations

import re
from itertools import permutations

from support.selects import choose
from support.world import open_game, running

import engine.formation as fm
from bot.games.formation.actions import ChooseSlot, Place
from bot.games.formation.kind import load_progress
from db import players
from db.games import running_games_of
from tools.drive.replies import private_text


def session(bot, user_id):
    game = running_games_of(bot.db, user_id)[0]
    return bot.sessions.load(game)


async def fill(member, thread, formation, puzzle):
    """Fill every free slot with the selects, as a player would."""
    for slot in fm.SLOTS:
        if slot in puzzle.fixed:
            continue
        await choose(member, thread.last_message, ChooseSlot(slot))
        await choose(member, thread.last_message, Place(slot, formation[slot]))


def losing_formation(puzzle):
    free = [s for s in fm.SLOTS if s not in puzzle.fixed]
    pool = [n for n in puzzle.pool if n not in puzzle.fixed.values()]
    for names in permutations(pool, len(free)):
        formation = {**puzzle.fixed, **dict(zip(free, names))}
        try:
            fm.check_limits(puzzle, formation)
        except fm.FormationError:
            continue
        if not fm.battle(puzzle, formation).won:
            return formation
    raise AssertionError("every legal formation wins")


async def test_tutorial_hints_then_a_win_with_replay_and_next(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation tutorial")
        lesson = fm.tutorial()[0]
        assert lesson.title in thread.last_message.content
        assert thread.last_message.attachments[0].filename == "formation.png"
        for n in range(1, fm.hint_count(lesson) + 1):
            await alice.click(thread.last_message, label="Hint")
            assert f"Hint {n}:" in thread.last_message.content
        solution = fm.solve(lesson).example
        await fill(alice, thread, solution, lesson)
        await alice.click(thread.last_message, label="Battle")
        board = thread.last_message
        names = [a.filename for a in board.attachments]
        assert "replay.gif" in names
        assert "Next puzzle" in [getattr(c, "label", None) for row in board.components for c in row.children]
        assert load_progress(bot.db, alice.id).won == (lesson.id,)
        assert players.get_xp(bot.db, alice.id) == 0, "the seed pays XP for campaign, practice and daily only"
        await alice.click(board, label="Next puzzle")
        assert fm.tutorial()[1].title in thread.last_message.content
        assert fm.tutorial()[1].title in bot.get_channel(thread.id).name, "the thread is renamed as the game moves on"
        assert bot.get_channel(thread.id).name.endswith("· alice")


async def test_the_finished_board_says_how_the_battle_ended_once(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation tutorial")
        lesson = fm.tutorial()[0]
        await fill(alice, thread, fm.solve(lesson).example, lesson)
        await alice.click(thread.last_message, label="Battle")
        board = thread.last_message.content
        assert board.count("You win by") + board.count("You win on time") == 1, board


async def test_campaign_puzzle_lost_then_won(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation campaign")
        puzzle = fm.campaign(1)[0]
        assert puzzle.title in thread.last_message.content
        loser = losing_formation(puzzle)
        for slot, name in loser.items():
            if slot not in puzzle.fixed:
                await alice.slash(thread, "formation place", slot=slot, creature=name)
        await alice.slash(thread, "formation battle")
        assert puzzle.id not in load_progress(bot.db, alice.id).won
        assert "Battle" in [getattr(c, "label", None) for row in thread.last_message.components for c in row.children]
        await alice.slash(thread, "formation clear")
        winner = fm.solve(puzzle).example
        for slot, name in winner.items():
            if slot not in puzzle.fixed:
                await alice.slash(thread, "formation place", slot=slot, creature=name)
        await alice.slash(thread, "formation battle")
        progress = load_progress(bot.db, alice.id)
        assert puzzle.id in progress.won
        assert any(a.filename == "replay.gif" for a in thread.last_message.attachments)
        # A loss pays 20 XP, a win 20 + 10 (seed 000); the profile total follows.
        assert progress.xp == 50 and players.get_xp(bot.db, alice.id) == 50
        assert all(progress.mastery[name] >= 10 for name in winner.values())
        again = await alice.slash(thread, "formation battle")
        assert "won" in private_text(again) and "Next puzzle" in private_text(again)
        assert load_progress(bot.db, alice.id).xp == 50, "a replay of a won puzzle gives nothing"


async def test_a_breach_is_refused_before_the_battle(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation tutorial")
        lesson = fm.tutorial()[0]
        outsider = next(n for n in fm.NAMES if n not in lesson.pool)
        free = next(s for s in fm.SLOTS if s not in lesson.fixed)
        version = running_games_of(bot.db, alice.id)[0].version
        refused = await alice.slash(thread, "formation place", slot=free, creature=outsider)
        assert outsider in private_text(refused)
        assert running_games_of(bot.db, alice.id)[0].version == version
        half = await alice.slash(thread, "formation battle")
        assert "Battle" in private_text(half)


async def test_daily_flight_starts_with_the_first_of_three(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation daily")
        flight = fm.daily_flight(env.now().date())
        assert len(flight) == 3
        assert flight[0].title in thread.last_message.content and "(1/3)" in thread.last_message.content
        state = session(bot, alice.id)
        assert [p.id for p in state.puzzles] == [p.id for p in flight]
        await env.restart_bot(make_real_bot())
        await alice.click(thread.last_message, label="Hint")
        assert "Hint 1:" in thread.last_message.content


async def test_single_puzzle_by_id_with_autocomplete_and_locks(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        boss = fm.campaign(1)[-1]
        locked = await alice.slash(channel, "formation puzzle", id=boss.id)
        assert locked.ephemeral and "locked" in locked.response.content and "12" in locked.response.content
        unknown = await alice.slash(channel, "formation puzzle", id="nope")
        assert unknown.ephemeral and "no puzzle" in unknown.response.content
        offered = await alice.autocomplete(channel, "formation puzzle", "id", "c1-")
        values = [c["value"] for c in offered]
        assert fm.campaign(1)[0].id in values and boss.id not in values, "locked puzzles are not offered"
        first = fm.campaign(1)[0]
        thread = await open_game(alice, channel, "formation puzzle", id=first.id)
        assert first.title in thread.last_message.content and "(1/1)" in thread.last_message.content


async def test_battle_with_an_empty_slot_names_it_in_plain_words(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation tutorial")
        lesson = fm.tutorial()[0]
        solution = fm.solve(lesson).example
        free = [s for s in fm.SLOTS if s not in lesson.fixed]
        for slot in free[:-1]:
            await alice.slash(thread, "formation place", slot=slot, creature=solution[slot])
        refused = await alice.slash(thread, "formation battle")
        label = fm.SLOT_LABELS[free[-1]]
        assert f"Fill every slot first ({label} is empty)" in private_text(refused)
        assert "empty slot" not in private_text(refused)


async def test_a_creature_option_says_its_whole_ability_within_discords_limits(make_real_bot):
    """The options a member picks from: every creature's ability in full, its words shortened but no
    sentence cut, within a select option's 100 characters (the engine's card of some is longer)."""
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation tutorial")
        await choose(alice, thread.last_message, ChooseSlot("front_left"))
        options = next(c for row in thread.last_message.components for c in row.children
                       if getattr(c, "placeholder", "").startswith("Creature for")).options
        assert options and any(len(fm.CREATURES[o.label.split(" · ")[0]].card()) > 100 for o in options)
        for option in options:
            c = fm.CREATURES[option.label.split(" · ")[0]]
            assert len(option.label) <= 100 and len(option.description) <= 100
            assert "…" not in option.description and c.ability.name in option.label
            assert option.description.endswith(")") and option.description.count(".") >= 1, "a whole sentence"
            for number in re.findall(r"\d+", c.ability.text):
                assert number in option.description, (number, option.description)


async def test_the_selects_of_a_board_posted_before_the_actions_were_typed_still_answer(make_real_bot):
    """Boards posted by the last version carried selects named by their verb ("s:<game>:<version>:slot")
    whose options were bare values; after an upgrade their presses still read as typed actions."""
    import discord

    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation tutorial")
        lesson = fm.tutorial()[0]
        free = next(s for s in fm.SLOTS if s not in lesson.fixed)
        creature = fm.solve(lesson).example[free]
        game = running_games_of(bot.db, alice.id)[0]

        async def old_board(verb: str, value: str, version: int):
            select = discord.ui.Select(custom_id=f"s:{game.id}:{version}:{verb}",
                                       options=[discord.SelectOption(label=value, value=value)])
            return await bot.get_channel(thread.id).send("an older board", view=discord.ui.View().add_item(select))

        posted = await old_board("slot", free, game.version)
        await alice.select(posted, [free], custom_id=f"s:{game.id}:{game.version}:slot")
        assert session(bot, alice.id).slot == free
        version = running_games_of(bot.db, alice.id)[0].version
        posted = await old_board("place", creature, version)
        await alice.select(posted, [creature], custom_id=f"s:{game.id}:{version}:place")
        assert session(bot, alice.id).formation[free] == creature
