"""Graded homework: build exercises from solutions, grade submissions, name the bug.

- ``python -m aisearch.grading build [--check]`` turns ``solutions/*.ipynb`` (nbgrader
  markers) into ``exercises/*.ipynb`` (:mod:`aisearch.grading.build`).
- ``python -m aisearch.grading grade PATH ...`` runs each submission in its own process
  with time and memory limits and prints per-question points and feedback
  (:mod:`aisearch.grading.grade`).
- Question tests are plain Python files using :func:`question` (see ``docs/homework.md``),
  or :func:`ask` for a question that calls one check.
  The shipped ones are laid out by exercise: ``aisearch/grading/exercises/exNN_name/``
  holds exercise NN's ``questions.py``, ``checks.py`` and ``bugs.py`` (its known wrong
  implementations, one named function per bug), found by
  :func:`aisearch.grading.exercises.discover`.
- Machinery shared by the exercises: :mod:`~aisearch.grading.cases` (random inputs),
  :mod:`~aisearch.grading.observe` (running a searcher on a recording game),
  :mod:`~aisearch.grading.compare` (what differs from the reference),
  :mod:`~aisearch.grading.recognise` (naming a bug by its behaviour) and
  :mod:`~aisearch.grading.search_checks` (grading a searcher, and the bugs any can show).
- Grading a submission safely: :mod:`~aisearch.grading.session` (its grading process,
  started and asked), :mod:`~aisearch.grading.remote` (the channel: student code runs
  there, points are decided here), :mod:`~aisearch.grading.stubs` (the package without
  what the exercise asks for), :mod:`~aisearch.grading.sandbox` (what of the machine it
  sees), :mod:`~aisearch.grading.screen` (its code, read before it runs) and
  :mod:`~aisearch.grading.files` (its files: no links followed).
- :mod:`~aisearch.grading.similarity` reports, for a class, which submissions' graded
  functions are alike, and how alike each is to the package's own versions.
- :func:`self_check` runs an exercise's questions inside a student's notebook.

Examples
--------
>>> from aisearch.grading import question, Fail
>>> @question("99.answer", points=1)
... def answer(ctx):
...     "answer is 42."
...     if ctx.namespace.get("answer") != 42:
...         raise Fail("answer should be 42")
>>> answer.id, answer.title
('99.answer', 'answer is 42.')
"""

from aisearch.grading.question import (
    Context,
    Fail,
    Question,
    QuestionResult,
    Score,
    ask,
    default_tests,
    load_questions,
    question,
    run_question,
)
from aisearch.grading.selfcheck import self_check

__all__ = [
    "question",
    "ask",
    "Question",
    "Context",
    "Fail",
    "Score",
    "QuestionResult",
    "run_question",
    "load_questions",
    "default_tests",
    "self_check",
]
