"""UCB1 from the UCB1 terms the MCTS stepper shows (trace.grown) and the reward from the
self-play's scoring of a finished game, instead of writing them."""
from aisearch.core import MAX, MIN
from aisearch.learn.selfplay import _Graph
from aisearch.trace.grown import GrownNode, GrownTree


def _scores(children, parent_visits, c):
    root = GrownNode((), MAX, visits=parent_visits, children={
        i: GrownNode((i,), MIN, visits=n, total=t, mover=MAX)
        for i, (t, n) in enumerate(children)})
    return [row[4] for row in GrownTree(root, iterations=parent_visits, c=c).ucb_terms()]


def ucb1_score(total, visits, parent_visits, c):
    return _scores([(total, visits)], parent_visits, c)[0]


def select_child(children, parent_visits, c):
    scores = _scores([(t, n) for _, t, n in children], parent_visits, c)
    return children[scores.index(max(scores))][0]


def reward(game, state):
    return _Graph(game, None, 0).outcome(state)
