"""The core's own entry points called wrongly, and the table's promise: every public
function and class of the package is called wrongly somewhere in this table (or is listed
below as having no argument to get wrong)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from aisearch.agents import check_depth
from aisearch.core import (
    check_game,
    check_seed,
    for_player,
    game_evaluations,
    noisy_moves,
    not_a_player,
    picture,
    provide_pictures,
)
from aisearch.games import TicTacToe
from aisearch.results import Decision, Stats, register_count
from aisearch.search import searcher
from tests.bad_input.table import Case, check, params

CASES = [
    Case("picture(None, ...)", lambda: picture(None, 0), TypeError, ("game",)),
    Case("picture: a foreign state", lambda: picture(TicTacToe(), "junk"), ValueError,
         ("'junk'",)),
    Case("provide_pictures(3)", lambda: provide_pictures(3), TypeError, ("draw", "callable")),
    Case("register_count(3)", lambda: register_count(3), ValueError, ("count name", "3")),
    Case("register_count('has space')", lambda: register_count("has space"), ValueError,
         ("identifier", "'has space'")),
    Case("Stats(nodes=-1)", lambda: Stats(nodes=-1), ValueError, ("nodes", "-1")),
    Case("Stats(nodes=1.5)", lambda: Stats(nodes=1.5), ValueError, ("nodes", "1.5")),
    Case("Stats: a count never declared", lambda: Stats(tabel_hits=1), TypeError,
         ("'tabel_hits'", "table_hits", "register_count")),
    Case("Stats().misspelt", lambda: Stats().tabel_hits, AttributeError,
         ("'tabel_hits'", "table_hits")),
    Case("Stats are immutable", lambda: setattr(Stats(), "nodes", 3), AttributeError,
         ("immutable",)),
    Case("Decision is immutable", lambda: setattr(Decision(0, None, (), Stats()), "value", 1),
         AttributeError, ("value",)),
    Case("@searcher(title=3)", lambda: searcher(title=3), TypeError, ("title", "3")),
    Case("@searcher(kind='montecarlo')", lambda: searcher(title="x", kind="montecarlo"),
         ValueError, ("kind", "minimax, nplayer, sampling", "'montecarlo'")),
    Case("@searcher on a number", lambda: searcher(title="x")(3), TypeError,
         ("@searcher", "3")),
    Case("noisy_moves(None, ())", lambda: noisy_moves(None, ()), TypeError, ("game", "none")),
    Case("noisy_moves: a foreign state", lambda: noisy_moves(TicTacToe(), None), ValueError,
         ("tic-tac-toe",)),
    Case("check_game(object())", lambda: check_game(object()), TypeError,
         ("game", "no 'initial'")),
    Case("game_evaluations(None)", lambda: game_evaluations(None), TypeError,
         ("game", "none")),
    Case("game_evaluations(TicTacToe): the class", lambda: game_evaluations(TicTacToe),
         TypeError, ("the class tictactoe",)),
    Case("for_player(1, True)", lambda: for_player(1, True), ValueError, ("player", "true")),
    Case("for_player(1, 2)", lambda: for_player(1, 2), ValueError, ("player", "2")),
    Case("check_seed(2.5)", lambda: check_seed(2.5), TypeError, ("seed", "2.5")),
    Case("check_depth(0)", lambda: check_depth(0), ValueError, ("depth", "sees no move")),
    Case("check_depth(None) is fine, check_depth(-2) is not", lambda: check_depth(-2),
         ValueError, ("depth", "-2")),
]


@params(CASES)
def test_the_core_called_wrongly_says_what_was_wrong(case: Case) -> None:
    check(case)


def test_not_a_player_names_the_sides_of_the_game() -> None:
    from aisearch.games import TwoRobots

    assert "White and Black in TwoRobots" in str(not_a_player(7, TwoRobots(2, 2)))


# -- the table covers the public API -------------------------------------------------------
PUBLIC = ["aisearch", "aisearch.games", "aisearch.search", "aisearch.trace", "aisearch.plot",
          "aisearch.widgets", "aisearch.notebook", "aisearch.agents", "aisearch.core",
          "aisearch.results", "aisearch.solve", "aisearch.widgets.snapshots", "aisearch.learn"]

# Names with nothing to call wrongly, and why.
NO_ARGUMENTS_TO_GET_WRONG = {
    # protocols and type aliases: never called
    "Game", "Evaluate", "Order", "Agent", "Tracer",
    # base classes a game or wrapper derives from (their checks are the games')
    "GameBase", "GameWrapper", "unwrap",
    # records the package makes (events, results, replays' parts): built by searchers
    "Event", "Start", "Enter", "Leaf", "Backup", "Cut", "Expectation", "Research",
    "TableHit", "Exit", "Finish", "Abort", "Selection", "Expansion", "Simulation", "Update",
    "GrownNode", "GrownTree", "LearningCurve",
    "SearchPart", "Visit", "VisitKey", "GameRecord",
    "Solution", "Outcome", "SearcherInfo", "Pseudocode", "Source", "OutOfBudget",
    "IllegalMoveError",
    # tracers that take no arguments
    "Recorder", "Tally",
    # names for players and moves: any value gets a name ('player 7', str(move)), none is wrong
    "player_name", "side_name", "move_name",
    # makes the error other checks raise (called in the games' cases)
    "not_a_player",
}


def _public_callables() -> set[str]:
    names = set()
    for module in PUBLIC:
        mod = importlib.import_module(module)
        for name in getattr(mod, "__all__", ()):
            if callable(getattr(mod, name)):
                names.add(name)
    return names


def _case_ids() -> list[str]:
    here = Path(__file__).parent
    modules = [importlib.import_module(f"tests.bad_input.{p.stem}")
               for p in sorted(here.glob("test_*.py")) if p.stem != "test_core"]
    assert len(modules) >= 6, modules
    return [c.id for m in modules for c in m.CASES] + [c.id for c in CASES]


@pytest.mark.parametrize("name", sorted(_public_callables() - NO_ARGUMENTS_TO_GET_WRONG))
def test_every_public_entry_point_is_in_the_table(name: str) -> None:
    ids = _case_ids()
    named = re.compile(rf"\b({re.escape(name)}|{re.escape(name.lower())})\b")
    assert any(named.search(i) for i in ids), (
        f"{name} is public but no bad-input case calls it: add cases to tests/bad_input/ "
        "(a game's state class: a bad state of that class among bad_states in the game's "
        "record, tests/games/records.py)")


def test_the_table_counts() -> None:
    ids = _case_ids()
    assert len(ids) == len(set(ids)), "case ids must be unique"
    assert len(ids) > 600
