"""Graded homework: build exercises from solutions, grade submissions, name the bug.

- ``python -m aisearch.grading build [--check]`` turns ``solutions/*.ipynb`` (nbgrader
  markers) into ``exercises/*.ipynb`` (:mod:`aisearch.grading.build`).
- ``python -m aisearch.grading grade PATH ...`` runs each submission in its own process
  with time and memory limits and prints per-question points and feedback
  (:mod:`aisearch.grading.grade`).
- Question tests are plain Python files using :func:`question` (see ``docs/homework.md``);
  the shipped ones are in ``aisearch/grading/questions/``.
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
    default_tests,
    load_questions,
    question,
    run_question,
)
from aisearch.grading.selfcheck import self_check

__all__ = [
    "question",
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
