"""One conformance suite over every game (as OpenSpiel's random_sim_test does).

The games are the ones the package exports, each with its record in tests/games/records.py.
Random playouts, and at every state on the way: moves are empty iff terminal; result leaves
its input unchanged and equal states hash equal; utilities are zero-sum; chance outcomes sum to
1; noisy moves (quiescence) are some of the legal moves, in their order; a declared move grid
holds every legal move; illegal moves raise IllegalMoveError naming the legal ones; the game
object is not mutated; states hash the same in every process.
"""

import copy
import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path
from types import MethodType

import pytest

from aisearch import CHANCE, MAX, MIN, IllegalMoveError
from aisearch.core import game_evaluations, noisy_moves, side_name, unwrap
from aisearch.games.reach import reachable
from tests.games.records import RECORDS, exported_games, variants

GAMES = variants()
PLAYOUTS = {name: record.playouts for record in RECORDS.values() for name in record.games}
"""(playouts, plies) of each game: (30, 60) unless its record says otherwise."""


def test_every_game_the_package_exports_has_a_record():
    """Adding a game is its module, its painter and one record in tests/games/records.py."""
    missing = {c.__name__ for c in exported_games()} - {c.__name__ for c in RECORDS}
    stale = {c.__name__ for c in RECORDS} - {c.__name__ for c in exported_games()}
    assert not missing, f"games without a record in tests/games/records.py: {sorted(missing)}"
    assert not stale, (f"records of games the package does not export: {sorted(stale)} "
                       "(export a game from aisearch.games: its __all__)")
    for cls, record in RECORDS.items():
        assert all(type(unwrap(make())) is cls or isinstance(make(), cls)
                   for make in record.games.values()), cls


@pytest.mark.parametrize("cls", list(RECORDS), ids=lambda c: c.__name__)
def test_every_record_says_what_it_means(cls):
    """A record's states are what its fields say (the bad-input tests trust them; its bad
    moves are tried there, each case named after the move)."""
    record = RECORDS[cls]
    game = next(iter(record.games.values()))()
    where = f"the record of {cls.__name__} in tests/games/records.py"
    assert game.is_state(record.terminal), f"{where}: terminal is not a state of {game!r}"
    assert game.is_terminal(record.terminal), (
        f"{where}: terminal={record.terminal!r} is not terminal (give a position where the "
        "game is over)")
    for name, bad in record.bad_states.items():
        assert not game.is_state(bad), f"{where}: bad_states[{name!r}] is a state of {game!r}"


def replay(game, moves):
    s = game.initial
    for m in moves:
        s = game.result(s, m)
    return s


def _rules(game) -> dict:
    """What a game holds, less the wrapped game's methods that a wrapper keeps at hand
    (:class:`~aisearch.core.GameWrapper`: the same methods, looked up once)."""
    inner = getattr(game, "game", None)
    return {k: v for k, v in vars(game).items()
            if not (isinstance(v, MethodType) and inner is not None
                    and v == getattr(inner, k, None))}


@pytest.mark.parametrize("name", list(GAMES))
def test_random_playouts_obey_the_protocol(name):
    game = GAMES[name]
    rules_before = copy.deepcopy(_rules(game))
    rng = random.Random(0)
    playouts, plies = PLAYOUTS[name]
    for _ in range(playouts):
        s, history = game.initial, []
        for _ply in range(plies):
            moves = game.moves(s)
            assert (len(moves) == 0) == game.is_terminal(s)
            if game.is_terminal(s):
                assert game.is_state(s), "is_state takes every state play reaches"
                assert not noisy_moves(game, s)
                u = game.utility(s, MAX)
                assert isinstance(u, (int, float)) and not math.isnan(u)
                players = getattr(game, "players", 2)
                if players == 2:
                    assert game.utility(s, MIN) == -u
                else:  # n players: one utility each, summing to 0
                    assert sum(game.utility(s, p) for p in range(players)) == 0
                with pytest.raises(IllegalMoveError):
                    game.result(s, rng.choice(list(game.moves(game.initial))))
                break
            assert game.is_state(s), "is_state takes every state play reaches"
            player = game.to_move(s)
            assert player in (CHANCE, *range(getattr(game, "players", 2)))
            assert len(set(moves)) == len(moves), "moves are distinct"
            noisy = list(noisy_moves(game, s))
            assert noisy == [m for m in moves if m in noisy], "noisy moves: legal, in order"
            grid = getattr(unwrap(game), "move_grid", None)
            if grid is not None and player != CHANCE:
                assert set(moves) <= {m for row in grid for m in row}, "the grid holds every move"
            if player == CHANCE:
                outcomes = game.chance_outcomes(s)
                assert math.isclose(sum(p for _, p in outcomes), 1.0)
                assert [m for m, _ in outcomes] == list(moves)
            before = copy.deepcopy(s)
            m = rng.choice(list(moves))
            child = game.result(s, m)
            assert s == before and hash(s) == hash(before), "result left its input unchanged"
            history.append(m)
            again = replay(game, history)
            assert again == child and hash(again) == hash(child), "equal states hash equal"
            s = child
    assert _rules(game) == rules_before, "a game holds no mutable state"


@pytest.mark.parametrize("name", list(GAMES))
def test_illegal_moves_raise_and_list_the_legal_ones(name):
    game = GAMES[name]
    s = game.initial
    with pytest.raises(IllegalMoveError) as error:
        game.result(s, "no such move")
    legal = game.moves(s)
    assert tuple(error.value.legal) == tuple(legal)
    assert str(legal[0]) in str(error.value)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_names_its_sides_and_declares_whether_it_has_chance(name):
    game = GAMES[name]
    names = {side_name(game, MAX), side_name(game, MIN)}
    assert len(names) == 2 and all(isinstance(n, str) and n for n in names)
    chance = any(game.to_move(s) == CHANCE for s in reachable(game, 2000))
    assert not chance or getattr(game, "has_chance", True), "a game with chance declares it"


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_whose_buttons_are_its_board_shows_the_board_on_them(name):
    """The play widget draws no picture for such a game: its buttons must show what stands
    on each cell (``cell_label``), different after a move there, and each move must have a
    name to print (``move_label``)."""
    game = GAMES[name]
    if not getattr(game, "buttons_are_board", False):
        return
    s = game.initial
    for m in game.moves(s):
        label = game.move_label(s, m)
        assert isinstance(label, str) and label.strip(), (m, label)
        assert game.cell_label(s, m) != game.cell_label(game.result(s, m), m), m


@pytest.mark.parametrize("name", list(GAMES))
def test_every_method_refuses_what_is_state_refuses(name):
    """The one state check: every protocol method and declared evaluation raises the game's
    not_a_state error for the record's bad states and for values of no game at all."""
    game = GAMES[name]
    record = next(r for r in RECORDS.values() if name in r.games)
    first = name == next(iter(record.games))  # (the bad states are the first game's)
    bad = [None, -7, "x.o/.x./..o", ("a", "b"), *(record.bad_states.values() if first else ())]
    methods = {m: getattr(game, m) for m in ("to_move", "moves", "is_terminal", "utility",
                                             "chance_outcomes", "noisy_moves")}
    methods.update(game_evaluations(game))
    methods["result"] = lambda s: game.result(s, next(iter(game.moves(game.initial))))
    for s in bad:
        assert not game.is_state(s), s
        says = (f"is not a state of {type(unwrap(game)).__name__}", game.state_help)
        for method, call in methods.items():
            with pytest.raises(ValueError) as error:
                call(s)
            assert all(x in str(error.value) for x in says), (method, s, error.value)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_declared_evaluations_are_the_ones_the_play_widget_finds(name):
    """``evaluations`` names every method ``evaluate`` or ``*_eval`` (the play widget's rule
    before the declaration), and only callables."""
    rules = unwrap(GAMES[name])
    by_suffix = sorted(n for n in dir(rules) if (n == "evaluate" or n.endswith("_eval"))
                       and not n.startswith("_") and callable(getattr(rules, n)))
    assert sorted(rules.evaluations) == by_suffix
    assert all(callable(f) for f in game_evaluations(rules).values())


def playout_hashes() -> dict[str, list[int]]:
    """hash() of the states on three seeded random playouts of every game, by game."""
    out = {}
    for name, game in variants().items():
        rng, hashes = random.Random(0), []
        for _ in range(3):
            s = game.initial
            for _ply in range(30):
                hashes.append(hash(s))
                if game.is_terminal(s):
                    break
                s = game.result(s, rng.choice(list(game.moves(s))))
        out[name] = hashes
    return out


@pytest.mark.slow
def test_states_hash_the_same_in_every_process():
    """A state's hash is a function of its value: a size-limited transposition table then
    shares its slots alike in every run, and a lesson's node counts are the same in a kernel,
    a script and CI. (Before Python 3.12, hash(None) and an object's default hash come from
    memory addresses, which differ from one process to the next; the hash seed of strings is
    fixed here.)"""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    code = "import json, tests.test_conformance as t; print(json.dumps(t.playout_hashes()))"
    root = Path(__file__).resolve().parents[1]
    first, second = (json.loads(subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True,
        check=True).stdout) for _ in range(2))
    assert first.keys() == set(GAMES)
    differ = sorted(name for name in first if first[name] != second[name])
    assert not differ, f"states whose hash differs between two processes: {differ}"
