"""`/tactics companion`: the fight's last decision of the companion's pilot, in a player's words (the
reader's language). The reason is stored as the pilot recorded it, in its English, with the server's own
words: an English reader reads it as it is; a reader of another language is told its kind first (said.py,
from the stored code), then that detail, marked as whose words it is (a host may need them to debug).

Read on the store worker. A stored row that cannot be read (a column damaged, a list that is not JSON)
is skipped and counted, so one bad row never stops the report; the newest readable one is shown.
"""
from __future__ import annotations

from bot.words import N_, SOURCE, current, plural, words
from db import companion as decision_store
from db.store import Store

from .plain import plain
from .said import PUBLIC, kind_of

PILOTS = {"model": N_("model"), "auto": N_("auto"), "friend": N_("friend")}
CHOICES = {"pass": N_("pass"), "custom": N_("custom")}
# Whose words a stored reason is: the server's for its failures, the model's for its own pass, else the pilot's.
WHOSE = {"server": N_("Reason: {kind} (the server's own words: {detail})"),
         "model": N_("Reason: {kind} (the model's own words: {detail})"),
         "pilot": N_("Reason: {kind} (the pilot's own words: {detail})")}


def _reason(code: str, detail: str) -> str:
    """The stored reason for this reader: as it is in English; its kind first in another language."""
    # The store keeps the code but not the facts: a timeout's seconds are said in the detail only.
    kind = None if current() == SOURCE else kind_of(code)
    if kind is None:
        return words("Reason: {reason}", reason=detail)
    if not detail:
        return words("Reason: {reason}", reason=kind)
    whose = "server" if code in PUBLIC and code != "error" else "model" if code == "model_pass" else "pilot"
    return words(WHOSE[whose], kind=kind, detail=detail)


def _skipped(count: int, *, newer: bool = True) -> str:
    if not count:
        return ""
    if newer:
        return "\n" + plural(count, "({n} newer stored decision of this fight could not be read and was skipped.)",
                             "({n} newer stored decisions of this fight could not be read and were skipped.)")
    return "\n" + plural(count, "({n} stored decision of this fight could not be read and was skipped.)",
                         "({n} stored decisions of this fight could not be read and were skipped.)")


def _forecasts(count: int | None, offered: int) -> str:
    """How many offered turns the prompt carried a forecast for (nothing for a decision stored before)."""
    if count is None or not offered:
        return ""
    if count == offered:
        return words("Forecast to the end of the fight: all {offered} turns", offered=offered) + "\n"
    if count == 0:
        return words("Forecast to the end of the fight: none of the {offered} turns (not worked out in time)",
                     offered=offered) + "\n"
    return words("Forecast to the end of the fight: {count} of {offered} turns (the rest not worked out in time)",
                 count=count, offered=offered) + "\n"


def companion_report(db: Store, fight_key: str, pilot: str) -> str:
    """The last readable decision of the fight: the turns offered, the choice, the reason, the cost."""
    last, skipped = decision_store.last_readable(db, fight_key)
    pilot = words(PILOTS[pilot]) if pilot in PILOTS else pilot
    if last is None:
        none = words("No decision of the companion's pilot is stored for this fight yet (pilot: {pilot}).",
                     pilot=pilot)
        return none + _skipped(skipped, newer=False)
    offered = "\n".join(f"{i}. {label}" for i, label in enumerate(last["offered"], 1)) or words("(none)")
    decision = str(last["decision"])
    choice = words("turn {n}", n=last["number"]) if decision == "turn" else \
        words(CHOICES[decision]) if decision in CHOICES else decision
    say = words(' — said "{say}"', say=plain(last["say"])) if last.get("say") else ""
    model = words(", model {model}", model=plain(last["model"])) if last.get("model") else ""
    calls = int(last.get("calls") or 0)
    told = words('Your call: "{call}"', call=plain(last["player_call"])) + "\n" if last.get("player_call") else ""
    foreseen = _forecasts(last.get("forecasts"), len(last["offered"]))
    head = words("**Companion's last decision** (round {round}, pilot {pilot}{model}):", round=last["round"],
                 pilot=pilot, model=model)
    cost = words("Latency: {seconds} s · {calls} · tokens {tokens_in} in, {tokens_out} out",
                 seconds=f"{float(last['latency_s'] or 0):.2f}",
                 calls=plural(calls, "{n} model call", "{n} model calls"),
                 tokens_in=last["tokens_in"] or 0, tokens_out=last["tokens_out"] or 0)
    return (f"{head}\n{words('Offered:')}\n{offered}\n{foreseen}{told}"
            f"{words('Choice: {choice}{say}', choice=choice, say=say)}\n"
            f"{_reason(str(last['code']), plain(last['reason'] or ''))}\n{cost}" + _skipped(skipped))
