"""Bad input to the games-of-chance part: chance trees, the chance searchers, Pig, Nannon and
the solvers."""

import math
import random
from decimal import Decimal

import numpy as np

from aisearch import Chance, Nim, TicTacToe, TreeGame, TwoRobots
from aisearch.core import CHANCE, MAX, GameBase, check_outcomes, outcome_sampler
from aisearch.games.chance_trees import dice_tree, random_chance_tree, scale_tree
from aisearch.games.nannon import Nannon, NannonState
from aisearch.games.pig import Pig, PigState
from aisearch.games.tree import Max
from aisearch.search import expectiminimax, star1, star2
from aisearch.solve import retrograde
from aisearch.solve_chance import nannon_solution, solve_chance
from aisearch.solve_pig import pig_solution
from tests.bad_input.table import Case, check, params


class Coin(GameBase):
    """A custom game: one chance state ``"toss"`` with the given outcomes, each ending the game."""

    initial = "toss"
    payoff = {"heads": 1, "tails": -1, "edge": -math.inf}

    def __init__(self, outcomes):
        self.outcomes = outcomes

    def to_move(self, s):
        return CHANCE if s == "toss" else MAX

    def moves(self, s):
        return [m for m, _ in self.outcomes] if s == "toss" else []

    def chance_outcomes(self, s):
        return self.outcomes

    def result(self, s, m):
        return m

    def is_terminal(self, s):
        return s != "toss"

    def utility(self, s, player=MAX):
        return self.payoff[s]


ZERO = Coin([("heads", 0.5), ("tails", 0.5), ("edge", 0.0)])
SHORT = Coin([("heads", 0.5), ("tails", 0.4)])

# MAX may take a gamble worth +inf or -inf at even odds: an expectation with no value.
INF_AND_MINUS_INF = TreeGame(Max([Chance([(0.5, math.inf), (0.5, -math.inf)]), 1]))

CASES = [
    Case("expectiminimax: a custom game's outcome of probability 0",
         lambda: expectiminimax(ZERO, "toss"), ValueError,
         ("'edge'", "probability 0.0", "above 0", "leave out")),
    Case("star1: a custom game's outcome of probability 0",
         lambda: star1(ZERO, "toss", bounds=(-1, 1)), ValueError, ("'edge'", "probability 0.0")),
    Case("star2: custom probabilities summing to 0.9",
         lambda: star2(SHORT, "toss", bounds=(-1, 1)), ValueError, ("summing to 0.9", "not 1")),
    Case("solve_chance: custom probabilities summing to 0.9", lambda: solve_chance(SHORT),
         ValueError, ("summing to 0.9", "not 1")),
    Case("outcome_sampler: no outcomes", lambda: outcome_sampler()("s", (), random.Random(0)),
         ValueError, ("no outcomes", "at least one")),
    Case("outcome_sampler: probabilities summing to 0.9",
         lambda: outcome_sampler()("s", (("a", 0.5), ("b", 0.4)), random.Random(0)),
         ValueError, ("summing to 0.9", "not 1")),
    Case("outcome_sampler: a seed where a random.Random goes",
         lambda: outcome_sampler()("s", (("a", 1.0),), 5), TypeError,
         ("rng must be a random.Random", "5")),
    Case("check_outcomes: no outcomes", lambda: check_outcomes("s", []), ValueError,
         ("no outcomes", "at least one")),
    Case("check_outcomes: not pairs", lambda: check_outcomes("s", [1, 2]), TypeError,
         ("(outcome, probability) pairs",)),
    Case("check_outcomes: a probability that is not a number",
         lambda: check_outcomes("s", [("a", "1")]), ValueError, ("'a'", "probability '1'")),
    Case("TreeGame: chance probabilities that do not sum to 1",
         lambda: TreeGame([Chance([(0.5, 1), (0.4, 2)])]), ValueError,
         ("path (0,)", "sum to 0.9", "not 1")),
    Case("TreeGame: a negative probability",
         lambda: TreeGame([Chance([(-0.5, 1), (1.5, 2)])]), ValueError,
         ("path (0, 0)", "-0.5", "negative")),
    Case("TreeGame: an empty chance node", lambda: TreeGame([1, Chance([])]), ValueError,
         ("path (1,)", "chance node", "at least one")),
    Case("TreeGame: an outcome that is not a (probability, subtree) pair",
         lambda: TreeGame([Chance([3, 4])]), ValueError, ("path (0, 0)", "(probability, subtree)")),
    Case("star1 without bounds on a game without a win payoff", lambda: star1(dice_tree, ()),
         ValueError, ("star1 needs bounds=(L, U)",)),
    Case("star2 with bounds the wrong way round",
         lambda: star2(dice_tree, (), bounds=(9, 0)), ValueError, ("L < U", "(9, 0)")),
    Case("star1 with bounds that are not numbers",
         lambda: star1(dice_tree, (), bounds="0..9"), ValueError, ("pair (L, U)", "0..9")),
    Case("star1 with Decimal bounds",
         lambda: star1(dice_tree, (), bounds=(0, Decimal(9))), ValueError,
         ("bounds must be finite real numbers", "fractions or numpy numbers", "decimal('9')")),
    Case("star2 with NaN bounds",
         lambda: star2(dice_tree, (), bounds=(np.float64("nan"), 9)), ValueError,
         ("bounds must be finite real numbers", "nan")),
    Case("star1 with infinite bounds",
         lambda: star1(dice_tree, (), bounds=(0, float("inf"))), ValueError, ("finite",)),
    Case("star1 with a tip outside its bounds",
         lambda: star1(scale_tree((2, 30, 1, 4)), (), bounds=(0, 5)), ValueError,
         ("bounds", "30", "within")),
    Case("expectiminimax: a depth that is not an int",
         lambda: expectiminimax(dice_tree, (), depth=1.5), ValueError, ("depth", "1.5")),
    Case("expectiminimax: depth bound reached without evaluate",
         lambda: expectiminimax(dice_tree, (), 1), ValueError, ("evaluate",)),
    Case("Pig: a goal that is not a positive int", lambda: Pig(goal="100"), ValueError,
         ("goal", "'100'")),
    Case("Pig: a goal that would take too long", lambda: Pig(goal=10**6), ValueError,
         ("too large", "1000")),
    Case("Pig: a die with one face", lambda: Pig(die=1), ValueError, ("die", ">= 2")),
    Case("Pig: a die of a million faces", lambda: Pig(die=10**6), ValueError,
         ("die 1000000", "at most 100 faces"), seconds=1),
    Case("Pig: an illegal move", lambda: Pig().result(Pig().initial, "stop"), ValueError,
         ("'stop'", "roll, hold")),
    Case("Pig: a foreign state", lambda: Pig(goal=10).moves(Nannon().initial), ValueError,
         ("pig(goal=10)", "pigstate")),
    Case("PigState of another goal", lambda: Pig(goal=10).result(PigState((0, 0), 0, 0, False,
                                                                          20), "roll"),
         ValueError, ("goal 10",)),
    Case("NannonState given to Pig", lambda: Pig().to_move(NannonState((0, 1, 2), (0, 1, 2), 0,
                                                                       0)),
         ValueError, ("pigstate",)),
    Case("nannon_solution(progress='yes')", lambda: nannon_solution(progress="yes"), TypeError,
         ("progress", "'yes'")),
    Case("ChanceSolution.regret at a chance state (the solution takes seconds to make)",
         lambda: nannon_solution(progress=False).regret(Nannon().initial, 0), ValueError,
         ("not a decision state",), seconds=30),
    Case("ChanceSolution.regret of an illegal move",
         lambda: nannon_solution(progress=False).regret(
             Nannon().result(Nannon().initial, ("White", 3)), 5), ValueError,
         ("illegal move 5", "legal moves: 0, 1")),
    Case("scale_tree: three tips", lambda: scale_tree((1, 2, 3)), ValueError, ("four", "3)")),
    Case("scale_tree: one number for the tips", lambda: scale_tree(1), ValueError,
         ("four tip values", "not 1")),
    Case("scale_tree: one number for the probabilities", lambda: scale_tree(probs=0.9),
         ValueError, ("two probabilities", "not 0.9")),
    Case("random_chance_tree: depth 0", lambda: random_chance_tree(0, depth=0), ValueError,
         ("depth", ">= 1")),
    Case("scale_tree: probabilities that do not sum to 1",
         lambda: scale_tree(probs=(0.5, 0.6)), ValueError, ("sum to",)),
    Case("random_chance_tree: a seed that is not an int",
         lambda: random_chance_tree("x"), (ValueError, TypeError), ("seed", "'x'")),
    Case("random_chance_tree: low above high", lambda: random_chance_tree(1, low=5, high=-5),
         ValueError, ("low <= high", "low=5, high=-5")),
    Case("random_chance_tree: low=0.5", lambda: random_chance_tree(1, low=0.5), ValueError,
         ("ints low <= high", "low=0.5 (a float)")),
    Case("random_chance_tree: low=nan", lambda: random_chance_tree(1, low=math.nan),
         ValueError, ("ints low <= high", "low=nan")),
    Case("random_chance_tree: low=-inf", lambda: random_chance_tree(1, low=-math.inf),
         ValueError, ("ints low <= high", "low=-inf")),
    Case("random_chance_tree: high='6'", lambda: random_chance_tree(1, high="6"), ValueError,
         ("ints low <= high", "high='6' (a str)")),
    Case("random_chance_tree: p_chance='x'", lambda: random_chance_tree(1, p_chance="x"),
         ValueError, ("p_chance must be a probability", "from 0 to 1", "'x'")),
    Case("random_chance_tree: p_tip=2", lambda: random_chance_tree(1, p_tip=2), ValueError,
         ("p_tip must be a probability", "2")),
    Case("random_chance_tree: p_tip=-1", lambda: random_chance_tree(1, p_tip=-1), ValueError,
         ("p_tip", "-1")),
    Case("random_chance_tree: p_chance=nan", lambda: random_chance_tree(1, p_chance=math.nan),
         ValueError, ("p_chance", "nan")),
    Case("random_chance_tree: p_tip=True", lambda: random_chance_tree(1, p_tip=True),
         ValueError, ("p_tip", "true")),
    Case("random_chance_tree: too large", lambda: random_chance_tree(0, depth=30),
         ValueError, ("too large", "nodes")),
    Case("Nannon: a move from an empty point",
         lambda: Nannon().result(Nannon().result(Nannon().initial, ("White", 1)), 5),
         ValueError, ("5", "legal moves")),
    Case("Nannon: an opening throw as a list",
         lambda: Nannon().result(Nannon().initial, ["White", 3]), ValueError,
         ("illegal move ['white', 3]", "a pair (who starts", "('white', 3)")),
    Case("Nannon: False for move 0",
         lambda: Nannon().result(Nannon().result(Nannon().initial, ("White", 3)), False),
         ValueError, ("illegal move false", "an int", "legal moves: 0, 1")),
    Case("NannonState: lists of lists",
         lambda: NannonState([[0], 1, 2], (0, 1, 2), 0, 3), ValueError,
         ("white must be three checkers", "[[0], 1, 2]")),
    Case("NannonState: player 5", lambda: NannonState((0, 1, 2), (0, 1, 2), 5, 0),
         ValueError, ("player must be 0 (white), 1 (black) or -1", "5")),
    Case("NannonState: a die showing 9", lambda: NannonState((0, 1, 2), (0, 1, 2), 0, 9),
         ValueError, ("roll must be the die to play, 1 to 6, or 0", "9")),
    Case("NannonState: four checkers", lambda: NannonState((0, 1, 2, 3), (0, 1, 2), 0, 1),
         ValueError, ("three checkers", "(0, 1, 2, 3)")),
    Case("NannonState: two checkers on one point",
         lambda: NannonState((0, 1, 2), (0, 1, 5), 0, 1), ValueError,
         ("white's point 2 is also black's point 5",)),
    Case("Nannon: a foreign state", lambda: Nannon().result((0, 1), 0), ValueError,
         ("not a state of nannon()",)),
    Case("solve_chance: an expectation of +inf and -inf",
         lambda: solve_chance(INF_AND_MINUS_INF).value(()), ValueError,
         ("expectation at chance state (0,) is undefined", "+inf and -inf", "finite payoffs")),
    Case("expectiminimax: an expectation of +inf and -inf",
         lambda: expectiminimax(INF_AND_MINUS_INF, ()), ValueError,
         ("expectation at chance state (0,) is undefined", "+inf and -inf", "finite payoffs")),
    Case("solve_chance: not a game", lambda: solve_chance("pig"), TypeError, ("needs a game",)),
    Case("solve_chance: too many states for the limit",
         lambda: solve_chance(Pig(goal=100), limit=1000), ValueError, ("more than 1,000",)),
    Case("solve_chance: a policy for a player that does not exist",
         lambda: solve_chance(Pig(goal=5), policies={2: Pig(5).hold_at(2)}), ValueError,
         ("policies", "MAX (0) or MIN (1)")),
    Case("pig_solution: hold_at not a pair", lambda: pig_solution(20, hold_at=20), ValueError,
         ("hold_at", "pair")),
    Case("solve_chance: policies a list, not a mapping",
         lambda: solve_chance(Pig(goal=5), policies=[1]), TypeError,
         ("policies", "mapping {player: agent}", "[1]")),
    Case("solve_chance: policies one agent, not a mapping",
         lambda: solve_chance(Pig(goal=5), policies=Pig(5).hold_at(2)), TypeError,
         ("policies", "mapping")),
    Case("retrograde: an empty set of states", lambda: retrograde(TicTacToe(), set()),
         ValueError, ("states is empty", "at least one", "none")),
    Case("retrograde: an iterator holding None", lambda: retrograde(TicTacToe(), iter([None])),
         ValueError, ("states holds none", "not a state of tictactoe()")),
    Case("retrograde: an empty list of states", lambda: retrograde(Nim((1, 2)), []),
         ValueError, ("states is empty",)),
    Case("retrograde: an empty iterator of states", lambda: retrograde(Nim((1, 2)), iter([])),
         ValueError, ("states is empty", "at least one")),
    Case("retrograde: an empty generator of states",
         lambda: retrograde(Nim((1, 2)), (s for s in ())), ValueError, ("states is empty",)),
    Case("solve_chance: a policy for the numpy player 2",
         lambda: solve_chance(Pig(goal=5), policies={np.int64(2): Pig(5).hold_at(2)}),
         ValueError, ("policies", "MAX (0) or MIN (1)", "2")),
    Case("solve_chance: a policy for player True",
         lambda: solve_chance(Pig(goal=5), policies={True: Pig(5).hold_at(2)}),
         ValueError, ("policies", "MAX (0) or MIN (1)", "true")),
    Case("retrograde: one state, not an iterable of them",
         lambda: retrograde(TwoRobots(2, 2), TwoRobots(2, 2).initial), TypeError,
         ("states must be an iterable of states", "not one state", "[state]")),
    Case("retrograde: the root of a tree, not an iterable of states",
         lambda: retrograde(TreeGame([1, 2]), ()), TypeError, ("not one state", "()")),
    Case("retrograde: states as text", lambda: retrograde(TicTacToe(), "x../.../..."),
         TypeError, ("states", "'x../.../...'")),
    Case("retrograde: states holding None", lambda: retrograde(TicTacToe(), [None]),
         ValueError, ("states holds none", "not a state of tictactoe()")),
]


@params(CASES)
def test_bad_input_gets_a_clear_error(case):
    check(case)
