"""Sampling (lesson 08): UCB1 (:mod:`~aisearch.search.sampling.ucb`), bandits
(:mod:`~aisearch.search.sampling.bandit`) and Monte Carlo tree search
(:mod:`~aisearch.search.sampling.mcts`, its tree :mod:`~aisearch.search.sampling.mcts_tree`
and what it reports :mod:`~aisearch.search.sampling.mcts_trace`)."""
