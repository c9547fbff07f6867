"""Bowls' words in the reader's language: the goal, the status line, the text board, what a move did and
why a step is refused, made from the engine's reports and codes (the engine's own `text` is English for its
command line and logs; these say the same in English)."""
from __future__ import annotations

from bot.words import N_, plural, words
from engine.bowls import BowlsGame, Goal, MoveReport, PhaseReport
from engine.bowls.themes import THEME_NAMES
from engine.errors import RuleError

COLOURS = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green"), "B": N_("blue"), "P": N_("purple"),
           "W": N_("wild"), "X": N_("blocker")}
# The letters the text board writes the stones with, in the order RYGBPWX (Japanese: one kanji each).
LETTERS = N_("RYGBPWX")
FLAGS = {"frozen": N_("frozen"), "reverse": N_("reverse"), "volcano": N_("volcano")}
THEMES = {"Simple": N_("Simple"), "Garden": N_("Garden"), "Sand": N_("Sand"), "Ocean": N_("Ocean"),
          "Runes": N_("Runes"), "Neon": N_("Neon"), "Space": N_("Space")}
UNLOCKS = (N_("available from the start"), N_("your first achievement"), N_("your second achievement"),
           N_("your third achievement"), N_("your fourth achievement"), N_("your fifth achievement"),
           N_("your sixth achievement"))


def colour(letter: str) -> str:
    return words(COLOURS[letter])


def letter(stone: str) -> str:
    """The text board's mark for a stone: its letter in English, its colour's kanji in Japanese."""
    return dict(zip("RYGBPWX", words(LETTERS)))[stone]


def marked(stone: str, symbol: str = "") -> str:
    """A stone's mark, symbol and name for a legend ("R ● red"); the mark is left out where it is the name
    itself (Japanese writes red's stones 赤)."""
    mark = letter(stone)
    return " ".join(part for part in (mark if mark != colour(stone) else "", symbol, colour(stone)) if part)


def flag(kind: str) -> str:
    return words(FLAGS[kind])


def theme_name(name: str) -> str:
    return words(THEMES[name]) if name in THEMES else name


def unlock_words(name: str) -> str:
    """What unlocks a theme (the n-th achievement unlocks the (n+1)-th theme)."""
    return words(UNLOCKS[THEME_NAMES.index(name)])


def intro(text: str) -> str:
    """A puzzle's intro (data: puzzles.json), in the reader's words."""
    return words(text)


def goal_description(goal: Goal) -> str:
    k = goal.kind
    if k in ("clear_color", "collect"):
        assert goal.color is not None  # Goal's validator requires a colour for these two kinds
        if k == "clear_color":
            return words("Clear every {colour} stone", colour=colour(goal.color))
        return words("Collect {count} {colour} stones", count=goal.count, colour=colour(goal.color))
    if k == "score":
        return words("Score {points} points", points=goal.points)
    if k == "combo":
        return words("Make a combo of {count} bowls in one move", count=goal.count)
    if k == "max_stones":
        return words("Leave at most {count} stones on the board", count=goal.count)
    return words("Clear the whole board")


def goal_progress(game: BowlsGame) -> str:
    if game.goal is None:
        return ""
    n, of = game.goal_counts()
    kind = game.goal.kind
    if kind in ("collect", "score"):
        return f"{n}/{of}"
    if kind == "combo":
        return words("last move {combo}/{count}", combo=n, count=of)
    if kind == "max_stones":
        return words("{n} on the board", n=n)
    return words("{n} left", n=n)


def goal_text(game: BowlsGame) -> str:
    """One line: the goal and how far along it is; for endless and daily, what the attempt is about."""
    if game.mode == "endless":
        return words("Endless: score as much as you can before a bowl overflows")
    if game.mode == "daily":
        return words("Daily {day}: best score in {moves} moves", day=game.day.isoformat() if game.day else "",
                     moves=game.move_limit)
    return words("{goal} ({progress})", goal=goal_description(game.goal), progress=goal_progress(game)) \
        if game.goal else ""


def title(game: BowlsGame) -> str:
    if game.mode == "puzzle":
        return words("Puzzle {n}", n=game.puzzle_id)
    if game.mode == "daily":
        return words("Daily {day}", day=game.day.isoformat() if game.day else "")
    return words("Endless")


OUTCOMES = {"won": N_("won!"), "overflow": N_("overflowed"), "out_of_moves": N_("out of moves"),
            "no_moves": N_("no bowl to choose"), "completed": N_("finished"), "ended": N_("ended")}


def score_words(game: BowlsGame) -> str:
    return words("Score {score}", score=game.score)


def moves_words(game: BowlsGame) -> str:
    if game.moves_left is not None:
        return words("Moves left {n}", n=game.moves_left)
    return words("Moves {n}", n=game.moves_used)


def status_line(game: BowlsGame) -> str:
    parts = [words("Bowls · {title}", title=title(game)), score_words(game), moves_words(game)]
    if game.practice:
        parts.append(words("practice"))
    if game.paused:
        parts.append(words("paused"))
    if game.over and game.outcome is not None:
        parts.append(words(OUTCOMES[game.outcome]))
    return " · ".join(parts)


def bowl_lines(game: BowlsGame) -> list[str]:
    """One line a bowl, oldest stone first, its flags (and how many moves they last) in brackets."""
    frozen, reverse, volcano = (set(game.flags(k)) for k in ("frozen", "reverse", "volcano"))
    mods: dict[tuple[int, str], int] = {(m.bowl, m.kind): m.moves_left for m in game.modifiers}
    lines = []
    for n, s in enumerate(game.bowls, 1):
        flags = []
        for kind, on in (("frozen", frozen), ("reverse", reverse), ("volcano", volcano)):
            if n in on:
                left = mods.get((n, kind))
                flags.append(flag(kind) if left is None else f"{flag(kind)} {left}")
        tail = f" [{words(', ').join(flags)}]" if flags else ""
        lines.append(f"{n:>2}: {' '.join(letter(c) for c in s) if s else '-'}{tail}")
    return lines


def render_text(game: BowlsGame) -> str:
    """The compact text board (the picture's alt text): status, goal, a line a bowl, the letters."""
    key = words(", ").join(marked(c) for c in "RYGBPWX")
    return "\n".join([status_line(game), goal_text(game), *bowl_lines(game),
                      words("Letters: {key}; oldest first.", key=key)])


def _phase_words(ph: PhaseReport) -> str:
    bits = []
    for m in ph.matches:
        colours = "+".join(colour(c) for c in m.colors)
        if m.wilds:
            bits.append(words("bowl {bowl} matched {colours} with {wilds}", bowl=m.bowl, colours=colours,
                              wilds=plural(m.wilds, "{n} wild", "{n} wilds")))
        else:
            bits.append(words("bowl {bowl} matched {colours}", bowl=m.bowl, colours=colours))
    for b, k in ph.blockers_removed:
        bits.append(words("{blockers} cleared from bowl {bowl}", bowl=b,
                          blockers=plural(k, "{n} blocker", "{n} blockers")))
    for v in ph.eruptions:
        bits.append(words("volcano {bowl} erupted", bowl=v))
    return words(", ").join(bits)


def _bowls(numbers: list[int]) -> str:
    return words(", ").join(map(str, numbers))


def describe(report: MoveReport) -> str:
    """One or two plain sentences: matches, eruptions, combo, points, and how the move ended."""
    ph = report.player
    if report.forecast:
        first = words("Sowing bowl {bowl} clockwise", bowl=report.bowl) if report.clockwise else \
            words("Sowing bowl {bowl} counterclockwise", bowl=report.bowl)
    else:
        first = words("Sowed bowl {bowl} clockwise", bowl=report.bowl) if report.clockwise else \
            words("Sowed bowl {bowl} counterclockwise", bowl=report.bowl)
    said = _phase_words(ph)
    if ph.overflow:
        over = words("bowl {bowls} would hold 8 or more stones, so the attempt would end.",
                     bowls=_bowls(ph.overflow_bowls)) if report.forecast else \
            words("bowl {bowls} holds 8 or more stones, so the attempt is over.", bowls=_bowls(ph.overflow_bowls))
        return words("{first}: {what}; {over}", first=first, what=said, over=over) if said else \
            words("{first}: {over}", first=first, over=over)
    first = words("{first}: {what}", first=first, what=said) if said else words("{first}: no match", first=first)
    if ph.points:
        mult = words(", combo ×{combo}", combo=min(ph.combo, 4)) if ph.combo > 1 else ""
        perfect = words(", perfect clear +100") if ph.perfect else ""
        first = words("{first}{combo}{perfect} — would score {points} points.", first=first, combo=mult,
                      perfect=perfect, points=ph.points) if report.forecast else \
            words("{first}{combo}{perfect} — +{points} points.", first=first, combo=mult, perfect=perfect,
                  points=ph.points)
    else:
        first = words("{sentence}.", sentence=first)
    second = []
    if report.refill is not None:
        rf = report.refill
        stones = words(" and ").join(words("{colour} into bowl {bowl}", colour=colour(ch), bowl=b)
                                     for b, ch in rf.stones)
        s = words("Refill: {stones}", stones=stones)
        rw = _phase_words(rf.phase)
        if rw:
            s += words("; {what}", what=rw)
        if rf.phase.points:
            s += f" (+{rf.phase.points})"
        if rf.event in ("frozen", "reverse", "volcano"):
            s += words("; event: bowl {bowl} is {flag} for a few moves", bowl=rf.event_bowl, flag=flag(rf.event))
        if rf.phase.overflow:
            s += words("; bowl {bowls} overflowed", bowls=_bowls(rf.phase.overflow_bowls))
        second.append(s)
    if report.goal_reached:
        second.append(words("Goal reached") if not report.forecast else words("That would reach the goal"))
    elif report.outcome == "out_of_moves":
        second.append(words("Out of moves"))
    elif report.outcome == "no_moves":
        second.append(words("No bowl can be chosen"))
    elif report.outcome == "completed":
        second.append(words("Daily finished with {score} points", score=report.score))
    elif report.outcome == "overflow":
        second.append(words("The attempt is over"))
    if second:
        return words("{first} {then}.", first=first, then=words("; ").join(second))
    return first


def refusal(exc: RuleError, game: BowlsGame, bowl: int | None = None) -> str:
    """Why the engine refused a step, from its reason: a move on an attempt that is over or paused, a bowl
    that is empty or frozen, nothing to undo."""
    reason = getattr(exc, "reason", None) or exc.code
    if reason in ("over", "game_over"):
        return words("this attempt was ended; start a new one") if game.outcome == "ended" else \
            words("this attempt is over; undo or start a new one")
    if reason == "paused":
        return words("this attempt is paused; resume it first")
    if reason in ("range", "no_such_bowl"):
        return words("bowls are numbered 1–12")
    if reason in ("empty", "empty_bowl"):
        return words("bowl {bowl} is empty", bowl=bowl)
    if reason in ("frozen", "frozen_bowl"):
        return words("bowl {bowl} is frozen and cannot be chosen", bowl=bowl)
    if reason in ("nothing", "nothing_to_undo"):
        return words("there is no move to undo")
    return words("the rules do not allow that here")
