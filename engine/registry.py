"""Every game's engine behind the one API (engine/api.py), by name, as OpenSpiel's registered_games()
lists its games: a new game adds its line here."""
from __future__ import annotations

from typing import Any

from .api import Engine


def registered_games() -> dict[str, Engine[Any, Any]]:
    from .bowls import ENGINE as BOWLS
    from .formation import ENGINE as FORMATION
    from .summon import ENGINE as SUMMON
    from .tactics import ENGINE as TACTICS

    return {e.name: e for e in (BOWLS, FORMATION, SUMMON, TACTICS)}


__all__ = ["registered_games"]
