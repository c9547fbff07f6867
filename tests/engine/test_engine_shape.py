"""The shape every engine package shares: relative imports inside the package, errors on one base."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
PACKAGES = ("bowls", "formation", "summon", "tactics")


@pytest.mark.parametrize("package", PACKAGES)
def test_an_engine_package_imports_its_neighbours_relatively(package):
    absolute = []
    for path in sorted((ENGINE / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            absolute += [f"{path.name}:{node.lineno} {n}" for n in names if n == "engine" or n.startswith("engine.")]
    assert absolute == []
