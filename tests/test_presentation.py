"""Games draw themselves: a new game touches its rules and its painter, nothing else.

Side names, the move grid of the play widget, the painter of tree thumbnails, widget
pictures and notebook SVG are declared per game. Here a game the package has never seen
(Lines-of-three on a 1 x 4 strip) is declared in this file, with its painter, and the play
widget, the stepper and the tree drawing all work with it unchanged.
"""

import pathlib
import re

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402

from aisearch import MAX, MIN, Recorder, alphabeta, plot, side_name  # noqa: E402
from aisearch.core import GameBase  # noqa: E402
from aisearch.plot.painters import PAINTERS, Painter, painter_for, register, svg  # noqa: E402
from aisearch.widgets import PlayGame, SearchStepper  # noqa: E402
from aisearch.widgets.views import GridView  # noqa: E402


class Strip(GameBase):
    """Players mark cells of a 1 x 4 strip in turn; three marks of one player in a row win."""

    initial = "...."
    sides = {MAX: "Red", MIN: "Blue"}
    move_grid = ((0, 1, 2, 3),)
    win = 1

    def to_move(self, s):
        return MAX if s.count(".") % 2 == 0 else MIN

    def moves(self, s):
        if self._won(s):
            return ()
        return tuple(i for i, c in enumerate(s) if c == ".")

    def result(self, s, m):
        if m not in self.moves(s):
            raise self.illegal(s, m, "that cell is marked")
        mark = "r" if self.to_move(s) == MAX else "b"
        return s[:m] + mark + s[m + 1:]

    def _won(self, s):
        return next((c for c in "rb" if c * 3 in s), None)

    def utility(self, s, player=MAX):
        w = self._won(s)
        u = 0 if w is None else (1 if w == "r" else -1)
        return u if player == MAX else -u

    def move_label(self, s, m):
        return s[m].upper() if s[m] != "." else str(m)


def strip_artists(game, state, size, lw, faint=False, highlight=None):
    from matplotlib.patches import Rectangle

    c = size / 4
    return [Rectangle((i * c, 0), c, c, facecolor={"r": "red", "b": "blue"}.get(ch, "white"),
                      edgecolor="black", linewidth=lw, gid="cell") for i, ch in enumerate(state)]


def strip_svg(game, state, size=20):
    cells = "".join(f'<rect x="{i * size}" width="{size}" height="{size}" fill="{ch}"/>'
                    for i, ch in enumerate(state))
    return f'<svg xmlns="http://www.w3.org/2000/svg">{cells}</svg>'


def test_a_new_game_and_its_painter_work_in_every_view_without_other_changes():
    register(Strip, Painter("strip", strip_artists, lambda g, s, size: (size, size / 4),
                            strip_svg))
    try:
        game = Strip()
        assert side_name(game, MIN) == "Blue" and painter_for(game).name == "strip"
        app = PlayGame(game, depth=None)
        assert isinstance(app.board, GridView) and list(app.board.buttons) == [0, 1, 2, 3]
        app.board.buttons[1].click()
        assert app.model.moves[0] == 1 and "you play Red" in app.status.value
        assert app.board.buttons[1].description == "R"
        rec = Recorder()
        alphabeta(game, game.initial, tracer=rec)
        ax = plot.tree(rec, boards=True, ax=Figure().subplots())
        assert {a.get_gid() for a in ax.artists} == {"board"}
        stepper = SearchStepper(rec, game=game, dpi=30)
        stepper.goto(2)
        assert stepper.position.value == svg(game, game.initial) and "<rect" in svg(game, "r...")
    finally:
        del PAINTERS[Strip]


def test_views_and_plots_never_guess_a_game_from_its_type_or_name():
    root = pathlib.Path(__file__).resolve().parents[1] / "aisearch"
    games = r"\b(TicTacToe|TwoRobots|ConnectFour|Nim|Board|Position|RobotsState|Chess|Nannon|Pig)\b"
    call = r"(?:[^()]|\([^()]*\))*?"  # arguments, with calls inside: isinstance(unwrap(g), X)
    guesses = re.compile(rf"isinstance\({call}{games}|issubclass\({call}{games}|"
                         rf"type\({call}\)\s*(is|==)\s*{games}|__name__\s*==|"
                         r"hasattr\((state|s|game),")
    assert guesses.search("if not isinstance(unwrap(game), TwoRobots):")  # the hole once here
    # pictures of one game, checking their input: the robots' start maps, their games ply by ply
    own = {"plot/maps.py", "plot/plies.py"}
    offenders = [f"{path.relative_to(root)}:{n}" for folder in ("plot", "widgets", "grading")
                 for path in (root / folder).rglob("*.py") if str(path.relative_to(root)) not in own
                 for n, line in enumerate(path.read_text().splitlines(), 1)
                 if guesses.search(line) and "__main__" not in line]
    assert offenders == []
