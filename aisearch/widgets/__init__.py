"""Widgets for the lessons: step through a recorded search, play against a searcher.

The classes holding the state (:class:`StepperModel`, :class:`PlayModel`) need neither
ipywidgets nor matplotlib; the widgets (:class:`SearchStepper`, :class:`PlayGame`)
import them when they are built. In a notebook, end a cell with the widget to show it.

Examples
--------
>>> from aisearch import Recorder, alphabeta, fig5_2
>>> from aisearch.widgets import StepperModel
>>> rec = Recorder()
>>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
>>> StepperModel(rec)
<StepperModel alphabeta: event 0 of 42>
"""

from aisearch.widgets.efficiency import EfficiencyLab
from aisearch.widgets.efficiency_model import EfficiencyModel
from aisearch.widgets.mcts import MCTSModel, MCTSStepper
from aisearch.widgets.play import PlayGame
from aisearch.widgets.play_model import PlayModel
from aisearch.widgets.stepper import SearchStepper
from aisearch.widgets.stepper_model import StepperModel

__all__ = ["SearchStepper", "StepperModel", "PlayGame", "PlayModel", "EfficiencyLab",
           "EfficiencyModel"]
__all__ += ["MCTSStepper", "MCTSModel"]  # lesson 08
