"""Tactics in Discord, played through SimCord: a whole fight, ready-made turns, slash steps, refusals."""
from __future__ import annotations

from datetime import timedelta

import simcord
from support.world import open_game, running, world

import engine.tactics as tx
from bot.core.progress import load_progress, save_progress
from db import players
from db.games import get_game
from tools.drive.replies import private_text
from tools.drive.tactics_play import labels, last_private, send_turn, session, thread_texts


def said_lines(thread) -> list[str]:
    """Every line the thread's messages show (a live board keeps each line its phase said)."""
    return [line for text in thread_texts(thread) for line in text.split("\n")]


async def start(member, channel, **options):
    options.setdefault("pilot", "auto")
    options.setdefault("companion", "Cindle")
    result = await member.slash(channel, "tactics campaign", **options)
    return result, channel.threads[-1]


async def test_a_campaign_fight_from_start_to_result_with_auto(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        started, thread = await start(alice, channel)
        assert "your game is ready" in private_text(started)
        board = thread.last_message
        assert "Puddles on the Path" in thread.name
        assert board.attachments and board.attachments[0].filename == "tactics.png"
        assert "round 1/10" in board.content and "Tidecaller (the player): to act" in board.content
        assert "Cindle (auto): done" in board.content, "auto sends its turn as soon as the phase opens"
        assert any(line.startswith("Cindle: ") for line in said_lines(thread)), "the companion's turn is said"
        assert labels(board)[0].startswith("1. ") and "Pass (Tidecaller)" in labels(board)
        for _ in range(11):
            if "Next fight" in labels(thread.last_message):
                break
            await send_turn(alice, thread.last_message, 1)
        final = thread.last_message.content
        fight = session(bot).fight
        assert fight.result is not None and labels(thread.last_message) == ["Next fight", "Retry"]
        assert f"**{fight.result.capitalize()}** — " in final and "XP" in final
        reason = ("+305 XP: 5 for finishing the fight and 300 for its first win: the climb from level 1, this "
                  "fight's recommended level, to level 2, the level Hold the Ford (fight 2) recommends.\n"
                  "Tactics level 2 (305 XP) — the level Hold the Ford (fight 2) recommends.") \
            if fight.result == "won" else ("+5 XP for finishing the fight (a win adds more).\nTactics level 1 (5 XP) "
                                           "— the level Puddles on the Path (fight 1) recommends.")
        assert reason in final, "the XP is said with its reason"
        pictures = [a.filename for a in thread.last_message.attachments]
        assert pictures == ["tactics.png", "tactics-recap.png"], "the end shows the fight's recap chart"
        assert [m.round for m in fight.history] == list(range(1, min(fight.round, 10) + 1)), "a mark per round"
        record = load_progress(bot.db, alice.id, "tactics", tx.TacticsProgress)
        earned = tx.xp_for(fight.result, tx.encounter("c01"), first_win=True)
        assert record.xp == earned and players.get_xp(bot.db, alice.id) == earned
        assert (record.hero, record.companion, record.pilot) == ("Tidecaller", "Cindle", "auto")
        await alice.slash(channel, "profile")
        assert f"Level {record.level} · {record.xp} XP" in channel.last_message.content
        assert "Campaign 1/13 won · next Hold the Ford (fight 2)" in channel.last_message.content \
            or fight.result != "won"
        assert get_game(bot.db, 1).status == "finished" and bot.get_channel(thread.id).locked


async def test_a_finished_fight_leaves_the_running_games_at_once_and_next_fight_opens_a_new_thread(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start(alice, channel)
        for _ in range(12):
            if "Next fight" in labels(thread.last_message):
                break
            await alice.click(thread.last_message, label="Pass (Tidecaller)")
        assert session(bot).fight.result is not None
        listed = await alice.slash(channel, "games")
        assert "You have no running games here" in private_text(listed), "the result ends the session"
        again = await alice.slash(channel, "tactics campaign", pilot="auto")
        assert "already have" not in private_text(again) and len(channel.threads) == 2
        nxt = await alice.click(thread.last_message, label="Next fight")
        assert "already have a Tactics game running" in private_text(nxt), "one fight at a time"


async def test_next_fight_and_retry_start_the_next_fight_in_a_new_thread_for_the_host_only(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        _, thread = await start(alice, channel, pilot="friend", friend=bob)
        await bob.click(thread.last_message, label="Accept")
        for _ in range(12):
            if "Next fight" in labels(thread.last_message):
                break
            hero_due = "Pass (Tidecaller)" in labels(thread.last_message)
            who, label = (alice, "Pass (Tidecaller)") if hero_due else (bob, "Pass (Cindle)")
            await who.click(thread.last_message, label=label)
        result = thread.last_message
        refused = await bob.click(result, label="Retry")
        assert "only <@" in private_text(refused) and len(channel.threads) == 1
        started = await alice.click(result, label="Retry")
        assert "your game is ready" in private_text(started) and len(channel.threads) == 2
        retry = session(bot, 2)
        assert retry.fight.encounter == "c01" and retry.fight.round == 1 and retry.fight.result is None
        assert (retry.pilot, retry.friend, retry.invite) == ("friend", bob.id, False), "the friend keeps piloting"
        assert bob.id in get_game(bot.db, 2).players
        assert "Cindle (a friend): to act" in channel.threads[-1].last_message.content


async def test_a_planned_turn_button_applies_the_turn_it_previews(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start(alice, channel)
        before = session(bot).fight
        turns = tx.plan_turns(before, "hero")
        other = last_private(await alice.click(thread.last_message, label=labels(thread.last_message)[0]))
        shown = await alice.click(thread.last_message, label=labels(thread.last_message)[1])
        preview = last_private(shown)
        assert preview.ephemeral and "**Turn 2** for Tidecaller" in preview.content
        assert turns[1].summary in preview.content and labels(preview) == ["Send", "Cancel"]
        assert session(bot).fight == before, "a preview changes nothing"
        sent = await alice.click(preview, label="Send")
        played = tx.apply_planned(before, "hero", 1)
        assert played.round == 2, "the turn ended the phase: the strays' phase ran at once"
        auto = tx.plan_turns(played, "companion")[0]  # and auto sent its first turn as the new phase opened
        assert session(bot).fight == tx.apply_turn(played, "companion", auto.steps), "the previewed turn was played"
        assert f"Tidecaller: {turns[1].label}" in "\n".join(thread_texts(thread))
        assert "round 2/10" in thread.last_message.content
        assert f"Sent turn 2: {turns[1].summary}" in private_text(sent), "the preview says what was sent"
        stale = await alice.click(other, label="Send")
        said = private_text(stale)
        assert "out of date" in said or "earlier phase" in said, "a turn planned in a phase that is over is refused"
        assert session(bot).fight == tx.apply_turn(played, "companion", auto.steps)


async def test_each_slash_step(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start(alice, channel, hero="Sellsword")
        fight = session(bot).fight
        to = tx.legal_moves(fight, "hero")[0]
        await alice.slash(thread, "tactics move", to=to)
        fight = session(bot).fight
        assert fight.get("hero").pos == to and "Sellsword moves to " + to in thread.last_message.content
        skill = next(n for n in tx.kit("Sellsword") if tx.legal_targets(fight, "hero", n))
        at = tx.legal_targets(fight, "hero", skill)[0]
        names = await alice.autocomplete(thread, "tactics skill", "name", "")
        assert skill in [c["value"] for c in names]
        targets = await alice.autocomplete(thread, "tactics skill", "at", "", name=skill)
        assert at in [c["value"] for c in targets]
        looked = await alice.slash(thread, "tactics preview", name=skill, at=at)
        assert f"**{skill}** at {at}" in private_text(looked) and session(bot).fight == fight
        asked = await alice.slash(thread, "tactics skill", name=skill, at=at)
        assert f"**{skill}** at {at}" in private_text(asked) and "Confirm" in private_text(asked)
        assert session(bot).fight == fight, "a skill step shows its preview first"
        await alice.click(last_private(asked), label="Confirm")
        fight = session(bot).fight
        assert fight.get("hero").action_used or fight.get("hero").bonus_used
        await alice.slash(thread, "tactics hold", reaction="opportunity_attack")
        assert session(bot).fight.get("hero").held == "opportunity_attack"
        seen = await alice.slash(thread, "tactics view")
        assert "duo phase" in private_text(seen) and last_private(seen).attachments
        report = await alice.slash(thread, "tactics companion")
        assert "Offered:" in private_text(report) and "turn 1" in private_text(report)
        await alice.slash(thread, "tactics end")
        fight = session(bot).fight
        assert fight.round == 2 and "**Strays' phase:** " in thread.last_message.content
        await alice.slash(thread, "tactics pass")
        assert session(bot).fight.round == 3 and "Sellsword passes." in "\n".join(thread_texts(thread))
        turn = tx.plan_turns(session(bot).fight, "hero")[0]
        text = "; ".join(tx.model.steps.step_text(s) for s in turn.steps)  # e.g. "move to D3; Cleave at E3; end"
        typed = await alice.slash(thread, "tactics turn", steps=text)
        assert "Nothing was played" not in private_text(typed)
        assert session(bot).fight.round == 4, "a whole turn as text, ending the phase"


async def test_bad_input_is_refused_privately_and_changes_nothing(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "carol") as (env, guild, channel, alice, carol):
        _, thread = await start(alice, channel)
        game = get_game(bot.db, 1)
        old_board = thread.last_message
        far = next(t for t in ("M9", "M1", "L9") if t not in tx.legal_moves(session(bot).fight, "hero"))
        cases = [
            ("tactics turn", {"steps": "dance wildly"}, "cannot read 'dance wildly'"),
            ("tactics turn", {"steps": f"move {far}; end"}, f"step 1 (move to {far})"),
            ("tactics turn", {"steps": "move B3; Flame Fan F4"}, "no skill of yours"),
            ("tactics move", {"to": "Z9"}, "not a tile of the board"),
            ("tactics move", {"to": far}, "out of reach"),
            ("tactics skill", {"name": "Flame Fan", "at": "F4"}, "Tidecaller has no such skill"),
        ]
        for command, options, why in cases:
            said = private_text(await alice.slash(thread, command, **options))
            assert why in said, (command, options, said)
            assert get_game(bot.db, 1).state == game.state, "nothing changes"
        stranger = await carol.slash(thread, "tactics move", to="B3")
        assert "not your game" in private_text(stranger)
        pressed = await carol.click(thread.last_message, label=labels(thread.last_message)[0])
        assert "not your game" in private_text(pressed)
        await alice.slash(thread, "tactics pass")
        retired = next(m for m in thread.history() if m.id == old_board.id)
        assert labels(retired) == [], "a board of a phase that is over keeps its words, not its buttons"
        assert "Time runs out" not in retired.content and "Closed: the newer board is below" in retired.content
        assert get_game(bot.db, 1).version == game.version + 2, "only the pass (and auto's next turn) changed it"


async def test_the_30_second_timer_passes_the_hero_and_survives_a_restart(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start(alice, channel)
        await env.advance_time(20)
        await env.restart_bot(make_real_bot())
        # the restart's own seconds (since the last heartbeat) are given back: test_restart_clock.py
        left = (get_game(bot.db, 1).deadline - env.now()).total_seconds()
        assert 9 <= left <= 14, "the phase keeps the 10 s it had when the bot stopped"
        await env.advance_time(left - 1)
        assert session(bot).fight.round == 1, "the phase keeps its time across a restart"
        await env.advance_time(2)
        assert session(bot).fight.round == 2
        assert "Time's up: Tidecaller passes." in said_lines(thread)
        opened = session(bot).phase_opened
        assert get_game(bot.db, 1).deadline == opened + timedelta(seconds=30), "each phase has its own 30 s"


async def test_a_time_out_passes_only_the_fighters_due_in_the_phase_that_ran_out(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start(alice, channel)
        before = session(bot).fight
        assert before.get("companion").done and not before.get("hero").done, "auto acted as the phase opened"
        await env.advance_time(31)
        timed_out = tx.pass_turn(before, "hero")
        assert timed_out.round == 2 and not timed_out.get("companion").done
        auto = tx.plan_turns(timed_out, "companion")[0]
        assert session(bot).fight == tx.apply_turn(timed_out, "companion", auto.steps), \
            "the companion plays its own turn in round 2; the time-out of round 1 does not pass it"
        said = [line for line in said_lines(thread) if line.startswith("Time's up")]
        assert said == ["Time's up: Tidecaller passes."], "the time-out passed the hero only"
        assert any(line.startswith(f"Cindle: {auto.label}") for line in said_lines(thread))
        assert "round 2/10" in thread.last_message.content and session(bot).fight.round == 2


async def test_a_server_timer_lengthens_the_phase(make_real_bot):
    bot = make_real_bot()
    async with simcord.run(bot) as env:
        from support.world import add_host
        guild, channel, alice = world(env, "alice")
        host = add_host(env, guild)
        await host.slash(channel, "settings timer", seconds=120)
        await start(alice, channel)
        await env.advance_time(100)
        assert session(bot).fight.round == 1
        await env.advance_time(25)
        assert session(bot).fight.round == 2


async def test_the_phase_closes_after_10_seconds_when_the_companions_model_is_absent(make_real_bot):
    bot = make_real_bot()  # no COMPANION_MODEL: a model pilot is not connected
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start(alice, channel, pilot="model")
        assert "Cindle (model, not connected): to act" in thread.last_message.content
        await alice.slash(thread, "tactics pass")
        await env.advance_time(9)
        assert session(bot).fight.round == 1 and not session(bot).fight.get("companion").done
        await env.advance_time(2)
        assert session(bot).fight.round == 2
        assert "Cindle passes: no model is connected." in thread.last_message.content
        await env.advance_time(12)
        assert session(bot).fight.round == 2, "while the hero is still to act, the phase keeps its 30 s"


async def test_a_friend_accepts_and_pilots_the_companion_and_others_are_refused(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob", "carol") as (env, guild, channel, alice, bob, carol):
        _, thread = await start(alice, channel, pilot="friend", friend=bob)
        invite = thread.last_message
        assert bob.mention in invite.content and labels(invite)[:3] == ["Accept", "Decline", "Start with auto"]
        assert "not your game" in private_text(await carol.click(invite, label="Accept"))
        assert "only the friend" in private_text(await alice.click(invite, label="Accept"))
        assert "the fight starts when the friend accepts" in private_text(await alice.slash(thread, "tactics pass"))
        await env.advance_time(200)
        assert session(bot).invite, "no phase timer runs before the friend answers"
        await bob.click(invite, label="Accept")
        board = thread.last_message
        assert "pilots Cindle. The fight begins!" in board.content and "Cindle (a friend): to act" in board.content
        assert "Cindle's turns" in labels(board)
        refused = await bob.click(board, label=labels(board)[0])
        assert "Tidecaller is piloted by" in private_text(refused), "the friend pilots the companion only"
        fight = session(bot).fight
        to = tx.legal_moves(fight, "companion")[0]
        await bob.slash(thread, "tactics move", to=to)
        assert session(bot).fight.get("companion").pos == to and "Cindle moves to" in thread.last_message.content
        listed = await bob.click(thread.last_message, label="Cindle's turns")
        turns = last_private(listed)
        assert labels(turns)[0].startswith("1. ")
        shown = await bob.click(turns, label=labels(turns)[0])
        before = session(bot).fight
        await bob.click(last_private(shown), label="Send")
        assert session(bot).fight == tx.apply_planned(before, "companion", 0)
        assert "not your game" in private_text(await carol.slash(thread, "tactics pass"))
        await alice.slash(thread, "tactics pass")
        assert session(bot).fight.round == 2
        assert "Cindle (a friend): to act" in thread.last_message.content


async def test_a_friend_who_does_not_answer_leaves_the_companion_to_auto(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        _, thread = await start(alice, channel, pilot="friend", friend=bob)
        refused = await alice.slash(channel, "tactics campaign", pilot="friend", friend=alice)
        assert "You already have a Tactics game running" in private_text(refused)
        await env.advance_time(301)
        assert "did not answer" in "\n".join(thread_texts(thread))
        assert session(bot).pilot == "auto" and session(bot).fight.get("companion").done


async def test_the_daily_is_counted_once(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        day = env.now().date()
        thread = await open_game(alice, channel, "tactics daily", pilot="auto")
        assert "(daily)" in thread.last_message.content and f"daily-{day.isoformat()}" == session(bot).fight.encounter
        for _ in range(12):
            if "Next fight" in labels(thread.last_message):
                break
            await alice.click(thread.last_message, label="Pass (Tidecaller)")
        fight = session(bot).fight
        assert fight.result is not None and "Today's counted attempt." in thread.last_message.content
        record = load_progress(bot.db, alice.id, "tactics", tx.TacticsProgress)
        assert record.dailies == {day.isoformat(): fight.result}
        listed = await alice.slash(channel, "daily")
        assert "Tactics" in listed.response.content and "your counted attempt" in listed.response.content
        xp = record.xp
        await alice.click(thread.last_message, label="Retry")
        thread = channel.threads[-1]
        assert "(daily, practice)" in thread.last_message.content
        for _ in range(12):
            if "Next fight" in labels(thread.last_message):
                break
            await alice.click(thread.last_message, label="Pass (Tidecaller)")
        assert "Practice: today's counted attempt was already played." in thread.last_message.content
        again = load_progress(bot.db, alice.id, "tactics", tx.TacticsProgress)
        assert again.dailies == record.dailies, "the counted attempt stays the first one"
        assert again.xp - xp == tx.xp_for(session(bot, 2).fight.result, tx.daily_encounter(day), first_win=False)
        rows = list(bot.db["daily_results"].rows_where("user_id = ? and kind = 'tactics'", [alice.id]))
        assert len(rows) == 1


async def test_xp_is_stored_and_the_next_fight_uses_the_players_level(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        save_progress(bot.db, alice.id, "tactics", tx.TacticsProgress(xp=296, won=["c01"]), env.now())
        _, thread = await start(alice, channel, encounter="c02")
        assert "duo level 1" in thread.last_message.content and session(bot).fight.get("hero").level == 1
        await send_turn(alice, thread.last_message, 1)  # the hero fights in it: its first win pays in full
        for _ in range(12):
            if "Next fight" in labels(thread.last_message):
                break
            await alice.click(thread.last_message, label="Pass (Tidecaller)")
        record = load_progress(bot.db, alice.id, "tactics", tx.TacticsProgress)
        assert record.xp == 296 + tx.xp_for(session(bot).fight.result, tx.encounter("c02"), first_win=True)
        assert record.level == tx.level_for_xp(record.xp) >= 2
        assert "Level up: 1 → " in "\n".join(thread_texts(thread)), "the level-up is said"
        await alice.click(thread.last_message, label="Retry")
        thread = channel.threads[-1]
        fight = session(bot, 2).fight
        assert fight.result is None and fight.get("hero").level == record.level
        assert f"duo level {record.level}" in thread.last_message.content


async def test_locked_campaign_fights_are_refused_with_the_rule_that_opens_them(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        refused = await alice.slash(channel, "tactics campaign", encounter="c05")
        assert "Fight 5, Bramble Watch is locked: win fight 4, Out of the Hollow first." in private_text(refused)
        replay = await alice.slash(channel, "tactics fight", encounter="c01")
        assert "once you have won it" in private_text(replay)
        listed = await alice.autocomplete(channel, "tactics campaign", "encounter", "")
        assert [c["value"] for c in listed] == ["c01"] and "recommended level 1" in listed[0]["name"]
        alone = await alice.slash(channel, "tactics campaign", pilot="friend")
        assert "pilot:friend needs friend:" in private_text(alone)
        mirror = await alice.slash(channel, "tactics campaign", friend=alice)
        assert "ask another member" in private_text(mirror)
        assert not channel.threads


async def test_a_friend_who_declines_or_lets_it_lapse_is_free_to_start_their_own_fight(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob", "dave", "erin") as (env, guild, channel, alice, bob, dave, erin):
        await alice.slash(channel, "tactics campaign", pilot="friend", friend=bob, companion="Cindle")
        await bob.click(channel.threads[-1].last_message, label="Decline")
        assert any("declined" in text for text in thread_texts(channel.threads[-1]))
        await bob.slash(channel, "tactics campaign")
        assert len(channel.threads) == 2, "a friend who declined holds no slot: bob's own fight opened"
        await dave.slash(channel, "tactics campaign", pilot="friend", friend=erin, companion="Mossle")
        invited = channel.threads[-1]
        await env.advance_time(301)  # erin never answers
        assert any("did not answer" in text for text in thread_texts(invited))
        await erin.slash(channel, "tactics campaign")
        assert len(channel.threads) == 4, "a lapsed invitation holds no slot either"
        listed = private_text(await erin.slash(channel, "games"))
        assert listed.count("Tactics") == 1, listed
