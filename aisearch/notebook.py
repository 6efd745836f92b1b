"""Notebook helpers: show a function's source, check your code against the package's, and the
one canonical way to execute and normalise the course notebooks.

``python -m aisearch.notebook execute notebooks/*.ipynb solutions/*.ipynb`` runs each notebook
top to bottom in a fresh kernel (from the notebook's folder), then strips volatile metadata
(widget state, timestamps) while keeping outputs and execution counts, so that nbval can compare
the committed outputs.
"""

from __future__ import annotations

import argparse
import inspect
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from aisearch.values import as_int

__all__ = ["Source", "show_source", "plain_source", "check", "execute"]

LONG_LISTING = 40
"""Listings of more lines than this are shown in a box that scrolls."""

BOOKKEEPING = "# bookkeeping"
"""The comment that marks a line of a searcher as counting or reporting only."""


def plain_source(code: str) -> str:
    """``code`` without the lines that only count and report what a search does.

    Left out: every ``if trace:`` statement with its block, and every line ending in
    ``# bookkeeping`` (with its block, if it opens one). What remains is the algorithm, and
    it runs: the tests execute it and compare it with the searcher it was taken from.

    >>> print(plain_source('''def f(s):
    ...     n = 0  # bookkeeping
    ...     if trace:
    ...         trace.leaf(s)
    ...     if s is None:  # bookkeeping
    ...         raise ValueError(s)
    ...     return s'''))
    def f(s):
        return s
    """
    if not isinstance(code, str):
        raise TypeError(f"plain_source reads source code as text, not {code!r:.80}")
    out: list[str] = []
    skip_deeper: int | None = None
    for line in code.splitlines():
        text = line.strip()
        indent = len(line) - len(line.lstrip())
        if skip_deeper is not None:
            if not text or indent > skip_deeper:
                continue
            skip_deeper = None
        if text.startswith("if trace:"):
            if text == "if trace:":
                skip_deeper = indent
            continue
        if text.endswith(BOOKKEEPING):
            if text[: -len(BOOKKEEPING)].rstrip().endswith(":"):  # a block: all of it
                skip_deeper = indent
            continue
        out.append(line)
    return "\n".join(out) + ("\n" if code.endswith("\n") else "")


class Source:
    """A function's source, shown as code in a notebook.

    It renders as a fenced Python block in Markdown, which JupyterLab highlights itself; the
    saved output is the source text, the same whatever Pygments version is installed (nbval
    compares saved outputs, and HTML from a highlighter changes between its releases).
    By default the lines that only count and report are left out (:func:`plain_source`).
    """

    def __init__(self, obj: Any, instrumented: bool = False) -> None:
        if not (inspect.isfunction(obj) or inspect.isclass(obj) or inspect.ismodule(obj)
                or inspect.ismethod(obj)):
            raise TypeError(f"show_source shows a function, class or module, not {obj!r:.80}")
        self.name = getattr(obj, "__qualname__", repr(obj))
        try:
            code = inspect.getsource(obj)
        except OSError as error:  # (defined at the prompt, or built in)
            raise ValueError(f"the source of {self.name} cannot be found: {error}") from None
        self.code = code if instrumented else plain_source(code)

    def __repr__(self) -> str:
        return self.code.rstrip("\n")

    def _repr_markdown_(self) -> str:
        block = "```python\n" + self.code.rstrip("\n") + "\n```"
        if self.code.count("\n") < LONG_LISTING:
            return block
        # a long listing scrolls in a box about a screen tall, so the lesson around it
        # stays in view (the text is all there, for a reader and for a search)
        return (f'<div style="max-height:{LONG_LISTING * 1.4:.0f}em;overflow-y:auto">'
                f"\n\n{block}\n\n</div>")


def show_source(obj: Any, *, instrumented: bool = False) -> Source:
    """The source of a function or class of the package, for reading next to the textbook.

    A searcher is shown without the lines that only count nodes and report events to a
    tracer (``instrumented=True`` shows them too): what is left is what runs.

    >>> print(show_source(show_source))  # doctest: +ELLIPSIS
    def show_source(obj: Any, *, instrumented: bool = False) -> Source:
    ...
    """
    return Source(obj, instrumented)


def check(mine: Callable[..., Any], reference: Callable[..., Any], cases: Iterable[tuple],
          key: Callable[[Any], Any] = lambda r: r) -> str:
    """Compare your function with the package's on argument tuples; say where they differ.

    ``key`` picks what must agree (e.g. ``lambda d: (d.value, d.move)``).

    >>> check(lambda x: x * 2, lambda x: x + x, [(1,), (2,)])
    'agrees on all 2 cases'
    >>> check(lambda x: x * 3, lambda x: x + x, [(0,), (2,)])
    'differs on case 2 (2,): got 6, expected 4'
    """
    for name, f in (("mine", mine), ("reference", reference), ("key", key)):
        if not callable(f):
            raise TypeError(f"{name} must be a function, not {f!r:.80}")
    if isinstance(cases, (str, bytes)) or not isinstance(cases, Iterable):
        raise TypeError(f"cases must be a list of argument tuples, such as [(state,), ...], "
                        f"not {cases!r:.80}")
    cases = list(cases)
    if not cases:
        raise ValueError("cases is empty: give at least one tuple of arguments to compare on")
    for i, args in enumerate(cases, 1):
        if not isinstance(args, tuple):
            raise TypeError(f"case {i} must be a tuple of arguments, such as (state,), not "
                            f"{args!r:.80}")
        got, expected = key(mine(*args)), key(reference(*args))
        if got != expected:
            return f"differs on case {i} {args!r}: got {got!r}, expected {expected!r}"
    return f"agrees on all {len(cases)} cases"


def coalesce_streams(outputs: list[Any]) -> list[Any]:
    """Join consecutive outputs of the same stream: how a kernel splits printed text
    depends on timing, and a saved notebook must not.

    >>> out = [{"output_type": "stream", "name": "stdout", "text": "a\\n"},
    ...        {"output_type": "stream", "name": "stdout", "text": "b\\n"}]
    >>> coalesce_streams(out)
    [{'output_type': 'stream', 'name': 'stdout', 'text': 'a\\nb\\n'}]
    """
    joined: list[Any] = []
    for out in outputs:
        last = joined[-1] if joined else None
        if (last is not None and out.get("output_type") == "stream"
                and last.get("output_type") == "stream" and last.get("name") == out.get("name")):
            last["text"] = "".join(last["text"]) + "".join(out["text"])
        else:
            joined.append(out)
    return joined


def execute(paths: str | Path | Iterable[str | Path],
            timeout: int = 300) -> list[tuple[Path, float]]:
    """Execute notebooks in place and normalise them; return (path, seconds) per notebook.

    ``paths`` is one notebook (``.ipynb``) or an iterable of them, each a ``str`` or a
    ``Path``; ``timeout`` is in seconds per cell. Every path is checked before any runs.
    """
    import nbformat
    from nbclient import NotebookClient

    usage = "paths must be a notebook path (a str or a Path) or an iterable of them"
    if isinstance(paths, (str, Path)):
        paths = [paths]
    elif isinstance(paths, bytes) or not isinstance(paths, Iterable):
        raise TypeError(f"{usage}, not {paths!r:.80}")
    paths = list(paths)
    if not paths:
        raise ValueError(f"{usage}; got none")
    for path in paths:
        if not isinstance(path, (str, Path)):
            raise TypeError(f"{usage}; {path!r:.80} is neither")
    if as_int(timeout, 0) < 1:
        raise ValueError(f"timeout must be a positive int (seconds per cell), not {timeout!r:.80}")
    timeout = as_int(timeout)
    for path in map(Path, paths):
        if not path.is_file():
            raise FileNotFoundError(f"no notebook at {path}")
        if path.suffix != ".ipynb":
            raise ValueError(f"{path} is not a notebook: execute runs Jupyter notebooks "
                             "(.ipynb files)")
    done = []
    for path in map(Path, paths):
        nb = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        NotebookClient(nb, timeout=timeout, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs = coalesce_streams(cell.outputs)
        nbformat.write(nb, path)
        subprocess.run([sys.executable, "-m", "nbstripout", "--keep-output", "--keep-count",
                        str(path)], check=True)
        done.append((path, time.perf_counter() - start))
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m aisearch.notebook", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("execute", help="execute notebooks in place and normalise them")
    run.add_argument("notebooks", nargs="+", type=Path)
    run.add_argument("--timeout", type=int, default=300, help="seconds per cell (default 300)")
    args = parser.parse_args(argv)
    missing = [p for p in args.notebooks if not p.is_file()]
    if missing:
        parser.error("no such notebook: " + ", ".join(map(str, missing)))
    for path, seconds in execute(args.notebooks, args.timeout):
        print(f"{path}: executed in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
