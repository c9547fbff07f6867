"""Summon in words: cells, turns and sides as a player says them, pieces named with their kind, who did
what with "you" spoken to properly, and the table's lines. A cell has one name everywhere (A1–C3, as
the slash step and the hand's picture name it) and life one scale (hearts of four quarters, as the
seed counts it). Nothing here shows a side code or an engine coordinate; pictures carry the shapes."""
from __future__ import annotations

import re
from dataclasses import dataclass

import engine.summon as sm
from engine.summon.pieces import DIR_NAMES, Side
from engine.summon.render import hearts
from engine.summon.state import Unit

ROTATION_WORDS = ("as dealt", "turned a quarter right", "turned upside down", "turned a quarter left")
_SLIDES = {(0, -1): ("up", "the bottom row"), (0, 1): ("down", "the top row"),
           (-1, 0): ("left", "the right column"), (1, 0): ("right", "the left column")}


# --- cells and shapes -------------------------------------------------------------------------------

def inside(col: int, row: int) -> bool:
    """Whether a cell is on the 3×3 board (not one of the cells just outside it, where a placement slides)."""
    return 0 <= col <= 2 and 0 <= row <= 2


def cell_name(col: int, row: int) -> str:
    """A cell as the slash step names it: A1–C3 inside the board (columns A–C, rows 1–3 from the top),
    the cells just outside by the board cell they stand beside."""
    if inside(col, row):
        return f"{'ABC'[col]}{row + 1}"
    if col == 3:
        return f"right of C{row + 1}"
    if col == -1:
        return f"left of A{row + 1}"
    if row == -1:
        return f"above {'ABC'[col]}1"
    return f"below {'ABC'[col]}3"


def at_cell(col: int, row: int) -> str:
    """A cell after a verb: "at B2", or "above A1" for a cell just outside (no "at" before "above")."""
    name = cell_name(col, row)
    return f"at {name}" if inside(col, row) else name


def cell_mark(col: int, row: int) -> str:
    """A cell's name as a picture letters it, in lines short enough for one cell: "B2", "above\nA1",
    "right\nof C2"."""
    head, _, rest = cell_name(col, row).partition(" ")
    return f"{head}\n{rest}" if rest else head


def slide_words(slide: tuple[int, int]) -> tuple[str, str]:
    """(which way the board slides, which edge leaves it) for a slide of one step."""
    return _SLIDES.get(slide, ("", ""))


def side_word(side: Side) -> str:
    return "flat" if side.kind == "flat" else f"{side.attr} {side.kind}"


def sides_words(sides: tuple[Side, ...]) -> str:
    """Four sides as placed, clockwise from the top: "up green tab · right neutral blank · down flat · left flat"."""
    return " · ".join(f"{DIR_NAMES[k]} {side_word(s)}" for k, s in enumerate(sides))


def edges_words(c: sm.Card) -> str:
    """A catalog piece's edges, wherever they are dealt: "tab: green ×2, neutral; blank: green; flat ×1"."""
    def group(attrs: tuple[str, ...]) -> str:
        counts: dict[str, int] = {}
        for a in attrs:
            counts[a] = counts.get(a, 0) + 1
        return ", ".join(a + (f" ×{n}" if n > 1 else "") for a, n in counts.items())

    parts = []
    if c.tabs:
        parts.append(f"tab{'s' if len(c.tabs) > 1 else ''}: {group(c.tabs)}")
    if c.blanks:
        parts.append(f"blank{'s' if len(c.blanks) > 1 else ''}: {group(c.blanks)}")
    if c.flats:
        parts.append(f"flat ×{c.flats}" if c.flats > 1 else "flat ×1")
    return "; ".join(parts)


def kind_of(card_id: str) -> str:
    """ "a neutral unit", "a red spell"."""
    c = sm.card(card_id)
    return f"a {c.attr} {c.kind}"


def named(card_id: str) -> str:
    """A piece named with its kind: "Stone Wall, a neutral unit"."""
    return f"{sm.card(card_id).name}, {kind_of(card_id)}"


_SPELLS = {"damage_front": "deals {} to the enemy front (magic)", "damage_back": "deals {} to the enemy's last unit "
           "(magic)", "damage_all": "deals {} to every enemy unit (magic)", "heal_front": "heals your front {}",
           "heal_all": "heals each of your units {}"}


def attack_words(c: sm.Card) -> str:
    """A unit's blow in hearts, as its life is counted: "attack ¾♥", or "cannot attack"."""
    return "cannot attack" if c.cannot_attack else f"attack {hearts(c.attack)}"


def ability_words(c: sm.Card) -> str:
    """A unit's abilities, amounts in hearts: "ranged, magic, heals ¼♥, armor ¼♥, +½♥ vs black"; a
    spell's effect: "deals ¾♥ to the enemy front (magic)"."""
    if c.kind == "spell":
        return _SPELLS[c.effect or "damage_front"].format(hearts(c.amount))
    parts = [word for word, has in (("ranged", c.ranged), ("magic", c.magic)) if has]
    parts += [f"{word} {hearts(n)}" for word, n in (("heals", c.heal), ("armor", c.armor)) if n]
    parts += ["pierce"] * c.pierce + ([f"thorns {hearts(c.thorns)}"] if c.thorns else [])
    parts += [f"+{hearts(c.strong_bonus)} vs {c.strong_vs}"] if c.strong_vs else []
    return ", ".join(parts + ["weak to magic"] * c.weak_to_magic)


def details(card_id: str) -> str:
    """A piece's numbers in one line: kind, edges, life, attack, abilities (the seed's long press)."""
    c = sm.card(card_id)
    text = f"{named(card_id)} — {edges_words(c)}"
    if c.kind == "unit":
        extra = ability_words(c)
        return text + f"; {c.hearts}♥, {attack_words(c)}" + (f"; {extra}" if extra else "")
    return text + f"; when summoned: {ability_words(c)}"


def life_change(ticks: int) -> str:
    """Damage or healing in hearts, as life is shown: −3 ticks -> "−¾♥", +4 -> "+1♥"."""
    return f"{'+' if ticks > 0 else '−'}{hearts(abs(ticks))}"


_QUARTERS = {"": 0, "¼": 1, "½": 2, "¾": 3}
_HEARTS = re.compile(r"(?=[\d¼½¾])(\d*)([¼½¾]?)♥")


def drawn_hearts(ticks: int) -> str:
    """Hearts in the signs the pictures' font has (it lacks ♥ and the fraction signs): 11 ticks -> "2 3/4"."""
    whole, part = divmod(max(0, ticks), 4)
    quarter = f"{part}/4".replace("2/4", "1/2") if part else ""
    return f"{whole} {quarter}" if whole and part else quarter or str(whole)


def picture_words(text: str) -> str:
    """A caption as a picture can draw it: "−¾♥" -> "-3/4 heart", "4♥" -> "4 hearts"."""
    def spelled(m: re.Match[str]) -> str:
        ticks = 4 * int(m[1] or 0) + _QUARTERS[m[2]]
        return f"{drawn_hearts(ticks)} heart{'' if 0 < ticks <= 4 else 's'}"
    return _HEARTS.sub(spelled, text).replace("−", "-")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# --- who: "you" spoken to as you ------------------------------------------------------------------

@dataclass(frozen=True)
class Names:
    """The two seats' names as a message says them. `you` is the seat the message speaks to (its
    reader in a private view); a player whose name is "you" (local play) is spoken to as well."""
    seats: tuple[str, str]
    you: int | None = None

    def second(self, i: int) -> bool:
        return i == self.you or self.seats[i].strip().lower() == "you"

    def who(self, i: int, start: bool = False) -> str:
        if self.second(i):
            return "You" if start else "you"
        return self.seats[i]

    def verb(self, i: int, verb: str) -> str:
        """`verb` (in its plain form) agreeing with seat i's name: "place" for you, "places" for alice."""
        if self.second(i):
            return verb
        return {"have": "has", "do": "does"}.get(verb, verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s"))

    def does(self, i: int, verb: str, start: bool = False) -> str:
        """"you place" / "alice places" (`verb` in its plain form)."""
        return f"{self.who(i, start)} {self.verb(i, verb)}"

    def whose(self, i: int, start: bool = False) -> str:
        if self.second(i):
            return "Your" if start else "your"
        return f"{self.seats[i]}'s"

    def unit(self, i: int, card_id: str) -> str:
        return f"{self.whose(i)} {sm.card(card_id).name}"


# --- what a placement does --------------------------------------------------------------------------

def counted(card_ids: tuple[str, ...]) -> str:
    """Pieces by name, repeats counted: "Clay Doll ×3, Stone Wall"."""
    counts: dict[str, int] = {}
    for c in card_ids:
        counts[sm.card(c).name] = counts.get(sm.card(c).name, 0) + 1
    return ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in counts.items())


def summon_words(summons: tuple[str, ...]) -> str:
    return "summons " + ", then ".join(sm.card(c).name for c in summons) if summons else "summons nothing yet"


def fall_words(slide: tuple[int, int], fall_cards: tuple[str, ...]) -> str:
    """"the board slides right; the left column is pushed off: Clay Doll ×3" ("" when it does not slide)."""
    if slide == (0, 0):
        return ""
    way, edge = slide_words(slide)
    return f"the board slides {way}; " + (f"{edge} is pushed off: {counted(fall_cards)}" if fall_cards
                                           else "nothing is pushed off")


def placement_effect(summons: tuple[str, ...], fall_cards: tuple[str, ...], slide: tuple[int, int]) -> str:
    """What a placement summons (in line order) and what is pushed off, for a select or a preview."""
    falls = fall_words(slide, fall_cards)
    return summon_words(summons) + (f"; {falls}" if falls else "")


def battle_caption(names: Names, e: sm.BattleEvent) -> str:
    """One battle event as the replay captions it: "AI's Ember Imp hits your Stone Wall: −½♥"."""
    target = names.unit(e.target.side, e.target.card)
    if e.kind == "stalemate":
        text = f"Neither front can attack: {target} loses heart: {life_change(-e.amount)}"
    elif e.kind == "thorns":
        text = f"Thorns of {e.source} hit {target}: {life_change(-e.amount)}"
    elif e.kind == "heal" or (e.kind == "spell" and e.after > e.before):
        who = names.unit(e.actor.side, e.actor.card) if e.actor is not None else e.source
        text = f"{who} heals {target}: {life_change(e.amount)}"
    else:
        who = names.unit(e.actor.side, e.actor.card) if e.actor is not None else e.source
        text = f"{who} {'shoots' if e.kind == 'ranged' else 'hits'} {target}: {life_change(-e.amount)}"
    text += " (falls)" if e.destroyed else ""
    return text[:1].upper() + text[1:]


def unit_words(u: Unit) -> str:
    return f"{sm.card(u.card).name} {hearts(u.ticks)}"


__all__ = ["Names", "ROTATION_WORDS", "ability_words", "at_cell", "attack_words", "battle_caption", "cell_mark",
           "cell_name", "counted", "details", "drawn_hearts", "edges_words", "fall_words", "kind_of", "life_change",
           "named", "picture_words", "placement_effect", "plural", "sides_words", "slide_words", "summon_words",
           "unit_words"]
