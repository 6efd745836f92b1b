"""Self-check cells for students: the graded questions, run in the notebook itself.

``self_check("03")`` runs exercise 03's question tests against the functions defined in
the calling notebook, on fixed random inputs (the grader draws others), and prints each
question's points and feedback. It runs in the student's own kernel, with no limits:
interrupt the kernel if it hangs. Inside the grader (environment variable
``AISEARCH_GRADING`` set) it does nothing: the grader runs the questions itself.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

__all__ = ["self_check", "SELF_CHECK_SEED"]

SELF_CHECK_SEED = 2024


def _kernel_notes() -> dict[str, Any]:
    """What the notebook's kernel tells about its cells (IPython only): their labels, so
    that an error in student code names ``cell [5]`` as JupyterLab shows it, and the cells
    whose answer is still ``raise NotImplementedError()``."""
    import ast

    from aisearch.grading.question import CELL_LABELS

    try:
        from IPython import get_ipython
    except ImportError:
        return {}
    shell = get_ipython()
    if shell is None:
        return {}
    for filename, number in getattr(shell.compile, "_filename_map", {}).items():
        CELL_LABELS[filename] = f"cell [{number}]"
    errors = []
    for number, source in enumerate(shell.user_ns.get("In", [])):
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError):
            continue
        raises = [node for node in tree.body if isinstance(node, ast.Raise)
                  and "NotImplementedError" in ast.unparse(node)]
        if raises:
            where = f"cell [{number}]"
            errors.append({"cell": number, "where": where, "error": (
                f"NotImplementedError (not implemented yet) ({where}, line "
                f"{raises[0].lineno}: {ast.unparse(raises[0])})")})
    return {"cell_errors": errors}


def self_check(exercise: str, namespace: Mapping[str, Any] | None = None, *,
               seed: int = SELF_CHECK_SEED) -> None:
    """Grade the caller's functions on an exercise's questions and print the result.

    Parameters
    ----------
    exercise : str
        The exercise number, e.g. ``"03"``.
    namespace : mapping, optional
        Where the functions are; default: the caller's globals (the notebook).
    seed : int
        Seed of the random inputs.

    Prints one line per question with its points and feedback, then the total
    (use :func:`aisearch.grading.grade.grade_namespace` to get the results as values).

    Examples
    --------
    >>> def legal_moves(grid, state):
    ...     raise NotImplementedError()
    >>> self_check("01")  # doctest: +ELLIPSIS
    Self-check of exercise 01 (seed 2024; the grader uses other random inputs)
      01.legal_moves  0/4  legal_moves is not implemented yet (it raises NotImplementedError).
    ...
    """
    if os.environ.get("AISEARCH_GRADING"):  # inside the grader: it runs the questions itself
        print(f"Self-check of exercise {exercise} skipped while grading")
        return
    from aisearch.grading.grade import grade_namespace

    if namespace is None:
        namespace = sys._getframe(1).f_globals
    notes = _kernel_notes()
    results = grade_namespace(namespace, str(exercise), seed=seed, notes=notes)
    print(f"Self-check of exercise {exercise} (seed {seed}; the grader uses other random inputs)")
    width = max([len(r.id) for r in results] + [8])
    for r in results:
        text = r.feedback or "passed"
        first, *rest = text.splitlines()
        print(f"  {r.id:<{width}}  {r.earned:g}/{r.points:g}  {first}")
        for line in rest:
            print(f"  {'':<{width}}  {'':>5}  {line}")
    total, possible = sum(r.earned for r in results), sum(r.points for r in results)
    print(f"  {'total':<{width}}  {total:g}/{possible:g}")
