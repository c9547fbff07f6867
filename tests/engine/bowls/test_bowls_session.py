"""The bowls session API: legality, goals, win/loss, refills, endless events, daily, undo, forecast, JSON."""
import datetime as dt

import pytest

from engine.bowls import (
    BowlsGame,
    Goal,
    IllegalMoveError,
    describe,
    end_attempt,
    forecast,
    goal_text,
    legal_bowls,
    new_daily,
    new_endless,
    pause,
    render_text,
    resume,
    sow,
    undo,
)
from engine.bowls.game import DAILY_MOVES, EVENTS_AFTER


def puzzle(bowls: dict[int, str], goal: Goal, moves: int = 3, **flags) -> BowlsGame:
    b = [""] * 12
    for n, s in bowls.items():
        b[n - 1] = s
    return BowlsGame(mode="puzzle", puzzle_id=0, bowls=b, goal=goal, move_limit=moves, **flags)


def careful(game: BowlsGame) -> int:
    """A cautious player: the bowl whose player phase leaves the fullest bowl emptiest."""
    def risk(b):
        after = sow(game.model_copy(update={"mode": "puzzle", "move_limit": 99}), b)[0]
        return (max(len(s) for s in after.bowls), -after.score, b)
    return min(legal_bowls(game), key=risk)


def play_safe(game: BowlsGame, n: int) -> BowlsGame:
    for _ in range(n):
        game, _ = sow(game, careful(game))
        assert not game.over, "the cautious line should survive this long on the pinned seed"
    return game


# ---- legality ---------------------------------------------------------------------------------

def test_illegal_moves_say_why_and_change_nothing():
    g = puzzle({1: "R", 2: "GY", 5: "B"}, Goal(kind="clear_board"), frozen=[2])
    before = g.model_dump()
    for bowl, reason in ((3, "empty"), (2, "frozen"), (13, "range"), (0, "range")):
        with pytest.raises(IllegalMoveError) as e:
            sow(g, bowl)
        assert e.value.reason == reason and str(e.value)
        assert isinstance(e.value, ValueError)
    assert g.model_dump() == before
    assert legal_bowls(g) == [1, 5]


def test_sow_never_mutates_its_input():
    g = new_endless(3)
    before = g.model_dump_json()
    sow(g, legal_bowls(g)[0])
    assert g.model_dump_json() == before


def test_frozen_bowls_still_receive_stones():
    g = puzzle({1: "R", 2: "GY", 9: "B"}, Goal(kind="clear_board"), frozen=[2])
    g2, _ = sow(g, 1)
    assert g2.bowls[1] == "GYR"


# ---- goals ------------------------------------------------------------------------------------

@pytest.mark.parametrize("goal,bowls,won", [
    # clear red: bowl 2 "RR"+R clears the only reds.
    (Goal(kind="clear_color", color="R"), {1: "R", 2: "RR", 5: "G"}, True),
    (Goal(kind="clear_color", color="R"), {1: "R", 2: "RR", 5: "GR"}, False),
    # collect 3 red: exactly 3 reds matched. Wilds do not count: "RW"+R gives only 2 reds.
    (Goal(kind="collect", color="R", count=3), {1: "R", 2: "RR", 5: "G"}, True),
    (Goal(kind="collect", color="R", count=3), {1: "R", 2: "RW", 5: "G"}, False),
    # score 30: one match of three.
    (Goal(kind="score", points=30), {1: "R", 2: "RR", 5: "G"}, True),
    (Goal(kind="score", points=31), {1: "R", 2: "RR", 5: "G"}, False),
    # combo 2: "RG" into "RR" and "GG".
    (Goal(kind="combo", count=2), {1: "RG", 2: "RR", 3: "GG", 5: "B"}, True),
    (Goal(kind="combo", count=2), {1: "RG", 2: "RR", 3: "G", 5: "B"}, False),
    # at most N stones: 1 + 2 + 2 = 5 stones, the three reds go → 2 left (wilds/blockers would count).
    (Goal(kind="max_stones", count=2), {1: "R", 2: "RR", 5: "GB"}, True),
    (Goal(kind="max_stones", count=1), {1: "R", 2: "RR", 5: "GB"}, False),
    # clear the board: everything matches away.
    (Goal(kind="clear_board"), {1: "R", 2: "RR"}, True),
    (Goal(kind="clear_board"), {1: "R", 2: "RR", 7: "W"}, False),
])
def test_each_goal_kind_is_checked_after_the_move(goal, bowls, won):
    g, report = sow(puzzle(bowls, goal, moves=1), 1)
    assert g.won is won and report.goal_reached is won
    assert g.over  # one move allowed: won or out of moves
    assert g.outcome == ("won" if won else "out_of_moves")


def test_collect_adds_up_over_moves():
    # Move 1: bowl 1 → "RR"+R in bowl 2 (3 reds). Move 2: bowl 6 → "RR"+R in bowl 7 (3 more) = 6.
    g = puzzle({1: "R", 2: "RR", 6: "R", 7: "RR", 10: "G"}, Goal(kind="collect", color="R", count=6), moves=2)
    g, _ = sow(g, 1)
    assert not g.over and g.collected["R"] == 3 and "3/6" in goal_text(g)
    g, _ = sow(g, 6)
    assert g.won


def test_the_goal_can_be_reached_on_the_last_allowed_move():
    g = puzzle({1: "R", 2: "RR", 6: "B", 10: "G"}, Goal(kind="clear_color", color="R"), moves=2)
    g, _ = sow(g, 6)
    assert not g.over and g.moves_left == 1
    g, _ = sow(g, 1)
    assert g.won and g.moves_left == 0


def test_overflow_beats_a_goal_reached_in_the_same_move():
    # Bowl 1 "RY": bowl 2 "RR"+R clears red (the goal), but bowl 3 gets an 8th stone.
    g = puzzle({1: "RY", 2: "RR", 3: "GBPGBPY"}, Goal(kind="clear_color", color="R"))
    g, report = sow(g, 1)
    assert g.over and not g.won and g.outcome == "overflow" and g.score == 0
    assert not report.goal_reached and "8 or more" in describe(report)


def test_running_out_of_source_bowls_loses():
    # After sowing bowl 1, only the frozen bowl 3 holds stones.
    g = puzzle({1: "R", 3: "GY"}, Goal(kind="clear_board"), moves=5, frozen=[2, 3])
    g, _ = sow(g, 1)
    assert g.over and g.outcome == "no_moves" and legal_bowls(g) == []
    with pytest.raises(IllegalMoveError) as e:
        sow(g, 2)
    assert e.value.reason == "over"


def test_puzzles_have_no_refill():
    g = puzzle({1: "R", 5: "G", 9: "B"}, Goal(kind="clear_board"), moves=3)
    g2, report = sow(g, 1)
    assert report.refill is None and g2.stones == g.stones


def test_puzzle_undo_is_normal_assistance_and_no_practice_flag():
    g = puzzle({1: "R", 2: "RR", 5: "G"}, Goal(kind="score", points=100), moves=2)
    g2, _ = sow(g, 1)
    back = undo(g2)
    assert back.bowls == g.bowls and back.score == 0 and back.moves_used == 0 and not back.practice
    assert back.version > g2.version  # versions only rise, so a stale button is recognisable


# ---- endless ----------------------------------------------------------------------------------

def test_endless_start_has_36_ordinary_stones_three_a_bowl_and_nothing_ready():
    for seed in range(30):
        g = new_endless(seed)
        assert all(len(s) == 3 and set(s) <= set("RYGBP") and len(set(s)) > 1 for s in g.bowls)
        assert g.stones == 36


def test_endless_refill_puts_two_stones_into_two_different_bowls():
    g = new_endless(11)
    for _ in range(EVENTS_AFTER - 1):
        g2, report = sow(g, legal_bowls(g)[0])
        if g2.over:
            break
        bowls = [b for b, _ in report.refill.stones]
        assert len(bowls) == 2 and bowls[0] != bowls[1]
        assert report.refill.event is None  # no event before the ninth safe move
        g = g2


def test_endless_events_come_after_the_ninth_safe_move_and_modifiers_expire():
    kinds = set()
    for seed in range(40):
        g = new_endless(seed)
        for _ in range(40):
            if g.over:
                break
            g2, report = sow(g, careful(g))
            if report.refill is not None and report.refill.event:
                assert g.moves_used + 1 >= EVENTS_AFTER
                kinds.add(report.refill.event)
            assert all(1 <= mod.moves_left <= 3 for mod in g2.modifiers)
            g = g2
    assert kinds == {"wild", "blocker", "frozen", "reverse", "volcano"}


def test_endless_same_seed_same_game():
    def run(seed):
        g, out = new_endless(seed), []
        for _ in range(30):
            if g.over:
                break
            g, r = sow(g, legal_bowls(g)[len(out) % len(legal_bowls(g))])
            out.append((g.bowls, g.score, r.model_dump()))
        return out
    assert run(7) == run(7)
    assert run(7) != run(8)


def test_endless_pause_blocks_moves_until_resumed_and_end_attempt_finishes():
    g = pause(new_endless(2))
    assert legal_bowls(g) == []
    with pytest.raises(IllegalMoveError) as e:
        sow(g, 1)
    assert e.value.reason == "paused"
    g = resume(g)
    g, _ = sow(g, legal_bowls(g)[0])
    ended = end_attempt(g)
    assert ended.over and ended.outcome == "ended" and ended.score == g.score
    with pytest.raises(IllegalMoveError):
        undo(ended)


def test_a_refill_overflow_ends_the_attempt_but_keeps_the_players_points():
    # Bowl 1 "R" goes into bowl 2 "RR": the player phase scores 30. Bowls 4–12 hold 7 blockers
    # each (nothing can match there), so a refill stone landing in any of them makes 8: overflow.
    bowls = ["R", "RR", "YG"] + ["XXXXXXX"] * 9
    g = BowlsGame(mode="endless", bowls=bowls, rng_state=99)
    g2, report = sow(g, 1)
    assert report.player.points == 30 and not report.player.overflow
    assert any(b >= 4 for b, _ in report.refill.stones)
    assert report.refill.phase.overflow and report.refill.phase.points == 0
    assert g2.over and g2.outcome == "overflow" and g2.score == 30


def test_undo_restores_refill_score_and_modifiers_without_rerolling():
    g = play_safe(new_endless(5), 12)
    g1, r1 = sow(g, legal_bowls(g)[0])
    back = undo(g1)
    for field in ("bowls", "score", "moves_used", "modifiers", "rng_state", "collected"):
        assert getattr(back, field) == getattr(g, field)
    assert back.practice and not g.practice
    g1b, r1b = sow(back, legal_bowls(g)[0])
    assert r1b.refill == r1.refill and g1b.bowls == g1.bowls  # same random stream, same refill


# ---- daily ------------------------------------------------------------------------------------

def test_daily_is_seeded_by_the_utc_date():
    a, b = new_daily(dt.date(2026, 11, 29)), new_daily(dt.date(2026, 11, 29))
    c = new_daily(dt.date(2026, 11, 30))
    assert a == b and a.bowls != c.bowls
    assert a.stones == 36 and a.move_limit == DAILY_MOVES == 20


def test_daily_has_twenty_moves_no_events_and_no_refill_after_the_last():
    g = new_daily(dt.date(2026, 11, 29))
    for i in range(1, 21):
        g, r = sow(g, careful(g))
        assert g.outcome != "overflow"
        if i < 20:
            assert r.refill is not None and r.refill.event is None
        else:
            assert r.refill is None and g.over and g.outcome == "completed"
    assert g.day == dt.date(2026, 11, 29) and g.moves_left == 0


def test_daily_first_undo_makes_practice_and_a_new_attempt_does_not():
    g = new_daily(dt.date(2026, 11, 29))
    g, _ = sow(g, 1)
    g = undo(g)
    assert g.practice
    assert not new_daily(dt.date(2026, 11, 29)).practice


# ---- forecast, text, JSON ---------------------------------------------------------------------

def test_forecast_says_what_the_player_phase_would_do_and_changes_nothing():
    g = puzzle({1: "RG", 2: "RR", 3: "GG", 7: "B"}, Goal(kind="combo", count=2))
    f = forecast(g, 1)
    assert f.forecast and f.player.combo == 2 and f.player.points == 120 and f.goal_reached
    assert "would" in describe(f)
    real = sow(g, 1)[1]
    assert real.player == f.player


def test_describe_names_matches_eruptions_combo_and_points():
    g = puzzle({1: "RRR", 2: "RR", 3: "GYBGY", 5: "YY", 12: "P"}, Goal(kind="clear_board"), volcano=[3])
    _, report = sow(g, 1)
    text = describe(report)
    for words in ("bowl 2 matched red", "volcano 3 erupted", "bowl 5 matched yellow", "×2", "+120"):
        assert words in text


def test_render_text_lists_bowls_flags_and_goal():
    g = puzzle({1: "RG", 2: "RR"}, Goal(kind="collect", color="R", count=3), frozen=[4], volcano=[2])
    text = render_text(g)
    assert " 1: R G" in text and " 2: R R [volcano]" in text and " 4: - [frozen]" in text
    assert "Collect 3 red stones (0/3)" in text and "Moves left 3" in text


def test_json_round_trip_mid_game():
    g = play_safe(new_endless(21), 14)
    text = g.model_dump_json()
    back = BowlsGame.model_validate_json(text)
    assert back == g
    assert sow(back, legal_bowls(back)[0]) == sow(g, legal_bowls(g)[0])


def test_undo_reaches_back_fifty_moves_and_the_save_stays_small():
    from engine.bowls.game import HISTORY_LIMIT
    g = new_endless(2026)
    n = 0
    while not g.over and n < 70:
        g, _ = sow(g, careful(g))
        n += 1
    assert n > HISTORY_LIMIT, "the cautious line should survive past the history limit on this seed"
    assert len(g.history) == HISTORY_LIMIT
    for _ in range(HISTORY_LIMIT):
        g = undo(g)
    assert g.moves_used == n - HISTORY_LIMIT
    with pytest.raises(IllegalMoveError):
        undo(g)


def test_forecast_is_off_by_default_and_can_be_switched():
    from engine.bowls import new_puzzle, set_forecast
    for g in (new_puzzle(1), new_endless(1), new_daily(dt.date(2026, 1, 1))):
        assert g.forecast is False
    assert set_forecast(new_puzzle(1), True).forecast is True
