"""Lesson 07's entry points called wrongly: the TD(lambda) update, the evaluators and their
files, the encodings, self-play training, the learned agents and the measures."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from aisearch.games import Nannon, Pig
from aisearch.learn import (
    Linear,
    MatchResult,
    Network,
    greedy_agent,
    learned_evaluate,
    load,
    match,
    nannon_features,
    pig_features,
    pig_units,
    save,
    shipped,
    td_lambda_update,
    td_train,
    train,
    value_error,
)
from aisearch.solve_chance import solve_chance
from tests.bad_input.table import Case, check, params

NANNON = Nannon()
PIG = Pig(goal=4)
NET = Network(33, 3, seed=0)
X2 = [[1.0, 0.0], [0.0, 1.0]]
# (removed when the test process ends: the cases below are built at import)
_TMP = tempfile.TemporaryDirectory(prefix="aisearch-bad-input-")
TMP = Path(_TMP.name)


def _pig_solution() -> Any:
    return solve_chance(PIG)


def _file(name: str, content: bytes) -> Path:
    path = TMP / name
    path.write_bytes(content)
    return path


def _foreign_npz() -> Path:
    path = TMP / "foreign.npz"
    np.savez(path, a=np.arange(3))
    return path


def _misfit_npz() -> Path:
    path = TMP / "misfit.npz"
    np.savez(path, magic=np.array("aisearch.learn model"), kind=np.array("network"),
             sizes=np.array([33, 3]), weights=np.zeros(5), meta=np.array("{}"))
    return path


def _train(**kw: Any) -> Any:
    args: dict[str, Any] = dict(games=1, alpha=0.1, lam=0.7, seed=0, progress=False)
    args.update(kw)
    model = args.pop("model", Network(33, 3, seed=0))
    encode = args.pop("encode", nannon_features)
    game = args.pop("game", NANNON)
    return td_train(game, model, encode, **args)


AFTER_ROLL = NANNON.result(NANNON.initial, NANNON.moves(NANNON.initial)[0])  # a decision


def _chance_state_agent() -> Any:
    return greedy_agent(NANNON, NANNON.pip_eval)(NANNON, NANNON.initial)


CASES = [
    Case("td_lambda_update: 2-d weights", lambda: td_lambda_update([[0.0, 0.0]], X2, 1.0,
         alpha=0.1, lam=0.5), ValueError, ("weights", "1-dimensional")),
    Case("td_lambda_update: features of the wrong width", lambda: td_lambda_update(
        [0.0, 0.0, 0.0], X2, 1.0, alpha=0.1, lam=0.5), ValueError, ("2 columns", "3 weights")),
    Case("td_lambda_update: NaN in the features", lambda: td_lambda_update(
        [0.0, 0.0], [[np.nan, 0.0]], 1.0, alpha=0.1, lam=0.5), ValueError, ("features",
                                                                              "finite")),
    Case("td_lambda_update: text for weights", lambda: td_lambda_update(
        ["a", "b"], X2, 1.0, alpha=0.1, lam=0.5), TypeError, ("weights", "numbers")),
    Case("td_lambda_update: no positions", lambda: td_lambda_update(
        [0.0, 0.0], np.zeros((0, 2)), 1.0, alpha=0.1, lam=0.5), ValueError,
        ("at least one position",)),
    Case("td_lambda_update: negative alpha", lambda: td_lambda_update(
        [0.0, 0.0], X2, 1.0, alpha=-0.1, lam=0.5), ValueError, ("alpha", ">= 0")),
    Case("td_lambda_update: lam above 1", lambda: td_lambda_update(
        [0.0, 0.0], X2, 1.0, alpha=0.1, lam=1.5), ValueError, ("lam", "[0, 1]")),
    Case("td_lambda_update: lam as text", lambda: td_lambda_update(
        [0.0, 0.0], X2, 1.0, alpha=0.1, lam="0.5"), TypeError, ("lam", "'0.5'")),
    Case("td_lambda_update: NaN alpha", lambda: td_lambda_update(
        [0.0, 0.0], X2, 1.0, alpha=float("nan"), lam=0.5), ValueError, ("alpha", "finite")),
    Case("td_lambda_update: NaN outcome", lambda: td_lambda_update(
        [0.0, 0.0], X2, float("nan"), alpha=0.1, lam=0.5), ValueError, ("outcome",)),
    Case("Linear(0)", lambda: Linear(0), ValueError, ("n_inputs", "1 to 100000")),
    Case("Linear: value of 3 features for 2 inputs", lambda: Linear(2).value([1, 2, 3]),
         ValueError, ("2 entries", "(3,)")),
    Case("Linear: gradient at NaN", lambda: Linear(2).gradient([np.nan, 1]), ValueError,
         ("finite",)),
    Case("Network: 0 hidden units", lambda: Network(3, 0, seed=0), ValueError, ("n_hidden",)),
    Case("Network: 2.5 inputs", lambda: Network(2.5, 2, seed=0), ValueError,  # type: ignore
         ("n_inputs", "2.5")),
    Case("Network: seed as text", lambda: Network(3, 2, seed="1"), TypeError,  # type: ignore
         ("seed", "'1'")),
    Case("Network: gradient of the wrong width", lambda: NET.gradient([1.0, 2.0]), ValueError,
         ("33 entries",)),
    Case("Network: values of text", lambda: NET.values("abc"), TypeError, ("features",)),
    Case("save: not a model", lambda: save("net", TMP / "x.npz"), TypeError,  # type: ignore
         ("linear or network",)),
    Case("save: a path that is a number", lambda: save(NET, 3), TypeError,  # type: ignore
         ("path",)),
    Case("load: no such file", lambda: load(TMP / "missing.npz"), FileNotFoundError,
         ("no model file",)),
    Case("load: a text file", lambda: load(_file("text.npz", b"hello")), ValueError,
         ("not a model saved",)),
    Case("load: another program's npz", lambda: load(_foreign_npz()), ValueError,
         ("not a model saved",)),
    Case("load: weights that do not fit the sizes", lambda: load(_misfit_npz()), ValueError,
         ("do not fit",)),
    Case("nannon_features of a Pig state", lambda: nannon_features(PIG.initial), TypeError,
         ("nannonstate",)),
    Case("pig_features of a Nannon state", lambda: pig_features(NANNON.initial), TypeError,
         ("pigstate",)),
    Case("pig_units(0)", lambda: pig_units(0), ValueError, ("goal", ">= 1")),
    Case("td_train: games as text", lambda: _train(games="10"), ValueError, ("games", "'10'")),
    Case("td_train: games=2.5", lambda: _train(games=2.5), ValueError, ("games", "2.5")),
    Case("td_train: games=0", lambda: _train(games=0), ValueError,
         ("games must be a positive int", "0")),
    Case("td_train: games=-3", lambda: _train(games=-3), ValueError, ("games", "-3")),
    Case("td_train: negative alpha", lambda: _train(alpha=-1), ValueError, ("alpha",)),
    Case("td_train: lam=2", lambda: _train(lam=2), ValueError, ("lam", "[0, 1]")),
    Case("td_train: not a model", lambda: _train(model="net"), TypeError, ("model",)),
    Case("td_train: encode of the wrong width", lambda: _train(encode=lambda s: np.zeros(5)),
         ValueError, ("5 features", "33 inputs")),
    Case("td_train: encode not callable", lambda: _train(encode=3), TypeError, ("encode",)),
    Case("td_train: seed as text", lambda: _train(seed="x"), TypeError, ("seed",)),
    Case("td_train: every=0", lambda: _train(every=0), ValueError, ("every",)),
    Case("td_train: progress='yes'", lambda: _train(progress="yes"), TypeError,
         ("progress",)),
    Case("td_train: a solution that is not one", lambda: _train(solution="exact"), TypeError,
         ("chancesolution",)),
    Case("td_train: not a game", lambda: _train(game=None), TypeError, ("game",)),
    Case("learned_evaluate: not a model", lambda: learned_evaluate("net", nannon_features),
         TypeError, ("model",)),
    Case("learned_evaluate: encode None", lambda: learned_evaluate(NET, None), TypeError,
         ("encode",)),
    Case("learned_evaluate: a model of the wrong width", lambda: learned_evaluate(
        Network(5, 2, seed=0), nannon_features)(NANNON.initial), ValueError, ("5 inputs",)),
    Case("greedy_agent: evaluate returns None at depth 1",
         lambda: greedy_agent(NANNON, lambda s: None)(NANNON, AFTER_ROLL), TypeError,
         ("<lambda> returned none", "for state")),
    Case("greedy_agent: evaluate returns NaN at depth 1",
         lambda: greedy_agent(NANNON, lambda s: float("nan"))(NANNON, AFTER_ROLL), ValueError,
         ("returned nan",)),
    Case("greedy_agent: evaluate returns 'x' at depth 1",
         lambda: greedy_agent(NANNON, lambda s: "x")(NANNON, AFTER_ROLL), TypeError,
         ("returned 'x'",)),
    Case("greedy_agent: evaluate returns True at depth 1",
         lambda: greedy_agent(NANNON, lambda s: True)(NANNON, AFTER_ROLL), TypeError,
         ("returned true", "bool")),
    Case("greedy_agent: depth 0", lambda: greedy_agent(NANNON, NANNON.pip_eval, 0),
         ValueError, ("depth", "1 to 6")),
    Case("greedy_agent: evaluate not callable", lambda: greedy_agent(NANNON, 0.5), TypeError,
         ("evaluate",)),
    Case("greedy_agent: asked to move at a chance state", _chance_state_agent, ValueError,
         ("not a decision state",)),
    Case("match: 0 games", lambda: match(PIG, PIG.hold_at(2), PIG.hold_at(3), 0, seed=0),
         ValueError, ("games", "positive")),
    Case("match: seed as text", lambda: match(PIG, PIG.hold_at(2), PIG.hold_at(3), 2,
                                              seed="1"), TypeError, ("seed",)),
    Case("match: agent_b None", lambda: match(PIG, PIG.hold_at(2), None, 2, seed=0),
         TypeError, ("agent_b",)),
    Case("match: progress='yes'", lambda: match(PIG, PIG.hold_at(2), PIG.hold_at(3), 2,
                                                seed=0, progress="yes"), TypeError,
         ("progress",)),
    Case("MatchResult: more wins than games", lambda: MatchResult(5, 3), ValueError,
         ("wins", "0 to games")),
    Case("MatchResult: negative games", lambda: MatchResult(0, -1), ValueError, ("games",)),
    Case("value_error: evaluate None", lambda: value_error(None, _pig_solution()), TypeError,
         ("evaluate",)),
    Case("value_error: a solution that is not one", lambda: value_error(PIG.score_eval, {}),
         TypeError, ("chancesolution",)),
    Case("value_error: kind='some'", lambda: value_error(PIG.score_eval, _pig_solution(),
                                                         kind="some"), ValueError,
         ("kind", "decision, chance, all")),
    Case("value_error: evaluate gives NaN", lambda: value_error(lambda s: float("nan"),
                                                                _pig_solution()), ValueError,
         ("nan", "finite")),
    Case("shipped('chess')", lambda: shipped("chess"), ValueError, ("'chess'", "nannon")),
    Case("train: unknown game", lambda: train("chess", games=1, seed=0), ValueError,
         ("unknown game", "nannon, pig")),
    Case("train: games=1.5", lambda: train("nannon", games=1.5, seed=0), ValueError,
         ("games",)),
    Case("train: games=0", lambda: train("nannon", games=0, seed=0), ValueError,
         ("games must be a positive int", "0")),
    Case("train: hidden=0", lambda: train("nannon", games=1, seed=0, hidden=0), ValueError,
         ("hidden",)),
    Case("train: seed None", lambda: train("nannon", games=1, seed=None), TypeError,
         ("seed",)),
]


@params(CASES)
def test_lesson07_called_wrongly_says_what_was_wrong(case: Case) -> None:
    check(case)
