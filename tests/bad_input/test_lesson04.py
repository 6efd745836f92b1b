"""Bad input to lesson 04's entry points: tables, windows, orderings, theory, DAG games,
iterative deepening's new options, the enhancements widget."""

import functools
import math

from aisearch import (
    Budget,
    ConnectFour,
    History,
    Killers,
    StaticOrder,
    TicTacToe,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    aspiration,
    chain,
    enhanced_search,
    iterative_deepening,
    minimal_tree,
    mtdf,
    pvs,
    sss_star,
    star1,
    uniform_tree,
)
from aisearch.games import TreeGame, dice_tree
from aisearch.games.dag import DagGame
from aisearch.search import DistanceBounds, PrincipalVariation, stockman_sss, win_distance
from aisearch.theory import effective_branching_factor, knuth_moore_leaves, pearl_branching
from aisearch.widgets import EfficiencyLab, EfficiencyModel
from tests.bad_input.table import Case, check, params

T, C4 = TicTacToe(), ConnectFour()
E = ConnectFour.evaluate
S = T.initial

_TABLE, _TABLE2 = TranspositionTable(), TranspositionTable()


def _zero(s):
    return 0


def _zero_win():
    """The dice tree, declaring a win worth 0 (a game may declare anything)."""
    game = TreeGame(dice_tree.tree)
    game.win = 0
    return game


def _searched_without_memory():
    table = DistanceBounds(remember=False)
    enhanced_search(T, T.parse("x.o/.x./o.."), table=table, mate_distance=True)
    return table


CASES = [
    Case("DistanceBounds: size 0", lambda: DistanceBounds(size=0), ValueError,
         ("size must be an int", "0")),
    Case("DistanceBounds: remember not a bool", lambda: DistanceBounds(remember="yes"),
         TypeError, ("remember must be True or False", "'yes'")),
    Case("DistanceBounds: unknown policy", lambda: DistanceBounds(replace="lru"), ValueError,
         ("replace must be one of", "'lru'")),
    Case("win_distance: no table", lambda: win_distance(None, S), TypeError,
         ("table must be the TranspositionTable a search used", "None")),
    Case("win_distance: a dict as table", lambda: win_distance({}, S), TypeError,
         ("table must be the TranspositionTable", "{}")),
    Case("win_distance: a position the table never saw",
         lambda: win_distance(TranspositionTable(), S), ValueError,
         ("is not in the table", "search it with table=")),
    Case("TranspositionTable: size 0", lambda: TranspositionTable(size=0), ValueError,
         ("size must be an int", "0")),
    Case("TranspositionTable: a size that would eat the memory",
         lambda: TranspositionTable(size=10 ** 12), ValueError, ("size must be an int",)),
    Case("TranspositionTable: unknown policy", lambda: TranspositionTable(replace="lru"),
         ValueError, ("replace must be one of", "'lru'")),
    Case("TranspositionTable: canonical not callable",
         lambda: TranspositionTable(canonical=3), TypeError, ("canonical must be a function",)),
    Case("alphabeta_tt: a dict as table", lambda: alphabeta_tt(T, S, table={}), TypeError,
         ("table must be a TranspositionTable", "{}")),
    Case("alphabeta_tt: an empty window", lambda: alphabeta_tt(T, S, 2, evaluate=T.nilsson_eval,
                                                               window=(1, 1)),
         ValueError, ("window must be a pair", "alpha < beta")),
    Case("pvs: a window that is not a pair", lambda: pvs(T, S, window=5), ValueError,
         ("window must be a pair",)),
    Case("pvs: a foreign state", lambda: pvs(T, "x........"), ValueError,
         ("reachable tic-tac-toe board", "TicTacToe.parse")),
    Case("aspiration: width 0", lambda: aspiration(T, S, 2, evaluate=T.nilsson_eval, width=0),
         ValueError, ("width must be a positive finite number", "0")),
    Case("aspiration: NaN guess", lambda: aspiration(T, S, 2, evaluate=T.nilsson_eval,
                                                     guess=math.nan),
         ValueError, ("guess must be a number",)),
    Case("mtdf: a string guess", lambda: mtdf(T, S, 2, evaluate=T.nilsson_eval, guess="0"),
         ValueError, ("guess must be a number", "'0'")),
    Case("sss_star: a list as table", lambda: sss_star(T, S, table=[]), TypeError,
         ("table must be a TranspositionTable",)),
    Case("stockman_sss: a MIN root", lambda: stockman_sss(T, T.parse("x../.../...")),
         ValueError, ("from a max root",)),
    Case("stockman_sss: negative depth", lambda: stockman_sss(T, S, -1), ValueError,
         ("depth must be a non-negative int",)),
    Case("stockman_sss: no game", lambda: stockman_sss(None, S), TypeError,
         ("game must be a game", "none")),
    Case("stockman_sss: the class, not a game", lambda: stockman_sss(TicTacToe, S), TypeError,
         ("not the class tictactoe", "tictactoe(...)")),
    Case("stockman_sss: a depth bound without an evaluation", lambda: stockman_sss(T, S, 2),
         ValueError, ("no evaluate function", "pass evaluate=")),
    Case("stockman_sss: evaluate not callable", lambda: stockman_sss(T, S, 2, evaluate=3),
         TypeError, ("evaluate must be callable", "3")),
    Case("stockman_sss: an evaluation that returns text",
         lambda: stockman_sss(T, S, 2, evaluate=lambda s: "x"), TypeError,
         ("returned 'x'", "values must be real numbers")),
    Case("stockman_sss: a limit that is text", lambda: stockman_sss(T, S, limit="9"),
         ValueError, ("limit must be a positive int", "'9'")),
    Case("stockman_sss: no steps allowed", lambda: stockman_sss(T, S, limit=0), ValueError,
         ("limit must be a positive int", "0")),
    Case("Killers: no slots", lambda: Killers(slots=0), ValueError, ("slots must be a positive",)),
    Case("StaticOrder: no game", lambda: StaticOrder(None, T.nilsson_eval), TypeError,
         ("game must be a game", "none")),
    Case("StaticOrder: the class, not a game", lambda: StaticOrder(TicTacToe, T.nilsson_eval),
         TypeError, ("not the class tictactoe",)),
    Case("StaticOrder: evaluate not callable", lambda: StaticOrder(T, 3), TypeError,
         ("evaluate must be callable",)),
    Case("chain: a number among the orderings", lambda: chain(History(), 3), TypeError,
         ("an ordering must be callable",)),
    Case("an ordering that drops a move", lambda: alphabeta_tt(
        T, S, 2, evaluate=T.nilsson_eval, order=lambda s, ms: ms[1:]), ValueError,
        ("must return the moves it was given", "dropped 0")),
    Case("enhanced_search: unknown window", lambda: enhanced_search(T, S, 2, window="negascout"),
         ValueError, ("window must be one of", "'negascout'")),
    Case("enhanced_search: a window in a list", lambda: enhanced_search(T, S, 2, window=["pvs"]),
         TypeError, ("window must be one of", "['pvs']")),
    Case("enhanced_search: MTD(f) with an evaluation that returns text (its first guess)",
         lambda: enhanced_search(T, S, 2, window="mtdf", evaluate=lambda s: "x"), TypeError,
         ("<lambda> returned 'x'", "for state", "real numbers")),
    Case("enhanced_search: aspiration with an evaluation that is not a function",
         lambda: enhanced_search(T, S, 2, window="aspiration", evaluate=3), TypeError,
         ("evaluate must be callable", "3")),
    Case("alphabeta_tt: a table filled with a function redefined as it was",
         lambda: [alphabeta_tt(T, S, 2, evaluate=lambda s: 0, table=_TABLE) for _ in "ab"],
         ValueError, ("evaluation function is a different object with the same description",
                      "re-run notebook cell", "table.clear()")),
    Case("alphabeta_tt: a table filled for a game rebuilt as it was",
         lambda: [alphabeta_tt(DagGame(b=2, d=2), DagGame(b=2, d=2).initial, evaluate=_zero,
                               table=_TABLE2) for _ in "ab"],
         ValueError, ("game is a different object with the same description",)),
    Case("win_distance: a table that keeps no positions",
         lambda: win_distance(_searched_without_memory(), S), ValueError,
         ("this table keeps no positions", "remember=false", "distancebounds() as table=")),
    Case("enhanced_search: table=1", lambda: enhanced_search(T, S, 2, table=1), TypeError,
         ("table must be true, false or a transpositiontable",)),
    Case("enhanced_search: deepening without an evaluation",
         lambda: enhanced_search(C4, C4.initial, 3, deepening=True), ValueError,
         ("iterative deepening needs evaluate",)),
    Case("minimal_tree: depth bound without an evaluation",
         lambda: minimal_tree(C4, C4.initial, 2), ValueError, ("no evaluate function",)),
    Case("iterative_deepening: a table for plain alphabeta",
         lambda: next(iterative_deepening(C4, C4.initial, 3, evaluate=E,
                                          table=TranspositionTable())),
         ValueError, ("takes no table", "alphabeta_tt")),
    Case("iterative_deepening: a budget of no nodes",
         lambda: next(iterative_deepening(C4, C4.initial, evaluate=E, search=pvs,
                                          budget=Budget(nodes=0))),
         ValueError, ("nodes must be a positive int",)),
    Case("iterative_deepening: star1 on a chance tree without bounds",
         lambda: iterative_deepening(dice_tree, (), evaluate=lambda s: 0, search=star1),
         ValueError, ("star1 needs bounds=(l, u)", "search_options={'bounds': (l, u)}")),
    Case("iterative_deepening: star1 on a chance tree whose win is inf (no finite bounds)",
         lambda: iterative_deepening(TreeGame(dice_tree.tree, win=math.inf), (),
                                     evaluate=lambda s: 0, search=star1),
         ValueError, ("star1 needs bounds=(l, u)", "no finite win")),
    Case("iterative_deepening: star1 on a game that declares a win of 0",
         lambda: iterative_deepening(_zero_win(), (), evaluate=lambda s: 0, search=star1),
         ValueError, ("star1 needs bounds=(l, u)", "no finite win")),
    Case("iterative_deepening: the search's options in a functools.partial",
         lambda: iterative_deepening(dice_tree, (), evaluate=lambda s: 0,
                                     search=functools.partial(star1, bounds=(0, 9))),
         TypeError, ("search must be a depth-limited searcher", "search_options={")),
    Case("iterative_deepening: an option the search does not take",
         lambda: iterative_deepening(C4, C4.initial, 3, evaluate=E, search=pvs,
                                     search_options={"width": 5}),
         TypeError, ("pvs takes no option 'width'", "its options are")),
    Case("iterative_deepening: an option iterative deepening sets itself",
         lambda: iterative_deepening(C4, C4.initial, 3, evaluate=E, search=pvs,
                                     search_options={"table": TranspositionTable()}),
         TypeError, ("table is set by iterative deepening", "give table=... to "
                     "iterative_deepening itself")),
    Case("iterative_deepening: the depth among the search's options",
         lambda: iterative_deepening(C4, C4.initial, 3, evaluate=E, search=pvs,
                                     search_options={"depth": 2}),
         TypeError, ("depth is set by iterative deepening", "iterative_deepening's depth")),
    Case("iterative_deepening: search_options not a dict",
         lambda: iterative_deepening(C4, C4.initial, 3, evaluate=E, search=star1,
                                     search_options=(0, 9)),
         TypeError, ("search_options must be a dict", "(0, 9)")),
    Case("iterative_deepening: search_options a list of names",
         lambda: iterative_deepening(C4, C4.initial, 3, evaluate=E, search=star1,
                                     search_options=["bounds"]),
         TypeError, ("search_options must be a dict", "['bounds']")),
    Case("uniform_tree: p above 1", lambda: uniform_tree(3, 3, ordering="best-first", p=2),
         ValueError, ("p must be a probability", "2")),
    Case("uniform_tree: unknown ordering", lambda: uniform_tree(3, 3, ordering="sorted"),
         ValueError, ("ordering must be", "'best-first'")),
    Case("uniform_tree: too few values for distinct tips",
         lambda: uniform_tree(3, 4, ties=False, low=0, high=9), ValueError,
         ("distinct tips need at least", "81")),
    Case("uniform_tree: a huge tree", lambda: uniform_tree(10, 9, ordering="best-first"),
         ValueError, ("more than 2,000,000 nodes",), seconds=0.5),
    Case("DagGame: width 0", lambda: DagGame(width=0), ValueError, ("width must be an int",)),
    Case("DagGame: a huge depth", lambda: DagGame(d=1000), ValueError, ("d must be an int",)),
    Case("DagGame: a move out of range", lambda: DagGame(b=2, d=2).result(
        DagGame(b=2, d=2).initial, 5), ValueError, ("illegal move 5", "legal moves: 0, 1")),
    Case("knuth_moore_leaves: negative depth", lambda: knuth_moore_leaves(3, -1), ValueError,
         ("d >= 0",)),
    Case("knuth_moore_leaves: a float branching factor", lambda: knuth_moore_leaves(2.5, 3),
         TypeError, ("b must be an int",)),
    Case("pearl_branching: b = 0", lambda: pearl_branching(0), ValueError, ("b >= 1",)),
    Case("effective_branching_factor: no nodes", lambda: effective_branching_factor(0, 3),
         ValueError, ("n must be a finite count",)),
    Case("EfficiencyModel: unknown switch", lambda: EfficiencyModel(
        T, T.parse("x../.o./..."), 2, T.nilsson_eval).switch(tt=True), ValueError,
         ("no switch 'tt'", "table")),
    Case("EfficiencyModel: negative record limit", lambda: EfficiencyModel(
        T, S, 1, T.nilsson_eval, record_limit=-1), ValueError, ("record_limit must be",)),
    Case("EfficiencyLab: dpi 0", lambda: EfficiencyLab(T, S, 1, T.nilsson_eval, dpi=0),
         ValueError, ("dpi must be a positive int", "0")),
    Case("EfficiencyLab: a game that is not one", lambda: EfficiencyLab(None, S, 1, None),
         TypeError, ("game",)),
    Case("History: a key that is not a function", lambda: History(key=3), TypeError,
         ("key must be a function", "3")),
    Case("PrincipalVariation: a move as the pv", lambda: PrincipalVariation(T, S, 4),
         TypeError, ("pv must be a sequence of moves", "4")),
    Case("PrincipalVariation: an illegal move in the pv",
         lambda: PrincipalVariation(T, S, (4, 4)), ValueError, ("illegal",)),
    Case("PrincipalVariation: no game", lambda: PrincipalVariation(None, S, ()), TypeError,
         ("game",)),
    Case("alphabeta with killers still checks its evaluation", lambda: alphabeta(
        C4, C4.initial, 2, evaluate=lambda s: None, order=Killers()), TypeError,
         ("returned none",)),
    # a static order's values are checked as the searchers check evaluations
    Case("StaticOrder: evaluate returns None", lambda: alphabeta(
        T, S, 2, evaluate=T.nilsson_eval, order=StaticOrder(T, lambda s: None)), TypeError,
         ("<lambda> returned none", "for state", "real numbers")),
    Case("StaticOrder: evaluate returns 'x'", lambda: alphabeta(
        T, S, 2, evaluate=T.nilsson_eval, order=StaticOrder(T, lambda s: "x")), TypeError,
         ("returned 'x'", "real numbers")),
    Case("StaticOrder: evaluate returns NaN", lambda: alphabeta(
        T, S, 2, evaluate=T.nilsson_eval, order=StaticOrder(T, lambda s: math.nan)), ValueError,
         ("returned nan", "for state")),
    Case("StaticOrder: evaluate returns True", lambda: StaticOrder(T, lambda s: True)(
        S, (0, 1, 4), 3), TypeError, ("returned true", "bool")),
    Case("StaticOrder: min_depth='2'", lambda: StaticOrder(T, T.nilsson_eval, min_depth="2"),
         ValueError, ("min_depth", "'2'", "a str")),
    # guesses a search cannot hold
    Case("mtdf: guess=10**400", lambda: mtdf(T, S, 2, evaluate=T.nilsson_eval, guess=10**400),
         ValueError, ("guess must be a number", "too large for a float")),
    Case("aspiration: guess=10**400",
         lambda: aspiration(T, S, 2, evaluate=T.nilsson_eval, guess=10**400), ValueError,
         ("guess must be a number", "too large for a float")),
]


@params(CASES)
def test_bad_input_gets_a_clear_error(case):
    check(case)


def test_iterative_deepening_takes_star1s_bounds_from_a_finite_win():
    game = TreeGame(dice_tree.tree, win=10)  # (every tip lies within -10..10)
    last = list(iterative_deepening(game, (), evaluate=_zero, search=star1))[-1]
    assert (last.value, last.move) == (3.5, "b")
