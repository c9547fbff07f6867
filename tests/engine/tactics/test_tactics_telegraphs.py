"""Telegraphs: area ones hit their locked tiles and turn with pushes; targeted ones follow; roots fizzle."""
from engine.tactics import EndStep, MoveStep, SkillStep, apply_turn, play_turn
from engine.tactics.model.events import Hit, TelegraphFired, TelegraphFizzled
from engine.tactics.model.state import Telegraph
from engine.tactics.rules.fight import Fight
from engine.tactics.rules.scenario import scenario
from engine.tactics.rules.strays import fire_telegraph, stray_turn


def end_both(s):
    return both_end(s).state


def both_end(s):
    """Both duo members end; what the strays' phase after it played."""
    return play_turn(apply_turn(s, "hero", [EndStep()]), "companion", [EndStep()])


def test_area_telegraph_hits_the_locked_tiles_so_step_out():
    # Gloomcap at E5 locks Spore Cone west: D4-D6 and C3-C7. Hero at C5 is hit (7) unless it steps out.
    base = scenario([], [("hero", "Tidecaller", "C5"), ("companion", "Mossle", "A9"), ("s1", "Gloomcap", "E5")])
    fight = Fight(base)
    from engine.tactics.model.content import kit
    from engine.tactics.rules.strays import lock
    lock(fight, base.get("s1"), kit("Gloomcap")["Spore Cone"], {"heading": (-1, 0)})
    assert set(base.telegraphs[0].tiles) == {"D4", "D5", "D6", "C3", "C4", "C5", "C6", "C7"}
    stayed = both_end(base)
    assert any(isinstance(e, TelegraphFired) and e.skill == "Spore Cone" for e in stayed.strays_phase)
    assert stayed.state.get("hero").hp <= 30 - 7
    moved = apply_turn(base, "hero", [MoveStep(to="A5"), EndStep()])
    moved_on = play_turn(moved, "companion", [EndStep()])
    assert not any(isinstance(e, Hit) and (e.target, e.lost) == ("hero", 7) for e in moved_on.strays_phase)


def test_pushed_stray_turns_its_heading_with_it():
    # Gloomcap at E5 aims its cone west at C5 (aim point). Shoved north to E4, its heading turns
    # toward the locked aim C5: from E4, C5 is (-2, +1), nearer south-west (18 degrees) than west (27),
    # so the cone now opens south-west from E4: D4 E5 D5 on the first ring, C4 C5 C6 D6 E6 on the second.
    s = scenario([], [("hero", "Tidecaller", "F5"), ("companion", "Mossle", "A9"), ("s1", "Gloomcap", "E5")])
    fight = Fight(s)
    from engine.tactics.model.content import kit
    from engine.tactics.rules.strays import lock
    lock(fight, s.get("s1"), kit("Gloomcap")["Spore Cone"], {"heading": (-1, 0)})
    assert s.telegraphs[0].aim == "C5"
    after = apply_turn(s, "hero", [SkillStep(skill="Shove", at="E5", toward="N")])
    tg = after.telegraphs[0]
    assert after.get("s1").pos == "E4"
    assert tg.heading == (-1, 1)
    assert set(tg.tiles) == {"D4", "E5", "D5", "C4", "C5", "C6", "D6", "E6"}
    # Pushed south-west onto the aim's row and past: heading re-aims (from D6 to C5 is north-west).
    s2 = scenario([], [("hero", "Tidecaller", "F4"), ("companion", "Mossle", "A9"), ("s1", "Gloomcap", "E5")])
    fight2 = Fight(s2)
    lock(fight2, s2.get("s1"), kit("Gloomcap")["Spore Cone"], {"heading": (-1, 0)})
    after2 = apply_turn(s2, "hero", [SkillStep(skill="Shove", at="E5", toward="SW")])
    assert after2.get("s1").pos == "D6" and after2.telegraphs[0].heading == (-1, -1)


def test_targeted_telegraph_follows_and_provokes_on_the_way():
    # Driplet at E5 spits at the hero (range 4). The hero walks to A1, 4 columns and 4 rows away: still in
    # range, hit. Move further: the Driplet walks to the nearest spot in range and leaves the
    # companion's reach on the way, taking its held opportunity attack (5).
    s = scenario([], [("hero", "Tidecaller", "H5"), ("companion", "Mossle", "F5"), ("s1", "Driplet", "E5")],
                 phase="strays", round_=3)
    s.get("companion").held = "opportunity_attack"
    s.get("hero").pos = "J5"
    fight = Fight(s)
    fire_telegraph(fight, Telegraph(stray="s1", skill="Spit", shape="single", target="hero", tiles=["J5"]))
    d = s.get("s1")
    assert d.pos != "E5" and abs(ord(d.pos[0]) - ord("J")) <= 4
    assert s.get("hero").hp == 30 - 5 and s.get("hero").has("soaked")
    # It walked east past F5 only if that left the companion's reach; either way at most one attack.
    assert d.hp in (14, 9)


def test_follow_provokes_opportunity_attack():
    # Corridor: the Driplet at C2 must walk west past the companion at B1 region... make it leave reach.
    s = scenario(["...", "...", "..."], [("hero", "Tidecaller", "J2"), ("companion", "Mossle", "B2"),
                                           ("s1", "Driplet", "C2")], phase="strays", round_=3)
    s.get("companion").held = "opportunity_attack"
    fight = Fight(s)
    fire_telegraph(fight, Telegraph(stray="s1", skill="Spit", shape="single", target="hero", tiles=["J2"]))
    assert s.get("s1").hp == 14 - 5 and s.get("hero").hp == 25


def test_rooted_stray_fizzles_if_you_moved_away():
    # Ranger roots the Driplet (Pinning Shot), then walks out of its Spit range: the spit fizzles.
    s = scenario([], [("hero", "Ranger", "D5"), ("companion", "Mossle", "A9"), ("s1", "Driplet", "H5")])
    s.telegraphs = [Telegraph(stray="s1", skill="Spit", shape="single", target="hero", tiles=["D5"])]
    after = apply_turn(s, "hero", [SkillStep(skill="Pinning Shot", at="H5"), MoveStep(to="A5"), EndStep()])
    played = play_turn(after, "companion", [EndStep()])
    fizzled = [(e.skill, e.reason) for e in played.strays_phase if isinstance(e, TelegraphFizzled)]
    assert ("Spit", "rooted") in fizzled
    assert played.state.get("hero").hp == 28
    # Not rooted: it follows and hits.
    s2 = s.model_copy(deep=True)
    after2 = apply_turn(s2, "hero", [MoveStep(to="A5"), EndStep()])
    after2 = apply_turn(after2, "companion", [EndStep()])
    assert after2.get("hero").hp < 28


def test_downed_stray_telegraph_is_gone():
    s = scenario([], [("hero", "Ranger", "D5"), ("companion", "Mossle", "A9"), ("s1", "Driplet", "H5")])
    s.get("s1").hp = 5
    s.telegraphs = [Telegraph(stray="s1", skill="Spit", shape="single", target="hero", tiles=["D5"])]
    after = apply_turn(s, "hero", [SkillStep(skill="Pinning Shot", at="H5")])
    assert after.telegraphs == [] and after.result == "won"


def test_strays_lock_a_telegraph_each_phase_deterministically():
    s = scenario([], [("hero", "Tidecaller", "B5"), ("companion", "Mossle", "B7"), ("s1", "Tussle", "H5"),
                      ("s2", "Skreel", "H7")], phase="strays", round_=2)
    a, b = s.model_copy(deep=True), s.model_copy(deep=True)
    for st in (a, b):
        fight = Fight(st)
        for f in st.side("strays"):
            stray_turn(fight, f)
    assert a.model_dump() == b.model_dump()
    assert len(a.telegraphs) == 2 and {t.stray for t in a.telegraphs} == {"s1", "s2"}


def test_rooted_stray_cannot_charge():
    # Skreel's Dive is a dash: rooted, it fizzles; free, it hits the hero on the line for 7 and lands beyond.
    for rooted, hp in ((True, 30), (False, 23)):
        s = scenario([], [("hero", "Tidecaller", "C5"), ("companion", "Mossle", "A9"), ("s1", "Skreel", "E5")],
                     phase="strays", round_=3)
        fight = Fight(s)
        if rooted:
            fight.add_status(s.get("companion"), s.get("s1"), "rooted")
        fire_telegraph(fight, Telegraph(stray="s1", skill="Dive", shape="dash", heading=(-1, 0), aim="A5",
                                        tiles=["D5", "C5", "B5", "A5"]))
        assert s.get("hero").hp == hp
        assert s.get("s1").pos == ("E5" if rooted else "A5")
