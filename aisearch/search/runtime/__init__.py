"""What every searcher shares, documented once: conventions, checks, the leaf rule, fastest
wins, tracing, budgets and the finish step. A searcher builds one
:class:`~aisearch.search.runtime.run.Run` and writes only its algorithm.

======================  ==============================================================
``scores``              depths, wins scored by their distance, payoffs
``checks``              arguments at the door, values at the leaves
``leaves``              the leaf rule (one type test in the common case)
``tracing``             a core's work as events
``run``                 :class:`~aisearch.search.runtime.run.Run`, and the protocols of
                        the rules a search may be given (a leaf rule, a depth rule)
``anytime``             node and time budgets for anytime searches
======================  ==============================================================

Conventions
---------------------------------
- ``depth`` counts plies (single moves); ``None`` searches to terminal states.
- At a terminal state the value is ``game.utility(s, MAX)``; at the depth bound it is
  ``evaluate(s)``, from MAX's point of view (positive favours MAX). Both must be real
  numbers; ``±inf`` means a proven win or loss. Anything else is an error naming the
  function, the state and the value.
- ``order(state, moves)`` returns the same moves in another order (searched first to
  last); anything else is an error naming the moves dropped, added or repeated. An
  ordering object with a ``cutoff(state, move, depth)`` method is told of every cut-off
  among the moves it ordered (quiescence's cut-offs are counted, not told).
  One whose ``uses_depth`` is true is called as ``order(state, moves, depth)`` with the
  plies left, by searchers that pass it to ``run.moves(s, d)`` (``None`` otherwise);
  killer moves are kept per depth that way (:mod:`aisearch.search.efficiency.ordering`). One whose
  ``permutes`` is true declares that it only reorders: its answer is not checked.
- Ties at a node go to the first best move in (ordered) move order. MTD(f) and SSS*,
  whose passes search the table's move first at the root too, return a best move, and so
  does a search given a table that already holds the root (aspiration windows with a table,
  whose later tries find the root their first try stored).
- ``prune_on_equal=True`` cuts when ``alpha >= beta`` (aima-python, OpenSpiel, MIT 6.034);
  ``False`` only when ``alpha > beta`` (Berkeley CS188's graded convention; CS188's
  graded state lists are those of fail-soft alpha-beta: with the strict test, fail-hard
  alpha-beta may generate more states, never a different value or move).

Fastest wins, slowest losses (``fastest_wins=True``, the default)
-----------------------------------------------------------------
All wins are not equal: a search that scores every won game alike plays the first winning
line in move order, however long, and may never cash in a win (in tic-tac-toe, alpha-beta
to depth 3-9 plays a move other than an immediate win in 392 of the 2,358 positions
where one exists). So, as chess programs score "mate in k", a won game ``k`` plies from
the root is worth more than one ``k + 1`` plies away, and a lost game the other way
round: MAX wins as fast as it can and, when it must lose, loses as late as it can.

A *win* is a terminal utility equal to ``+win`` (the game's declared ``win`` payoff, e.g.
``TicTacToe().win``) or ``+inf``; a *loss* is ``-win`` or ``-inf``; an evaluation of
``±inf`` at the depth bound is a win or loss at that ply. Inside the search such a value
at ply ``k`` is scored ``±(2**1000 - k * 2**960)``: above every finite payoff and
evaluation, and distinct for every ply. Values leave the search as the game's payoffs:
``Decision.value`` and every traced event show ``+win`` (``inf`` for tic-tac-toe) for a
win at any distance, and the principal variation shows how far it is. Explicit trees
declare no ``win``, so textbook trees keep their exact values and searches. Pass
``fastest_wins=False`` for the textbook rule (all wins alike), as the graded exercises do.
Under chance (expectiminimax) wins count as their payoff: an average has no distance.

Big searches
------------
A search to depth ``d`` of a game with ``b`` moves a position costs about ``b**d`` nodes
(alpha-beta about ``b**(d/2)`` at best); nothing inside a search stops it early. A search
to the end (``depth=None``) of a game that can cycle does not end: the two robots without
``max_plies`` are refused by the recursion limit, but with ``max_plies=40`` a search of the
3 x 3 grid to depth 40 runs for hours. Two ways to stay in control: a depth the game can
afford (the play widget offers each game's ``max_play_depth`` at most, e.g. Connect Four 8,
chess 4), or an anytime search under a budget, which stops when it is spent and keeps the
last complete answer: ``run_anytime(iterative_deepening(game, s, budget=Budget(seconds=1)))``
(:mod:`aisearch.search.runtime.anytime`; MCTS takes ``budget=`` too).

Quiescence at the depth bound (``quiescence=k``, lesson 05)
-----------------------------------------------------------
With ``quiescence=None`` (the default) a non-terminal state at the depth bound is worth
``evaluate(s)``. With an int ``k`` the searcher gives its :class:`~aisearch.search.runtime.run.Run`
a leaf rule that runs a quiescence search of at most ``k`` plies there instead
(:mod:`aisearch.search.horizon.quiescence`), with the window the node was searched with:
the same rule for every alpha-beta form. The searcher's core passes its window to
``evaluation(s, d, alpha, beta)`` (negamax forms in the view of the player to move; the
rule converts). The depth-bound state is counted as before (a
node and a leaf); the states the quiescence search visits beyond it are counted in
``Decision.stats.quiescence`` (not in ``nodes`` or ``leaves``) and traced as
:class:`~aisearch.trace.events.Quiescent` visits, so a trace shows them below the node.
The principal variation stops at the depth bound. Quiescence cut-offs count as cut-offs.
"""

from aisearch.search.runtime.checks import (
    check_args,
    check_function,
    check_tracer,
    check_window,
    checked_value,
    count_arg,
    deep_recursion,
    no_evaluate,
    order_error,
    per_node,
)
from aisearch.search.runtime.run import DepthRule, LeafRule, Run, Sources
from aisearch.search.runtime.scores import (
    INF,
    PLY,
    SHOWN,
    UNBOUNDED,
    WIN,
    WON,
    decoder,
    payoff,
    shown_depth,
    win_value,
)
from aisearch.search.runtime.tracing import Tracing

__all__ = ["Run", "Tracing", "LeafRule", "DepthRule", "Sources", "INF", "PLY", "SHOWN",
           "UNBOUNDED", "WIN", "WON", "win_value", "payoff", "decoder",
           "shown_depth", "check_args", "check_function", "check_tracer", "check_window",
           "checked_value", "count_arg", "deep_recursion", "no_evaluate", "order_error",
           "per_node"]
