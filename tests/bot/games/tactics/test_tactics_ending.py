"""What decided a fight names what ended it: on a win the blow that downed the last stray, the hit that
broke a routing pack, the step onto the exit or the hold's last round, and who did it; on a loss the hit
that downed the last of the duo. Real campaign fights with fixed seeds, played by the planner; what ended
each is read from every event the fight played, apart from the moments the recap keeps."""
from __future__ import annotations

import pytest

import engine.tactics as tx
from bot.games.tactics.session import TacticsSession
from bot.games.tactics.text import closing_lines, decided_lines
from engine.tactics.model import events as ev

BREAK = (3, 10)   # the rules file: a routing pack breaks under 30% of its starting HP


def played(encounter: str, seed: int = 1) -> tuple[tx.FightState, list]:
    """The fight autoplay plays (the planner's first turn each time), with every event it played."""
    state = tx.new_fight(encounter, seed, level=tx.expected_level(encounter))
    events: list = []
    while not state.result:
        for fid in ("hero", "companion"):
            if state.result or state.phase != "duo" or state.get(fid).done or not state.get(fid).standing:
                continue
            turns = tx.plan_turns(state, fid, limit=1)
            result = tx.play_turn(state, fid, turns[0].steps if turns else [tx.EndStep()])
            state = result.state
            events += [(state.round if isinstance(e, ev.PhaseOpened) else None, e) for e in result.events]
    return state, events


def rounds(events: list) -> list[tuple[int, object]]:
    """Each event with the round it happened in."""
    out, now = [], 1
    for opened, e in events:
        now = opened or now
        out.append((now, e))
    return out


def names(fight: tx.FightState, fid: str | None) -> str:
    return fight.get(fid or "").name


def decided(fight: tx.FightState) -> str:
    line = decided_lines(fight)[0]
    assert line.startswith("What decided it: round ")
    return line


def test_a_win_by_the_last_blow_names_it_and_who_struck_it():
    fight, events = played("c04")
    assert fight.outcome is not None and fight.outcome.reason == "all_strays_down"
    when, last = [(r, e) for r, e in rounds(events)
                  if isinstance(e, ev.Hit) and e.downed and e.target.startswith("s")][-1]
    assert last.src in ("hero", "companion")
    assert decided(fight) == (f"What decided it: round {when}: {names(fight, last.target)}, the last stray "
                              f"standing, went down to {names(fight, last.src)}'s {last.skill}.")
    assert decided(fight) == ("What decided it: round 4: Tussle, the last stray standing, went down to "
                              "Tidecaller's Chain Spark.")


def test_a_last_blow_that_was_a_splat_names_the_push_that_caused_it():
    fight, events = played("c02")
    assert fight.outcome is not None and fight.outcome.reason == "all_strays_down"
    when, last = [(r, e) for r, e in rounds(events)
                  if isinstance(e, ev.Hit) and e.downed and e.target.startswith("s")][-1]
    assert last.cause == "splat", "c02 seed 1 ends on a stray splatted by a pull"
    assert decided(fight) == (f"What decided it: round {when}: {names(fight, last.target)}, the last stray standing, "
                              f"went down to a splat from {names(fight, last.src)}'s {last.skill}.")


def test_a_win_by_breaking_the_pack_names_the_hit_that_broke_it_not_the_biggest_hit():
    fight, events = played("c01")
    assert fight.outcome is not None and fight.outcome.reason == "rout"
    start = fight.start_hp["strays"]
    hp = {f.id: f.max_hp for f in fight.side("strays")}
    breaking = None
    for when, e in rounds(events):
        if isinstance(e, ev.Hit) and e.target in hp:
            before = sum(hp.values())
            hp[e.target] = e.hp
            if sum(hp.values()) * BREAK[1] < start * BREAK[0] <= before * BREAK[1]:
                breaking = (when, e)
    assert breaking is not None
    when, hit = breaking
    biggest = max((e for _, e in rounds(events) if isinstance(e, ev.Hit) and e.target in hp), key=lambda e: e.lost)
    assert biggest != hit, "c01 seed 1: the pack breaks on a small hit after a bigger one"
    line = decided(fight)
    assert line == (f"What decided it: round {when}: {names(fight, hit.src)}'s {hit.skill} took {hit.lost} HP off "
                    f"{names(fight, hit.target)} and broke the pack (the pack's HP, all its strays together, fell "
                    "under 30% of its start), so the strays ran.")
    assert line.startswith("What decided it: round 3: Mossle's Vine Lash took 2 HP off Skreel")


def test_a_break_out_names_who_stepped_onto_the_exit_last():
    fight, events = played("c13")
    assert fight.outcome is not None and fight.outcome.reason == "broke_out"
    standing = {f.id: f.pos for f in fight.standing("duo")}
    when, arrival = [(r, e) for r, e in rounds(events)
                     if isinstance(e, ev.Moved) and standing.get(e.who) == e.to][-1]
    others = [f for f in standing if f != arrival.who]
    assert decided(fight) == (f"What decided it: round {when}: {names(fight, arrival.who)} stepped onto the exit at "
                              f"{arrival.to}, " + ("the last of the duo to reach one." if others else
                                                   "the only one of the duo still standing."))


def test_a_hold_names_who_stood_to_the_end_of_its_last_round():
    fight, _ = played("c05")
    assert fight.outcome is not None and fight.outcome.reason == "held" and fight.hold_round == 5
    hero, companion = fight.get("hero"), fight.get("companion")
    assert hero.standing and not companion.standing
    assert decided(fight) == (f"What decided it: round 5: Tidecaller was still standing when the round ended, "
                              f"with {hero.hp}/{hero.max_hp} HP (Mossle was down).")


@pytest.mark.parametrize("encounter", ["c08", "c10"])
def test_a_loss_names_the_hit_that_downed_the_last_of_the_duo(encounter):
    fight, events = played(encounter)
    assert fight.result == "lost" and fight.outcome is not None and fight.outcome.reason == "duo_down"
    when, last = [(r, e) for r, e in rounds(events) if isinstance(e, ev.Hit) and e.downed
                  and e.target in ("hero", "companion")][-1]
    assert decided(fight) == (f"What decided it: round {when}: {names(fight, last.target)}, the last of the duo "
                              f"standing, went down to {names(fight, last.src)}'s {last.skill}.")


def test_the_moments_on_the_way_follow_and_never_repeat_the_ending():
    fight, _ = played("c01")
    state = TacticsSession(fight=fight, mode="campaign", player=1, pilot="auto", key="k")
    reward = tx.FightReward(xp=305, first_win=True, level_before=1, level_after=2,
                            why=tx.xp_reason("won", tx.encounter("c01"), True))
    lines = closing_lines(state, reward, tx.TacticsProgress(xp=305, won=["c01"]))
    at = next(i for i, line in enumerate(lines) if line.startswith("What decided it: "))
    assert lines[at + 1].startswith("On the way: round ")
    assert "Vine Lash took 2 HP off Skreel" not in lines[at + 1]
    assert lines[at + 1].count("round ") == len([m for m in tx.deciding_moments(fight)
                                                   if not (m.round, m.who, m.by) == (3, "s3", "companion")])


def test_a_fight_saved_before_endings_were_kept_still_says_what_it_can():
    fight, _ = played("c04")
    # Saved before: downs kept without the skill or the hit's cause.
    old = fight.model_copy(update={"moments": [
        tx.Moment(kind=m.kind, round=m.round, who=m.who, by=m.by, amount=m.amount, reason=m.reason,
                  skill=None if m.kind == "down" else m.skill) for m in fight.moments]})
    assert decided(old) == "What decided it: round 4: Tussle, the last stray standing, went down to Tidecaller."
    assert decided_lines(fight.model_copy(update={"moments": []})) == []
