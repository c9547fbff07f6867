"""A player's hand as choices for a front-end's hand controls: each piece, each distinct rotation of
it, and the legal cells for that rotation, each with what it would summon and what would fall off.
Only the hand's owner may be shown these (rules decision 13)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from .catalog import card
from .game import legal_placements
from .pieces import rotate, sides_code
from .state import Placement, SummonState


class RotationOption(BaseModel):
    """One distinct way to turn a piece (rotations giving the same sides are listed once)."""

    model_config = ConfigDict(frozen=True)
    rotation: int  # quarter turns clockwise
    sides: str  # up, right, down, left as placed, e.g. "N.nr"
    placements: tuple[Placement, ...]  # legal cells for it, each with its preview; may be empty


class HandOption(BaseModel):
    model_config = ConfigDict(frozen=True)
    piece: int  # the hand piece's uid
    card: str
    name: str
    sides: str  # unrotated
    rotations: tuple[RotationOption, ...]

    @property
    def placeable(self) -> bool:
        return any(r.placements for r in self.rotations)


def hand_options(state: SummonState, player: int) -> list[HandOption]:
    """`player`'s hand as choices. Placements are listed only while it is their summon turn (off turn
    a player may still look at their hand)."""
    mine = state.phase == "summon" and state.to_move == player
    placements = legal_placements(state) if mine else []
    out = []
    for hp in state.players[player].hand:
        rotations = []
        seen: set[str] = set()
        for r in range(4):
            code = sides_code(rotate(hp.sides, r))
            if code in seen:
                continue
            seen.add(code)
            cells = tuple(pl for pl in placements if pl.piece == hp.uid and pl.rotation == r)
            rotations.append(RotationOption(rotation=r, sides=code, placements=cells))
        out.append(HandOption(piece=hp.uid, card=hp.card, name=card(hp.card).name, sides=hp.code,
                              rotations=tuple(rotations)))
    return out
