"""The one shape: arrows point one way, and only a game's commands.py (and the front-end) speak Discord."""
from __future__ import annotations

import ast
from pathlib import Path

from support.import_circles import find_circle

ROOT = Path(__file__).resolve().parents[1]


def imports_of(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def speaks_discord(names: set[str]) -> bool:
    return any(n == "discord" or n.startswith(("discord.", "bot.discord")) for n in names)


def test_only_a_games_commands_module_imports_discord():
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "bot" / "games").rglob("*.py")
                 if p.name != "commands.py" and speaks_discord(imports_of(p))]
    offenders += [str(p.relative_to(ROOT)) for folder in ("core", "render")
                  for p in (ROOT / "bot" / folder).rglob("*.py") if speaks_discord(imports_of(p))]
    assert offenders == []


def test_every_game_has_the_same_folder_shape():
    games = [p for p in (ROOT / "bot" / "games").iterdir() if p.is_dir() and not p.name.startswith("_")]
    assert len(games) >= 2
    for folder in games:
        assert {"__init__.py", "kind.py", "commands.py"} <= {p.name for p in folder.iterdir()}, folder.name
        assert "PLUGIN" in (folder / "__init__.py").read_text(), folder.name


def test_the_discord_front_end_names_no_game():
    game_names = {p.name for p in (ROOT / "bot" / "games").iterdir() if p.is_dir() and not p.name.startswith("_")}
    for path in (ROOT / "bot" / "discord").rglob("*.py"):
        for name in imports_of(path):
            assert not any(name.startswith(f"bot.games.{g}") or name.startswith(f"engine.{g}") for g in game_names), \
                f"{path.relative_to(ROOT)} imports {name}"


def test_engines_import_nothing_of_the_rest():
    for path in (ROOT / "engine").rglob("*.py"):
        for name in imports_of(path):
            assert not name.startswith(("bot", "db", "discord", "sqlite_utils", "openai")), \
                f"{path.relative_to(ROOT)} imports {name}"


def import_circle(package: str, *, type_only_too: bool = True, root: Path = ROOT) -> list[str]:
    """A chain of modules of `package` that import one another in a circle ([] when there is none)."""
    folder = root.joinpath(*package.split("."))
    modules = {".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): p
               for p in folder.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        if not type_only_too:
            for node in ast.walk(tree):
                if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                    node.body = []
        graph[name] = {m for m in _imports_in(tree, path, package, root) if m in modules and m != name
                       and m != package}
    return find_circle(graph)


def _imports_in(tree: ast.AST, path: Path, package: str, root: Path) -> set[str]:
    here = ".".join(path.relative_to(root).with_suffix("").parts)
    parent = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = parent
            for _ in range(max(0, node.level - 1)):
                base = base.rpartition(".")[0]
            module = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith(package + ".") or name == package}


def test_the_session_core_has_no_import_circle_even_for_types():
    assert import_circle("bot.core") == []


def test_the_discord_front_end_has_no_import_circle_even_for_types():
    assert import_circle("bot.discord") == []


def test_a_circle_is_found(tmp_path):
    """The check itself: two modules that import each other (one only for its types) are a circle."""
    package = tmp_path / "loop"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import B\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n")
    assert import_circle("loop", root=tmp_path) == ["loop.a", "loop.b", "loop.a"]
    assert import_circle("loop", type_only_too=False, root=tmp_path) == []



def test_the_tests_mirror_the_code():
    """A test sits where the code it tries sits: tests/bot/games/tactics tries bot/games/tactics,
    tests/engine/bowls engine/bowls, tests/bot/local bot/local*.py; tests/ itself holds the checks of
    the whole house (layers, docs)."""
    tests = ROOT / "tests"
    astray = []
    for folder in sorted({p.parent for p in tests.rglob("test_*.py")} - {tests}):
        code = ROOT / folder.relative_to(tests)
        if not (code.is_dir() or code.with_suffix(".py").is_file() or any(code.parent.glob(f"{code.name}_*.py"))):
            astray.append(str(folder.relative_to(ROOT)))
    assert astray == [], f"test folders with no code of that name beside them: {astray}"


# Modules over the size below that others are splitting right now: each comes off this list once its
# split is merged (the test says so when one no longer needs to be here).
MOST_MODULE_LINES = 350
MOST_CLASS_LINES = 250


def oversized(path: Path) -> list[str]:
    """What makes a module too big: its own length, or a class's."""
    text = path.read_text()
    found = [f"{text.count(chr(10))} lines"] if text.count("\n") > MOST_MODULE_LINES else []
    return found + [f"class {node.name}: {node.end_lineno - node.lineno + 1} lines"
                    for node in ast.walk(ast.parse(text, str(path))) if isinstance(node, ast.ClassDef)
                    and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > MOST_CLASS_LINES]


def test_every_room_of_the_bot_is_small():
    # The bot is put together from modules with one job each; none grows back into a tower (the tactics
    # engine's rooms have their own, stricter, check: tests/engine/tactics/test_tactics_imports.py).
    big = {str(p.relative_to(ROOT)): why for p in sorted((ROOT / "bot").rglob("*.py")) if (why := oversized(p))}
    assert big == {}


def test_the_size_check_finds_a_long_module_and_a_long_class(tmp_path):
    long_module = tmp_path / "long.py"
    long_module.write_text("x = 1\n" * (MOST_MODULE_LINES + 1))
    long_class = tmp_path / "tower.py"
    long_class.write_text("class Tower:\n" + "    x = 1\n" * MOST_CLASS_LINES)
    small = tmp_path / "small.py"
    small.write_text("class Room:\n" + "    x = 1\n" * (MOST_CLASS_LINES - 1))
    assert oversized(long_module) == [f"{MOST_MODULE_LINES + 1} lines"]
    assert oversized(long_class) == [f"class Tower: {MOST_CLASS_LINES + 1} lines"]
    assert oversized(small) == []
