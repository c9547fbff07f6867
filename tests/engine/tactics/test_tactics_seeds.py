"""Seeds that change the fight: with vary_start the seed also draws the strays' start tiles,
deterministically and always passing the board's checks; without it a fight starts as it always did."""
from engine.rng import seed_from
from engine.tactics import autoplay, campaign, encounter, new_fight
from engine.tactics.model.board import check_layout, cut_board, vary_strays


def _layout(enc_id: str):
    enc = encounter(enc_id)
    return enc, cut_board(enc.region_seed, len(enc.pack), exits=enc.goal == "break_out")


def test_varied_start_tiles_are_deterministic_different_per_seed_and_pass_the_board_checks():
    for e in campaign():
        enc, layout = _layout(e.id)
        exits = enc.goal == "break_out"
        drawn = [tuple(vary_strays(layout, seed_from("tactics-start", enc.id, seed), exits)) for seed in range(8)]
        assert drawn == [tuple(vary_strays(layout, seed_from("tactics-start", enc.id, seed), exits))
                         for seed in range(8)]
        assert len(set(drawn)) >= 4, (e.id, drawn)
        for strays in drawn:
            assert check_layout(layout.board, layout.duo, list(strays), need_exits=exits) is None


def test_a_fight_without_vary_start_starts_as_before_and_with_it_the_seeds_are_different_fights():
    plain = [new_fight("c06", seed) for seed in range(3)]
    assert len({tuple(f.pos for f in s.side("strays")) for s in plain}) == 1
    varied = [new_fight("c06", seed, vary_start=True) for seed in range(6)]
    assert len({tuple(f.pos for f in s.side("strays")) for s in varied}) >= 4
    assert new_fight("c06", 4, vary_start=True) == new_fight("c06", 4, vary_start=True)
    # Auto plays them differently: not one fight six times.
    played = [[] for _ in range(4)]
    for seed, events in enumerate(played):
        autoplay("c06", seed, vary_start=True, events=events)
    assert len({repr(events) for events in played}) == 4
