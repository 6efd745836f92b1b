"""What the grading process is not given: the exercises' right answers and known bugs.

An exercise's ``bugs.py`` (see :mod:`aisearch.grading.exercises`) holds plain right answers
(``REFERENCES``) and known wrong implementations. Only the grader needs them: it compares
answers and names bugs when it replays the notes the grading process took
(:mod:`aisearch.grading.replay`). The grading process runs the questions only to take those
notes, so a question calls the student's functions *before* it uses anything from
``bugs.py``. There, :func:`withhold` turns every ``bugs`` module into a stand-in whose values
stop the question as soon as they are used (:class:`GradingOnly`), and the sandbox makes the
files themselves unreadable (:func:`grader_only_paths`); a submission that imports them gets
the stand-ins.

Examples
--------
>>> ref = Withheld("bugs.REFERENCES")
>>> ref
<withheld bugs.REFERENCES>
>>> try:
...     ref["alphabeta_decision"]
... except GradingOnly as e:
...     print(e)
bugs.REFERENCES is only available to the grader, not while the submission runs
>>> is_withheld("aisearch.grading.exercises.ex03_alpha_beta.bugs")
True
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import re
import sys
import types
from pathlib import Path
from typing import Any, NoReturn

__all__ = ["GradingOnly", "Withheld", "withhold", "is_withheld", "grader_only_paths",
           "GRADER_ONLY"]

GRADER_ONLY = "bugs"
"""The module of each exercise that only the grader has."""

_NAME = re.compile(r"aisearch\.grading\.exercises\.ex\d\d_[a-z0-9_]+\." + GRADER_ONLY)


class GradingOnly(BaseException):  # noqa: N818 (not an Exception: code catching those goes on)
    """Raised in the grading process where a question (or a submission) uses what only the
    grader has; the question's notes end there."""


class Withheld:
    """Stands in for a value of a ``bugs`` module in the grading process: any use of it
    (a call, an item, iteration, comparison, an attribute) raises :class:`GradingOnly`."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def __repr__(self) -> str:
        return f"<withheld {self._name}>"

    def _stop(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise GradingOnly(f"{self._name} is only available to the grader, not while the "
                          "submission runs")

    __call__ = __iter__ = __len__ = __getitem__ = __contains__ = __bool__ = _stop
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _stop  # type: ignore
    __setattr__ = __delattr__ = __setitem__ = __index__ = __float__ = __int__ = _stop

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        self._stop()


class _WithheldModule(types.ModuleType):
    """A ``bugs`` module as the grading process sees it: every name a :class:`Withheld`."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return Withheld(f"{self.__name__}.{name}")


class _Loader(importlib.abc.Loader):
    def create_module(self, spec: Any) -> types.ModuleType:
        return _WithheldModule(spec.name)

    def exec_module(self, module: types.ModuleType) -> None:
        pass


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if is_withheld(fullname):
            return importlib.util.spec_from_loader(fullname, _Loader(), origin="withheld")
        return None


def is_withheld(module: str) -> bool:
    """Whether ``module`` is one the grading process does not get (an exercise's bugs)."""
    return bool(_NAME.fullmatch(module))


def withhold() -> None:
    """From now on, in this process, importing an exercise's ``bugs`` module gives a stand-in.

    Called by the grading process before it loads the questions (and so before any
    student code runs); any copy already imported is forgotten.
    """
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
    for name in [n for n in sys.modules if is_withheld(n)]:
        del sys.modules[name]
        parent, _, child = name.rpartition(".")
        if parent in sys.modules:
            vars(sys.modules[parent]).pop(child, None)


def grader_only_paths() -> list[Path]:
    """The files the sandbox hides from the grading process: each exercise's ``bugs.py``,
    and the folders of compiled modules beside them (which hold a compiled ``bugs``).

    >>> all(p.name in (GRADER_ONLY + ".py", "__pycache__") for p in grader_only_paths())
    True
    """
    from aisearch.grading.exercises import FOLDER, discover

    out: list[Path] = []
    for exercise in discover():
        folder = FOLDER / exercise.name
        for path in (folder / f"{GRADER_ONLY}.py", folder / "__pycache__"):
            if path.exists() and not path.is_symlink():
                out.append(path)
    return out
