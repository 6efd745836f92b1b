"""Every exercise's wrong and right implementations, recorded as the grading process records
them (without ``bugs.py``) and then scored by replay, as the grader scores them.

``python -m tests.grading.grading_process SEED`` prints one JSON line per (exercise,
function, implementation, question): the points and bug the replay gives. The
implementations are loaded from each ``bugs.py`` first, as a student's module would be; then
the exercises' modules are forgotten, ``bugs`` is withheld, the questions are loaded again
and run against the implementations in recording namespaces (as in the grading process);
then the exercises' modules are forgotten once more, loaded with ``bugs.py``, and each
question is replayed from its notes. ``test_withheld.py`` compares the result with grading
in-process: a question that used ``bugs.py`` before it had asked everything of the
student's code would lose answers in the replay.
"""

from __future__ import annotations

import importlib.util
import json
import sys

from aisearch.grading.exercises import FOLDER, discover
from aisearch.grading.observe import freeze_searcher_codes
from aisearch.grading.question import load_questions, run_question
from aisearch.grading.replay import Book, RecordedNamespace, ReplayNamespace
from aisearch.grading.withheld import _Finder, withhold


def _forget_exercises() -> None:
    for name in [n for n in sys.modules if n.startswith("aisearch.grading.exercises.ex")]:
        del sys.modules[name]


def implementations() -> list[tuple[str, str, int, object]]:
    """(exercise, student's function name, index, implementation): each known wrong one and
    each right one (index -1), from copies of the ``bugs.py`` modules."""
    out = []
    for exercise in discover():
        path = FOLDER / exercise.name / "bugs.py"
        spec = importlib.util.spec_from_file_location(f"student_{exercise.name}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name, bugs in module.CATALOGUE.items():
            out += [(exercise.number, name, i, bug.impl) for i, bug in enumerate(bugs)]
        out += [(exercise.number, name, -1, f) for name, f in module.REFERENCES.items()]
    return out


def main(seed: int) -> None:
    found = implementations()
    _forget_exercises()
    withhold()
    freeze_searcher_codes()
    notes = []
    questions = load_questions([str(FOLDER)])
    for number, name, index, impl in found:
        for q in (q for q in questions if q.exercise == number):
            book = Book()
            result = run_question(q, RecordedNamespace({name: impl}, book), seed)
            notes.append((number, name, index, q.id, result.status, book.entries))
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _Finder)]
    _forget_exercises()
    by_id = {q.id: q for q in load_questions([str(FOLDER)])}
    for number, name, index, qid, status, entries in notes:
        if status == "timeout":
            earned, bug = 0.0, "timeout"
        else:
            # the notes travel as JSON, as the grading process writes them
            entries = json.loads(json.dumps(entries, default=str))
            replayed = run_question(by_id[qid], ReplayNamespace(Book(entries)), seed)
            earned, bug = replayed.earned, replayed.bug
        print(json.dumps({"exercise": number, "name": name, "index": index, "question": qid,
                          "earned": earned, "bug": bug}))


if __name__ == "__main__":
    main(int(sys.argv[1]))
