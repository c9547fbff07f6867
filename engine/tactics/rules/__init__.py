"""The rules of a fight, room by room: `Fight` (fight.py) is put together from base lookups and events,
hits, areas, movement, pushes, skill checks and skills; the phases, the strays' policy and a duo member's
turn (turn.py) play it. Callers use engine.py."""
