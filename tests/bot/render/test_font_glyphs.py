"""Every picture draws member names and words with one font that has their glyphs: ゆうき, 김 or Ωmega
draw as letters, never as the font's missing-glyph box (its notdef glyph)."""
from __future__ import annotations

import ast
import io
from pathlib import Path

from PIL import Image, ImageFont

from bot.render.common import font
from bot.render.profile import render_profile

ROOT = Path(__file__).resolve().parents[3]
NAMES = ["ゆうき", "김민준", "Ωmega", "Ярослав", "Zoë", "召喚台", "ユニットピース", "凸凹フラット", "降参・戦意喪失"]
UNASSIGNED = "\u0378"  # no character at all: every font draws it with its notdef glyph


def notdef_mask(face: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> bytes:
    return bytes(face.getmask(UNASSIGNED))


def boxes_in(text: str, face: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> list[str]:
    box = notdef_mask(face)
    return [ch for ch in text if not ch.isspace() and bytes(face.getmask(ch)) == box]


def test_every_character_of_a_members_name_draws_as_a_glyph_not_the_missing_box():
    for size in (13, 17, 24, 30):
        assert [(name, boxes_in(name, font(size))) for name in NAMES if boxes_in(name, font(size))] == []


def test_the_check_catches_a_font_without_japanese():
    """Pillow's built-in font, which the pictures drew with before, draws ゆうき as three boxes."""
    assert boxes_in("ゆうき", ImageFont.load_default(size=24)) == list("ゆうき")


def test_a_profile_card_draws_a_japanese_name_unlike_a_row_of_missing_boxes():
    def name_strip(name: str) -> bytes:
        card = Image.open(io.BytesIO(render_profile(name, 3, 120, 100, 200, [])))
        return card.crop((30, 24, 300, 64)).tobytes()

    assert name_strip("ゆうき") != name_strip(UNASSIGNED * 3)
    assert name_strip("ゆうき") != name_strip("えりか")


def test_no_picture_opens_a_font_of_its_own():
    """bot/render/common.font is the one place a font is opened, so no picture falls back to one without
    Japanese glyphs."""
    offenders = []
    for path in (ROOT / "bot").rglob("*.py"):
        if path == ROOT / "bot" / "render" / "common.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and node.attr in {"load_default", "truetype", "load"} \
                    and isinstance(node.value, ast.Name) and node.value.id == "ImageFont":
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
