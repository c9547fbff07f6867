"""The English source strings the bot's code hands to the translation layer, found in its source (gettext's
extraction, done with ast): `words("…")`, `words_in(language, "…")`, `plural(n, "…", "…")`, `N_("…")`."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CALLS = {"words": 0, "N_": 0, "words_in": 1}  # the call's name -> where its English is
PLURALS = {"plural", "counted_words"}  # bot.words.plural, and summon's name for it


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def source_strings(folder: Path = ROOT / "bot") -> dict[str, str]:
    """Every literal English string marked for translation -> the first file:line that marks it."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else None
            texts: list[str | None] = []
            if name in CALLS and len(node.args) > CALLS[name]:
                texts = [_literal(node.args[CALLS[name]])]
            elif name in PLURALS and len(node.args) >= 3:
                texts = [_literal(node.args[1]), _literal(node.args[2])]
            for text in texts:
                if text is not None:
                    found.setdefault(text, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found
