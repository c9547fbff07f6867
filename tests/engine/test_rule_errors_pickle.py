"""Every refusal of every engine crosses a process boundary whole: a `RuleError` raised in a worker
process (the planner, a turn checked there) reads back in the bot's as the same error."""
from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil

import pytest

import engine
from engine.errors import RuleError


def _every_rule_error() -> list[type[RuleError]]:
    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found, todo = [], [RuleError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return sorted(set(found), key=lambda c: f"{c.__module__}.{c.__qualname__}")


def _example(cls: type[RuleError]) -> RuleError:
    """An instance made through the class's own constructor, each argument a value of its kind."""
    args = []
    for name, parameter in inspect.signature(cls.__init__).parameters.items():
        if name == "self" or parameter.default is not inspect.Parameter.empty:
            continue
        args.append(2 if "int" in str(parameter.annotation) else f"{name} of {cls.__name__}")
    return cls(*args)


ERRORS = _every_rule_error()


def test_every_engine_has_its_refusals_listed():
    games = {cls.__module__.split(".")[1] for cls in ERRORS if cls.__module__.count(".") >= 1}
    assert {"tactics", "bowls", "formation", "summon"} <= games, games


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_a_refusal_pickles_to_an_equal_refusal(cls):
    error = _example(cls)
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is cls
    assert back.args == error.args and str(back) == str(error)
    assert vars(back) == vars(error) and back.code == error.code
