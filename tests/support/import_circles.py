"""Finding a circle in an import graph, for the tests that keep a package's arrows pointing one way."""
from __future__ import annotations


def find_circle(edges: dict[str, set[str]]) -> list[str]:
    """A circle of modules that import one another, the first repeated at the end ([] when there is none).
    `edges` maps each module to those it imports; modules are visited in name order, so the answer is stable."""
    state: dict[str, int] = {}   # 1 on the stack, 2 done
    stack: list[str] = []

    def visit(module: str) -> list[str]:
        state[module] = 1
        stack.append(module)
        for imported in sorted(edges.get(module, ())):
            if state.get(imported) == 1:
                return stack[stack.index(imported):] + [imported]
            if imported not in state and (found := visit(imported)):
                return found
        stack.pop()
        state[module] = 2
        return []

    for module in sorted(edges):
        if module not in state and (found := visit(module)):
            return found
    return []
