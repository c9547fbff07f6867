"""Which sizes of the pictures' font a process has open: asked of a worker (forked with them open, or
not), and recorded while every kind of picture is drawn in each language (in a fresh process, so no
picture drawn earlier hides a size)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from bot.render.common import font

ROOT = Path(__file__).resolve().parents[2]


def sizes_open(sizes: Iterable[int]) -> list[int]:
    """Those of `sizes` this process had the font open at (asking opens the others)."""
    found = []
    for size in sizes:
        before = font.cache_info().hits
        font(size)
        if font.cache_info().hits > before:
            found.append(size)
    return found


DRAW_EVERY_PICTURE = """
import json
from PIL import ImageFont
opened = set()
truetype = ImageFont.truetype
def noted(*args, **kwargs):
    opened.add(kwargs["size"])
    return truetype(*args, **kwargs)
ImageFont.truetype = noted

import engine.bowls as bowls, engine.formation as fm, engine.summon as sm, engine.tactics as tx
from bot.games.bowls.render import render_board as bowls_picture
from bot.games.formation.render import render_brief, render_replay
from bot.games.summon import render as summon_render, render_cards
from bot.games.summon.replay import render_battle
from bot.games.tactics.recap import lines_of, render_recap
from bot.games.tactics.render import render_board as tactics_picture
from bot.render.profile import render_profile
from bot.words import read_in

def every_picture():
    bowls_picture(bowls.new_puzzle(3))
    lesson = fm.shipped_puzzles()[3]
    formation = dict(fm.solve(lesson).example)
    render_brief(lesson, formation)
    render_replay(fm.battle(lesson, formation), lesson)
    st = sm.new_game(7, sm.auto_deck(1), sm.auto_deck(2))
    while st.phase != "over" and not st.battles:
        st = sm.apply(st, sm.ai_action(st))
    seats = (summon_render.Seat("Ann", True, True), summon_render.Seat("ゆうき", False, False))
    summon_render.render_table(sm.view_for(st, None), seats, "Summon", None)
    render_battle(st.battles[0], ("Ann", "ゆうき"))
    p = st.players[0]
    render_cards.render_hand_view(list(p.hand), p.board, p.ox, p.oy, {}, "Your board and hand")
    fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
    turns = tx.plan_turns(fight, "hero")
    fight = tx.apply_turn(fight, "hero", [s.model_dump(exclude_none=True) for s in turns[0].steps])
    tactics_picture(fight)
    render_recap("Round 1", lines_of(fight))
    render_profile("ゆうき", 3, 120, 100, 200, [("Bowls", ["Puzzles solved: 4"])])

for language in ("en", "ja"):
    read_in(language, every_picture)
print(json.dumps(sorted(opened)))
"""


def sizes_drawn() -> list[int]:
    """Every size of the font that drawing each kind of picture (every game's, the profile card) in English
    and in Japanese opens, in a fresh process."""
    return in_a_fresh_process(DRAW_EVERY_PICTURE)


def in_a_fresh_process(script: str, *args: str) -> list[int]:
    """What `script` prints last (JSON), run by a new interpreter importing this checkout first."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
