"""The papers against the code: README.md and docs/ name only settings, commands, links and paths that
exist, and every setting and slash command the bot has is written down.

A reader trusts a page that a test reads: a setting renamed, a command added or a file moved fails here,
naming the page and what it says, instead of leaving a newcomer to find out.
"""
from __future__ import annotations

import asyncio
import re
import typing
from pathlib import Path

import pytest
import simcord
from discord import app_commands

from bot.local_open import open_command
from bot.settings import LOG_LEVELS, Settings

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
CONFIGURATION = DOCS / "configuration.md"
COMMANDS = DOCS / "commands.md"

# Variables the pages name that the bot does not read: the tests' and benchmarks' own.
OUTSIDE_SETTINGS = ("TEST_POSTGRES_URL", "BENCH_POSTGRES_URL", "GAMEHALL_ROOT", "UPDATE_GOLDEN",
                    "HYPOTHESIS_PROFILE", "SIMCORD_SETTLE_TIMEOUT")
RUN = "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[local]' && python -m bot"
TEST = "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest"

CODE = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
VARIABLE = re.compile(r"^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=.*)?$")
TOP = ("bot/", "engine/", "db/", "prompts/", "tools/", "tests/", "benchmarks/", "docs/", ".ci/")


def text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def spans(page: Path) -> list[str]:
    """Every inline code span of a page, fenced blocks left out."""
    return CODE.findall(re.sub(r"^```.*?^```", "", text(page), flags=re.S | re.M))


def aliases() -> dict[str, str]:
    return {str(f.alias): name for name, f in Settings.model_fields.items()}


def literals(annotation: object) -> list[str]:
    """The values a setting's type allows, where it names them (`Literal["full", "compact"] | None`)."""
    if typing.get_origin(annotation) is typing.Literal:
        return [str(v) for v in typing.get_args(annotation)]
    return [v for a in typing.get_args(annotation) for v in literals(a)]


def rows(page: Path) -> dict[str, list[str]]:
    """A table's rows by their first cell's code span: the cells after it."""
    found = {}
    for line in text(page).splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))] if line.startswith("|") else []
        first = CODE.fullmatch(cells[0]) if cells else None
        if first:
            found[first[1]] = cells[1:]
    return found


# --- the README ------------------------------------------------------------------------------------

def test_the_readme_gives_the_two_commands_each_on_its_own_line():
    lines = text(README).splitlines()
    assert RUN in lines and TEST in lines


# --- settings --------------------------------------------------------------------------------------

def test_every_setting_is_in_the_configuration_page_with_its_default():
    table = rows(CONFIGURATION)
    missing = sorted(set(aliases()) - set(table))
    assert missing == [], f"{CONFIGURATION.name} lacks a row for {missing}"
    wrong = {}
    for alias, name in aliases().items():
        meaning, default = table[alias][0], table[alias][-1]
        value = Settings.model_fields[name].default
        said = (default.startswith("unset") if value is None
                else default.startswith("on" if value else "off") if isinstance(value, bool)
                else f"`{value:g}`" in default if isinstance(value, float)
                else f"`{value}`" in default)
        if not said:
            wrong[alias] = (default, value)
        choices = LOG_LEVELS if alias == "LOG_LEVEL" else literals(Settings.model_fields[name].annotation)
        unnamed = [c for c in choices if f"`{c}`" not in meaning]
        if unnamed:
            wrong[alias] = ("values not named", unnamed)
    assert wrong == {}, f"the default (or a value) a row gives is not the code's: {wrong}"


def constants() -> set[str]:
    """The upper-case names the code defines (`LANGUAGES = …`): a page may name those too."""
    found = set()
    for folder in ("bot", "engine", "db", "benchmarks", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            found.update(re.findall(r"^\s*([A-Z][A-Z0-9_]+)\s*(?::[^=\n]*)?=", path.read_text(encoding="utf-8"), re.M))
    return found


def test_every_variable_the_pages_name_is_a_setting_or_read_by_the_tool_said():
    known = set(aliases()) | constants()
    unknown = {}
    for page in PAGES:
        for span in spans(page):
            for word in span.split():
                found = VARIABLE.match(word.strip("(),;"))
                if found and found[1] not in known and found[1] not in OUTSIDE_SETTINGS:
                    unknown.setdefault(page.name, set()).add(found[1])
    assert unknown == {}, f"no setting of that name in bot/settings.py: {unknown}"
    tools = "".join(p.read_text(encoding="utf-8") for folder in ("tests", "benchmarks", "tools")
                    for p in (ROOT / folder).rglob("*.py") if p.resolve() != Path(__file__).resolve())
    unread = [name for name in OUTSIDE_SETTINGS if f'"{name}"' not in tools]
    assert unread == [], f"no test or benchmark reads {unread} any more"


# --- links and paths -------------------------------------------------------------------------------

def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(m[1]) for m in re.finditer(r"^#+ (.+)$", text(page), flags=re.M)}


def test_every_relative_link_points_to_a_file_and_heading_that_exist():
    broken = []
    for page in PAGES:
        for target in LINK.findall(text(page)):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            if not file.exists():
                broken.append(f"{page.name}: {target}")
            elif anchor and file.suffix == ".md" and anchor not in anchors(file):
                broken.append(f"{page.name}: {target} (no such heading)")
    assert broken == [], f"links to nothing: {broken}"


def test_every_file_the_pages_name_exists():
    """A path in a code span (`bot/core/timers.py`) is a promise that the file is there."""
    gone = []
    for page in PAGES:
        for span in spans(page):
            path = span.split()[0].rstrip(",.:;")
            if path.startswith(TOP) and not re.search(r"[<>*…{]", path) and not (ROOT / path).exists():
                gone.append(f"{page.name}: {path}")
    assert gone == [], f"named in the docs but not in the tree: {gone}"


# --- slash commands --------------------------------------------------------------------------------

OPTION = re.compile(r"^(\[)?([a-z_]+):?(?:[^\s\]]*)(\])?$")


def parse(usage: str) -> tuple[str, dict[str, bool]] | None:
    """`/tactics skill name: at: [toward:]` -> ("tactics skill", {"name": True, "at": True, "toward":
    False}); None when the span is not a command (`/`, a file path)."""
    words = usage.split()
    if not words or not re.fullmatch(r"/[a-z][a-z-]*", words[0]):
        return None
    path = [words.pop(0)[1:]]
    while words and re.fullmatch(r"[a-z][a-z-]*", words[0]):
        path.append(words.pop(0))
    options = {}
    for word in words:
        found = OPTION.match(word)
        assert found and bool(found[1]) == bool(found[3]), f"`{usage}`: {word!r} is not an option"
        options[found[2]] = not found[1]
    return " ".join(path), options


@pytest.fixture(scope="module")
def commands(tmp_path_factory) -> dict[str, dict[str, bool]]:
    """Every slash command the bot registers (local play's /open too), with its options (required?)."""
    from bot.discord import create_bot

    async def registered() -> list:
        folder = tmp_path_factory.mktemp("docs")
        bot = create_bot(Settings(database_path=folder / "gamehall.db", shard_count=1, _env_file=None))
        async with simcord.run(bot):
            return list(bot.tree.walk_commands())

    tree = asyncio.run(registered())
    tree.append(open_command(None))  # type: ignore[arg-type]  # the command's shape needs no page
    return {c.qualified_name: {p.name: p.required for p in c.parameters} for c in tree
            if isinstance(c, app_commands.Command)}


def test_the_command_reference_lists_every_command_with_its_options(commands):
    listed = {}
    for first in rows(COMMANDS):
        parsed = parse(first)
        if parsed:
            listed[parsed[0]] = parsed[1]
    unlisted, unknown = sorted(set(commands) - set(listed)), sorted(set(listed) - set(commands))
    assert unlisted == [], f"registered but not in docs/commands.md: {unlisted}"
    assert unknown == [], f"in docs/commands.md but not registered: {unknown}"
    differ = {k: (v, commands[k]) for k, v in listed.items() if v != commands[k]}
    assert differ == {}, f"options as written ([optional], required:) differ from the command's: {differ}"


def test_every_command_the_pages_mention_exists_with_those_options(commands):
    groups = {name.rsplit(" ", n)[0] for name in commands for n in range(1, name.count(" ") + 1)}
    wrong = []
    for page in PAGES:
        for span in spans(page):
            parsed = parse(span)
            if parsed is None:
                continue
            name, options = parsed
            if name not in commands and name not in groups:
                wrong.append(f"{page.name}: `{span}` (no such command)")
            elif set(options) - set(commands.get(name, {})):
                wrong.append(f"{page.name}: `{span}` (no such option)")
    assert wrong == [], f"commands the bot does not have: {wrong}"
