"""The logged battle's JSON pinned byte for byte: digests of a seeded sample of random battles.

The golden file holds, per ground, the sha256 of the JSON of every logged battle in the sample
(`model_dump_json()`, what a saved result holds), of the same battles without their log, and of the
solver's core (`core.fight`) on the same boards. A speed-up of the core must leave all three as they
are; after a deliberate rule change, `pytest --update-golden` rewrites the file (and the golden battle
log beside it shows what changed).
"""
from __future__ import annotations

import hashlib
import random
from pathlib import Path

from support.golden import assert_golden_json

from engine.formation import GROUNDS, NAMES, SLOTS, core, simulate

GOLDEN = Path(__file__).with_name("golden_formation_log_digest.json")
SAMPLE = 2_000


def digests() -> dict[str, dict[str, str]]:
    rng = random.Random(20_000)
    sums = {g: [hashlib.sha256() for _ in range(3)] for g in GROUNDS}
    for _ in range(SAMPLE):
        names = list(NAMES)
        rng.shuffle(names)
        a = dict(zip(SLOTS, names[:5]))
        rng.shuffle(names)
        b = dict(zip(SLOTS, names[:5]))
        ground = rng.choice(GROUNDS)
        limit = rng.choice([None, None, None, 1, 3, 8, 13, 20])
        logged, unlogged, fought = sums[ground]
        logged.update(simulate(a, b, ground, limit).model_dump_json().encode())
        unlogged.update(simulate(a, b, ground, limit, with_log=False).model_dump_json().encode())
        ids = tuple(core.ID[n] for n in (*a.values(), *b.values()))
        fought.update(repr(core.fight(ids, limit or (8 if ground == "short_expedition" else 12),
                                      core.GROUND_CODE[ground])).encode())
    return {g: {"logged": s[0].hexdigest(), "unlogged": s[1].hexdigest(), "core_fight": s[2].hexdigest()}
            for g, s in sums.items()}


def test_logged_battle_json_is_unchanged_on_a_seeded_sample():
    assert_golden_json(GOLDEN, digests())
