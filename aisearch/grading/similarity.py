"""Which submissions' graded functions are alike, and how alike each is to the package's own.

A lesson shows its algorithms' source, so copying cannot be prevented, only seen: this
report gives the instructor the evidence and leaves the call to them. For each exercise in a
class, the graded functions of every submission (the functions the exercise asks for, with
the notebook's own helpers they call; read, never run) are fingerprinted with
`copydetect <https://github.com/blingenf/copydetect>`_ (winnowed k-grams of the code with
names and strings normalised, as MOSS does), and compared

- pair by pair: the pairs of submissions most alike, with the share of each one's code
  found in the other;
- with the package's own versions of what is graded (the searchers, the plain versions
  the lessons show, the exercise's reference answers, and the solution notebook when the
  course's ``solutions/`` is there): each submission's closest one.

The matching lines are shown side by side (text), or highlighted in an HTML page.

Examples
--------
>>> a = "def f(game, state):\\n    best = None\\n    for m in game.moves(state):\\n" \\
...     "        v = g(game.result(state, m))\\n        if best is None or v > best:\\n" \\
...     "            best = v\\n    return best\\n"
>>> b = a.replace("best", "top").replace("v ", "w ").replace("v)", "w)")
>>> found = compare({"alice": a, "bob": b}, {})
>>> found.pairs[0].a, found.pairs[0].b, round(found.pairs[0].share_a, 2)
('alice', 'bob', 1.0)
"""

from __future__ import annotations

import ast
import html
import inspect
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Match", "Similarity", "graded_code", "references", "compare", "similarity",
           "format_similarity", "write_html", "write_json", "K", "WINDOW"]

K, WINDOW = 20, 4
"""copydetect's noise threshold (a k-gram of this many normalised characters) and winnowing
window: short enough for functions of twenty lines, long enough that ``for m in
game.moves(state):`` alone is no match."""


@dataclass
class Match:
    """Two pieces of code alike: ``share_a`` of ``a``'s code is found in ``b`` (and
    ``share_b`` the other way), at the character ranges ``slices_a`` / ``slices_b``."""

    a: str
    b: str
    share_a: float
    share_b: float
    slices_a: list[tuple[int, int]]
    slices_b: list[tuple[int, int]]

    @property
    def score(self) -> float:
        return max(self.share_a, self.share_b)


@dataclass
class Similarity:
    """One exercise's report: the code compared, the pairs (most alike first) and each
    submission's closest reference."""

    exercise: str
    code: dict[str, str] = field(default_factory=dict)
    reference_code: dict[str, str] = field(default_factory=dict)
    pairs: list[Match] = field(default_factory=list)
    closest: dict[str, Match] = field(default_factory=dict)


def _defs(tree: ast.Module) -> dict[str, ast.AST]:
    out: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out[node.name] = node  # a later definition wins, as it does when run
    return out


def graded_code(sources: list[str], names: list[str]) -> str:
    """The source of the functions ``names`` (and of the notebook's own functions and
    classes they use) found in the cells ``sources``, in a fixed order.

    >>> graded_code(["def h(x):\\n    return x", "def f(x):\\n    return h(x) + 1"], ["f"])
    'def f(x):\\n    return h(x) + 1\\n\\ndef h(x):\\n    return x\\n'
    """
    from aisearch.grading.child import as_python

    found: dict[str, tuple[ast.AST, str]] = {}
    for source in sources:
        try:
            python = as_python(source)
            tree = ast.parse(python)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        for name, node in _defs(tree).items():
            found[name] = (node, ast.get_source_segment(python, node, padded=False) or "")
    wanted, seen = [n for n in names if n in found], set()
    while wanted:
        name = wanted.pop(0)
        if name in seen:
            continue
        seen.add(name)
        node = found[name][0]
        used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        wanted += sorted(n for n in used if n in found and n not in seen)
    order = [n for n in names if n in seen] + sorted(seen - set(names))
    return "".join(_with_decorators(found[n]) + "\n\n" for n in order).rstrip() + "\n" \
        if order else ""


def _with_decorators(entry: tuple[ast.AST, str]) -> str:
    node, text = entry
    decorators = getattr(node, "decorator_list", [])
    return "".join(f"@{ast.unparse(d)}\n" for d in decorators) + text


def _exercise(number: str) -> Any:
    from aisearch.grading.exercises import discover

    return next((e for e in discover() if e.number == number), None)


def graded_names(number: str) -> list[str]:
    """The functions exercise ``number`` asks for (its questions' subjects)."""
    exercise = _exercise(number)
    return list(exercise.module("bugs").REFERENCES) if exercise is not None else []


def references(number: str, solutions: Path | None = None) -> dict[str, str]:
    """The package's own versions of what exercise ``number`` grades, by name: what the
    grading process withholds (searchers, plain versions, solvers, ...), the exercise's
    reference answers, and the solution notebook's graded functions if found."""
    from aisearch.grading.stubs import withheld_functions

    exercise = _exercise(number)
    if exercise is None:
        return {}
    out: dict[str, str] = {}
    items = getattr(exercise.module("questions"), "WITHHELD", [])
    bugs = exercise.module("bugs")
    for f in [*withheld_functions(items), *bugs.REFERENCES.values()]:
        try:
            text = inspect.getsource(f)
        except (OSError, TypeError):
            continue
        if text.count("\n") >= 3:
            out[f"{f.__module__}.{f.__qualname__}"] = text
    folder = solutions if solutions is not None else Path(__file__).resolve().parents[2] / \
        "solutions"
    for path in sorted(folder.glob(f"{exercise.notebook}.ipynb")) if folder.is_dir() else []:
        code = _submission_code(path.read_bytes(), ".ipynb", graded_names(number))
        if code:
            out[f"solutions/{path.name}"] = code
    return out


def _submission_code(raw: bytes, suffix: str, names: list[str]) -> str:
    from aisearch.grading.child import code_cells

    try:
        cells = code_cells(raw.decode("utf-8", "replace"), module=suffix == ".py")
    except Exception:  # noqa: BLE001 (a notebook the grader cannot read: nothing to compare)
        return ""
    return graded_code([c.source for c in cells], names)


def _fingerprint(name: str, code: str, boilerplate: Any = None) -> Any:
    from copydetect import CodeFingerprint  # type: ignore[import-untyped]

    return CodeFingerprint(f"{name}.py", K, WINDOW, boilerplate=boilerplate,
                           fp=io.StringIO(code), language="python")


def boilerplate(number: str, solutions: Path | None = None) -> str:
    """What every submission of exercise ``number`` is given: the graded functions as the
    exercise notebook has them (signatures, docstrings, ``raise NotImplementedError()``),
    built from the solution notebook when the course's ``solutions/`` is there.

    >>> "raise NotImplementedError()" in boilerplate("03")
    True
    """
    from aisearch.grading.build import strip_solution

    exercise = _exercise(number)
    folder = solutions if solutions is not None else Path(__file__).resolve().parents[2] / \
        "solutions"
    path = folder / f"{exercise.notebook}.ipynb" if exercise is not None else None
    if path is None or not path.is_file():
        return ""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
        sources = [strip_solution("".join(c["source"])) for c in nb["cells"]
                   if c.get("cell_type") == "code"]
    except (ValueError, KeyError, TypeError):
        return ""
    return graded_code(sources, graded_names(number))


def _match(a: str, fa: Any, b: str, fb: Any) -> Match:
    from copydetect import compare_files  # type: ignore[import-untyped]

    _, shares, slices = compare_files(fa, fb)

    def ranges(s: Any) -> list[tuple[int, int]]:
        return [(int(x), int(y)) for x, y in zip(*s, strict=True)] if len(s) else []

    return Match(a, b, float(shares[0]), float(shares[1]), ranges(slices[0]),
                 ranges(slices[1]))


def compare(code: dict[str, str], reference_code: dict[str, str], exercise: str = "",
            given: str = "") -> Similarity:
    """Compare every two pieces of ``code`` and each with every ``reference_code``; what
    every student is ``given`` is left out."""
    found = Similarity(exercise, dict(code), dict(reference_code))
    common = list(_fingerprint("given", given).hashes) if given else None
    prints = {n: _fingerprint(f"s{i}", c, common) for i, (n, c) in enumerate(code.items())
              if c}
    refs = {n: _fingerprint(f"r{i}", c) for i, (n, c) in enumerate(reference_code.items())}
    names = sorted(prints)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            m = _match(a, prints[a], b, prints[b])
            if m.score > 0:
                found.pairs.append(m)
        best = None
        for r, fr in refs.items():
            m = _match(a, prints[a], r, fr)
            if best is None or m.share_a > best.share_a:
                best = m
        if best is not None and best.share_a > 0:
            found.closest[a] = best
    found.pairs.sort(key=lambda m: (-m.score, m.a, m.b))
    return found


def similarity(paths: list[str | Path], *, exercise: str | None = None,
               solutions: Path | None = None) -> list[Similarity]:
    """The similarity reports of a class (files or folders, as ``grade`` takes them), one
    per exercise found."""
    from aisearch.grading.files import read_regular
    from aisearch.grading.grade import MAX_BYTES, exercise_of, find_submissions

    by_exercise: dict[str, dict[str, str]] = {}
    for path, _ in find_submissions(paths):
        try:
            raw = read_regular(path, MAX_BYTES)
        except OSError:
            continue
        number = exercise or exercise_of(path, raw)
        if number is None:
            continue
        by_exercise.setdefault(number, {})[str(path)] = _submission_code(
            raw, path.suffix, graded_names(number))
    return [compare(code, references(number, solutions), number,
                    boilerplate(number, solutions))
            for number, code in sorted(by_exercise.items())]


def _marked(code: str, ranges: list[tuple[int, int]]) -> list[tuple[bool, str]]:
    lines, out, at = code.splitlines(keepends=True), [], 0
    for line in lines:
        end = at + len(line)
        out.append((any(a < end and b > at for a, b in ranges), line.rstrip("\n")))
        at = end
    return out


def side_by_side(left: str, right: str, m: Match, width: int = 100) -> str:
    """The two pieces of code in columns, the lines holding matched code marked ``>``."""
    half = (width - 3) // 2
    a, b = _marked(left, m.slices_a), _marked(right, m.slices_b)
    rows = []
    for i in range(max(len(a), len(b))):
        la = a[i] if i < len(a) else (False, "")
        lb = b[i] if i < len(b) else (False, "")
        cell = [("> " if hit else "  ") + text.expandtabs(4)[:half - 2].ljust(half - 2)
                for hit, text in (la, lb)]
        rows.append(f"{cell[0]} | {cell[1]}".rstrip())
    return "\n".join(rows)


def format_similarity(reports: list[Similarity], *, top: int = 10, show: int = 3,
                      width: int = 100) -> str:
    """The reports as text: the ``top`` pairs most alike, each submission's closest
    reference, and the ``show`` first pairs' code side by side."""
    out = []
    for r in reports:
        n = len(r.code)
        out.append(f"exercise {r.exercise}: {n} submission(s) compared (copydetect, "
                   f"k={K}, window {WINDOW}); the share of each one's graded code found in "
                   "the other")
        if not r.pairs:
            out.append("  no two submissions share code")
        for m in r.pairs[:top]:
            out.append(f"  {m.share_a:5.0%} {m.share_b:5.0%}  {m.a}  <->  {m.b}")
        out.append("  closest of the package's own versions (share of the submission's code):")
        for name in sorted(r.code):
            near = r.closest.get(name)
            out.append(f"  {near.share_a:5.0%}  {name}  <->  {near.b}" if near else
                       f"     -   {name}  (nothing in common)")
        for m in r.pairs[:show]:
            out.append(f"\n  {m.a} (left) and {m.b} (right), lines with matching code marked >")
            out.append(side_by_side(r.code[m.a], r.code[m.b], m, width))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def write_html(reports: list[Similarity], path: str | Path, *, top: int = 20) -> Path:
    """An HTML page with the pairs and closest references, the matching code highlighted
    in two columns."""
    def code(text: str, ranges: list[tuple[int, int]]) -> str:
        out, at = [], 0
        for a, b in sorted(ranges):
            out += [html.escape(text[at:a]), "<mark>", html.escape(text[a:b]), "</mark>"]
            at = b
        return "".join(out) + html.escape(text[at:])

    parts = ["<!doctype html><meta charset='utf-8'><title>Similarity</title><style>"
             "table{border-collapse:collapse}td{vertical-align:top;padding:4px}"
             "pre{font-size:12px}mark{background:#fd6}</style>"]
    for r in reports:
        parts.append(f"<h1>Exercise {html.escape(r.exercise)}</h1>")
        shown = r.pairs[:top] + [r.closest[n] for n in sorted(r.closest)]
        for m in shown:
            right = r.code.get(m.b, r.reference_code.get(m.b, ""))
            parts.append(f"<h2>{m.share_a:.0%} {html.escape(m.a)} / {m.share_b:.0%} "
                         f"{html.escape(m.b)}</h2><table><tr><td><pre>"
                         f"{code(r.code[m.a], m.slices_a)}</pre></td><td><pre>"
                         f"{code(right, m.slices_b)}</pre></td></tr></table>")
    target = Path(path)
    target.write_text("\n".join(parts), encoding="utf-8")
    return target


def write_json(reports: list[Similarity], path: str | Path) -> Path:
    """The reports as JSON: pairs and closest references with shares and ranges."""
    data = [{"exercise": r.exercise,
             "pairs": [vars(m) for m in r.pairs],
             "closest": {n: vars(m) for n, m in sorted(r.closest.items())}} for r in reports]
    target = Path(path)
    target.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return target
