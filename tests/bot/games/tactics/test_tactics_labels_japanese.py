"""A ready-made turn's button in Japanese says what the English planner's label says: its damage and what
it does besides (foes downed, where a push lands, statuses, shields and heals), from the turn's preview,
within a button's 80 characters with the board's "1. " before it, and with no English left."""
from __future__ import annotations

import json
from pathlib import Path

from support.reading import english_in

import engine.tactics as tx
from bot.games.tactics.steps_words import label
from bot.words import reading

ROOT = Path(__file__).resolve().parents[4]
JAPANESE = json.loads((ROOT / "engine" / "tactics" / "words" / "words.ja.json").read_text(encoding="utf-8"))
DUO = ("hero", "companion")


def planned_turns():
    """Every ready-made turn of both duo members over the first rounds of each campaign fight, each member
    playing its first one (so strays come low enough to be downed)."""
    for encounter in tx.campaign():
        fight = tx.new_fight(encounter.id, 5, "Tidecaller", "Cindle")
        for _ in range(4):
            for fid in DUO:
                if fight.result or not fight.get(fid).standing or fight.get(fid).done:
                    continue
                turns = tx.plan_turns(fight, fid)
                yield from turns
                fight = (tx.play_turn(fight, fid, turns[0].steps) if turns else tx.play_pass(fight, fid)).state
            if fight.result:
                break


def ja(name: str) -> str:
    return JAPANESE["fighters"][name]["name"]


def test_japanese_labels_carry_the_damage_downs_pushes_and_statuses_in_a_button():
    said = {"downs": 0, "push": 0, "status": 0, "shield": 0}
    turns = list(planned_turns())
    assert len(turns) > 100
    for turn in turns:
        with reading("ja"):
            shown = label(turn)
        assert len(f"6. {shown}") <= 80, shown
        assert english_in(shown, ()) == [], f"{shown} ({turn.label})"
        foes = [t for pv in turn.preview.skills for t in pv.targets if t.fighter not in DUO]
        dealt = sum(t.damage + t.push_damage for t in foes)
        if dealt:
            assert f"{dealt}ダメージ" in shown, f"{shown} ({turn.label})"
        downed = [t for t in foes if t.downs]
        if downed and f"{ja(downed[0].name)}を倒す" in shown:
            said["downs"] += 1
        if any(t.push_how for t in foes) and ("激突" in shown or "を水へ" in shown or "を浅瀬へ" in shown
                                              or "を深みへ" in shown or "へ押す" in shown or "へ引く" in shown):
            said["push"] += 1
        if any(s in shown for s in JAPANESE["statuses"].values()):
            said["status"] += 1
        if "にシールド" in shown or "回復" in shown:
            said["shield"] += 1
    assert all(said.values()), f"each kind of effect is said on some button: {said}"


def test_an_english_reader_keeps_the_planners_label():
    turn = next(planned_turns())
    with reading("en"):
        assert label(turn) == turn.label
