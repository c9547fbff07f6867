"""The tactics companion piloted by a language model.

    pilot = CompanionPilot(settings, store=db)                   # one per bot, at start-up: one client, one pool
    await pilot.check()                                           # start-up GET /models -> pilot.connected
    decision = await pilot.decide(fight, "companion", timeout=seconds_left, guild_id=g, game_id=id,
                                  call=told, language="ja")  # the player's words; say in the thread's language
    fight, decision = apply_decision(fight, "companion", decision)  # in a worker thread; stale turn -> pass
    thread_text = decision.line("Cindle")                         # + said.budget_notice(decision), once a day

`decide` never raises for anything the model or its server does; the worst is a pass with its reason.
`auto_decision(fight)` (auto.py) is the planner's first turn (the `auto` pilot). Decisions are stored in
the `companion_decisions` table (db/companion.py; report.py words `/tactics companion`), each model call
counted first in `companion_calls`. `python -m bot.companion check` tries the configured server.
COMPANION_MODEL=local makes the pilot start the embedded model's server itself (local_model.py).
The pilot's rooms: pilot.py the deadline loop, answers.py reading the model's answers, ledger.py the
day's budget and the records (embedded.py: the embedded model's start-up). The eval harness behind
`play` and `eval` is tools/companion_eval, beside the bot and not installed with it.
"""
from .auto import apply_decision, auto_decision
from .decision import CompanionDecision
from .pilot import CompanionPilot

__all__ = ["CompanionDecision", "CompanionPilot", "apply_decision", "auto_decision"]
