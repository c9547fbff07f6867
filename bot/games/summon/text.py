"""Summon in words: cells, turns and sides as a player says them, pieces named with their kind, who did
what with "you" spoken to properly, and the table's lines. A cell has one name everywhere (A1–C3, as
the slash step and the hand's picture name it) and life one scale (hearts of four quarters, as the
seed counts it). Nothing here shows a side code or an engine coordinate; pictures carry the shapes."""
from __future__ import annotations

import re
from dataclasses import dataclass

import engine.summon as sm
from bot.words import N_, current, words
from bot.words import plural as counted_words
from engine.summon.pieces import DIR_NAMES, Side
from engine.summon.render import hearts
from engine.summon.state import Unit

ROTATION_WORDS = (N_("as dealt"), N_("turned a quarter right"), N_("turned upside down"), N_("turned a quarter left"))
_SLIDES = {(0, -1): (N_("up"), N_("the bottom row")), (0, 1): (N_("down"), N_("the top row")),
           (-1, 0): (N_("left"), N_("the right column")), (1, 0): (N_("right"), N_("the left column"))}
# the seed's words for a piece's parts and kinds, and each attribute's name (said with words())
VOCABULARY = (N_("tab"), N_("blank"), N_("flat"), N_("unit"), N_("spell"), N_("white"), N_("blue"), N_("green"),
              N_("red"), N_("black"), N_("neutral"), N_("above"), N_("right of"), N_("below"), N_("left of"),
              N_("next to"), N_("bottom row"), N_("top row"), N_("right column"), N_("left column"),
              N_("stalemate: loss of will"))


def rotation(turns: int) -> str:
    """How a piece is turned, in the reader's words: "as dealt", "turned a quarter right"."""
    return words(ROTATION_WORDS[turns])


def piece_name(card_id: str) -> str:
    """A catalog piece's name in the reader's language (the catalog's English names are the source)."""
    return words(sm.card(card_id).name)


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
        return words("right of {cell}", cell=f"C{row + 1}")
    if col == -1:
        return words("left of {cell}", cell=f"A{row + 1}")
    if row == -1:
        return words("above {cell}", cell=f"{'ABC'[col]}1")
    return words("below {cell}", cell=f"{'ABC'[col]}3")


def at_cell(col: int, row: int) -> str:
    """A cell after a verb: "at B2", or "above A1" for a cell just outside (no "at" before "above")."""
    name = cell_name(col, row)
    return words("at {cell}", cell=name) if inside(col, row) else name


def cell_mark(col: int, row: int) -> str:
    """A cell's name as a picture letters it, in lines short enough for one cell: "B2", "above\nA1",
    "right\nof C2"."""
    name = cell_name(col, row)
    if current() != "en":  # "C2の右": a cell's width holds it on one line
        return name
    head, _, rest = name.partition(" ")
    return f"{head}\n{rest}" if rest else head


def slide_words(slide: tuple[int, int]) -> tuple[str, str]:
    """(which way the board slides, which edge leaves it) for a slide of one step."""
    way, edge = _SLIDES.get(slide, ("", ""))
    return (words(way), words(edge)) if way else ("", "")


def side_word(side: Side) -> str:
    return words("flat") if side.kind == "flat" else words("{attr} {kind}", attr=words(side.attr),
                                                            kind=words(side.kind))


def sides_words(sides: tuple[Side, ...]) -> str:
    """Four sides as placed, clockwise from the top: "up green tab · right neutral blank · down flat · left flat"."""
    return " · ".join(words("{direction} {side}", direction=words(DIR_NAMES[k]), side=side_word(s))
                      for k, s in enumerate(sides))


def edges_words(c: sm.Card) -> str:
    """A catalog piece's edges, wherever they are dealt: "tab: green ×2, neutral; blank: green; flat ×1"."""
    def group(attrs: tuple[str, ...]) -> str:
        counts: dict[str, int] = {}
        for a in attrs:
            counts[a] = counts.get(a, 0) + 1
        return words(", ").join(words(a) + (f" ×{n}" if n > 1 else "") for a, n in counts.items())

    parts = []
    if c.tabs:
        parts.append(counted_words(len(c.tabs), "tab: {list}", "tabs: {list}", list=group(c.tabs)))
    if c.blanks:
        parts.append(counted_words(len(c.blanks), "blank: {list}", "blanks: {list}", list=group(c.blanks)))
    if c.flats:
        parts.append(words("flat ×{n}", n=c.flats))
    return words("; ").join(parts)


def kind_of(card_id: str) -> str:
    """ "a neutral unit", "a red spell"."""
    c = sm.card(card_id)
    return words("a {attr} {kind}", attr=words(c.attr), kind=words(c.kind))


def named(card_id: str) -> str:
    """A piece named with its kind: "Stone Wall, a neutral unit"."""
    return words("{piece}, {kind}", piece=piece_name(card_id), kind=kind_of(card_id))


_SPELLS = {"damage_front": N_("deals {hearts} to the enemy front (magic)"),
           "damage_back": N_("deals {hearts} to the enemy's last unit (magic)"),
           "damage_all": N_("deals {hearts} to every enemy unit (magic)"),
           "heal_front": N_("heals your front {hearts}"),
           "heal_all": N_("heals each of your units {hearts}")}


def attack_words(c: sm.Card) -> str:
    """A unit's blow in hearts, as its life is counted: "attack ¾♥", or "cannot attack"."""
    return words("cannot attack") if c.cannot_attack else words("attack {hearts}", hearts=hearts(c.attack))


def ability_words(c: sm.Card) -> str:
    """A unit's abilities, amounts in hearts: "ranged, magic, heals ¼♥, armor ¼♥, +½♥ vs black"; a
    spell's effect: "deals ¾♥ to the enemy front (magic)"."""
    if c.kind == "spell":
        return words(_SPELLS[c.effect or "damage_front"], hearts=hearts(c.amount))
    parts = [words(word) for word, has in ((N_("ranged"), c.ranged), (N_("magic"), c.magic)) if has]
    parts += [words(word, hearts=hearts(n)) for word, n in ((N_("heals {hearts}"), c.heal),
                                                            (N_("armor {hearts}"), c.armor)) if n]
    parts += [words("pierce")] * c.pierce + ([words("thorns {hearts}", hearts=hearts(c.thorns))] if c.thorns else [])
    parts += [words("+{hearts} vs {attr}", hearts=hearts(c.strong_bonus), attr=words(c.strong_vs))] \
        if c.strong_vs else []
    return words(", ").join(parts + [words("weak to magic")] * c.weak_to_magic)


def details(card_id: str) -> str:
    """A piece's numbers in one line: kind, edges, life, attack, abilities (the seed's long press)."""
    c = sm.card(card_id)
    text = f"{named(card_id)} — {edges_words(c)}"
    if c.kind == "unit":
        extra = ability_words(c)
        return text + words("; ") + f"{c.hearts}♥{words(', ')}{attack_words(c)}" + \
            (words("; ") + extra if extra else "")
    return text + words("; when summoned: {effect}", effect=ability_words(c))


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
        shown = drawn_hearts(ticks)
        return words("{n} heart", n=shown) if 0 < ticks <= 4 else words("{n} hearts", n=shown)
    return _HEARTS.sub(spelled, text).replace("−", "-")


COUNTED = {"piece": (N_("{n} piece"), N_("{n} pieces")), "placement": (N_("{n} placement"), N_("{n} placements")),
           "action": (N_("{n} action"), N_("{n} actions")), "unit": (N_("{n} unit"), N_("{n} units")),
           "legal placement": (N_("{n} legal placement"), N_("{n} legal placements")),
           "legal cell": (N_("{n} legal cell"), N_("{n} legal cells")), "tab": (N_("{n} tab"), N_("{n} tabs")),
           "spell": (N_("{n} spell"), N_("{n} spells"))}  # each with its counter


def plural(n: int, word: str) -> str:
    """A count of pieces, placements, actions or units, with the reader's counter ("3 pieces", "3枚")."""
    one, other = COUNTED[word]
    return counted_words(n, one, other)


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
            return words("You") if start else words("you")
        return self.seats[i]

    def verb(self, i: int, verb: str) -> str:
        """`verb` (in its plain form) agreeing with seat i's name: "place" for you, "places" for alice."""
        if self.second(i):
            return verb
        return {"have": "has", "do": "does"}.get(verb, verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s"))

    def does(self, i: int, verb: str, start: bool = False) -> str:
        """"you place" / "alice places" (`verb` in its plain form); English only: a sentence in another
        language is a whole template with {who} in it."""
        return f"{self.who(i, start)} {self.verb(i, verb)}"

    def whose(self, i: int, start: bool = False) -> str:
        if self.second(i):
            return words("Your") if start else words("your")
        return words("{name}'s", name=self.seats[i])

    def unit(self, i: int, card_id: str) -> str:
        return words("{whose} {piece}", whose=self.whose(i), piece=piece_name(card_id))


# --- what a placement does --------------------------------------------------------------------------

def counted(card_ids: tuple[str, ...]) -> str:
    """Pieces by name, repeats counted: "Clay Doll ×3, Stone Wall"."""
    counts: dict[str, int] = {}
    for c in card_ids:
        counts[piece_name(c)] = counts.get(piece_name(c), 0) + 1
    return words(", ").join(name + (f" ×{n}" if n > 1 else "") for name, n in counts.items())


def summon_words(summons: tuple[str, ...]) -> str:
    if not summons:
        return words("summons nothing yet")
    return words("summons {pieces}", pieces=words(", then ").join(piece_name(c) for c in summons))


def fall_words(slide: tuple[int, int], fall_cards: tuple[str, ...]) -> str:
    """"the board slides right; the left column is pushed off: Clay Doll ×3" ("" when it does not slide)."""
    if slide == (0, 0):
        return ""
    way, edge = slide_words(slide)
    if fall_cards:
        return words("the board slides {way}; {edge} is pushed off: {pieces}", way=way, edge=edge,
                     pieces=counted(fall_cards))
    return words("the board slides {way}; nothing is pushed off", way=way)


def placement_effect(summons: tuple[str, ...], fall_cards: tuple[str, ...], slide: tuple[int, int]) -> str:
    """What a placement summons (in line order) and what is pushed off, for a select or a preview."""
    falls = fall_words(slide, fall_cards)
    return summon_words(summons) + (words("; ") + falls if falls else "")


def battle_caption(names: Names, e: sm.BattleEvent) -> str:
    """One battle event as the replay captions it: "AI's Ember Imp hits your Stone Wall: −½♥"."""
    target = names.unit(e.target.side, e.target.card)
    if e.kind == "stalemate":
        text = words("Neither front can attack: {target} loses heart: {change}", target=target,
                     change=life_change(-e.amount))
    elif e.kind == "thorns":
        text = words("Thorns of {source} hit {target}: {change}", source=words(e.source), target=target,
                     change=life_change(-e.amount))
    elif e.kind == "heal" or (e.kind == "spell" and e.after > e.before):
        who = names.unit(e.actor.side, e.actor.card) if e.actor is not None else words(e.source)
        text = words("{who} heals {target}: {change}", who=who, target=target, change=life_change(e.amount))
    else:
        who = names.unit(e.actor.side, e.actor.card) if e.actor is not None else words(e.source)
        blow = N_("{who} shoots {target}: {change}") if e.kind == "ranged" else N_("{who} hits {target}: {change}")
        text = words(blow, who=who, target=target, change=life_change(-e.amount))
    text += words(" (falls)") if e.destroyed else ""
    return text[:1].upper() + text[1:]


def unit_words(u: Unit) -> str:
    return f"{piece_name(u.card)} {hearts(u.ticks)}"


__all__ = [
    "Names",
    "ROTATION_WORDS",
    "ability_words",
    "at_cell",
    "attack_words",
    "battle_caption",
    "cell_mark",
    "cell_name",
    "counted",
    "details",
    "drawn_hearts",
    "edges_words",
    "fall_words",
    "kind_of",
    "life_change",
    "named",
    "picture_words",
    "piece_name",
    "placement_effect",
    "plural",
    "rotation",
    "sides_words",
    "slide_words",
    "summon_words",
    "unit_words",
]
