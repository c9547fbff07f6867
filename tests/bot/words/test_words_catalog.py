"""The catalogs: every English string the code hands to the translation layer has its Japanese, and every
Japanese entry is still used (by the code, a command's description, or the data it translates: the summon
pieces' names and tutorial lines). Placeholders match, and the Japanese rules page is the seed's."""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import simcord
from discord import app_commands
from support.command_words import command_descriptions, source
from support.words_scan import ROOT, source_strings

from bot.words import catalog

SUMMON = ROOT / "engine" / "summon"
# the commands whose descriptions are in Japanese
TRANSLATED_COMMANDS = ("help", "games", "profile", "settings", "daily", "summon", "bowls", "formation", "tactics")
SEED_TERMS = ("召喚", "召喚台", "凸", "凹", "フラット", "ユニットピース", "スペルピース", "召喚フェイズ",
              "バトルフェイズ", "パス", "降参", "戦意喪失")


def data_strings() -> set[str]:
    """English the bot translates from the engine's data rather than from its own code (summon's pieces and
    tutorial lines, bowls' puzzle intros, the tactics tutorial's lines and hints; formation's and tactics'
    names are their own files, words.ja.json)."""
    cards = json.loads((SUMMON / "catalog.json").read_text(encoding="utf-8"))["cards"]
    steps = json.loads((SUMMON / "tutorial.json").read_text(encoding="utf-8"))["steps"]
    intros = json.loads((ROOT / "engine" / "bowls" / "puzzles.json").read_text(encoding="utf-8"))
    lessons = json.loads((ROOT / "engine" / "tactics" / "tutorial.json").read_text(encoding="utf-8"))["steps"]
    return {c["name"] for c in cards} | {s["line"] for s in steps} | {p["intro"] for p in intros if p["intro"]} | \
        {s[key] for s in lessons for key in ("line", "hint")}


def japanese() -> dict[str, str]:
    book = catalog("ja")
    assert book is not None
    return {m.id: m.string for m in book if m.id}


def test_every_string_the_code_marks_has_its_japanese():
    missing = {text: where for text, where in source_strings().items() if not japanese().get(text)}
    assert missing == {}


def test_every_piece_name_and_tutorial_line_has_its_japanese():
    assert sorted(d for d in data_strings() if not japanese().get(d)) == []


async def test_every_japanese_entry_is_used_and_the_common_and_summon_commands_are_described(make_real_bot):
    async with simcord.run(make_real_bot()) as env:
        tree = env.bot.tree
        described = command_descriptions(tree)
        ours = set()
        for name in TRANSLATED_COMMANDS:
            command = tree.get_command(name)
            assert command is not None, name
            walk = command.walk_commands() if isinstance(command, app_commands.Group) else ()
            for c in (command, *walk):
                ours.add(str(c.description))
                if isinstance(c, app_commands.Command):
                    ours.update(source(p) for p in c.parameters)
                    ours.update(str(choice.name) for p in c.parameters for choice in p.choices)
    untranslated = {text for text in ours if text not in japanese() and text not in ("English", "日本語")}
    assert untranslated == set()
    used = set(source_strings()) | data_strings() | described
    assert sorted(set(japanese()) - used) == []


def test_each_translation_keeps_the_englishs_placeholders():
    fields = re.compile(r"\{(\w*)\}")
    wrong = {en: ja for en, ja in japanese().items() if set(fields.findall(ja)) - set(fields.findall(en))}
    assert wrong == {}


def test_summons_japanese_rules_are_the_seed_in_its_own_terms():
    rules = (ROOT / "bot" / "games" / "summon" / "rules.ja.txt").read_text(encoding="utf-8")
    page = (ROOT / "bot" / "games" / "summon" / "how_to_play.ja.md").read_text(encoding="utf-8")
    assert all(term in rules for term in SEED_TERMS)
    assert [t for t in SEED_TERMS if t not in page] == [], "the short page uses the seed's words too"
    assert len(page) <= 1900, "one Discord message"
    seeds = sorted((ROOT.parent.parent / "shared" / "seeds").glob("004_*.txt")) or \
        sorted((ROOT.parent / "shared" / "seeds").glob("004_*.txt"))
    if seeds:  # beside a clone (CI, a developer's tree): the shipped page is the seed, word for word
        assert rules == seeds[0].read_text(encoding="utf-8")
    rules_file = [p for p in (ROOT.parent / "shared" / "rules" / "summon.md",
                              ROOT.parent.parent / "shared" / "rules" / "summon.md") if Path(p).exists()]
    if rules_file:  # and our rules file reads the same seed in English, section by section
        english = rules_file[0].read_text(encoding="utf-8")
        for heading in ("### Summoning", "### The hand", "### Kinds of piece", "### Deck", "### Phases", "### Battle",
                        "### Life (hearts)", "### End of the game", "### The summoning board", "### Connections",
                        "### Attributes", "### Actions at any time", "### Summon-phase time limit"):
            assert heading in english


def _bold_left_open(text: str) -> bool:
    """Whether a `**…**` in `text` is closed where Markdown (CommonMark, as local play's page reads it)
    cannot close it: after punctuation and straight before a letter, as in "**危険：**野良" (Discord's own
    client is laxer, so the same words read bold there and with stray asterisks on the page)."""
    text = re.sub(r"\{[^{}]*\}", "名", text)  # a placeholder is filled with a name or a number
    marks = [m.start() for m in re.finditer(r"\*\*", text)]
    for end in marks[1::2]:
        before, after = text[end - 1:end], text[end + 2:end + 3]
        if before and unicodedata.category(before).startswith("P") and after and not after.isspace() \
                and not unicodedata.category(after).startswith(("P", "Z")):
            return True
    return False


def test_every_bold_phrase_in_japanese_closes_as_markdown_reads_it():
    assert _bold_left_open("**危険：**野良") and not _bold_left_open("**危険**：野良")
    assert [text for text in japanese().values() if _bold_left_open(text)] == []


def test_no_english_string_has_two_japanese_entries():
    """The catalog merges by union (two branches each add at its end): an entry added twice would leave
    which Japanese a player reads to the order of the file."""
    text = (ROOT / "bot" / "words" / "locales" / "ja" / "LC_MESSAGES" / "gamehall.po").read_text(encoding="utf-8")
    entries = re.findall(r'(?:^msgctxt "((?:[^"\\]|\\.)*)"\n)?^msgid "((?:[^"\\]|\\.)*)"\n(?!")', text, flags=re.M)
    twice = sorted({entry for entry in entries if entries.count(entry) > 1})
    assert twice == [], f"entries written twice: {twice}"
