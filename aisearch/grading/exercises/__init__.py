"""The shipped exercises, one package per exercise, found by :func:`discover`.

An exercise ``NN`` lives in a folder ``exNN_name/`` next to this file (``name`` as in its
notebook ``solutions/NN_name.ipynb``), a Python package holding

- ``questions.py``: its graded questions (``ask("NN.name", points, title, check, ...)``,
  each a call of one check) and
  ``WITHHELD``, what the grading process's copy of the package must not have (the
  package's own versions of what the exercise asks for: see
  :mod:`aisearch.grading.stubs`),
- ``checks.py``: how its questions check the student's functions,
- ``bugs.py``: its known wrong implementations, each one classic mistake written into the
  plain version of the algorithm (:mod:`aisearch.search.plain`) or into the exercise's right
  answer where the lessons have no plain version, as a few named edits of its source
  (:func:`~aisearch.grading.mutate.mutant`), or a short function declared with
  :func:`~aisearch.grading.recognise.shows` where an edit would not read better; listed in
  ``CATALOGUE`` (the student's function name -> its wrong implementations), and a correct
  implementation of each graded function in ``REFERENCES``.

The questions import ``checks`` and ``bugs`` and hand a check the wrong implementations it
names bugs with; ``checks`` never imports ``bugs`` back (``bugs`` may use what ``checks``
defines). None of these modules is in the grading process: the questions run in the
grader, and only the submission's functions run where the submission runs.

Generic machinery shared by exercises lives in :mod:`aisearch.grading` (``cases``,
``observe``, ``compare``, ``recognise``, ``mutate``, ``search_checks``). Adding an exercise adds a
folder here and nothing else in the package: the grader, the self-checks and the
``questions`` command find it through :func:`discover`.

Examples
--------
>>> [e.number for e in discover()][:3]
['01', '02', '03']
>>> ex = discover()[2]
>>> ex.name, ex.notebook, ex.package
('ex03_alpha_beta', '03_alpha_beta', 'aisearch.grading.exercises.ex03_alpha_beta')
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

__all__ = ["Exercise", "discover", "FOLDER"]

FOLDER = Path(__file__).resolve().parent
"""The folder of the shipped exercises (what ``--tests shipped`` names)."""

_NAME = re.compile(r"ex(\d\d)_[a-z0-9_]+")


@dataclass(frozen=True)
class Exercise:
    """One shipped exercise: its number ``NN`` and its folder's name ``exNN_name``.

    Examples
    --------
    >>> ex = Exercise("01", "ex01_two_robots")
    >>> ex.module("bugs").CATALOGUE.keys()
    dict_keys(['legal_moves', 'result', 'white_wins'])
    """

    number: str
    name: str

    @property
    def package(self) -> str:
        """The exercise's package, e.g. ``'aisearch.grading.exercises.ex03_alpha_beta'``."""
        return f"{__name__}.{self.name}"

    @property
    def notebook(self) -> str:
        """The notebook's name, e.g. ``'03_alpha_beta'`` (``solutions/03_alpha_beta.ipynb``)."""
        return self.name[2:]

    def module(self, part: str) -> ModuleType:
        """Import one of the exercise's modules: ``'questions'``, ``'checks'`` or ``'bugs'``."""
        return importlib.import_module(f"{self.package}.{part}")


def discover() -> list[Exercise]:
    """Every exercise folder here (``exNN_name/`` holding ``questions.py``), in order.

    Examples
    --------
    >>> all((FOLDER / e.name / "bugs.py").is_file() for e in discover())
    True
    """
    found = []
    for folder in sorted(FOLDER.iterdir()):
        match = _NAME.fullmatch(folder.name)
        if match and (folder / "__init__.py").is_file() and (folder / "questions.py").is_file():
            found.append(Exercise(match.group(1), folder.name))
    return found
