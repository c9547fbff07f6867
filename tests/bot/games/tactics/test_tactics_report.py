"""Every hit said: the strays' phase reported in full from the engine's events (its cost in HP on the
board, every line behind "What happened"), previews in plain words that match their buttons, and an end that
says what decided the fight. SimCord through create_bot, and the previews on the kind itself."""
from __future__ import annotations

from support.world import open_game, running

import engine.tactics as tx
from bot.games.tactics.previews import turn_preview
from bot.games.tactics.session import TacticsSession
from engine.tactics.model import events as ev
from tools.drive.replies import private_text
from tools.drive.tactics_play import labels, send_turn, session


async def test_the_strays_phase_that_cost_the_hero_most_of_its_hp_says_every_hit(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto", companion="Cindle")
        await alice.click(thread.last_message, label="Pass (Tidecaller)")
        fight = session(bot).fight
        board = thread.last_message.content
        hits = [e for e in fight.last_phase if isinstance(e, ev.Hit) and e.target == "hero"]
        assert hits, "c01's strays hit the hero in round 2"
        start, now = hits[0].hp + hits[0].lost, fight.get("hero").hp
        assert sum(e.lost for e in hits) == start - now, "every HP the hero lost is in these hits"
        assert f"**Strays' phase:** Tidecaller {start} → {now} HP" in board
        full = private_text(await alice.click(thread.last_message, label="What happened"))
        for e in hits:
            said = f"{e.skill} at Tidecaller" if e.cause == "telegraph" else "from the deep water" \
                if e.cause == "swept" else "splat"
            assert any(said in line and str(e.lost) in line for line in full.split("\n")), (said, e.lost, full)
        locks = [e for e in fight.last_phase if isinstance(e, ev.TelegraphLocked)]
        assert full.startswith("**The strays' last phase, in full:**") and locks
        for e in locks:
            assert f"{fight.get(e.stray).name} locks {e.skill}" in full
        assert sum(f"({e.hp}/{e.max_hp} HP left)" in full for e in hits) == len({(e.hp, e.max_hp) for e in hits})


def test_previews_say_in_plain_words_what_the_turn_does_and_what_follows() -> None:
    for enc, hero, companion in (("c01", "Tidecaller", "Cindle"), ("c06", "Penitent", "Mossle"),
                                 ("c04", "Sellsword", "Pebbling")):
        fight = tx.new_fight(enc, 1, hero, companion, level=tx.expected_level(enc))
        state = TacticsSession(fight=fight, mode="campaign", player=1, pilot="friend", friend=2, key="k")
        for fid in ("hero", "companion"):
            for n, turn in enumerate(tx.plan_turns(fight, fid), 1):
                text = turn_preview(state, fid, n, turn)
                assert "(hero)" not in text and "(companion)" not in text and "(s1)" not in text, text
                assert "After the strays' next phase:" in text and "HP at risk" not in text.split("\n", 1)[1]
                for pv in turn.preview.skills:
                    for t in pv.targets:
                        if t.damage or t.push_damage:
                            assert f"{t.damage + t.push_damage} damage" in text, (t, text)
                        if t.fighter == pv.user:
                            assert f"{t.name} (you) on {t.tile}" in text
                        if t.push_how and not t.push_moves:
                            assert f"pushed to {t.push_to}" not in text and f"pulled to {t.push_to}" not in text
                        if t.pull and t.push_moves:
                            assert f"pulled to {t.push_to}" in text
                c = turn.consequences
                assert c is not None and (("**Lethal:**" in text) == c.lethal)


def test_a_lethal_turn_says_so_instead_of_hp_at_risk() -> None:
    fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
    fight = tx.pass_turn(tx.pass_turn(fight, "companion"), "hero")
    state = TacticsSession(fight=fight, mode="campaign", player=1, pilot="auto", key="k")
    turns = tx.plan_turns(fight, "hero")
    lethal = [(n, t) for n, t in enumerate(turns, 1) if t.consequences and t.consequences.lethal]
    assert fight.get("hero").hp < 10 and lethal, "c01 round 2: the hero is low and some turns would down it"
    n, turn = lethal[0]
    assert "**Lethal:** Tidecaller would be downed in the strays' phase." in turn_preview(state, "hero", n, turn)


async def test_the_end_says_what_decided_it_beside_the_recap_chart(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto", companion="Cindle")
        for _ in range(12):
            if "Next fight" in labels(thread.last_message):
                break
            if "Pass (Tidecaller)" in labels(thread.last_message):
                await alice.click(thread.last_message, label="Pass (Tidecaller)")
            else:
                await env.advance_time(31)
        final = thread.last_message.content
        fight = session(bot).fight
        ending = tx.ending_moment(fight)
        assert fight.result is not None and ending is not None
        said = final.split("\n")
        decided = next(i for i, line in enumerate(said) if line.startswith("What decided it: "))
        assert said[decided].startswith(f"What decided it: round {ending.round}: ")
        assert fight.get(ending.who).name in said[decided] and said[decided].count("round ") == 1
        deciding = [m for m in tx.deciding_moments(fight) if (m.round, m.who, m.by) != (ending.round, ending.who,
                                                                                         ending.by)]
        on_the_way = said[decided + 1] if deciding else ""
        assert on_the_way.count("round ") == len(deciding) <= 3
        for m in deciding:
            assert f"round {m.round}: " in on_the_way
            if m.kind == "down":
                assert f"{fight.get(m.who).name} went down" in on_the_way
            elif m.kind in ("hit", "telegraph_hit"):
                assert f"took {m.amount} HP off {fight.get(m.who).name}" in on_the_way
        assert [a.filename for a in thread.last_message.attachments] == ["tactics.png", "tactics-recap.png"]


async def test_a_turn_that_downs_a_stray_says_the_down_once(make_real_bot):
    """The line a turn leaves on the board says a stray went down with the hit that downed it, not a
    second time on its own ("Driplet is down!")."""
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto", companion="Cindle")
        first = tx.plan_turns(session(bot).fight, "hero")[0]
        assert "downs it" in first.label, "c01: the hero's best first turn downs a Driplet"
        await send_turn(alice, thread.last_message, 1)
        board = thread.last_message.content
        line = next(line for line in board.split("\n") if line.startswith("→ Tidecaller"))
        assert "on Driplet (down)" in line and "is down!" not in line, line
