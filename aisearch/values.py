"""Reading the values a user gives: whole numbers, seeds, real numbers; writing them in messages.

A notebook often computes a size, a depth or a move with numpy (``np.argmax`` returns a numpy
integer): the package takes such numbers as the ints they are. A bool is refused where a number
is wanted: ``True`` for 1 is a slip, not a number. These readers are the one way the package
checks such arguments (re-exported by :mod:`aisearch.core`, where the rest of the package
imports them from).

Examples
--------
>>> import numpy as np
>>> as_int(np.int64(3)), as_int(True), is_number(0.5), number_text(10**400)
(3, None, True, '1.000e+400')
"""

from __future__ import annotations

import math
import numbers
import operator
from decimal import Decimal
from typing import Any

__all__ = [
    "as_int", "as_limit", "as_real", "as_seed", "check_seed", "is_number", "number_text",
    "type_note",
]


def check_seed(seed: Any, optional: bool = True) -> None:
    """Refuse a seed that is not an int (or None, where ``optional``): a string or a float
    would seed a generator too, but not as the reader of the call expects.

    >>> check_seed("1")
    Traceback (most recent call last):
    ...
    TypeError: seed must be an int or None, not '1'
    """
    if seed is None and optional:
        return
    if isinstance(seed, bool) or not isinstance(seed, int):
        allowed = "an int or None" if optional else "an int"
        raise TypeError(f"seed must be {allowed}, not {seed!r:.80}")


def as_int(value: Any, otherwise: Any = None) -> Any:
    """``value`` as a Python int if it is an integral number (an int, a numpy integer:
    anything ``operator.index`` reads) but not a bool; ``otherwise`` if it is not.

    A notebook often computes a size, a depth or a move with numpy (``np.argmax`` returns a
    numpy integer): the package takes such numbers as the ints they are. A bool is refused:
    ``True`` for 1 is a slip, not a number.

    >>> import numpy as np
    >>> as_int(np.int64(3)), as_int(3), as_int(True), as_int(3.0), as_int("3", -1)
    (3, 3, None, None, -1)
    """
    if value.__class__ is int:
        return value
    if value.__class__ is float or isinstance(value, bool):  # (a float: no exception raised)
        return otherwise
    try:
        return operator.index(value)
    except TypeError:
        return otherwise


def as_limit(value: Any, name: str, least: int, meaning: str = "") -> int | None:
    """``value`` read as an optional limit: None (no limit) or an int of at least ``least``
    (a numpy integer is the int it is); else a ValueError naming ``name``, what is allowed
    (with ``meaning``, what the number counts, when given) and what was given.

    >>> import numpy as np
    >>> as_limit(np.int64(3), "max_moves", 0), as_limit(None, "max_moves", 0)
    (3, None)
    >>> as_limit(0.5, "depth", 1, " (the deepest iteration)")
    Traceback (most recent call last):
    ...
    ValueError: depth must be a positive int (the deepest iteration) or None, not 0.5 (a float)
    """
    if value is None:
        return None
    n = as_int(value)
    if n is None or n < least:
        allowed = {0: "a non-negative int", 1: "a positive int"}.get(
            least, f"an int of at least {least}")
        raise ValueError(f"{name} must be {allowed}{meaning} or None, not "
                         f"{value!r:.80}{type_note(value)}")
    return n


def type_note(x: Any) -> str:
    """`` (a float)``: the type of a value that is not an int, for an error message.

    >>> type_note(2), type_note(2.0)
    ('', ' (a float)')
    """
    return "" if type(x) is int else f" (a {type(x).__name__})"


def is_number(x: Any) -> bool:
    """True for real numbers (ints, floats, fractions, numpy scalars), False for bools, NaN
    and anything else, strings that spell a number included.

    >>> is_number(3), is_number(0.5), is_number(True), is_number(float("nan")), is_number("1")
    (True, True, False, False, False)
    """
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        return False
    try:
        return not math.isnan(x)
    except OverflowError:  # a fraction too big for a float: a number, and not NaN
        return True
    except (TypeError, ValueError):
        return False


def as_real(value: Any, otherwise: Any = None) -> Any:
    """``value`` as a Python number if it is a real number (:func:`is_number`: not a bool,
    not NaN; infinities kept), ``otherwise`` if it is not. An int or a float comes back as
    it is, a numpy integer as the int it equals, a numpy float as the float it equals (a
    float32 must not round a search's window shut), another real number (a ``Fraction``)
    as it is.

    >>> import numpy as np
    >>> from fractions import Fraction
    >>> as_real(np.float32(0.5)), as_real(np.int64(2)), as_real(Fraction(1, 3)), as_real(True)
    (0.5, 2, Fraction(1, 3), None)
    """
    if value.__class__ is int or value.__class__ is float:
        return value if value == value else otherwise
    if not is_number(value):
        return otherwise
    if value.__class__.__module__ == "numpy":
        return int(value) if isinstance(value, numbers.Integral) else float(value)
    return value


def as_seed(seed: Any, optional: bool = True) -> Any:
    """``seed`` checked as :func:`check_seed` checks it (an int, or None where ``optional``),
    a numpy integer read as the int it is.

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
    if value.__class__ is int and abs(value) >= 10**21:
        return format(Decimal(value), ".3e")
    try:
        return f"{value!r:.{width}}"
    except ValueError:  # (a container of ints too long to print)
        return f"a {type(value).__name__} holding an int too long to print"
