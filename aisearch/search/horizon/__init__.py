"""The horizon effect (lesson 05): quiescence search
(:mod:`~aisearch.search.horizon.quiescence`) and search extensions
(:mod:`~aisearch.search.horizon.extensions`), each a rule a search is given: a leaf rule
(what a state at the depth bound is worth) and a depth rule (how deep a move is searched)."""
