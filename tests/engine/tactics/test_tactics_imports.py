"""No import circles inside engine/tactics: every import counts, those inside functions too."""
import ast
from pathlib import Path

from support.import_circles import find_circle

import engine.tactics as tactics

PACKAGE = Path(tactics.__file__).parent


def _runtime_nodes(tree: ast.AST, type_only_too: bool = False):
    """Every node of a module except those under `if TYPE_CHECKING:` (imports for annotations only),
    unless `type_only_too`."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if not type_only_too and isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def _name(path: Path) -> str:
    """A module's dotted name inside the package ("engine", "rules.fight"; a folder's __init__ is the folder)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, type_only_too: bool = False) -> set[str]:
    """The package's modules a module imports at run time (relative imports, at any depth, functions
    included), as dotted names inside the package."""
    here = _name(path).split(".")
    base = here if path.stem == "__init__" else here[:-1]
    out = set()
    for node in _runtime_nodes(ast.parse(path.read_text()), type_only_too):
        if isinstance(node, ast.ImportFrom) and node.level >= 1:
            up = node.level - 1
            if up > len(base):
                continue   # outside engine/tactics
            where = base[: len(base) - up]
            if node.module:
                out.add(".".join([*where, *node.module.split(".")]))
            else:
                out.update(".".join([*where, a.name]) for a in node.names)
    return out


def graph(type_only_too: bool = False) -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    mods = {_name(p) for p in paths} - {""}
    return {_name(p): _imports(p, type_only_too) & mods for p in paths if _name(p)}


def test_the_tactics_package_has_no_import_circle():
    edges = graph()
    assert {"engine", "plan.planner", "rules.fight", "rules.strays", "rules.phases", "plan.consequences"} <= set(edges)
    assert not (circle := find_circle(edges)), " -> ".join(circle)


def test_the_circle_finder_finds_a_circle_through_a_function_level_import():
    # What the package looked like before: rules imported strays inside a method, strays imported rules.
    src = {"rules": "def f():\n    from .strays import stray_turn\n", "strays": "from .rules import Fight\n"}
    edges = {m: {n for n in ("rules", "strays") if f"from .{n} " in text} for m, text in src.items()}
    assert find_circle(edges) == ["rules", "strays", "rules"]
    assert find_circle({"engine": {"rules"}, "planner": {"engine"}, "rules": set()}) == []


def test_no_circle_even_through_imports_for_annotations_only():
    # The moments a saved fight keeps live apart from the recap that reads the state, so neither
    # the state nor the recap needs the other, not even for an annotation.
    edges = graph(type_only_too=True)
    assert not (circle := find_circle(edges)), " -> ".join(circle)


def test_every_room_is_small():
    # The rules are put together from rooms with one job each; none grows back into a tower.
    too_long = {m: n for p in PACKAGE.rglob("*.py") if (n := p.read_text().count("\n")) > 300
                for m in [_name(p)]}
    classes = {f"{_name(p)}.{c.name}": c.end_lineno - c.lineno + 1 for p in PACKAGE.rglob("*.py")
               for c in ast.walk(ast.parse(p.read_text())) if isinstance(c, ast.ClassDef)}
    assert too_long == {}
    assert max(classes.values()) <= 250, max(classes, key=classes.__getitem__)
