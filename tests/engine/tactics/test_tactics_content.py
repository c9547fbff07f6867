"""Content: the 14 fighters and their kits as data, the encounters, the board cut and its checks."""
from datetime import date
from pathlib import Path

import pytest

from engine.tactics import campaign, daily_encounter, fighters, kit, new_fight
from engine.tactics.model.board import Board, H, W, check_layout, cut_board, dist, parse_tile
from engine.tactics.model.content import common_skills

SEED_MOVES = {"Tidecaller": 5, "Cindle": 6, "Penitent": 5, "Driplet": 5, "Gloomcap": 4, "Sellsword": 4,
              "Mossle": 4, "Nookle": 6, "Pebbling": 4, "Ranger": 5, "Skreel": 6, "Stripple": 4,
              "Thornhorn": 4, "Tussle": 4}


def test_fourteen_fighters_with_the_seed_movement():
    assert {n: f.move for n, f in fighters().items()} == SEED_MOVES


def test_roles_from_the_rules_file():
    by_side = {}
    for f in fighters().values():
        by_side.setdefault(f.side, set()).add(f.name)
    assert by_side["hero"] == {"Tidecaller", "Penitent", "Sellsword", "Ranger"}
    assert by_side["companion"] == {"Cindle", "Nookle", "Mossle", "Pebbling"}
    assert by_side["stray"] == {"Driplet", "Gloomcap", "Skreel", "Stripple", "Thornhorn", "Tussle"}
    assert [n for n, f in fighters().items() if "flowing_guard" in f.reactions] == ["Penitent"]
    assert {n: s.slot for n, s in kit("Sellsword").items()}["Shield Bash"] == "bonus"
    assert "Sod Kick" in kit("Pebbling") and "Nook Slip" in kit("Nookle")
    assert [s.name for s in common_skills()] == ["Shove"] and "Shove" in kit("Mossle") and "Shove" in kit("Tussle")


def test_duo_kits_reach_every_modifier_push_status_surface_and_cash_in():
    duo = [s for f in fighters().values() if f.side != "stray" for s in kit(f.name).values()]
    dmg = [s for s in duo if s.damage]
    assert any(s.ranged for s in dmg), "high ground needs a ranged hit"
    assert any(s.delivery == "melee" for s in dmg), "flank and prone need melee"
    assert any(s.element == "lightning" for s in dmg)
    assert any(s.delivery == "shot" for s in dmg), "cover needs shots"
    assert any(s.name == "Shove" for s in duo)
    assert any(s.push_choice and s.push >= 2 for s in duo), "far pushes in a chosen direction"
    assert any(s.push > 0 and not s.push_choice for s in duo), "straight pushes"
    assert any(s.push < 0 for s in duo), "pulls"
    statuses = {st for s in duo for st in s.statuses}
    assert statuses >= {"soaked", "prone", "rooted"}
    assert any(s.surface == "moss" for s in duo)
    assert any(s.element == "fire" for s in dmg)
    assert {s.shape for s in duo} >= {"move", "leap"}, "dashes and leaps"


def test_strays_have_two_or_three_shaped_attacks_and_a_bonus():
    shapes = set()
    for f in fighters().values():
        if f.side == "stray":
            attacks = [s for s in f.skills if s.slot == "action"]
            assert 2 <= len(attacks) <= 3 and len({s.shape for s in attacks}) == len(attacks)
            shapes |= {s.shape for s in attacks}
    assert shapes == {"single", "cone", "line", "burst", "dash"}


def test_campaign_has_twelve_fights_over_three_goals_growing_harder():
    camp = campaign()
    assert len(camp) >= 12 and {e.goal for e in camp} == {"rout", "hold", "break_out"}
    hp = [sum(fighters()[n].hp for n in e.pack) for e in camp]
    assert hp[-1] > 2 * hp[0] and [e.level for e in camp] == sorted(e.level for e in camp)
    assert len({e.id for e in camp}) == len(camp)


def test_daily_encounter_is_fixed_by_the_date():
    a, b = daily_encounter(date(2026, 11, 29)), daily_encounter(date(2026, 11, 29))
    assert a == b and a.id == "daily-2026-11-29"
    assert len({daily_encounter(date(2026, 1, d)).model_dump_json() for d in range(1, 11)}) == 10
    s = new_fight("daily-2026-11-29", 3)
    assert s.encounter == "daily-2026-11-29"


@pytest.mark.parametrize("enc", [e.id for e in campaign()])
def test_every_campaign_board_passes_the_checks(enc):
    e = next(x for x in campaign() if x.id == enc)
    layout = cut_board(e.region_seed, len(e.pack), exits=e.goal == "break_out")
    b = layout.board
    assert len(b.terrain) == H and all(len(r) == W for r in b.terrain) and len(b.levels) == H
    assert check_layout(b, layout.duo, layout.strays, need_exits=e.goal == "break_out") is None
    assert all(x == 0 for x, _ in layout.duo) and min(dist(a, c) for a in layout.duo for c in layout.strays) == 6
    assert (e.goal == "break_out") == bool(b.exits())


def test_layout_check_says_why():
    open_rows = ["." * W] * H
    b = Board(terrain=list(open_rows), levels=["0" * W] * H)
    assert check_layout(b, [(0, 4), (0, 5)], [(6, 4)]) is None
    assert "not 5" in check_layout(b, [(0, 4), (0, 5)], [(5, 4)])
    wet = Board(terrain=["." * W] * 4 + ["w" + "." * (W - 1)] + ["." * W] * 4, levels=["0" * W] * H)
    assert "not standable" in check_layout(wet, [(0, 4), (0, 5)], [(6, 4)])
    walled = Board(terrain=["...#" + "." * (W - 4)] * H, levels=["0" * W] * H)
    assert "no path" in check_layout(walled, [(0, 4), (0, 5)], [(6, 4)])


def test_tiles_parse():
    assert parse_tile("A1") == (0, 0) and parse_tile("M9") == (12, 8) and parse_tile("e5") == (4, 4)
    assert parse_tile("N1") is None and parse_tile("A10") is None and parse_tile("A0") is None


def test_readme_table_matches_the_data():
    from engine.tactics.readme import render_readme
    text = (Path(__file__).resolve().parents[3] / "engine" / "tactics" / "README.md").read_text()
    assert text == render_readme(), "README.md is stale: python -m engine.tactics.readme > engine/tactics/README.md"
    for f in fighters().values():
        row = next(line for line in text.splitlines() if line.startswith(f"| {f.name} |"))
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[2] == str(f.hp) and cells[3] == str(f.move), row
        for s in f.skills:
            assert s.name in row, (f.name, s.name)


def test_daily_boards_cut_for_every_day_of_two_months():
    from datetime import timedelta
    for i in range(60):
        e = daily_encounter(date(2027, 1, 1) + timedelta(days=i))
        layout = cut_board(e.region_seed, len(e.pack), exits=e.goal == "break_out")
        assert check_layout(layout.board, layout.duo, layout.strays, need_exits=e.goal == "break_out") is None
