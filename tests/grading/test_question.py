"""The question-test format: the decorator, outcomes, timeouts, loading a tests folder."""

from __future__ import annotations

import time

import pytest

from aisearch.grading import Fail, Score, default_tests, load_questions, question, run_question
from aisearch.grading.child import execute_cells


def q(func, points=2, **kw):
    return question("99.q", points=points, **kw)(func)


@pytest.mark.parametrize("ident", ["3.x", "03", "03 x", "abc.x", 3])
def test_a_question_id_must_be_two_digits_dot_name(ident):
    with pytest.raises(ValueError, match="NN.name"):
        question(ident, points=1)


@pytest.mark.parametrize("points", [0, -1, True, "2"])
def test_points_must_be_positive(points):
    with pytest.raises(ValueError, match="points"):
        question("01.x", points=points)


@pytest.mark.parametrize("returned, earned, status", [
    (None, 2, "passed"), (True, 2, "passed"), (False, 0, "failed"), (1.5, 1.5, "partial"),
    (Score(1, "half"), 1, "partial"), (7, 2, "passed"), (-3, 0, "failed"),
    (float("nan"), 0, "failed"),
])
def test_what_a_question_returns_becomes_points(returned, earned, status):
    result = run_question(q(lambda ctx: returned), {}, seed=0)
    assert (result.earned, result.status) == (earned, status)


def test_fail_gives_zero_with_feedback_and_bug():
    def test(ctx):
        raise Fail("wrong", bug="no-pruning")

    result = run_question(q(test), {}, seed=0)
    assert (result.earned, result.feedback, result.bug) == (0, "wrong", "no-pruning")


def test_an_error_in_student_code_names_the_cell_and_line():
    ns, info = execute_cells([(4, "def f(x):\n    return 1 / x")])
    result = run_question(q(lambda ctx: ctx.namespace["f"](0)), ns, seed=0)
    assert result.earned == 0
    assert result.feedback.startswith("your code raised ZeroDivisionError: division by zero")
    assert "(cell 4, line 2: return 1 / x)" in result.feedback
    called = run_question(q(lambda ctx: ctx.call(ctx.function("f"), 0)), ns, seed=0)
    assert called.feedback.startswith("f(...) raised ZeroDivisionError")


def test_an_error_in_the_question_itself_is_a_grader_error():
    result = run_question(q(lambda ctx: {}["oops"]), {}, seed=0)
    assert result.earned == 0 and result.bug == "grader-error"
    assert "grader error in question 99.q" in result.feedback


def test_a_question_that_runs_too_long_times_out():
    ns, _ = execute_cells([(1, "def spin():\n    while True:\n        pass")])
    start = time.monotonic()
    result = run_question(q(lambda ctx: ctx.namespace["spin"]()), ns, seed=0, timeout=0.3)
    assert time.monotonic() - start < 2
    assert result.status == "timeout" and "time limit of 0.3 s" in result.feedback


def test_student_code_catching_exception_cannot_swallow_the_timeout():
    source = "def stubborn():\n    while True:\n        try:\n            pass\n"
    source += "        except Exception:\n            pass"
    ns, _ = execute_cells([(1, source)])
    result = run_question(q(lambda ctx: ctx.namespace["stubborn"]()), ns, seed=0, timeout=0.3)
    assert result.status == "timeout"


def test_missing_and_non_callable_names_are_explained():
    def test(ctx):
        ctx.function("solve")

    assert "no function named `solve`" in run_question(q(test), {}, seed=0).feedback
    assert "`solve` is a int" in run_question(q(test), {"solve": 3}, seed=0).feedback
    notes = {"cell_errors": [{"cell": 2, "error": "SyntaxError: bad"}]}
    text = run_question(q(test), {}, seed=0, notes=notes).feedback
    assert "cell 2 raised SyntaxError: bad" in text


def test_the_random_inputs_depend_on_the_seed_and_the_question_only():
    def draw(ctx):
        return Score(0, str(ctx.rng.random()))

    a = run_question(q(draw), {}, seed=1).feedback
    assert a == run_question(q(draw), {"x": 1}, seed=1).feedback
    assert a != run_question(q(draw), {}, seed=2).feedback


def test_the_shipped_questions_load_in_order():
    ids = [x.id for x in load_questions([default_tests()])]
    assert ids == sorted(ids, key=lambda i: i[:2])  # by exercise, then as declared
    firsts = {}
    for i in ids:
        firsts.setdefault(i[:2], []).append(i)
    assert firsts["01"][:3] == ["01.legal_moves", "01.result", "01.illegal"]
    assert firsts["02"][:2] == ["02.value", "02.move"]
    assert firsts["03"][:3] == ["03.value", "03.move", "03.pruning"]
    assert {"01", "02", "03", "06"} <= set(firsts)
    assert firsts["01"] == ["01.legal_moves", "01.result", "01.illegal", "01.white_wins"]
    assert firsts["02"] == ["02.value", "02.move", "02.search", "02.robot_eval"]
    assert firsts["03"] == ["03.value", "03.move", "03.pruning", "03.strict", "03.hand_trace"]


def test_loading_refuses_duplicates_broken_files_and_missing_folders(tmp_path):
    (tmp_path / "a.py").write_text("from aisearch.grading import question\n"
                                   "@question('05.x', points=1)\ndef x(ctx):\n    pass\n")
    (tmp_path / "b.py").write_text("from aisearch.grading import question\n"
                                   "@question('05.x', points=1)\ndef y(ctx):\n    pass\n")
    with pytest.raises(ValueError, match="two questions have the id '05.x'"):
        load_questions([str(tmp_path)])
    (tmp_path / "b.py").write_text("def broken(:\n")
    with pytest.raises(ValueError, match="cannot load question tests .*b.py: SyntaxError"):
        load_questions([str(tmp_path)])
    (tmp_path / "b.py").unlink()
    (tmp_path / "_helper.py").write_text("raise RuntimeError('not loaded')\n")
    assert [x.id for x in load_questions([str(tmp_path)])] == ["05.x"]
    with pytest.raises(ValueError, match="does not exist"):
        load_questions([str(tmp_path / "nope")])


def test_cells_run_on_after_errors_and_magics_do_nothing():
    ns, info = execute_cells([
        (1, "import sys\nsys.exit(3)"), (2, "!pip install something\n%matplotlib inline"),
        (3, "def f():\n    return 1"), (4, "raise KeyError('k')"), (5, "%%time\ng = f() + 1"),
    ])
    assert ns["f"]() == 1 and ns["g"] == 2
    assert [(e["cell"], e["error"][:8]) for e in info["cell_errors"]] == [
        (1, "SystemEx"), (4, "KeyError")]


HUGE = 10**400


def _huge_decision(game, state, depth, evaluate):
    return HUGE, game.moves(state)[0]


def _huge_fraction(game, state, depth, evaluate):
    from fractions import Fraction

    return Fraction(HUGE, 3), game.moves(state)[0]


@pytest.mark.parametrize("qid, namespace", [
    ("02.value", {"minimax_decision": _huge_decision}),
    ("03.value", {"alphabeta_decision": _huge_decision}),
    ("03.strict", {"alphabeta_strict": _huge_fraction}),
    ("04.value", {"table_search": lambda g, s, d, e, t: _huge_decision(g, s, d, e)}),
    ("06.value", {"expectiminimax_decision": _huge_decision}),
    ("06.hold_at", {"hold_at_win_probability": lambda goal, n: HUGE}),
    ("08.ucb1", {"ucb1_score": lambda total, visits, parent, c: HUGE}),
    ("08.reward", {"reward": lambda game, state: HUGE}),
])
def test_a_number_too_large_for_a_float_is_a_wrong_answer_shown_short(qid, namespace):
    """``10**400`` (or a Fraction of it) is a wrong answer with feedback, never a grader
    error, and the feedback does not print its 401 digits."""
    q = next(q for q in load_questions([default_tests()]) if q.id == qid)
    r = run_question(q, namespace, seed=5)
    assert r.earned == 0 and r.bug != "grader-error", r.feedback
    assert "0" * 30 not in r.feedback and "digits)" in r.feedback, r.feedback


def test_text_is_not_a_number():
    from aisearch.grading.compare import same_value

    assert not same_value("3", 3) and not same_value(3, b"3") and same_value(3.0, 3)
