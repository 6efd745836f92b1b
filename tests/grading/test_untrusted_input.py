"""What the grader reads from a submission and its grading process, piece by piece: the code
(references to the grader's modules), the channel's messages (framing, shapes, references),
the files (links, FIFOs, sizes), the text (escapes), the numbers (exact ones), and what the
sandbox is told to show and cap."""

from __future__ import annotations

import decimal
import fractions
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aisearch.grading.child import MAX_PROCESSES, TMP_BYTES, code_cells
from aisearch.grading.codec import Opaque, decode, encode
from aisearch.grading.files import FileTooLargeError, RefusedFileError, read_regular, restore
from aisearch.grading.grade import _grade_job as grading_job
from aisearch.grading.grade import exercise_of, grade_paths
from aisearch.grading.question import QuestionResult, printable
from aisearch.grading.remote import MAX_MESSAGE, Endpoint, Namespace, pair
from aisearch.grading.report import Report, format_report
from aisearch.grading.sandbox import python_paths, sandbox_tool, wrap
from aisearch.grading.screen import grader_references
from tests.grading.homework_helpers import EXERCISES, ROOT, SOLUTIONS


# -- the code --------------------------------------------------------------------------------
@pytest.mark.parametrize("code", [
    "import aisearch.grading.observe as o",
    "from aisearch.grading.observe import watch_calls",
    "from aisearch.grading import Fail",
    "from aisearch.grading import self_check, question",
    "from aisearch import grading",
    "import aisearch\nx = aisearch.grading",
    "import aisearch.search\nx = aisearch.grading.observe._TRAPS",
    "import aisearch as a\nx = a.grading",
    "import importlib\nm = importlib.import_module('aisearch.grading.exercises.ex03_alpha_beta"
    ".bugs')",
    "m = __import__('aisearch.grading.observe')",
    "m = __import__('aisearch', fromlist=['grading'])",
    "import aisearch\ng = getattr(aisearch, 'grading')",
    "import aisearch\ng = vars(aisearch)['grading']",
    "import sys\nm = sys.modules['aisearch.grading.observe']",
    "exec('import aisearch.grading.observe')",
    "def f():\n    import aisearch.grading.replay",
    "%time import aisearch.grading.observe",
])
def test_every_spelling_of_the_graders_modules_that_can_be_read_is_found(code):
    assert grader_references([(2, code)]), code


@pytest.mark.parametrize("code", [
    "from aisearch.grading import self_check\nself_check('03')",
    'def f():\n    """Graded by aisearch.grading."""\n    return 1',
    "grades = {}\ngrades['grading'] = 1",
    "from aisearch.search import alphabeta\nfrom aisearch.games import TreeGame",
    "def broken(:\n    import aisearch.grading",  # not Python: it does not run either
])
def test_the_self_check_import_and_unrelated_code_are_not_refused(code):
    assert grader_references([(1, code)]) == []


def test_the_screen_reads_each_part_of_a_long_chain_once(monkeypatch):
    """``[0, 0, ...].grading.grading...``: read anew at every link, 150 links of a 400 KB
    list held the grader 74 s before the submission ran (the screen runs before any time
    limit). The work must not grow with the chain's length."""
    from aisearch.grading import screen

    seen = []
    texts = screen._texts
    monkeypatch.setattr(screen, "_texts", lambda node: seen.append(1) or texts(node))
    base = "[" + "0, " * 2000 + "]"
    counts = []
    for links in (1, 100):
        seen.clear()
        assert grader_references([(1, f"if False:\n    x = {base}{'.grading' * links}")]) == []
        counts.append(len(seen))
    assert counts[1] < 1.2 * counts[0], counts
    assert grader_references([(1, f"x = [{base}, aisearch]{'.grading' * 100}")])


def test_no_solution_or_exercise_notebook_refers_to_the_grader_beyond_self_check():
    for path in sorted(SOLUTIONS.glob("*.ipynb")) + sorted(EXERCISES.glob("*.ipynb")):
        cells = code_cells(path.read_text(encoding="utf-8"))
        assert grader_references(cells) == [], path


def test_a_finding_names_the_cell_and_line():
    assert grader_references([(4, "x = 1\nimport aisearch.grading.observe as o")]) == [
        "cell 4, line 2: import aisearch.grading.observe as o"]


# -- the channel ----------------------------------------------------------------------------
def raw_pair() -> tuple[Endpoint, int]:
    """A grader's endpoint and the file descriptor a forger writes to it with."""
    read, write = os.pipe()
    _, out_write = os.pipe()
    return Endpoint(read, out_write, "grader"), write


@pytest.mark.parametrize("frame, why", [
    (b"\xff\xff\xff\xff", "is more than the grader reads"),
    (b"\x00\x00\x00\x05[1, ]", "not one the grader reads"),
    (b"\x00\x00\x00\x06[1, 2]", "not one the grader reads"),  # not an object
    (b"\x00\x00\x03\xe8" + b"[" * 1000, "not one the grader reads"),
    (b"", "the grading process ended"),
])
def test_a_broken_or_forged_frame_stops_the_channel_with_a_reason(frame, why):
    from aisearch.grading.question import GradingStopped

    grader, write = raw_pair()
    os.write(write, frame)
    os.close(write)
    with pytest.raises(GradingStopped, match=why):
        grader.receive(5)
    assert grader.closed and why in grader.closed
    assert MAX_MESSAGE < 2**32 - 1


def _flood(write: int, payload: dict) -> tuple:
    """A thread that keeps writing ``payload`` frames to ``write`` until told to stop (a
    grading process that floods its channel)."""
    import struct
    import threading

    data = json.dumps(payload).encode()
    frame = struct.pack(">I", len(data)) + data
    stop = threading.Event()

    def run():
        while not stop.is_set():
            try:
                os.write(write, frame * 64)
            except OSError:
                return

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return stop, thread


@pytest.mark.parametrize("payload", [{"z": [1.5] * 100}, {"re": 987654}])
def test_a_channel_that_never_stops_talking_is_given_up_at_its_time_limit(
        monkeypatch, payload):
    """Messages that keep coming, none of them the one awaited, used to keep the grader
    reading for ever (each read found a message waiting, so its time limit never came)."""
    import threading

    from aisearch.grading import remote
    from aisearch.grading.question import GradingStopped
    from aisearch.grading.session import _ready

    monkeypatch.setattr(remote, "GRACE", 0.2)
    for wait in ("startup", "answer"):
        grader, write = raw_pair()
        stop, flood = _flood(write, payload)
        outcome: list[BaseException] = []

        def read(grader=grader, wait=wait, outcome=outcome):
            try:
                if wait == "startup":  # the cells' time: only 'ready' or 'fatal' ends it
                    _ready(grader, 0.5, 0.5, [0.0])
                else:  # a question's call: only its answer ends it
                    grader.budget = 0.3
                    grader._await(1)
            except BaseException as e:  # noqa: BLE001 (what stopped it is the result)
                outcome.append(e)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(10)
        stop.set()
        assert not reader.is_alive(), f"still reading after 10 s ({wait}, {payload})"
        grader.close()
        os.close(write)
        flood.join(5)
        assert len(outcome) == 1 and isinstance(outcome[0], GradingStopped), outcome
        if wait == "answer" and "z" in payload:  # not an answer, not a call: at once
            assert "neither an answer nor a call" in str(outcome[0])
        else:
            assert "time limit" in str(outcome[0]), outcome[0]


def test_the_grader_reads_no_message_bigger_than_its_limit_and_the_child_bigger_ones():
    import struct
    import threading

    from aisearch.grading.question import GradingStopped
    from aisearch.grading.remote import MAX_GRADER_MESSAGE

    data = json.dumps({"value": "x" * (MAX_MESSAGE + 10)}).encode()
    assert MAX_MESSAGE < len(data) < MAX_GRADER_MESSAGE
    frame = struct.pack(">I", len(data)) + data
    for side in ("grader", "child"):
        read, write = os.pipe()
        out_read, out_write = os.pipe()
        end = Endpoint(read, out_write, side)

        def send(write=write):
            try:
                os.write(write, frame)
            except OSError:  # (the grader stopped reading after the length)
                pass
            os.close(write)

        writer = threading.Thread(target=send, daemon=True)
        writer.start()
        if side == "grader":
            with pytest.raises(GradingStopped, match="more than the grader reads"):
                end.receive(5)
        else:
            assert len(end.receive(5)["value"]) == MAX_MESSAGE + 10
        end.close()
        os.close(out_read)
        writer.join(5)


def test_a_forged_reply_can_only_claim_an_answer_and_references_stay_checked():
    from aisearch.grading.codec import CodecError

    grader, _ = pair()
    for payload in ({"yours": 999}, {"handle": "x", "kind": "function"},
                    {"handle": 1, "kind": "game", "rules": None},  # only the child reads games
                    {"handle": 1, "kind": "module"}, ["not", "a", "dict"]):
        with pytest.raises(CodecError):
            grader.unpack({"ref": payload})
    assert grader.unpack({"ref": {"handle": 3, "kind": "object", "name": "\x1b[2J",
                                  "text": "x" * 500}}).kind == "\\x1b[2J"
    grader.close()


def test_the_grader_answers_only_calls_of_its_own_live_objects():
    from aisearch.games import TreeGame
    from aisearch.trace import CountingGame

    grader, child = pair()
    seen = {}

    def keep(game, evaluate):
        seen["game"], seen["evaluate"] = game, evaluate
        return game.result((), 0), evaluate(())

    def later():
        return seen["evaluate"](())

    def private(game):
        return game._objects  # the grader's game has no such attribute for it

    child.namespace = {"keep": keep, "later": later, "private": private}
    ns = Namespace(grader)
    game = CountingGame(TreeGame([[1, 2], 3]))
    assert ns["keep"](game, lambda s: 7) == ((0,), 7) and game.generated == [(0,)]
    with pytest.raises(Exception, match="valid only during the call that handed them over"):
        ns["later"]()  # the evaluation handed over before is no longer the grader's to call
    with pytest.raises(Exception, match="_objects"):
        ns["private"](game)
    grader.close()


def test_the_grader_answers_only_the_rules_of_a_game_it_hands_over():
    """A search that generated every child up front cannot wipe the grader's record
    (``reset``) and replay the moves it meant to search: of its recording game the grader
    answers the game protocol and the documented queries, nothing else."""
    from aisearch.games import TreeGame
    from aisearch.grading.observe import RecordingGame

    grader, child = pair()
    asked = {}

    def erase(game):
        game.result((), 0), game.result((), 1)
        for name in ("reset", "counting", "eager", "revisits", "generated", "game", "expanded"):
            for how in ("call", "attr"):
                try:
                    if how == "call":
                        game._endpoint.call(game._handle, name, (), {})
                    else:
                        game._endpoint.attribute(game, name)
                    asked[name, how] = "answered"
                except AttributeError:
                    asked[name, how] = "refused"
        return game._endpoint.call(game._handle, "moves", ((0,),), {})

    child.namespace = {"erase": erase}
    game = RecordingGame(TreeGame([[1, 2], 3]))
    assert Namespace(grader)["erase"](game) == (0, 1)
    assert set(asked.values()) == {"refused"}, asked
    assert game.generated == [(0,), (1,)]
    grader.close()


def test_work_the_grader_does_for_student_code_counts_against_its_time_and_stops():
    """A search the grader hands over runs in the grader: student code calling it with no
    budget is stopped when the question's time is up, and that time is the question's."""
    import time

    from aisearch.grading.question import QuestionTimeout
    from aisearch.grading.remote import GRACE

    grader, child = pair()
    child.namespace = {"ask": lambda search: search()}

    def search():  # the grader's own work for the student: a deep search, say
        time.sleep(3)
        return "done"

    grader.budget, grader.waited = 0.5, 0.0
    start = time.monotonic()
    with pytest.raises(QuestionTimeout):
        Namespace(grader)["ask"](search)
    assert time.monotonic() - start < 0.5 + GRACE
    assert grader.waited >= 0.5
    grader.budget, grader.waited = 5.0, 0.0
    assert Namespace(grader)["ask"](lambda: "quick") == "quick"  # the channel still works
    grader.close()


@pytest.mark.parametrize("tag", ["set", "frozenset", "dict"])
def test_keys_that_all_hash_alike_are_refused_before_a_set_is_built(tag):
    """Building a set of n keys of one hash takes n * n / 2 comparisons (minutes for
    150,000 ints): the codec refuses them at once; keys of a real set or dict are distinct."""
    import time

    from aisearch.grading.codec import CodecError

    keys = [k * (2**61 - 1) for k in range(10_000)]  # all hash to 0
    start = time.monotonic()
    with pytest.raises(CodecError, match="share one hash"):
        decode({tag: [[k, 0] for k in keys] if tag == "dict" else keys})
    assert time.monotonic() - start < 2
    fine = {-1: 0, -2: 0, 5: 1} if tag == "dict" else {"set": set, "frozenset": frozenset}[tag](
        {-1, -2, 5})  # (-1 and -2 hash alike)
    assert decode(encode(fine)) == fine


def test_the_cells_message_is_read_with_its_shapes_checked():
    from aisearch.grading.session import _cells

    deep = json.loads("[" * 900 + "]" * 900)
    got = _cells({"cells_run": -3, "seconds": float("nan"), "cell_errors": [
        {"cell": deep, "error": "x"}, {"cell": 3, "where": "cell [9]",
                                       "error": "E\x1b[2J\nforged"}, "junk"],
        "withheld": "not a list"}, 1.5)
    assert got == {"cells_run": 0, "seconds": 1.5, "withheld": [], "cell_errors": [
        {"cell": 3, "where": "cell [9]", "error": "E\\x1b[2J\\nforged"}]}


# -- the files -------------------------------------------------------------------------------
def test_a_link_a_fifo_and_a_large_file_are_refused_without_reading_them(tmp_path):
    (tmp_path / "03_link.ipynb").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "03_fifo.ipynb")
    (tmp_path / "03_big.py").write_bytes(b"x" * 101)
    with pytest.raises(RefusedFileError, match=r"symbolic link \(to /dev/zero\)"):
        read_regular(tmp_path / "03_link.ipynb", 100)
    with pytest.raises(RefusedFileError, match="FIFO"):
        read_regular(tmp_path / "03_fifo.ipynb", 100)
    with pytest.raises(FileTooLargeError):
        read_regular(tmp_path / "03_big.py", 100)


def test_restoring_a_submission_replaced_by_a_link_never_writes_through_the_link(tmp_path):
    victim = tmp_path / "bashrc"
    victim.write_text("mine")
    submission = tmp_path / "03_alice.py"
    submission.symlink_to(victim)
    note = restore(submission, b"x = 1")
    assert "replaced by a link" in note and "restored" in note
    assert victim.read_text() == "mine"
    assert not submission.is_symlink() and submission.read_bytes() == b"x = 1"


def test_a_submission_saved_again_while_graded_is_put_back_and_the_new_save_kept(tmp_path):
    """A student may save newer work while the class is graded: the graded file goes back
    in place, and the newer one is kept beside it, twice over, under names never graded."""
    from aisearch.grading.grade import find_submissions

    submission = tmp_path / "03_alice.ipynb"
    for k, newer in enumerate([b"NEW WORK", b"NEWER WORK"], start=1):
        submission.write_bytes(newer)
        note = restore(submission, b"graded")
        kept = tmp_path / ("03_alice.ipynb.changed-while-graded" + ("" if k == 1 else "-2"))
        assert submission.read_bytes() == b"graded" and kept.read_bytes() == newer
        assert kept.name in note and "restored" in note
    assert [path for path, _ in find_submissions([tmp_path])] == [submission]


def test_the_exercise_of_a_notebook_too_deep_to_read_comes_from_its_name():
    assert exercise_of(Path("03_deep.ipynb"), b"[" * 100_000) == "03"


def test_nbformat_given_as_text_is_explained():
    with pytest.raises(ValueError, match='"nbformat" must be the integer 4'):
        code_cells(json.dumps({"nbformat": "4", "cells": []}))


# -- the text --------------------------------------------------------------------------------
def test_text_a_terminal_would_act_on_is_escaped():
    assert printable("a\x1b[2Kb\rc\u202ed\x00") == "a\\x1b[2Kb\\rc\\u202ed\\x00"
    assert printable("one\ntwo") == "one\\ntwo"
    assert printable("one\ntwo", newlines=True) == "one\ntwo"
    assert printable("élève ✓") == "élève ✓"


def test_a_printed_report_escapes_what_came_from_the_submission():
    report = Report("class/\x1b[2Jmallory.ipynb", "mallory", "03", 1, questions=[
        QuestionResult("03.value", "values", 2, 0, "failed", "raised \x1b[1A\rforged\nsecond")],
        notes=["cell 1: \x1b]0;title\x07"])
    text = format_report(report)
    assert "\x1b" not in text and "\r" not in text and "\x07" not in text
    assert "\\x1b[2Jmallory" in text and "\\x1b]0;title\\x07" in text
    assert "second" in text.splitlines()[-2]  # the grader's own line breaks stay


# -- the numbers -----------------------------------------------------------------------------
def test_exact_numbers_and_numpy_integers_travel_as_numbers():
    import numpy as np

    from aisearch.grading import wire  # noqa: F401 (the codec's registered types)

    for value in (fractions.Fraction(2, 3), decimal.Decimal("-1.25"), decimal.Decimal("Infinity")):
        back = decode(encode(value))
        assert type(back) is type(value) and back == value
    assert decode(encode(np.int64(7))) == 7 and type(decode(encode(np.int64(7)))) is int
    assert repr(Opaque("ndarray", "array([1,\x1b 2])")) == "<ndarray: array([1,\\x1b 2])>"


# -- the sandbox -----------------------------------------------------------------------------
@pytest.mark.slow
def test_the_process_cap_is_set_only_in_a_user_namespace_of_its_own():
    code = ("import resource, sys\nfrom aisearch.grading.child import _limit_resources, "
            "user_namespace\n_limit_resources(None, None, sys.argv[1] or user_namespace())\n"
            "print(resource.getrlimit(resource.RLIMIT_NPROC)[0])")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    other = subprocess.run([sys.executable, "-c", code, "user:[1]"], capture_output=True,
                           text=True, env=env)
    same = subprocess.run([sys.executable, "-c", code, ""], capture_output=True, text=True,
                          env=env)
    assert other.stdout.split() == [str(MAX_PROCESSES)], other.stderr
    assert same.stdout.split() != [str(MAX_PROCESSES)], same.stderr


def test_the_sandbox_shows_only_python_the_package_copy_and_the_scratch_folder(tmp_path):
    tool = sandbox_tool()
    if tool is None:
        if os.environ.get("CI") == "true":
            raise AssertionError("CI installs bubblewrap")
        pytest.skip("bubblewrap is not installed here (CI requires it)")
    package = tmp_path / "package"
    argv = wrap(["true"], tmp_path / "work", package, tool=tool)
    assert ["--size", str(TMP_BYTES), "--tmpfs", "/tmp"] == argv[argv.index("/tmp") - 3:
                                                                argv.index("/tmp") + 1]
    binds = [(argv[i], argv[i + 1], argv[i + 2]) for i, a in enumerate(argv)
             if a in ("--ro-bind", "--bind")]
    shown = [Path(src) for _, src, _ in binds]
    assert Path("/") not in shown and ROOT not in shown
    assert not any(ROOT.is_relative_to(p) for p in shown), shown  # not the course's folder
    work = str((tmp_path / "work").resolve())
    assert ("--bind", work, work) in binds
    assert ("--ro-bind", str(package.resolve()), str(package.resolve())) in binds
    assert [b for b in binds if b[0] == "--bind"] == [("--bind", work, work)]
    assert python_paths().binds  # the Python installation, and the libraries it loads


_INSIDE = """
import ctypes, json, os, struct
status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
libc = ctypes.CDLL(None, use_errno=True)
here = os.open(".", os.O_RDONLY | os.O_DIRECTORY)
handle = struct.pack("=IiII", 8, 1, 2, 0)  # an ext4-style handle of inode 2, the disk's root
fd = libc.open_by_handle_at(here, ctypes.create_string_buffer(handle, len(handle)),
                            os.O_RDONLY | os.O_DIRECTORY)
print(json.dumps({"CapEff": status["CapEff"].strip(), "CapBnd": status["CapBnd"].strip(),
                  "userns": os.readlink("/proc/self/ns/user"), "handle": fd}))
"""


def test_the_sandbox_holds_no_capability_even_when_the_grader_is_root(tmp_path):
    """bubblewrap run by root keeps every capability unless told otherwise; with
    CAP_DAC_READ_SEARCH, ``open_by_handle_at`` opens any file of the disk past the mounts
    (the course's solutions, the grader's package, other submissions)."""
    tool = sandbox_tool()
    if tool is None:
        if os.environ.get("CI") == "true":
            raise AssertionError("CI installs bubblewrap")
        pytest.skip("bubblewrap is not installed here (CI requires it)")
    (tmp_path / "work").mkdir()
    (tmp_path / "package").mkdir()
    argv = wrap([sys.executable, "-S", "-c", _INSIDE], tmp_path / "work", tmp_path / "package",
                tool=tool)
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout)
    assert int(seen["CapEff"], 16) == 0 and int(seen["CapBnd"], 16) == 0, seen
    assert seen["handle"] == -1, seen  # the disk's root is out of reach
    assert seen["userns"] != os.readlink("/proc/self/ns/user"), seen


# -- the class -------------------------------------------------------------------------------
def test_a_submission_the_grader_fails_on_scores_zero_and_the_others_are_graded(
        tmp_path, monkeypatch):
    for name in ("03_alice.py", "03_bob.py"):
        (tmp_path / name).write_text("x = 1")
    from aisearch.grading import session

    run = session.run_submission

    def fails_for_alice(path, *args, **kwargs):
        if path.name == "03_alice.py":
            raise MemoryError("out of memory while reading its answers")
        return run(path, *args, **kwargs)

    monkeypatch.setattr(session, "run_submission", fails_for_alice)
    alice, bob = grade_paths([tmp_path / "03_alice.py", tmp_path / "03_bob.py"], seed=1)
    assert alice.total == 0 and len(alice.questions) == len(bob.questions) == 5
    assert "the grader could not grade this submission (MemoryError" in " ".join(alice.notes)
    assert bob.questions[0].feedback.startswith("missing: no function named")


def _dies_for_bob(job, tests, seed, options):
    """A grading worker that dies (as one killed for its memory would) on bob's notebook."""
    if job[0].name == "03_bob.py":
        os._exit(9)
    return grading_job(job, tests, seed, options)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers (Linux)")
def test_a_worker_that_dies_costs_its_own_submission_only(tmp_path, monkeypatch):
    """A dead worker breaks the pool, and every submission it had not graded yet failed with
    it; they are graded again, each in a worker of its own."""
    from aisearch.grading import grade

    names = ["03_alice.py", "03_bob.py", "03_carol.py", "03_dave.py"]
    for name in names:
        (tmp_path / name).write_text("x = 1")
    monkeypatch.setattr(grade, "_grade_job", _dies_for_bob)
    reports = {Path(r.submission).name: r
               for r in grade_paths([tmp_path / n for n in names], seed=1, jobs=2)}
    assert sorted(reports) == names
    assert "could not grade this submission (BrokenProcessPool" in " ".join(
        reports["03_bob.py"].notes)
    for name in ("03_alice.py", "03_carol.py", "03_dave.py"):
        assert reports[name].questions[0].feedback.startswith("missing: no function"), name


@pytest.mark.slow
def test_cells_that_stop_their_clock_and_overrun_leave_no_time_for_the_questions(tmp_path):
    """The cells' time is the grader's measure, not the one the grading process reports: a
    submission that stops its cell timer and replaces ``time.monotonic`` before it ends
    (so the process reported 0 s) has still used its time."""
    from aisearch.grading.grade import grade_file

    path = tmp_path / "03_sleeper.py"
    path.write_text("import signal, time\n"
                    "signal.setitimer(signal.ITIMER_REAL, 0)\n"
                    "time.sleep(2.5)\n"
                    "time.monotonic = lambda: 0.0\n"
                    "def alphabeta_decision(game, state, depth, evaluate):\n"
                    "    return game.moves(state)[0]\n")
    report = grade_file(path, seed=1, timeout=2)
    assert report.questions and all(q.status == "not run" for q in report.questions), [
        (q.id, q.status, q.feedback[:80]) for q in report.questions]
    assert "time limit" in report.questions[0].feedback
