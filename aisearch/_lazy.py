"""Names a package exports but imports only when first used (PEP 562).

``import aisearch`` should not pay for python-chess and numpy (about 0.2 s of its 0.45 s)
when a program only searches tic-tac-toe: the grading process, a command-line run, a
student's first cell. A package lists where each such name lives; :func:`exports` gives it
the module-level ``__getattr__`` and ``__dir__`` that import the module on first use and
keep the name as a plain attribute from then on. Type checkers read the same names from an
``if TYPE_CHECKING:`` import block.

Examples
--------
>>> import sys, types
>>> pkg = types.ModuleType("pkg")
>>> pkg.__getattr__, pkg.__dir__ = exports(pkg, {"dedent": "textwrap"})
>>> sys.modules["pkg"] = pkg
>>> pkg.dedent("  a")
'a'
>>> "dedent" in dir(pkg), "dedent" in vars(pkg)
(True, True)
>>> pkg.nothing
Traceback (most recent call last):
...
AttributeError: module 'pkg' has no attribute 'nothing'
>>> del sys.modules["pkg"]
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

__all__ = ["exports"]


def exports(package: ModuleType | str,
            where: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for a package whose names ``where`` imports lazily.

    Parameters
    ----------
    package : module or str
        The package (or its name, ``__name__``) the functions serve.
    where : mapping
        Each lazily exported name and the module that defines it.

    Returns
    -------
    (getattr, dir)
        To assign to the package's ``__getattr__`` and ``__dir__``.
    """
    name = package if isinstance(package, str) else package.__name__
    table = dict(where)

    def __getattr__(attr: str) -> Any:  # noqa: N807 (PEP 562)
        module = table.get(attr)
        if module is None:
            raise AttributeError(f"module {name!r} has no attribute {attr!r}")
        value = getattr(importlib.import_module(module), attr)
        setattr(importlib.import_module(name), attr, value)  # (next time a plain attribute)
        return value

    def __dir__() -> list[str]:  # noqa: N807
        return sorted(set(vars(importlib.import_module(name))) | set(table))

    return __getattr__, __dir__
