"""The summon catalog: every piece as data (catalog.json), loaded and checked by pydantic models."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from ..errors import RuleError
from .pieces import Attr

# A unit's abilities as its text names them, in that order: the field that gives it, and its words.
_TRAITS = (("cannot_attack", "cannot attack"), ("ranged", "ranged"), ("magic", "magic"), ("heal", "heal {c.heal}"),
           ("armor", "armor {c.armor}"), ("pierce", "pierce"), ("thorns", "thorns {c.thorns}"),
           ("strong_vs", "+{c.strong_bonus} vs {c.strong_vs}"), ("weak_to_magic", "weak to magic"))
Effect = Literal["damage_front", "damage_back", "damage_all", "heal_front", "heal_all"]


class Card(BaseModel):
    """One catalog piece. Edges are counts (which attribute each tab/blank has); positions are dealt at
    random when the piece is drawn. Units carry hearts (4 ticks each), attack in ticks and abilities;
    spells carry one effect that happens the moment they are summoned."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str
    attr: Attr
    kind: Literal["unit", "spell"]
    tabs: tuple[Attr, ...] = ()
    blanks: tuple[Attr, ...] = ()
    flats: int = 0
    # unit stats
    hearts: int = 0
    attack: int = 0
    ranged: bool = False
    cannot_attack: bool = False
    magic: bool = False
    heal: int = 0
    armor: int = 0
    pierce: bool = False
    thorns: int = 0
    strong_vs: Attr | None = None
    strong_bonus: int = 0
    weak_to_magic: bool = False
    # spell
    effect: Effect | None = None
    amount: int = 0

    @model_validator(mode="after")
    def _check(self) -> Card:
        if len(self.tabs) + len(self.blanks) + self.flats != 4:
            raise ValueError(f"{self.id}: tabs + blanks + flats must be 4")
        if self.kind == "unit":
            if self.hearts < 1:
                raise ValueError(f"{self.id}: a unit needs at least one heart")
            if self.effect is not None:
                raise ValueError(f"{self.id}: a unit has no spell effect")
            if not self.cannot_attack and self.attack < 1:
                raise ValueError(f"{self.id}: a unit that can attack needs attack >= 1")
            if self.ranged and self.cannot_attack:
                raise ValueError(f"{self.id}: ranged and cannot_attack contradict")
            if (self.strong_vs is None) != (self.strong_bonus == 0):
                raise ValueError(f"{self.id}: strong_vs and strong_bonus go together")
        else:
            if self.effect is None or self.amount < 1:
                raise ValueError(f"{self.id}: a spell needs an effect and an amount")
            if self.hearts or self.attack:
                raise ValueError(f"{self.id}: a spell has no hearts or attack")
        for a in self.tabs + self.blanks:
            if a not in ("neutral", self.attr):
                raise ValueError(f"{self.id}: edges are neutral or the piece's own attribute")
        return self

    @property
    def max_ticks(self) -> int:
        return self.hearts * 4

    @property
    def acts_from_back(self) -> bool:
        """Ranged units and units with an ability (healing) act from a back rank."""
        return self.ranged or self.heal > 0

    def ability_text(self) -> str:
        if self.kind == "spell":
            return {
                "damage_front": f"deal {self.amount} to the enemy front",
                "damage_back": f"deal {self.amount} to the enemy's last unit",
                "damage_all": f"deal {self.amount} to every enemy unit",
                "heal_front": f"heal own front {self.amount}",
                "heal_all": f"heal every own unit {self.amount}",
            }[self.effect or "damage_front"] + " (magic)" * self.effect.startswith("damage")  # type: ignore[union-attr]
        return ", ".join(text.format(c=self) for field, text in _TRAITS if getattr(self, field))


class Catalog(BaseModel):
    model_config = ConfigDict(frozen=True)
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _unique(self) -> Catalog:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids must be unique")
        return self


@lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    text = resources.files(__package__).joinpath("catalog.json").read_text(encoding="utf-8")
    return Catalog.model_validate(json.loads(text))


@lru_cache(maxsize=1)
def cards_by_id() -> dict[str, Card]:
    return {c.id: c for c in load_catalog().cards}


class UnknownPieceError(RuleError, KeyError):
    """A piece id that is not in the catalog (a KeyError too: it is a failed look-up)."""

    code = "unknown_piece"
    __str__ = RuleError.__str__  # a readable message, not KeyError's quoted repr


def card(card_id: str) -> Card:
    try:
        return cards_by_id()[card_id]
    except KeyError:
        raise UnknownPieceError(f"unknown piece {card_id!r}") from None


def edge_text(c: Card) -> str:
    def group(kind: str, attrs: tuple[str, ...]) -> str:
        counts: dict[str, int] = {}
        for a in attrs:
            counts[a] = counts.get(a, 0) + 1
        return " ".join(f"{n}×{a}" for a, n in counts.items()) + f" {kind}"

    parts = []
    if c.tabs:
        parts.append(group("tab", c.tabs))
    if c.blanks:
        parts.append(group("blank", c.blanks))
    if c.flats:
        parts.append(f"{c.flats} flat")
    return ", ".join(parts)


def catalog_markdown() -> str:
    """The catalog as a Markdown table (README.md embeds exactly this; a test keeps them in step)."""
    rows = [
        "| id | name | attribute | kind | tabs | edges | hearts | attack | abilities / effect |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in load_catalog().cards:
        hearts = str(c.hearts) if c.kind == "unit" else "–"
        attack = ("–" if c.cannot_attack else str(c.attack)) if c.kind == "unit" else "–"
        rows.append(
            f"| {c.id} | {c.name} | {c.attr} | {c.kind} | {len(c.tabs)} | {edge_text(c)} | {hearts} | {attack} | "
            f"{c.ability_text() or '–'} |"
        )
    return "\n".join(rows) + "\n"
