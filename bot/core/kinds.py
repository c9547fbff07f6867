"""The contract between the session core and one game: load, show, act, time out, who acts now.

A game kind is thin glue over its engine. It never touches Discord; it may read and write player
progress through the context it is handed. Its steps are a table (`@step("sow")` on a method), so
the core can tell a known action from a forged one before anything runs.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from db.games import GameRecord
from db.store import Store

from .reply import Picture, Reply

if TYPE_CHECKING:
    from .pilots import Pilot

Seat = int | str  # a member's user id, or a pilot's name: "auto" (the engine's planner), "ai", "model"
StepFn = TypeVar("StepFn", bound=Callable[..., Any])


class GameError(ValueError):
    """A step the game refuses; the message says which step and why, for the one who sent it."""


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
            raise GameError("Only a player can do that.")
        return self.user_id


@dataclass(frozen=True)
class Outcome:
    """A change the kind made: the new state, what to announce, and whether the game is over."""
    state: Any
    said: str = ""
    finished: bool = False
    on_saved: Callable[[], None] | None = None  # progress earned, written in the game's own save
    private: Reply | None = None  # shown only to the one who acted (their hand after a placement)


def view(*verbs: str) -> Callable[[StepFn], StepFn]:
    """Mark a kind's method as a private view: `handler(state, arg, value, ctx) -> Reply`, shown only to
    the one who asked (a hand of cards), changing nothing. Players may look at any time, in turn or not."""
    def mark(fn: StepFn) -> StepFn:
        fn.__view_verbs__ = verbs  # type: ignore[attr-defined]
        return fn
    return mark


def step(*verbs: str) -> Callable[[StepFn], StepFn]:
    """Mark a kind's method as the handler of these action verbs: `handler(state, arg, value, ctx)`."""
    def mark(fn: StepFn) -> StepFn:
        fn.__step_verbs__ = verbs  # type: ignore[attr-defined]
        return fn
    return mark


class GameKind(ABC):
    key: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str]  # one line for /help: what it is and how to start it
    steps: ClassVar[dict[str, str]] = {}  # verb -> method name, collected from @step
    views: ClassVar[dict[str, str]] = {}  # verb -> method name, collected from @view

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table: dict[str, str] = {}
        views: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                for verb in getattr(member, "__step_verbs__", ()):
                    table[verb] = name
                for verb in getattr(member, "__view_verbs__", ()):
                    views[verb] = name
        cls.steps, cls.views = table, views

    @abstractmethod
    def load(self, text: str) -> Any:
        """The state saved as `text`; raises if it no longer loads (the game is then marked broken)."""

    def dump(self, state: Any) -> str:
        return state.model_dump_json()

    @abstractmethod
    def board(self, state: Any, game: GameRecord) -> Reply:
        """The board message: picture, text and components for the state."""

    def knows(self, action: str) -> bool:
        """Whether `action` names one of this game's steps (forged or retired ids are refused early)."""
        verb = action.partition(":")[0]
        return verb in self.steps or verb in self.views

    def look(self, state: Any, action: str, value: str | None, ctx: Context) -> Reply:
        """A private view through the view table; GameError when it cannot be shown."""
        verb, _, arg = action.partition(":")
        return getattr(self, self.views[verb])(state, arg, value, ctx)

    def act(self, state: Any, action: str, value: str | None, ctx: Context) -> Outcome:
        """Apply one action through the step table; GameError (changing nothing) when not allowed."""
        verb, _, arg = action.partition(":")
        name = self.steps.get(verb)
        if name is None:
            raise GameError(f"Unknown step {action!r}.")
        return getattr(self, name)(state, arg, value, ctx)

    # --- seats and pilots ---------------------------------------------------------------------

    def seats(self, state: Any, game: GameRecord) -> tuple[Seat, ...] | None:
        """Who must act now; None means any of the game's players, at any time (a solitaire game)."""
        return None

    def fallback(self, state: Any, seat: str) -> str | None:
        """The action a pilot's seat takes when its pilot fails or misses its deadline (None: nothing)."""
        return None

    def pilot_seconds(self, state: Any, seat: str, ctx: Context) -> float:
        """How long a pilot may think, from the moment its seat is due."""
        return 10.0

    # --- timers and lifecycle -----------------------------------------------------------------

    def timeout(self, state: Any, ctx: Context) -> Outcome | None:
        """The phase deadline passed; None means the kind has no timed phases."""
        return None

    def deadline_seconds(self, state: Any, ctx: Context) -> float | None:
        """Seconds the next phase may last, or None for no timer. Called after every change."""
        return None

    def is_over(self, state: Any) -> bool:
        return False

    def replaceable(self, state: Any) -> bool:
        """Whether starting a new game may close this running one (nothing left in it to lose)."""
        return False

    def thread_name(self, state: Any, player_name: str) -> str:
        return f"{self.title} · {player_name}"

    def profile_lines(self, progress: dict) -> list[str]:
        """What /profile shows of this game, from the player's stored progress."""
        return []

    def how_to_play(self) -> Reply:
        """The game's rules for a newcomer: `how_to_play.md` beside the kind, and an example picture."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            text = (resources.files(package) / "how_to_play.md").read_text(encoding="utf-8").strip()
        except (FileNotFoundError, ModuleNotFoundError, ValueError):  # no rules page beside this kind
            text = f"**{self.title}** — {self.blurb}"
        picture = self.example_picture()
        return Reply(text, picture)

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

    def new_daily(self, day: date, user_id: int, db: Store) -> Any:
        """A fresh state for today's daily (a press on the daily post starts it)."""
        raise GameError(f"{self.title} has no daily.")


@dataclass(frozen=True)
class GamePlugin:
    """A game as the bot sees it: its kind (rules glue), the factory of its slash-command cog
    (`cog(bot)`, built by the Discord front-end), and the pilots that may fill its seats."""
    kind: GameKind
    cog: Callable[[Any], Any]
    pilots: Callable[[Any], dict[str, Pilot]] = field(default=lambda settings: {})
