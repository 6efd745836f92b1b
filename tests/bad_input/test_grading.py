"""The grader's entry points called wrongly (the grading of hostile submissions is in
tests/grading/test_attacks.py)."""

from __future__ import annotations

from pathlib import Path

from aisearch.grading.codec import CodecError, decode, encode
from aisearch.grading.grade import grade_paths
from aisearch.grading.remote import Endpoint
from aisearch.grading.sandbox import wrap
from tests.bad_input.table import Case, check, params

SOLUTION = Path(__file__).resolve().parents[2] / "solutions" / "03_alpha_beta.ipynb"

CASES = [
    Case("grade_paths: jobs=0", lambda: grade_paths([SOLUTION], jobs=0), ValueError,
         ("jobs", "positive", "0")),
    Case("grade_paths: jobs=True", lambda: grade_paths([SOLUTION], jobs=True), ValueError,
         ("jobs", "true")),
    Case("grade_paths: no such folder", lambda: grade_paths(["no/such/folder"]), ValueError,
         ("no such file or folder",)),
    Case("encode: a function of the student's", lambda: encode(lambda s: 0), CodecError,
         ("cannot send", "function")),
    Case("encode: an open file", lambda: encode(open(__file__)), CodecError,
         ("cannot send",)),
    Case("decode: a state class outside the games", lambda: decode(
        {"state": "os:system", "data": 1}), CodecError, ("os:system",)),
    Case("decode: an unknown object", lambda: decode({"object": "Evil", "data": 1}),
         CodecError, ("evil",)),
    Case("Endpoint: a side that is neither", lambda: Endpoint(0, 1, "parent"), ValueError,
         ("side", "grader", "child", "parent")),
    Case("wrap: a command that is not a list", lambda: wrap("python", Path("/tmp"),
                                                            Path("/tmp"), tool="/usr/bin/bwrap"),
         TypeError, ("list",)),
]


@params(CASES)
def test_bad_input_gets_a_clear_error(case):
    check(case)
