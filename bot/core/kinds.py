"""The contract between the session core and one game: load, show, act, time out, who acts now.

A game kind is thin glue over its engine. It never touches Discord; it may read and write player
progress through the context it is handed. Its steps are a table (`@step(Sow)` on a method), so
the core can tell a known action from a forged one before anything runs.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from importlib import resources
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from bot.words import current, words
from db.games import GameRecord
from db.store import Store

from .actions import Action, ActionError, RetiredAction, check_wire
from .errors import GameError
from .former import FormerWire
from .reply import Picture, Reply
from .seats import Pilot, PilotNeeds, Seat

StepFn = TypeVar("StepFn", bound=Callable[..., Any])
S = TypeVar("S", bound=BaseModel)  # a game's saved state: a pydantic model


@dataclass(frozen=True)
class Context:
    """What a game kind may use while handling one action: the store, the clock, who acts, where."""
    db: Store
    now: datetime
    user_id: int | None
    game: GameRecord
    timer_seconds: int | None  # the server's /settings timer; None: the game's own default
    seat: Seat | None = None  # the seat acting: the user id, or a pilot's name when a pilot acts

    @property
    def player(self) -> int:
        """The person acting, for a step only a person takes: a pilot or a timer has no progress to read."""
        if self.user_id is None:
            raise GameError(words("Only a player can do that."))
        return self.user_id


@dataclass(frozen=True)
class Outcome(Generic[S]):
    """A change the kind made: the new state, what to announce, and whether the game is over."""
    state: S
    said: str = ""
    finished: bool = False
    on_saved: Callable[[], None] | None = None  # progress earned, written in the game's own save
    private: Reply | None = None  # shown only to the one who acted (their hand after a placement)
    leaves: tuple[int, ...] = ()  # players no longer in the game (a friend who declined): their slot is freed


def view(*actions: type[Action]) -> Callable[[StepFn], StepFn]:
    """Mark a kind's method as a private view, shown only to the one who asked (a hand of cards),
    changing nothing; players may look at any time, in turn or not: `handler(state, action, ctx) -> Reply`."""
    def mark(fn: StepFn) -> StepFn:
        fn.__view_verbs__ = actions  # type: ignore[attr-defined]
        return fn
    return mark


def step(*actions: type[Action]) -> Callable[[StepFn], StepFn]:
    """Mark a kind's method as the handler of these actions: `handler(state, action, ctx) -> Outcome`."""
    def mark(fn: StepFn) -> StepFn:
        fn.__step_verbs__ = actions  # type: ignore[attr-defined]
        return fn
    return mark


@dataclass(frozen=True)
class Handler:
    """One row of a kind's action table: the method, and the action type it takes."""
    method: str
    action: type[Action]
    private: bool  # a view: shown to the one who asked, changing nothing


class GameKind(ABC, Generic[S]):
    """The rules glue of one game over its state type S (`class Bowls(GameKind[BowlsSession])`)."""

    state_model: type[S]  # the model S itself (`state_model = BowlsSession`): what a saved state loads as
    key: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str]  # one line for /help: what it is and how to start it
    handlers: ClassVar[dict[str, Handler]] = {}  # wire verb -> its handler, collected from @step and @view

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table: dict[str, Handler] = {}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                for private, attr in ((False, "__step_verbs__"), (True, "__view_verbs__")):
                    for action in getattr(member, attr, ()):
                        table[action.verb] = Handler(name, action, private)
        cls.handlers = table

    @property
    def steps(self) -> dict[str, str]:
        return {verb: h.method for verb, h in self.handlers.items() if not h.private}

    @property
    def views(self) -> dict[str, str]:
        return {verb: h.method for verb, h in self.handlers.items() if h.private}

    @classmethod
    def action_types(cls) -> tuple[type[Action], ...]:
        """Every typed action this kind takes (for round-trip tests and the wire table)."""
        return tuple(h.action for h in cls.handlers.values())

    def load(self, text: str) -> S:
        """The state saved as `text`; raises if it no longer loads (the game is then marked broken)."""
        return self.state_model.model_validate_json(text)

    def dump(self, state: S) -> str:
        return state.model_dump_json()

    @abstractmethod
    def board(self, state: S, game: GameRecord) -> Reply:
        """The board message: picture, text and components for the state."""

    def decode(self, wire: str) -> Action:
        """The typed action a component's wire form names; ActionError, with the reason, for a forged,
        retired or malformed one, before any rule runs (RetiredAction when it names no step of today's)."""
        verb = check_wire(wire) if len(wire) <= 60 else wire.partition(":")[0]
        handler = self.handlers.get(verb)
        if handler is None:
            raise RetiredAction(words("That is not a step this game knows (the button may be from an older board)."))
        return handler.action.decode(wire.partition(":")[2])

    def checked(self, action: Action) -> Action:
        """`action` itself, once it is known to be one of this kind's steps or views (ActionError if not)."""
        handler = self.handlers.get(action.verb)
        if handler is None or handler.action is not type(action):
            raise ActionError(f"{type(action).__name__} is not a step of {self.title}.")
        return action

    def knows(self, wire: str) -> bool:
        """Whether the wire form `wire` names one of this game's steps (forged or retired ids are refused early)."""
        try:
            self.decode(wire)
        except ActionError:
            return False
        return True

    def is_view(self, action: Action) -> bool:
        handler = self.handlers.get(action.verb)
        return handler is not None and handler.private

    def _dispatch(self, state: S, action: Action, ctx: Context) -> Any:
        return getattr(self, self.handlers[self.checked(action).verb].method)(state, action, ctx)

    def look(self, state: S, action: Action, ctx: Context) -> Reply:
        """A private view through the action table; GameError when it cannot be shown."""
        return self._dispatch(state, action, ctx)

    def act(self, state: S, action: Action, ctx: Context) -> Outcome[S]:
        """Apply one action through the action table; GameError (changing nothing) when not allowed."""
        return self._dispatch(state, action, ctx)

    # --- seats and pilots ---------------------------------------------------------------------

    def seats(self, state: S, game: GameRecord) -> tuple[Seat, ...] | None:
        """Who must act now; None means any of the game's players, at any time (a solitaire game)."""
        return None

    def fallback(self, state: S, seat: str) -> Action | None:
        """The action a pilot's seat takes when its pilot fails or misses its deadline (None: nothing)."""
        return None

    def phase(self, state: S) -> Hashable | None:
        """Which phase of play `state` is in (a duo phase, a round), for the kinds whose phases hold several
        changes. Within one phase a change edits the live board; a new phase posts a new board; a pilot's
        answer and a timer apply only to the phase they were started in. None: the kind declares no
        phases; a press edits the board it was pressed on and any other change posts a new one."""
        return None

    def pilot_seconds(self, state: S, seat: str, ctx: Context) -> float:
        """How long a pilot may think, from the moment its seat is due."""
        return 10.0

    def shown_with_answer(self, state: S) -> bool:
        """Whether this state's board may go unshown when a pilot that answers at once answers it: the
        change's words are carried on the answer's board, so only a board showing more than its words
        (a replay of what the change caused) must be shown on its own."""
        return True

    # --- timers and lifecycle -----------------------------------------------------------------

    def timeout(self, state: S, ctx: Context) -> Outcome[S] | None:
        """The phase deadline passed; None means the kind has no timed phases."""
        return None

    def deadline_seconds(self, state: S, ctx: Context) -> float | None:
        """Seconds the next phase may last, or None for no timer. Called after every change."""
        return None

    def resumed(self, state: S, away: timedelta) -> S:
        """`state` after the bot was stopped for `away`: a clock kept in the state (when a phase opened)
        moves on by it, as the stored deadline does, so a stop spends none of a phase's time."""
        return state

    def is_over(self, state: S) -> bool:
        return False

    def replaceable(self, state: S) -> bool:
        """Whether starting a new game may close this running one (nothing left in it to lose)."""
        return False

    def thread_name(self, state: S, player_name: str) -> str:
        return f"{self.title} · {player_name}"

    def profile_lines(self, progress: dict) -> list[str]:
        """What /profile shows of this game, from the player's stored progress."""
        return []

    def how_to_play(self) -> Reply:
        """The game's rules for a newcomer: `how_to_play.md` beside the kind (`how_to_play.ja.md` for a
        Japanese reader), and an example picture."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            folder = resources.files(package)
            page = folder / f"how_to_play.{current()}.md"  # the reader's language's page, where there is one
            text = (page if page.is_file() else folder / "how_to_play.md").read_text(encoding="utf-8").strip()
        except (FileNotFoundError, ModuleNotFoundError, ValueError):  # no rules page beside this kind
            text = f"**{words(self.title)}** — {words(self.blurb)}"
        picture = self.example_picture()
        try:  # the game's full rules in the reader's language, where they are longer than one message
            full = (resources.files(package) / f"rules.{current()}.txt").read_bytes()
        except (FileNotFoundError, ModuleNotFoundError, ValueError):
            return Reply(text, picture)
        rules = Picture(full, f"rules-{current()}.txt", words("{game}: the full rules", game=words(self.title)))
        return Reply(text, picture, extra_pictures=(rules,))

    def example_picture(self) -> Picture | None:
        """A picture that shows the game at a glance (a sample board), for the rules page."""
        return None

    def daily(self, day: date) -> str | None:
        """One line about today's daily for the channel post, or None when the game has no daily."""
        return None

    def daily_status(self, day: date, db: Store, user_id: int) -> str | None:
        """What the player has done of `day`'s daily (e.g. "played, best 340"), None if not played yet."""
        return None

    def prepare_daily(self, day: date) -> None:
        """Generate the day's content ahead of time (run in a worker thread at start and at midnight)."""
        return None

    def new_daily(self, day: date, user_id: int, db: Store) -> S:
        """A fresh state for today's daily (a press on the daily post starts it)."""
        raise GameError(words("{game} has no daily.", game=words(self.title)))


@dataclass(frozen=True)
class GamePlugin:
    """A game as the bot sees it: its kind (rules glue), the factory of its slash-command cog
    (`cog(bot)`, built by the Discord front-end), and the factory of the pilots that may fill its seats,
    `pilots(needs)`, built once at start-up with what they need (seats.PilotNeeds), and the wire forms
    its older boards carried (former.FormerWire), read at the Discord door."""
    kind: GameKind[Any]
    cog: Callable[[Any], Any]
    pilots: Callable[[PilotNeeds], dict[str, Pilot[Any]]] = field(default=lambda needs: {})
    former: FormerWire = field(default_factory=FormerWire)  # what its older boards' controls read as today

    def build_pilots(self, needs: PilotNeeds) -> dict[str, Pilot[Any]]:
        """The game's pilots, each built with what it needs."""
        return self.pilots(needs)
