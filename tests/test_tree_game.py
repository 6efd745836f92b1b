"""TreeGame: explicit textbook trees, named moves, explicit player nodes, bad input."""

import math

import pytest

from aisearch import CHANCE, MAX, MIN, Chance, IllegalMoveError, Min, TreeGame, uniform_tree


def test_nested_lists_alternate_max_and_min_from_a_max_root():
    game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert game.to_move(()) == MAX
    assert game.to_move((1,)) == MIN
    assert game.moves((2,)) == (0, 1, 2)
    assert game.utility((2, 0)) == 14 and game.utility((2, 0), MIN) == -14
    assert game.tip_values == [3, 12, 8, 2, 4, 6, 14, 5, 2]


def test_first_min_puts_min_at_the_root():
    game = TreeGame([[1, 2], [3, 4]], first=MIN)
    assert [game.to_move(s) for s in [(), (0,)]] == [MIN, MAX]


def test_dicts_give_named_moves_in_insertion_order():
    game = TreeGame({"a1": {"b1": 3, "b2": 12}, "a2": [2]})
    assert game.moves(()) == ("a1", "a2")
    assert game.result((), "a1") == ("a1",)
    assert game.moves(("a1",)) == ("b1", "b2")


def test_explicit_min_layers_override_alternation():
    """CS188-style: MAX root, then two MIN layers."""
    game = TreeGame([Min([Min([1, 2]), Min([3])]), 4])
    assert [game.to_move(s) for s in [(), (0,), (0, 0), (0, 1)]] == [MAX, MIN, MIN, MIN]
    assert game.to_move((1,)) == MIN  # implicit node below MAX


def test_chance_nodes_hand_the_move_to_the_other_player():
    game = TreeGame([Chance([(0.5, [1, 2]), (0.5, [3, 4])])])
    assert game.to_move((0,)) == CHANCE
    assert game.to_move((0, 0)) == MIN  # MAX moved, dice, then MIN
    assert game.chance_outcomes((0,)) == ((0, 0.5), (1, 0.5))


def test_infinite_tips_are_allowed():
    game = TreeGame([[math.inf, 1], [-math.inf]])
    assert game.utility((0, 0)) == math.inf


def test_illegal_move_names_the_move_and_lists_the_legal_ones():
    game = TreeGame([[1, 2], [3, 4]])
    with pytest.raises(IllegalMoveError, match=r"illegal move 5 .*legal moves: 0, 1"):
        game.result((), 5)
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.result((0, 0), 0)


@pytest.mark.parametrize(
    "tree, message",
    [
        ([[1, []]], r"path \(0, 1\): an internal node needs at least one child"),
        ([[1, "x"]], r"path \(0, 1\): 'x' is neither a number"),
        ([[1, "3"]], r"path \(0, 1\): '3' is neither a number"),  # not even when it spells one
        ([Chance([("0.5", 1), (0.5, 2)])], r"path \(0, 0\): a chance outcome is a"),
        ([[1, float("nan")]], r"path \(0, 1\)"),
        ([[True, 1]], r"path \(0, 0\)"),
        ([Chance([(0.5, 1), (0.4, 2)])], r"path \(0,\): chance probabilities sum to 0.9"),
        ([Chance([(1.5, 1)])], r"probability 1.5 is not in \(0, 1\]"),
        ([Chance([3])], r"a chance outcome is a \(probability, subtree\) pair"),
    ],
)
def test_malformed_trees_are_rejected_with_the_path_to_the_bad_node(tree, message):
    with pytest.raises(ValueError, match=message):
        TreeGame(tree)


def test_first_must_be_max_or_min():
    with pytest.raises(ValueError, match="first must be MAX"):
        TreeGame([1, 2], first=CHANCE)


def test_deep_trees_build_without_recursion():
    tree = 1
    for _ in range(5000):
        tree = [tree]
    assert len(TreeGame(tree)) == 5001


def test_uniform_tree_is_seeded_and_has_b_to_the_d_tips():
    a, b = uniform_tree(3, 4, seed=7), uniform_tree(3, 4, seed=7)
    assert a.tip_values == b.tip_values and len(a.tips) == 81
    assert uniform_tree(3, 4, seed=8).tip_values != a.tip_values


def test_perfectly_ordered_tree_puts_the_best_child_first():
    from aisearch import minimax

    game = uniform_tree(3, 3, seed=1, ordering="best")
    for s in game.states():
        if game.is_terminal(s):
            continue
        values = [minimax(game, game.result(s, m)).value for m in game.moves(s)]
        best = max(values) if game.to_move(s) == MAX else min(values)
        assert values[0] == best


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"b": 0, "d": 2}, "need b >= 1"),
        ({"b": 2, "d": -1}, "need b >= 1 and d >= 0"),
        ({"b": 2.0, "d": 2}, "b must be an int"),
        ({"b": 10, "d": 7}, "more than 2,000,000 nodes"),
        ({"b": 2, "d": 2, "ordering": "good"}, "ordering must be"),
    ],
)
def test_uniform_tree_rejects_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        uniform_tree(**kwargs)


def test_the_node_cap_counts_every_node_however_the_tree_is_shaped(monkeypatch):
    import aisearch.games.tree as tree_module

    monkeypatch.setattr(tree_module, "MAX_NODES", 100)
    TreeGame([[0] * 9] * 9)  # 1 + 9 + 81 = 91 nodes: fine
    for shape in ([[0] * 9] * 11, [0] * 100, [[[0] * 3] * 3] * 4):  # 111, 101, 53 nodes
        if sum(1 for _ in _nodes(shape)) > 100:
            with pytest.raises(ValueError, match="more than 100 nodes"):
                TreeGame(shape)
        else:
            assert len(TreeGame(shape)) == sum(1 for _ in _nodes(shape))


def _nodes(tree):
    yield tree
    if isinstance(tree, list):
        for child in tree:
            yield from _nodes(child)


def test_shared_subtrees_are_not_cycles_and_a_node_inside_itself_is():
    leaf_pair = [1, 2]
    assert TreeGame([leaf_pair, leaf_pair]).tip_values == [1, 2, 1, 2]
    loop: list = [1, [2]]
    loop[1].append(loop)
    with pytest.raises(ValueError, match=r"path \(1, 1\): a node contains itself"):
        TreeGame(loop)


def test_exact_tips_fractions_and_decimals_are_searched_exactly():
    from decimal import Decimal
    from fractions import Fraction

    from aisearch.search import alphabeta, expectiminimax, minimax

    game = TreeGame([[Fraction(1, 3), Decimal("0.3")], [Decimal("0.35"), Decimal("Infinity")]])
    assert game.utility((0, 1), MAX) == Fraction(3, 10)  # exactly, not 0.29999...
    assert game.utility((1, 1), MAX) == math.inf
    for search in (minimax, alphabeta):
        d = search(game, ())
        assert (d.value, d.move) == (Fraction(7, 20), 1)
    chance = TreeGame([Chance([(0.5, Decimal("0.25")), (0.5, Fraction(1, 4))])])
    assert expectiminimax(chance, ()).value == 0.25
    with pytest.raises(ValueError, match="neither a number"):
        TreeGame([[Decimal("NaN")]])
    # Probabilities and the payoff of a win are taken the same way; a tip too big for a
    # float is a number out of range, not "neither a number".
    thirds = TreeGame([Chance([(Decimal("0.25"), 0), (Decimal("0.75"), Decimal("1.5"))])],
                      win=Decimal("2"))
    assert expectiminimax(thirds, ()).value == Fraction(9, 8) and thirds.win == 2
    for huge in (Decimal("1e400"), Fraction(10**400), -Fraction(10**400)):
        with pytest.raises(ValueError, match="is out of range"):
            TreeGame([[huge, 1]])
