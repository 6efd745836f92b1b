"""Learning evaluation functions (시간 차이 학습): TD(lambda) self-play, measured exactly.

Nilsson 12.7: an evaluation function need not be hand-made; it can be learned from the
outcomes of games, as Samuel's checkers player and Tesauro's TD-Gammon learned theirs. Here a
small network learns Nannon by playing itself (:func:`td_train`) and is measured against the
exact solution (:func:`match`, :func:`value_error`).

- :mod:`~aisearch.learn.td`: Sutton's TD(lambda) update on a linear evaluator, step by step;
- :mod:`~aisearch.learn.models`: :class:`Linear`, :class:`Network`;
- :mod:`~aisearch.learn.files`: :func:`save`, :func:`load`;
- :mod:`~aisearch.learn.encode`: raw-board encodings of Nannon and Pig;
- :mod:`~aisearch.learn.selfplay`: :func:`td_train`, :func:`learned_evaluate`,
  :func:`greedy_agent`;
- :mod:`~aisearch.learn.measure`: :func:`match`, :func:`value_error`;
- :mod:`~aisearch.learn.shipped`: the trained Nannon network, :func:`shipped`, and the command
  that trains it (``python -m aisearch.learn train nannon ...``).

Examples
--------
>>> from aisearch.learn import shipped, learned_evaluate, nannon_features, greedy_agent
>>> from aisearch.games.nannon import Nannon
>>> net = shipped("nannon")
>>> agent = greedy_agent(Nannon(), learned_evaluate(net, nannon_features))
"""

from aisearch.learn.encode import NANNON_UNITS, nannon_features, pig_features, pig_units
from aisearch.learn.files import load, save
from aisearch.learn.measure import MatchResult, match, value_error
from aisearch.learn.models import Linear, Network
from aisearch.learn.selfplay import LearningCurve, greedy_agent, learned_evaluate, td_train
from aisearch.learn.shipped import SHIPPED, shipped, train
from aisearch.learn.td import td_lambda_update

__all__ = [
    "td_lambda_update", "Linear", "Network", "save", "load", "nannon_features",
    "pig_features", "pig_units", "NANNON_UNITS", "td_train", "LearningCurve",
    "learned_evaluate", "greedy_agent", "match", "MatchResult", "value_error", "shipped",
    "train", "SHIPPED",
]
