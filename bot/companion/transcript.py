"""What names and keeps a prompt, so a companion's choice can be replayed: its hash and its file."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any


def prompt_hash(messages: list[dict], options: dict[str, Any]) -> str:
    """The hash that names a prompt: its messages and tools, as sent."""
    body = json.dumps({"messages": messages, "tools": options.get("tools")}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(body.encode()).hexdigest()


def write_transcript(folder: Path, digest: str, model: str | None, messages: list[dict],
                     options: dict[str, Any]) -> None:
    """The prompt as `<folder>/<hash>.json` (written once per distinct prompt), to replay a choice."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{digest}.json"
    if not path.exists():
        path.write_text(json.dumps({"model": model, "messages": messages, **options}, indent=1, ensure_ascii=False),
                        encoding="utf-8")
