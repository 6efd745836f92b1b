"""Command line: ``python -m aisearch.grading {build,grade,similarity,questions} ...``.

Examples
--------
>>> main(["questions"])  # doctest: +ELLIPSIS
01.legal_moves      4  legal_moves(grid, state): the legal moves, in the order N, S, E, W.
...
>>> main(["grade", "no/such/file.ipynb"])  # prints the error to stderr
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["main", "parser"]


def _positive(kind: type) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be positive, not {text}")
        return value

    parse.__name__ = kind.__name__
    return parse


def parser() -> argparse.ArgumentParser:
    """The argument parser (subcommands ``build``, ``grade``, ``questions``)."""
    p = argparse.ArgumentParser(
        prog="python -m aisearch.grading",
        description="Build exercises from solutions and grade homework submissions.",
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    b = sub.add_parser("build", help="write exercises/ from solutions/ (nbgrader markers)",
                       description="Write exercises/NN_*.ipynb from solutions/NN_*.ipynb.")
    b.add_argument("--solutions", default="solutions", metavar="DIR",
                   help="folder of solution notebooks (default: solutions)")
    b.add_argument("--exercises", default="exercises", metavar="DIR",
                   help="folder of exercise notebooks (default: exercises)")
    b.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if exercises/ is stale or leaks a marker")

    g = sub.add_parser(
        "grade", help="grade submissions (notebooks, modules or folders of notebooks)",
        description="Run each submission in its own process with time and memory limits, "
        "then its exercise's question tests; print points and feedback per question.")
    g.add_argument("paths", nargs="+", metavar="SUBMISSION",
                   help="a .ipynb or .py file, or a folder searched for .ipynb files")
    g.add_argument("--tests", action="append", metavar="DIR",
                   help="folder of question tests (repeatable; default: the shipped ones, "
                   "which the word 'shipped' also names)")
    g.add_argument("--exercise", metavar="NN",
                   help="grade every submission as exercise NN (default: from metadata/name)")
    g.add_argument("--seed", type=int, help="seed of the random inputs (default: a fresh one)")
    g.add_argument("--timeout", type=_positive(float), default=60.0, metavar="SECONDS",
                   help="seconds of the submission's own running time, its cells and the calls "
                        "of its functions together; the grader's work does not count "
                        "(default: 60)")
    g.add_argument("--memory-mb", type=_positive(int), default=2048, metavar="MIB",
                   help="memory (address space) limit per submission (default: 2048)")
    g.add_argument("--json", metavar="PATH",
                   help="write JSON reports: a .json file for one submission, else a folder")
    g.add_argument("--csv", metavar="FILE", help="write a class table (one row per submission)")
    g.add_argument("--quiet", action="store_true", help="print one line per submission")
    g.add_argument("--jobs", type=_positive(int), default=1, metavar="N",
                   help="grade N submissions at once (default 1; the results are the same)")
    g.add_argument("--similarity", action="store_true",
                   help="then print which submissions' graded functions are alike, and how "
                   "alike each is to the package's own versions (see the similarity command)")

    s = sub.add_parser(
        "similarity", help="which submissions' graded functions are alike (copydetect)",
        description="Compare the graded functions of a class's submissions (read, not run) "
        "pair by pair and with the package's own versions; print the pairs most alike and "
        "each submission's closest reference, with the matching lines side by side.")
    s.add_argument("paths", nargs="+", metavar="SUBMISSION",
                   help="a .ipynb or .py file, or a folder searched for .ipynb files")
    s.add_argument("--exercise", metavar="NN", help="compare every submission as exercise NN")
    s.add_argument("--top", type=_positive(int), default=10, metavar="N",
                   help="pairs listed per exercise (default 10)")
    s.add_argument("--show", type=int, default=3, metavar="N",
                   help="pairs shown side by side (default 3)")
    s.add_argument("--solutions", metavar="DIR",
                   help="solution notebooks to compare with (default: the course's solutions/)")
    s.add_argument("--html", metavar="FILE", help="write the matching code, highlighted")
    s.add_argument("--json", metavar="FILE", help="write the pairs and shares as JSON")

    q = sub.add_parser("questions", help="list the question tests and their points")
    q.add_argument("--tests", action="append", metavar="DIR",
                   help="folder of question tests (repeatable; default: the shipped ones, "
                   "which the word 'shipped' also names)")
    return p


def _tests(folders: list[str] | None) -> list[str]:
    from aisearch.grading.question import default_tests

    if not folders:
        return [default_tests()]
    return [default_tests() if f == "shipped" and not Path(f).exists() else f for f in folders]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 check failed, 2 usage error)."""
    args = parser().parse_args(argv)
    if args.command in ("grade", "questions"):
        args.tests = _tests(args.tests)
    try:
        if args.command == "build":
            return _build(args)
        if args.command == "grade":
            return _grade(args)
        if args.command == "similarity":
            return _similarity(args)
        return _questions(args)
    except (ValueError, OSError) as e:  # bad paths, options, tests folders, output targets
        print(f"error: {e}", file=sys.stderr)
        return 2


def _build(args: argparse.Namespace) -> int:
    from aisearch.grading.build import build

    result = build(args.solutions, args.exercises, check=args.check)
    for path in result.written:
        print(f"wrote {path}")
    for problem in result.problems:
        print(f"{'stale' if args.check else 'warning'}: {problem}")
    if args.check and result.ok:
        print(f"{args.exercises}/ is up to date with {args.solutions}/")
    return 0 if result.ok else 1


def _grade(args: argparse.Namespace) -> int:
    from aisearch.grading.grade import (
        Report,
        find_submissions,
        format_report,
        grade_paths,
        new_seed,
        write_csv,
        write_json,
    )
    from aisearch.grading.question import load_questions

    # bad paths, tests and output targets fail here, before anything runs
    submissions = find_submissions(args.paths)
    load_questions(args.tests)
    if args.json:
        target = Path(args.json)
        folder = len(submissions) > 1 or target.suffix != ".json"
        if folder and target.exists() and not target.is_dir():
            raise ValueError(f"--json {target}: several reports need a folder, and it is a file")
    if args.csv and Path(args.csv).is_dir():
        raise ValueError(f"--csv {args.csv}: give a file name, not a folder")
    seed = new_seed() if args.seed is None else args.seed

    done = [0]

    def show(report: Report) -> None:
        done[0] += 1
        if args.quiet:
            print(f"[{done[0]}/{len(submissions)}] {report.submission}: "
                  f"{report.total:g}/{report.possible:g}")
        else:
            print(format_report(report) + "\n")
            if args.jobs > 1:
                print(f"[{done[0]}/{len(submissions)} graded]\n")
        sys.stdout.flush()

    exercise = args.exercise
    if exercise is not None and not (len(exercise) == 2 and exercise.isdigit()):
        raise ValueError(f"--exercise must be two digits like 03, not {exercise!r}")
    reports = grade_paths(args.paths, tests=args.tests, seed=seed, progress=show,
                          timeout=args.timeout, memory_mb=args.memory_mb, exercise=exercise,
                          jobs=args.jobs)
    total = sum(r.total for r in reports)
    possible = sum(r.possible for r in reports)
    print(f"graded {len(reports)} submission(s) with seed {seed}: {total:g}/{possible:g} points")
    failed = []  # (each output is written even if another cannot be)
    if args.json:
        try:
            for path in write_json(reports, args.json):
                print(f"wrote {path}")
        except (OSError, ValueError, RuntimeError) as e:
            failed.append(f"--json {args.json}: {e}")
    if args.csv:
        try:
            print(f"wrote {write_csv(reports, args.csv)}")
        except (OSError, ValueError, RuntimeError) as e:
            failed.append(f"--csv {args.csv}: {e}")
    if args.similarity:
        from aisearch.grading.similarity import format_similarity, similarity

        print()
        print(format_similarity(similarity(args.paths, exercise=exercise)), end="")
    for why in failed:
        print(f"error: {why}", file=sys.stderr)
    return 2 if failed else 0


def _similarity(args: argparse.Namespace) -> int:
    from aisearch.grading.similarity import format_similarity, similarity, write_html, write_json

    exercise = args.exercise
    if exercise is not None and not (len(exercise) == 2 and exercise.isdigit()):
        raise ValueError(f"--exercise must be two digits like 03, not {exercise!r}")
    reports = similarity(args.paths, exercise=exercise,
                         solutions=Path(args.solutions) if args.solutions else None)
    print(format_similarity(reports, top=args.top, show=max(args.show, 0)), end="")
    if args.html:
        print(f"wrote {write_html(reports, args.html)}")
    if args.json:
        print(f"wrote {write_json(reports, args.json)}")
    return 0


def _questions(args: argparse.Namespace) -> int:
    from aisearch.grading.question import load_questions

    questions = load_questions(args.tests)
    width = max([len(q.id) for q in questions] + [8])
    for q in questions:
        print(f"{q.id:<{width}}  {q.points:>3g}  {q.title}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
