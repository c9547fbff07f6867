"""`/tactics companion`: the fight's last decision of the companion's pilot, in a player's words.

Read on the store worker. A stored row that cannot be read (a column damaged, a list that is not JSON)
is skipped and counted, so one bad row never stops the report; the newest readable one is shown.
"""
from __future__ import annotations

from db import companion as decision_store
from db.store import Store

from .plain import plain


def _skipped(count: int) -> str:
    if not count:
        return ""
    rows, were = ("decision", "was") if count == 1 else ("decisions", "were")
    return f"\n({count} newer stored {rows} of this fight could not be read and {were} skipped.)"


def _forecasts(count: int | None, offered: int) -> str:
    """How many offered turns the prompt carried a forecast for (nothing for a decision stored before)."""
    if count is None or not offered:
        return ""
    if count == offered:
        return f"Forecast to the end of the fight: all {offered} turns\n"
    if count == 0:
        return f"Forecast to the end of the fight: none of the {offered} turns (not worked out in time)\n"
    return f"Forecast to the end of the fight: {count} of {offered} turns (the rest not worked out in time)\n"


def companion_report(db: Store, fight_key: str, pilot: str) -> str:
    """The last readable decision of the fight: the turns offered, the choice, the reason, the cost."""
    last, skipped = decision_store.last_readable(db, fight_key)
    if last is None:
        none = f"No decision of the companion's pilot is stored for this fight yet (pilot: {pilot})."
        return none + _skipped(skipped).replace(" newer", "")
    offered = "\n".join(f"{i}. {label}" for i, label in enumerate(last["offered"], 1)) or "(none)"
    choice = f"turn {last['number']}" if last["decision"] == "turn" else str(last["decision"])
    say = f' — said "{plain(last["say"])}"' if last.get("say") else ""
    model = f", model {plain(last['model'])}" if last.get("model") else ""
    calls = int(last.get("calls") or 0)
    told = f'Your call: "{plain(last["player_call"])}"\n' if last.get("player_call") else ""
    foreseen = _forecasts(last.get("forecasts"), len(last["offered"]))
    return (f"**Companion's last decision** (round {last['round']}, pilot {pilot}{model}):\n"
            f"Offered:\n{offered}\n{foreseen}{told}Choice: {choice}{say}\nReason: {plain(last['reason'] or '')}\n"
            f"Latency: {float(last['latency_s'] or 0):.2f} s · {calls} model call{'' if calls == 1 else 's'} · "
            f"tokens {last['tokens_in'] or 0} in, {last['tokens_out'] or 0} out" + _skipped(skipped))
