"""Whole numbers given to the games: a Python int or a numpy integer, never a bool.

A notebook often computes a size or a move with numpy (``np.argmax`` returns a numpy
integer); the games take such numbers as the ints they are. A bool is refused: ``True`` for
1 is a slip, not a number.

Examples
--------
>>> import numpy as np
>>> as_int(np.int64(3)), as_int(3), as_int(True), as_int(3.0), as_int("3")
(3, 3, None, None, None)
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from aisearch.core import as_int, check_seed

__all__ = ["as_int", "as_seed", "number_text"]


def as_seed(seed: Any, optional: bool = True) -> Any:
    """``seed`` checked as :func:`aisearch.core.check_seed` checks it (an int, or None where
    ``optional``), a numpy integer read as the int it is.

    >>> import numpy as np
    >>> as_seed(np.int64(7)), as_seed(None)
    (7, None)
    """
    n = as_int(seed)
    seed = seed if n is None else n
    check_seed(seed, optional)
    return seed


def number_text(value: Any, width: int = 80) -> str:
    """``repr(value)`` cut to ``width`` characters, an int of more than 20 digits written
    in scientific notation (a cut-off row of digits would misstate its size).

    >>> number_text(10**400), number_text(-12345), number_text("abc", 2)
    ('1.000e+400', '-12345', "'a")
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**21:
        return format(Decimal(value), ".3e")
    try:
        return f"{value!r:.{width}}"
    except ValueError:  # (a container of ints too long to print)
        return f"a {type(value).__name__} holding an int too long to print"
