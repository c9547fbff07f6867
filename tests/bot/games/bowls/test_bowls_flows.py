"""Bowls in Discord, played as a member would: puzzles, endless, daily, undo, restarts, refusals."""
from __future__ import annotations

from support.world import open_game, running

import engine.bowls as bowls
from bot.games.bowls.kind import load_record
from db import daily, players
from db.games import get_game, running_games_of
from engine.bowls.solver import solve
from tools.drive.replies import private_text


def state_of(bot, game_id=1):
    return bot.sessions.load(get_game(bot.db, game_id))


async def sow(member, thread, bowl):
    """Select a bowl with its button, then confirm: the seed's two-step move."""
    await member.click(thread.last_message, label=str(bowl))
    await member.click(thread.last_message, label=f"Sow {bowl}")


async def test_puzzle_won_by_buttons_records_progress_and_locks_the_thread(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls puzzle", number=1)
        await env.restart_bot(make_real_bot())  # a restart before the first move loses nothing
        bot = env.bot
        board = thread.last_message
        assert "Puzzle 1" in thread.name and board.attachments[0].filename == "bowls.png"
        solution = solve(bowls.get_puzzle(1))
        assert solution
        await alice.click(thread.last_message, label=str(solution[0]))
        assert f"Selected bowl {solution[0]}" in thread.last_message.content
        assert state_of(bot).game.moves_used == 0, "selecting alone does not make a move"
        await alice.click(thread.last_message, label=f"Sow {solution[0]}")
        for bowl in solution[1:]:
            await sow(alice, thread, bowl)
        assert "Puzzle solved" in thread.last_message.content
        assert bot.get_channel(thread.id).locked
        progress = load_record(bot.db, alice.id)
        assert progress.won == [1] and progress.record.puzzles_won == 1
        assert players.get_xp(bot.db, alice.id) == 20
        # The profile shows it.
        await alice.slash(channel, "profile")
        assert "Puzzles won: 1/100" in channel.last_message.content


def puzzle_for_refusal() -> tuple[int, int, int]:
    """A puzzle that a first move cannot win, and after which some bowl is empty: (number, move, empty bowl)."""
    for puzzle in bowls.all_puzzles():
        game = bowls.new_puzzle(puzzle.id)
        for bowl in bowls.legal_bowls(game):
            after, _ = bowls.sow(game, bowl)
            if after.over:
                continue
            empty = [n for n in range(1, 13) if not after.bowls[n - 1]]
            if empty:
                return puzzle.id, bowl, empty[0]
    raise AssertionError("no puzzle leaves an empty bowl")


async def test_slash_sow_undo_and_a_refused_step(make_real_bot):
    number, move, empty = puzzle_for_refusal()
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls puzzle", number=number)
        start = state_of(bot).game
        await alice.slash(thread, "bowls sow", bowl=move)
        assert "Sowed bowl" in thread.last_message.content
        assert state_of(bot).game.moves_used == 1
        version = get_game(bot.db, 1).version
        refused = await alice.slash(thread, "bowls sow", bowl=empty)
        assert refused.ephemeral and f"bowl {empty} is empty" in refused.response.content
        assert get_game(bot.db, 1).version == version
        await alice.slash(thread, "bowls undo")
        assert state_of(bot).game.bowls == start.bowls
        assert "Undid the last move." in thread.last_message.content


async def test_stale_board_and_other_members_are_refused(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        bob = guild.add_member(env.create_user("bob"))
        thread = await open_game(alice, channel, "bowls endless")
        old = thread.last_message
        legal = bowls.legal_bowls(state_of(bot).game)
        refused = await bob.click(old, label=str(legal[0]))
        assert "not your game" in private_text(refused)
        await alice.slash(thread, "bowls sow", bowl=legal[0])
        stale = await alice.click(old, label=str(legal[0]))
        assert "out of date" in private_text(stale)
        assert state_of(bot).game.moves_used == 1


async def test_endless_survives_a_restart_and_pause_resumes(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls endless")
        for _ in range(2):
            await sow(alice, thread, bowls.legal_bowls(state_of(bot).game)[0])
        before = state_of(bot).game
        assert before.moves_used == 2
        await env.restart_bot(make_real_bot())
        bot = env.bot
        await sow(alice, thread, bowls.legal_bowls(state_of(bot).game)[0])
        assert state_of(bot).game.moves_used == 3
        await alice.click(thread.last_message, label="Pause")
        assert state_of(bot).game.paused
        await env.restart_bot(make_real_bot())
        bot = env.bot
        result = await alice.slash(channel, "bowls endless")
        assert "Resumed" in result.response.content
        assert not state_of(bot).game.paused and len(channel.threads) == 1


async def test_daily_counts_unless_undone(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls daily")
        day = state_of(bot).game.day
        assert day == env.now().date()
        await sow(alice, thread, bowls.legal_bowls(state_of(bot).game)[0])
        score = state_of(bot).game.score
        await env.restart_bot(make_real_bot())  # mid-attempt: the daily and its date survive
        bot = env.bot
        assert state_of(bot).game.moves_used == 1 and state_of(bot).game.day == day
        await alice.click(thread.last_message, label="End")
        assert daily.best_result(bot.db, alice.id, "bowls", day) == score
        # A second attempt with an undo is practice: its end records nothing new.
        thread = await open_game(alice, channel, "bowls daily")
        game_id = running_games_of(bot.db, alice.id)[0].id
        await sow(alice, thread, bowls.legal_bowls(state_of(bot, game_id).game)[0])
        await alice.slash(thread, "bowls undo")
        assert "practice" in thread.last_message.content
        assert state_of(bot, game_id).game.practice
        await alice.slash(thread, "bowls end")
        assert daily.best_result(bot.db, alice.id, "bowls", day) == score
        progress = load_record(bot.db, alice.id)
        assert progress.record.best_daily == score


async def test_theme_locked_until_earned(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        locked = await alice.slash(channel, "bowls theme", name="Garden")
        assert locked.ephemeral and "locked" in locked.response.content
        assert locked.response.attachments[0].filename == "theme.png", "a locked theme can still be previewed"
        ok = await alice.slash(channel, "bowls theme", name="simple")
        assert "Simple" in ok.response.content
        on = await alice.slash(channel, "bowls forecast", setting="on")
        assert "forecast on" in on.response.content
        thread = await open_game(alice, channel, "bowls puzzle", number=1)
        legal = bowls.legal_bowls(state_of(bot).game)
        await alice.click(thread.last_message, label=str(legal[0]))
        assert "Forecast:" in thread.last_message.content


async def test_puzzle_numbers_autocomplete_with_goals_and_solved_marks(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        result = await alice.autocomplete(channel, "bowls puzzle", "number", "1")
        names = [c["name"] for c in result]
        assert names and all("1" in n for n in names) and len(names) <= 25
        assert names[0].startswith("1 · ") and " in " in names[0] and "✓" not in names[0]


def puzzle_lost_in_one_move() -> tuple[int, int]:
    """A puzzle and a first move that ends the attempt without the goal: (number, bowl)."""
    for puzzle in bowls.all_puzzles():
        game = bowls.new_puzzle(puzzle.id)
        for bowl in bowls.legal_bowls(game):
            after, _ = bowls.sow(game, bowl)
            if after.over and not after.won:
                return puzzle.id, bowl
    raise AssertionError("no puzzle can be lost in one move")


async def test_a_lost_puzzle_stays_open_for_undo_until_a_new_game_replaces_it(make_real_bot):
    number, bowl = puzzle_lost_in_one_move()
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "bowls puzzle", number=number)
        first = channel.threads[-1]
        await alice.slash(first, "bowls sow", bowl=bowl)
        assert state_of(bot).game.over and not state_of(bot).game.won
        assert "Undo to try another plan" in first.last_message.content
        assert not bot.get_channel(first.id).locked
        await alice.slash(first, "bowls undo")
        assert not state_of(bot).game.over, "a lost attempt can be undone"
        await alice.slash(first, "bowls sow", bowl=bowl)
        started = await alice.slash(channel, "bowls puzzle", number=1)
        assert "ready" in started.response.content, "a lost attempt does not block a new game"
        assert bot.get_channel(first.id).locked and channel.threads[-1].id != first.id


async def test_undo_on_a_counted_daily_warns_before_it_makes_it_practice(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls daily")
        await sow(alice, thread, bowls.legal_bowls(state_of(bot).game)[0])
        asked = await alice.click(thread.last_message, label="Undo")
        assert "practice" in private_text(asked) and "Undo anyway?" in private_text(asked)
        assert not state_of(bot).game.practice and state_of(bot).game.moves_used == 1, "nothing happened yet"
        confirm = asked.followups[-1] if asked.followups else asked.response
        await alice.click(confirm, label="Undo, as practice")
        assert state_of(bot).game.practice and state_of(bot).game.moves_used == 0
        assert "practice" in thread.last_message.content


async def test_daily_lists_what_the_player_did_today_and_offers_the_rest(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        before = await alice.slash(channel, "daily")
        assert "Play Bowls" in str(before.response.components if before.response else before.followups[-1].components)
        thread = await open_game(alice, channel, "bowls daily")
        await sow(alice, thread, bowls.legal_bowls(state_of(bot).game)[0])
        score = state_of(bot).game.score
        await alice.slash(thread, "bowls end")
        after = await alice.slash(channel, "daily")
        text = private_text(after)
        assert f"your best today is {score}" in text
        message = after.followups[-1] if after.followups else after.response
        components = str(message.components)
        assert "Play Bowls" not in components and "Play Formation" in components


async def test_the_first_puzzle_with_a_modifier_says_what_it_does(make_real_bot):
    bot = make_real_bot()
    first_wild = next(p for p in bowls.all_puzzles() if any("W" in b for b in p.bowls))
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "bowls puzzle", number=first_wild.id)
        board = channel.threads[-1].last_message.content
        assert "Wild:" in board and "wilds alone never match" in board
        await alice.slash(channel.threads[-1], "bowls end")
        await alice.slash(channel, "bowls puzzle", number=1)
        assert "New here" not in channel.threads[-1].last_message.content
