"""The tactics companion piloted by a language model (issue 11).

    pilot = CompanionPilot(settings, store=db)                   # one per bot
    await pilot.check()                                           # start-up GET /models -> pilot.connected
    decision = await pilot.decide(fight, "companion", timeout=seconds_left, guild_id=g, game_id=id)
    fight, decision = apply_decision(fight, "companion", decision)  # in a worker thread; stale turn -> pass
    thread_text = decision.line("Cindle")                         # + decision.notice once, when set

`decide` never raises for anything the model or its server does; the worst is a pass with its reason.
`auto_decision(fight)` is the planner's first turn (the `auto` pilot). Decisions are stored in the
`companion_decisions` table (db/companion.py: last_decision for `/tactics companion`).
"""
from .decision import CompanionDecision
from .pilot import CompanionPilot, apply_decision, auto_decision

__all__ = ["CompanionDecision", "CompanionPilot", "apply_decision", "auto_decision"]
