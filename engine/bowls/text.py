"""Words for bowls: the compact text board (screen readers, logs), the goal line, and what a move did."""
from __future__ import annotations

from .models import COLOR_NAMES, BowlsGame, Goal, MoveReport, PhaseReport


def goal_description(goal: Goal) -> str:
    k = goal.kind
    if k in ("clear_color", "collect"):
        assert goal.color is not None  # Goal's validator requires a colour for these two kinds
        if k == "clear_color":
            return f"Clear every {COLOR_NAMES[goal.color]} stone"
        return f"Collect {goal.count} {COLOR_NAMES[goal.color]} stones"
    if k == "score":
        return f"Score {goal.points} points"
    if k == "combo":
        return f"Make a combo of {goal.count} bowls in one move"
    if k == "max_stones":
        return f"Leave at most {goal.count} stones on the board"
    return "Clear the whole board"


# A goal's progress as its line says it, by kind: `n` so far (or the stones counted), `of` needed.
_PROGRESS = {"clear_color": "{n} left", "collect": "{n}/{of}", "score": "{n}/{of}", "combo": "last move {n}/{of}",
             "max_stones": "{n} on the board", "clear_board": "{n} left"}


def goal_progress(game: BowlsGame) -> str:
    if game.goal is None:
        return ""
    n, of = game.goal_counts()
    return _PROGRESS[game.goal.kind].format(n=n, of=of)


def goal_text(game: BowlsGame) -> str:
    """One line: the goal and how far along it is; for endless and daily, what the attempt is about."""
    if game.mode == "endless":
        return "Endless: score as much as you can before a bowl overflows"
    if game.mode == "daily":
        return f"Daily {game.day.isoformat() if game.day else ''}: best score in {game.move_limit} moves"
    return f"{goal_description(game.goal)} ({goal_progress(game)})" if game.goal else ""


def title(game: BowlsGame) -> str:
    if game.mode == "puzzle":
        return f"Puzzle {game.puzzle_id}"
    if game.mode == "daily":
        return f"Daily {game.day.isoformat() if game.day else ''}"
    return "Endless"


def status_line(game: BowlsGame) -> str:
    parts = [f"Bowls · {title(game)}", f"Score {game.score}"]
    if game.moves_left is not None:
        parts.append(f"Moves left {game.moves_left}")
    else:
        parts.append(f"Moves {game.moves_used}")
    if game.practice:
        parts.append("practice")
    if game.paused:
        parts.append("paused")
    if game.over and game.outcome is not None:
        parts.append({"won": "won!", "overflow": "overflowed", "out_of_moves": "out of moves",
                      "no_moves": "no bowl to choose", "completed": "finished", "ended": "ended"}[game.outcome])
    return " · ".join(parts)


def render_text(game: BowlsGame) -> str:
    """The compact text board: a status line, the goal, then one line per bowl (oldest stone first)."""
    frozen, reverse, volcano = (set(game.flags(k)) for k in ("frozen", "reverse", "volcano"))
    mods: dict[tuple[int, str], int] = {(m.bowl, m.kind): m.moves_left for m in game.modifiers}
    lines = [status_line(game), goal_text(game)]
    for n, s in enumerate(game.bowls, 1):
        flags = []
        for kind, on in (("frozen", frozen), ("reverse", reverse), ("volcano", volcano)):
            if n in on:
                left = mods.get((n, kind))
                flags.append(kind if left is None else f"{kind} {left}")
        tail = f" [{', '.join(flags)}]" if flags else ""
        lines.append(f"{n:>2}: {' '.join(s) if s else '-'}{tail}")
    lines.append("Letters: R red, Y yellow, G green, B blue, P purple, W wild, X blocker; oldest first.")
    return "\n".join(lines)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _phase_words(ph: PhaseReport) -> str:
    bits = []
    for m in ph.matches:
        colours = "+".join(COLOR_NAMES[c] for c in m.colors)
        wild = f" with {_plural(m.wilds, 'wild')}" if m.wilds else ""
        bits.append(f"bowl {m.bowl} matched {colours}{wild}")
    for b, k in ph.blockers_removed:
        bits.append(f"{_plural(k, 'blocker')} cleared from bowl {b}")
    for v in ph.eruptions:
        bits.append(f"volcano {v} erupted")
    return ", ".join(bits)


def describe(report: MoveReport) -> str:
    """One or two plain sentences: matches, eruptions, combo, points, and how the move ended."""
    ph = report.player
    way = "clockwise" if report.clockwise else "counterclockwise"
    verb = "Sowing" if report.forecast else "Sowed"
    first = f"{verb} bowl {report.bowl} {way}"
    words = _phase_words(ph)
    if ph.overflow:
        first += (f": {words}; " if words else ": ") + \
            f"bowl {', '.join(map(str, ph.overflow_bowls))} " + \
            ("would hold 8 or more stones, so the attempt would end." if report.forecast
             else "holds 8 or more stones, so the attempt is over.")
        return first
    if words:
        first += f": {words}"
    else:
        first += ": no match"
    if ph.points:
        mult = f", combo ×{min(ph.combo, 4)}" if ph.combo > 1 else ""
        perfect = ", perfect clear +100" if ph.perfect else ""
        first += f"{mult}{perfect} — {'+' if not report.forecast else 'would score '}{ph.points} points."
    else:
        first += "."
    second = []
    if report.refill is not None:
        rf = report.refill
        stones = " and ".join(f"{COLOR_NAMES[ch]} into bowl {b}" for b, ch in rf.stones)
        s = f"Refill: {stones}"
        rw = _phase_words(rf.phase)
        if rw:
            s += f"; {rw}"
        if rf.phase.points:
            s += f" (+{rf.phase.points})"
        if rf.event in ("frozen", "reverse", "volcano"):
            s += f"; event: bowl {rf.event_bowl} is {rf.event} for a few moves"
        if rf.phase.overflow:
            s += f"; bowl {', '.join(map(str, rf.phase.overflow_bowls))} overflowed"
        second.append(s)
    if report.goal_reached:
        second.append("Goal reached" if not report.forecast else "That would reach the goal")
    elif report.outcome == "out_of_moves":
        second.append("Out of moves")
    elif report.outcome == "no_moves":
        second.append("No bowl can be chosen")
    elif report.outcome == "completed":
        second.append(f"Daily finished with {report.score} points")
    elif report.outcome == "overflow":
        second.append("The attempt is over")
    if second:
        return first + " " + "; ".join(second) + "."
    return first
