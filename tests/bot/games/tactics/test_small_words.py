"""Small words that misled a newcomer: a skill that cannot be used says why, a push against deep water
says the fighter stayed on its tile, a broken pack is the pack's HP, /games names no internal number."""
from __future__ import annotations

from support.world import running

import engine.tactics as tx
from bot.games.tactics.moments import ending_words
from bot.games.tactics.report import push_words
from engine.tactics.model import events as ev
from tools.drive.replies import private_text
from tools.drive.tactics_play import labels, last_private


async def test_skill_previews_say_why_a_skill_is_not_usable_now(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "tactics campaign", pilot="auto", companion="Cindle")
        board = channel.threads[-1].last_message
        assert "Skill previews" in labels(board)
        shown = last_private(await alice.click(board, label="Skill previews")).content
        assert "not usable now" not in shown, "never without a reason"
        unusable = [line for line in shown.split("\n") if "not usable from here" in line]
        assert unusable, "at the start some skill reaches nothing from the west edge"
        pos = tx.new_fight("c01", 1, "Tidecaller", "Cindle").get("hero").pos
        for line in unusable:
            assert f"nothing it can reach from {pos}; move closer first" in line or "a super needs level" in line


def test_a_push_against_deep_water_says_the_fighter_stays_on_its_tile():
    fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
    stray = fight.side("strays")[0]
    e = ev.Pushed(who=stray.id, by="hero", skill="Tide Lash", frm=stray.pos, to=stray.pos, how="deep_water",
                  damage=5, statuses=("soaked", "prone"))
    said = push_words(fight, e, harm=True)
    assert "swept away" not in said
    assert f"against deep water: the current hits {stray.name} for 5, who stays on {stray.pos}" in said


def test_a_broken_pack_is_said_as_the_packs_hp():
    fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
    stray = fight.side("strays")[0]
    m = tx.Moment(kind="broke_pack", round=3, who=stray.id, by="companion", skill="Flame Fan", amount=4)
    said = ending_words(fight, m)
    assert "its HP fell" not in said and "the pack's HP, all its strays together, fell under 30%" in said


async def test_games_lists_a_game_by_its_name_and_thread_not_an_internal_number(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "tactics campaign", pilot="auto", companion="Cindle")
        listing = private_text(await alice.slash(channel, "games"))
        assert f"• Tactics — <#{channel.threads[-1].id}>" in listing or "• Tactics — " in listing
        assert "#1" not in listing.replace(f"<#{channel.threads[-1].id}>", "")


def test_open_tells_two_finished_fights_of_one_encounter_apart(tmp_path):
    """A fight and its Retry share a thread name: /open lists each with the time it ended, not the same
    line twice; a finished game alone with its name keeps the plain "(finished)"."""
    from datetime import UTC, datetime, timedelta

    from bot.local_open import places
    from db.games import FINISHED, create_game, save_game
    from db.store import open_store

    db = open_store(tmp_path / "g.db")
    start = datetime(2026, 12, 1, 23, 0, tzinfo=UTC)
    for n, (kind, minutes) in enumerate((("tactics", 5), ("tactics", 9), ("bowls", 12))):
        game = create_game(db, kind=kind, guild_id=1, channel_id=2, players=[7], state="{}", now=start)
        save_game(db, game, now=start + timedelta(minutes=minutes), status=FINISHED, thread_id=100 + n)
    names = {100: "Tactics · Puddles on the Path · you", 101: "Tactics · Puddles on the Path · you",
             102: "Bowls · Puzzle 1 · you"}
    offered = [p.name for p in places(db, 7, 1, 2, names, lambda g: "gone")]
    assert offered == ["#games", "Bowls · Puzzle 1 · you (finished)",
                       "Tactics · Puddles on the Path · you (finished 23:09:00 UTC)",
                       "Tactics · Puddles on the Path · you (finished 23:05:00 UTC)"]
