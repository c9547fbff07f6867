"""Who earns a fight: a win the companion fought while the hero never acted counts as a win and says so,
pays the fight's ordinary XP and keeps the first win's bonus for a win the hero fights in."""
from __future__ import annotations

from support.world import open_game, running

import engine.tactics as tx
from bot.core.progress import load_progress
from db import players
from tools.drive.tactics_play import fight_through, send_turn, session, thread_texts


async def test_a_win_the_companion_fought_alone_pays_the_ordinary_xp_and_the_bonus_waits(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto", companion="Cindle")
        await fight_through(thread, lambda board: alice.click(board, label="Pass (Tidecaller)"))
        assert session(bot).fight.result == "won", "c01 seed 1: auto's Cindle wins it alone"
        said = "\n".join(thread_texts(thread))
        assert "Cindle won it alone: Tidecaller never acted. It counts as a win and opens the next fight, " \
               "but the first win's bonus waits for a win Tidecaller fights in." in said
        assert "+10 XP: 5 for finishing the fight and 5 for a win the companion fought alone (fight in it " \
               "to earn the first win's +300)." in said
        assert "Level up" not in said, "no first win's bonus, so no level-up"
        record = load_progress(bot.db, alice.id, "tactics", tx.TacticsProgress)
        assert (record.xp, record.wins, record.won, record.unpaid) == (10, 1, ["c01"], ["c01"])
        assert players.get_xp(bot.db, alice.id) == 10
        assert record.locked_reason("c02") is None, "the win counts: the next fight is open"

        await alice.click(thread.last_message, label="Retry")
        thread = channel.threads[-1]
        assert session(bot, 2).fight.encounter == "c01"
        await fight_through(thread, lambda board: send_turn(alice, board, 1))
        assert session(bot, 2).fight.result == "won"
        said = "\n".join(thread_texts(thread))
        assert "won it alone" not in said
        assert "+305 XP: 5 for finishing the fight and 300 for its first win" in said, \
            "the first win the hero fought in pays the bonus that waited"
        assert "Level up: 1 → 2!" in said
        record = load_progress(bot.db, alice.id, "tactics", tx.TacticsProgress)
        assert (record.xp, record.wins, record.unpaid) == (315, 2, [])


async def test_a_fight_the_hero_fought_in_pays_its_first_win(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto", companion="Cindle")
        await send_turn(alice, thread.last_message, 1)
        await fight_through(thread, lambda board: alice.click(board, label="Pass (Tidecaller)"))
        fight = session(bot).fight
        record = load_progress(bot.db, alice.id, "tactics", tx.TacticsProgress)
        if fight.result == "won":
            assert record.xp == 305 and record.unpaid == [], "one turn of the hero's is a fight it fought in"
        assert "won it alone" not in "\n".join(thread_texts(thread))


def test_the_record_keeps_the_bonus_of_a_win_fought_alone_until_the_hero_fights():
    c01 = tx.encounter("c01")
    alone, reward = tx.record_fight(tx.TacticsProgress(), c01, "won", hero_fought=False)
    assert (reward.xp, reward.first_win, reward.why.kind, reward.why.withheld) == (10, False, "alone", 300)
    again, reward = tx.record_fight(alone, c01, "won", hero_fought=False)
    assert (reward.xp, again.unpaid, again.won) == (10, ["c01"], ["c01"])
    paid, reward = tx.record_fight(again, c01, "won", hero_fought=True)
    assert (reward.xp, reward.first_win, paid.unpaid) == (305, True, [])
    _, reward = tx.record_fight(paid, c01, "won", hero_fought=True)
    assert reward.xp == 10 and reward.why.kind == "repeat"
    _, lost = tx.record_fight(tx.TacticsProgress(), c01, "lost", hero_fought=False)
    assert lost.xp == 5
