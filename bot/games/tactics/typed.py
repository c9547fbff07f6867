"""A typed turn (`/tactics turn steps:`) in the reader's words, made into the engine's before the engine
reads it: the reader's names of skills, fighters and reactions, and its words for move, hold, end and the
compass, become the English the engine reads. The names and the step words are data (the names' file,
engine/tactics/words/words.<language>.json, and the catalog's compass); a step written in the engine's own
words passes as it is. A step that names nothing known is refused here, in the reader's language, saying
which step and why, before anything is played.

    移動 C5、潮の鞭 F5（北へ押す）、スクリールに押し出し、終了  ->  move C5; Tide Lash F5 toward N; Shove s3; end
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

import engine.tactics as tx
from bot.core.kinds import GameError
from bot.words import LANGUAGES, SOURCE, current, listing, words, words_in

from . import names
from .quoting import echo
from .report import COMPASS

STEPS = re.compile(r"[;\n、。]")                       # the engine's separators and the reader's own
TILE = re.compile(r"(?<![A-Za-z])([A-Ma-m][1-9])(?![0-9])")
ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
ENGINE_WORDS = {"at", "on", "to", "toward", "towards", "push", "pushing", "skill", "use"}  # the engine's own fill


def plain(text: str) -> str:
    """Full-width letters, digits and marks as the engine reads them (Ｆ５ → F5, ； → ;)."""
    return unicodedata.normalize("NFKC", text)


@dataclass
class _Found:
    """What one step names, read out of its text."""
    skills: list[str] = field(default_factory=list)      # English skill names
    fighters: list[str] = field(default_factory=list)    # the surface each fighter was named by
    reactions: list[str] = field(default_factory=list)
    words: set[str] = field(default_factory=set)         # move, hold, end
    directions: list[str] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)


def engine_text(fight: tx.FightState, fighter_id: str, text: str) -> str:
    """The turn in the engine's words; a GameError in the reader's language for a step naming nothing known.
    Names in any language with names' data are read (a member may type in theirs on a server of another);
    a turn already in the engine's words is returned as it is."""
    if text.isascii():
        return text
    parts = [p.strip() for p in STEPS.split(plain(text))]
    parts = [p for p in parts if p]
    reader = _Reader(fight, fighter_id)
    return "; ".join(part if part.isascii() else reader.step(i, part, text) for i, part in enumerate(parts))


def written_step(text: str, engine: str, step: int | None) -> str | None:
    """The step `step` of the engine's turn `engine` (engine_text(text)) as the member wrote it in `text`,
    so a refusal quotes the member's own words; None when the two do not line up step for step."""
    parts, start = [], 0
    for i, mark in enumerate(text):
        if STEPS.fullmatch(plain(mark)):
            parts.append(text[start:i])
            start = i + 1
    parts = [p.strip() for p in [*parts, text[start:]] if plain(p).strip()]
    steps = [p for p in re.split(r"[;\n]", engine) if p.strip()]
    if step is None or len(parts) != len(steps) or not 0 <= step < len(parts):
        return None
    return parts[step]


class _Reader:
    """The names a step may use in this fight, for this fighter: the engine's and every language's."""

    def __init__(self, fight: tx.FightState, fighter_id: str) -> None:
        self.fight = fight
        self.me = fight.get(fighter_id)
        self.kit = list(tx.kit(self.me.name))
        surfaces: list[tuple[str, str, str]] = []   # (what is written, its kind, what it means)
        for f in fight.fighters:
            surfaces += [(f.name, "fighter", f.name), (f.id, "fighter", f.id)]
        surfaces += [(s, "skill", s) for name in tx.fighters() for s in tx.kit(name)]
        surfaces += [(r.replace("_", " "), "reaction", r) for r in ("opportunity_attack", "flowing_guard")]
        surfaces += [(kind, kind, kind) for kind in ("move", "hold", "end")]
        filler: set[str] = set()
        for language in LANGUAGES:
            data = names.names_of(language)
            typed = data.get("turn_text", {})
            filler |= {plain(f) for f in typed.get("filler", [])}
            surfaces += [(plain(local), "skill", english) for english, local in data.get("skills", {}).items()]
            surfaces += [(plain(data["fighters"][f.name]["name"]), "fighter", f.name) for f in fight.fighters
                         if f.name in data.get("fighters", {})]
            surfaces += [(plain(local), "reaction", english) for english, local in data.get("reactions", {}).items()]
            surfaces += [(plain(w), kind, kind) for kind in ("move", "hold", "end") for w in typed.get(kind, [])]
            if language != SOURCE:
                surfaces += [(plain(words_in(language, said)), "direction", d) for d, said in COMPASS.items()]
        self.filler = sorted(filler, key=len, reverse=True)
        self.surfaces = sorted(set(surfaces), key=lambda s: len(s[0]), reverse=True)

    def read(self, part: str) -> _Found:
        found = _Found()
        rest = part
        for surface, kind, meaning in self.surfaces:
            pattern = re.escape(surface)
            if surface.isascii():   # a Latin word only as a whole word, in any case
                pattern = rf"(?<![A-Za-z0-9]){pattern}(?![A-Za-z0-9])"
            while (hit := re.search(pattern, rest, re.IGNORECASE if surface.isascii() else 0)) is not None:
                rest = rest[:hit.start()] + " " + rest[hit.end():]
                if kind == "skill":
                    found.skills.append(meaning)
                elif kind == "fighter":
                    found.fighters.append(meaning)
                elif kind == "reaction":
                    found.reactions.append(meaning)
                elif kind == "direction":
                    found.directions.append(meaning)
                else:
                    found.words.add(kind)
        found.tiles = [t.upper() for t in TILE.findall(rest)]
        rest = TILE.sub(" ", rest)
        for piece in rest.split():
            left = piece
            for filler in self.filler:
                left = left.replace(filler, "")
            for word in ASCII_WORD.findall(left):
                if word.upper() in COMPASS:
                    found.directions.append(word.upper())
                elif word.lower() not in ENGINE_WORDS:
                    found.unknown.append(word)
            left = ASCII_WORD.sub("", left).strip(" .,:!?・")
            if left:
                found.unknown.append(self._trimmed(piece))
        return found

    def _trimmed(self, piece: str) -> str:
        """A piece without the particles and marks around it (「ドラゴン→」 reads 「ドラゴン」)."""
        trimmed = True
        while trimmed:
            trimmed = False
            for filler in self.filler:
                if piece != filler and (piece.startswith(filler) or piece.endswith(filler)):
                    piece = piece.removeprefix(filler) if piece.startswith(filler) else piece.removesuffix(filler)
                    trimmed = True
        return piece

    def step(self, i: int, part: str, text: str) -> str:
        """One step in the engine's words, or a refusal naming it."""
        found = self.read(part)

        def refused(why: str) -> GameError:
            reason = words("step {n} ({step}): {why}", n=i + 1, step=part, why=why)
            return GameError(words("Turn: {reason}. You wrote {text}.", reason=reason, text=echo(text)))

        mine = words(", ").join(names.skill(s) for s in self.kit)
        move, hold, end = (self._word(w) for w in ("move", "hold", "end"))
        if found.unknown:
            raise refused(words("{word} names no skill, fighter or tile here (skills of {name}: {skills}; "
                                "or {move}, {hold}, {end})", word=found.unknown[0], skills=mine,
                                name=names.fighter(self.me.name), move=move, hold=hold, end=end))
        if found.skills:
            return self._skill(found, refused, mine)
        if "move" in found.words:
            if len(found.tiles) != 1:
                raise refused(words("a move names one tile, like {example}",
                                    example=words("move to {to}", to="C5")))
            return f"move {found.tiles[0]}"
        if "hold" in found.words or found.reactions:
            allowed = tx.fighters()[self.me.name].reactions
            held = found.reactions or (list(allowed) if len(allowed) == 1 else [])  # the one it has goes unsaid
            if len(held) != 1 or held[0] not in allowed:
                raise refused(words("a hold names {reactions}", reactions=words(" or ").join(
                    names.reaction(r) for r in allowed)))
            return f"hold {held[0].replace('_', ' ')}"
        if "end" in found.words and not (found.tiles or found.fighters or found.directions):
            return "end"
        raise refused(words("a step is a skill of {name}'s ({skills}), or {move}, {hold}, {end}",
                            name=names.fighter(self.me.name), skills=mine, move=move, hold=hold, end=end))

    def _skill(self, found: _Found, refused: Callable[[str], GameError], mine: str) -> str:
        skill = found.skills[0]
        if skill not in self.kit:
            raise refused(words("{skill} is not a skill of {name}'s (theirs: {skills})",
                                skill=names.skill(skill), name=names.fighter(self.me.name), skills=mine))
        aims = found.tiles + found.fighters
        if len(found.skills) > 1 or len(aims) != 1 or len(found.directions) > 1:
            raise refused(words("one skill at one tile or fighter per step, like {example}",
                                example=words("{skill} at {at}", skill=names.skill(skill), at="F5")))
        at = found.tiles[0] if found.tiles else self._fighter(found.fighters[0], refused)
        toward = f" toward {found.directions[0]}" if found.directions else ""
        return f"{skill} {at}{toward}"

    def _fighter(self, named: str, refused: Callable[[str], GameError]) -> str:
        """The id of the one standing fighter a step names (by name or id)."""
        who = [f for f in self.fight.fighters if named in (f.id, f.name)]
        standing = [f for f in who if f.standing]
        if not standing:
            raise refused(words("{name} is no longer on the board", name=names.fighter(who[0].name)))
        if len(standing) > 1:
            raise refused(words("{name} could be the one on {tiles}: name its tile instead",
                                name=names.fighter(standing[0].name),
                                tiles=listing(f.pos for f in standing)))
        return standing[0].id

    def _word(self, kind: str) -> str:
        """The reader's first word for a step kind, to name it in a refusal."""
        typed = names.names_of(current()).get("turn_text", {}).get(kind, [])
        return typed[0] if typed else kind
