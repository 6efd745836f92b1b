"""Random game trees for the property tests of the searchers: nested lists of small tips
(wins and losses among them), uneven branching, some layers marked MIN or MAX."""

from __future__ import annotations

import math

from hypothesis import strategies as st

from aisearch import Max, Min, TreeGame

tips = st.integers(-4, 4) | st.sampled_from([math.inf, -math.inf])


def internal(children):
    """An inner node of 1 to 4 children: a plain list (the players alternate) or a layer
    marked MIN or MAX."""
    kids = st.lists(children, min_size=1, max_size=4)
    return kids | st.builds(Min, kids) | st.builds(Max, kids)


trees = st.recursive(tips, internal, max_leaves=30).map(TreeGame)


def path_evaluation(s):
    """A deterministic evaluation (MAX's view) of a tree's path or a DAG's state, both
    tuples of ints, for depth-limited searches."""
    return (sum(s) * 7 + len(s)) % 9 - 4
