"""The live board within one Discord message (2,000 characters of content) and within a phone's screen (a
few lines): what gives way, and in which order. The strays' phase beyond its first line (What happened
lists it all), then this phase's older lines, shortened and at last counted (What happened lists them
too). The text view (`fit`) is for where a whole view is wanted: the Text map and the picture's alt text."""
from __future__ import annotations

import re

from bot.words import plural

BOARD_ROOM = 1700         # of a message's 2,000 characters; the rest is for what a change says
FENCE = len("```\n") + len("\n```")
NOTE_SHORT = 90           # an older line of this phase, shortened once the board is full
GRID_ROW = re.compile(r"^(?: {3}[A-M] |[ 1-9]\d )")  # the column letters, or a row of tiles


def lines_in(lines: list[str]) -> int:
    """The lines `lines` take on the board (an entry may hold a line break)."""
    return len("\n".join(lines).split("\n")) if lines else 0


def by_lines(report: list[str], notes: list[str], room: int) -> tuple[list[str], list[str]]:
    """The strays' phase report and this phase's lines within `room` lines: the report first gives way
    down to its first line and a count, then this phase's older lines are counted, the newest kept
    (its first line at the last)."""
    if lines_in(report + notes) <= room:
        return report, notes
    whole = report
    for keep in range(len(whole) - 2, -1, -1):
        report = [*whole[:1 + keep], more_lines(len(whole) - 1 - keep)]
        if lines_in(report + notes) <= room:
            return report, notes
    if lines_in(report) >= room:  # no room for the count beside the first line
        report = whole[:1]
    left = room - lines_in(report)
    for start in range(1, len(notes)):
        shown = [earlier_lines(start), *notes[start:]]
        if lines_in(shown) <= left:
            return report, shown
    newest = [notes[-1].split("\n")[0]] if notes else []
    counted = [earlier_lines(len(notes) - 1)] if len(notes) > 1 else []
    return report, (counted + newest)[-max(0, left):] if left > 0 else []


def length(lines: list[str]) -> int:
    """The characters `lines` take on the board, one a line."""
    return len("\n".join(lines))


def fit(view: str, room: int) -> str:
    """The text view within `room` characters (what the thread says of a change needs the rest of a
    message): first without the terrain key, then without the grid of tiles (the picture shows it),
    so the fighters and the telegraphs stay; only then cut at a line."""
    for shorter in (view, unkeyed(view), squeezed(view)):
        if len(shorter) <= room:
            return shorter
    lines = squeezed(view).split("\n")
    while lines and length(lines) > room - 2:
        lines.pop()
    return "\n".join([*lines, "…"])


def unkeyed(view: str) -> str:
    """The text view without its terrain key (the first thing a full board leaves out)."""
    return "\n".join(line for line in view.split("\n") if not line.startswith("key: "))


def squeezed(view: str) -> str:
    """The text view at its shortest before a line is cut: no terrain key, no grid of tiles."""
    kept = [line for line in view.split("\n") if not line.startswith("key: ") and not GRID_ROW.match(line)]
    return "\n".join(kept[:1] + ["(the tiles are in the picture)"] + kept[1:])


def give_way(report: list[str], notes: list[str], room: int) -> tuple[list[str], list[str]]:
    """The strays' phase report (its first line the HP it cost the duo) and this phase's lines within
    `room`: the report first gives way down to its first line and a count, then the older lines of this
    phase are shortened, then counted, the newest kept longest; the report's first line goes last."""
    if length(report + notes) <= room:
        return report, notes
    report = folded_report(report, room - length(notes) - 1)
    notes = folded_notes(notes, room - length(report) - 1 if report else room)
    if length(report + notes) > room:   # no line of this phase is left, and the report is still too long
        report = [clipped(report[0], room)] if room > 2 else []
    return report, notes


def folded_report(report: list[str], room: int) -> list[str]:
    """The report's first line (the HP it cost), then as many of its lines as fit beside a count of the
    rest, which What happened lists; at least the first line and the count."""
    if length(report) <= room or len(report) < 2:
        return report
    for keep in range(len(report) - 2, -1, -1):
        shown = [report[0], *report[1:1 + keep], more_lines(len(report) - 1 - keep)]
        if (length(shown) <= room and length(shown) < length(report)) or keep == 0:
            return shown   # the count only where it is shorter than the lines it stands for
    return report


def folded_notes(notes: list[str], room: int) -> list[str]:
    """This phase's lines within `room`: the older ones shortened to their start, then the oldest left out
    and counted, and at the last the newest shortened."""
    if length(notes) <= room or not notes:
        return notes
    short = [clipped(note, NOTE_SHORT) for note in notes[:-1]] + notes[-1:]
    for start in range(len(short)):
        kept = short[start:]
        shown = ([left_out(start)] if start else []) + kept
        if length(shown) <= room:
            return shown
    return [clipped(notes[-1], room)] if room > 2 else []


def clipped(line: str, most: int) -> str:
    """A line cut to `most` characters at a word, marked with "…"; its first line only."""
    first = line.split("\n", 1)[0]
    if first == line and len(line) <= most:
        return line
    if len(first) + 2 <= most:
        return first + " …"
    cut = first[: max(0, most - 2)]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut) + " …"


def more_lines(n: int) -> str:
    """The count of the strays' lines the board folded, said where they were."""
    return plural(n, "· … {n} more line: What happened lists them", "· … {n} more lines: What happened lists them")


def earlier_lines(n: int) -> str:
    """The count of this phase's older lines the board folded."""
    return plural(n, "({n} earlier line of this phase: What happened lists them)",
                  "({n} earlier lines of this phase: What happened lists them)")


def left_out(n: int) -> str:
    return plural(n, "({n} earlier line of this phase left out)", "({n} earlier lines of this phase left out)")
