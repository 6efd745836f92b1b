"""Every lesson runs top to bottom in JupyterLab, draws its figures, fits the screen, and its
widgets work.

Each test opens a lesson from a temporary copy of ``notebooks/``, runs all cells, checks that no
cell raised, that every figure the committed notebook shows is drawn again and every image
loaded, and that every output fits: none taller than 1,200 pixels, none wider than the notebook
(a viewport of 1,440 x 900, a notebook about 1,000 pixels wide); a screenshot of the whole lesson
goes to ``tests/artifacts/lessons/``. Then it drives the lesson's widget; a stepper must fit in
about 1,000 x 800 pixels. With ``AISEARCH_UPDATE_SCREENSHOTS=1`` cropped pictures of the stepper
and of a tree also go to ``docs/images/`` for the README. A lesson that does not exist yet is
skipped (failed in CI).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.labharness import (
    LESSON_SHOTS,
    UPDATE_SCREENSHOTS,
    require_notebook,
    saved_image_outputs,
    size_problems,
)

pytestmark = pytest.mark.browser

STEPPER_BOX = (1000, 820)  # px: a stepper, its buttons, tree, pseudocode and table


def run_lesson(lab, name: str):
    """Run the lesson ``notebooks/<name>`` and check it; returns the report."""
    saved = require_notebook(name)
    figures = saved_image_outputs(saved)
    LESSON_SHOTS.mkdir(parents=True, exist_ok=True)
    report = lab.run_notebook(name, screenshot=f"lessons/{saved.stem}",
                              min_images=max(1, figures))
    assert report.image_outputs() >= figures, (
        f"{name}: the committed notebook shows {figures} figures, the run drew "
        f"{report.image_outputs()}")
    check_sizes(lab, name)
    return report


def check_sizes(lab, name: str, when: str = "after Run All") -> dict:
    """No output of the open lesson too tall or too wide; every stepper in its box."""
    sizes = lab.output_sizes()
    LESSON_SHOTS.mkdir(parents=True, exist_ok=True)  # the measured sizes beside the screenshot
    (LESSON_SHOTS / f"{Path(name).stem}-sizes.json").write_text(json.dumps(sizes, indent=1))
    found = size_problems(sizes)
    for o in sizes["outputs"]:
        box = o.get("widgetBox")
        stepper = {"reset", "back", "step"} <= set(o.get("buttons") or ())
        if box and stepper and not {"Step through"} & set(o["buttons"]):
            if box["width"] > STEPPER_BOX[0] or box["height"] > STEPPER_BOX[1]:
                found.append(f"cell {o['cell']}: a stepper {box['width']} x {box['height']} px, "
                             f"more than {STEPPER_BOX[0]:,} x {STEPPER_BOX[1]}")
    assert not found, (f"{name} {when} (screenshots in {LESSON_SHOTS}):\n" + "\n".join(found))
    return sizes


def test_01_two_robots(lab):
    """Lesson 01 runs; moving White with a direction button updates the board."""
    run_lesson(lab, "01_two_robots.ipynb")
    game = lab.robots()
    assert game.count(), "lesson 01 shows no robots game (N/S/E/W buttons)"
    before, after = lab.move_robot(game)
    lab.element_screenshot(game, "01_two_robots-play")
    assert after != before


def test_02_minimax(lab):
    """Lesson 02 runs; clicking a tic-tac-toe cell places a mark and the agent answers."""
    run_lesson(lab, "02_minimax.ipynb")
    game = lab.tictactoe()
    assert game.count(), "lesson 02 shows no tic-tac-toe game (buttons titled 'cell 0'..)"
    before, after = lab.play_tictactoe(game)
    lab.element_screenshot(game, "02_minimax-play")
    assert sum(map(bool, after)) == sum(map(bool, before)) + 2


def test_03_alpha_beta(lab):
    """Lesson 03 runs; the stepper steps forward (text, alpha/beta and highlighted node
    change) and back (all restored)."""
    run_lesson(lab, "03_alpha_beta.ipynb")
    stepper = lab.stepper()
    assert stepper.count(), "lesson 03 shows no SearchStepper (reset/back/step buttons)"
    lab.check_stepper(stepper)

    tree = lab.cell_output("plot.tree(")
    if tree is not None and tree.locator("img").count():
        lab.element_screenshot(tree.locator("img").first, "tree", docs="tree.png")
    else:  # no static tree plot: the stepper's tree image
        lab.element_screenshot(stepper.locator("img").first, "tree", docs="tree.png")
    if UPDATE_SCREENSHOTS:  # for the README: a moment with a cut-off
        lab.step_until(stepper, r"Cut:")
    lab.element_screenshot(stepper, "stepper", docs="stepper.png")


def test_04_search_efficiency(lab):
    """Lesson 04 runs; the stepper steps through a search with table hits, and ticking an
    enhancement in the efficiency lab searches again (its status line changes)."""
    run_lesson(lab, "04_search_efficiency.ipynb")
    stepper = lab.stepper()
    assert stepper.count(), "lesson 04 shows no SearchStepper (reset/back/step buttons)"
    lab.check_stepper(stepper)

    panel = lab.output_with_buttons("Step through")
    assert panel.count(), "lesson 04 shows no EfficiencyLab (its 'Step through' button)"
    status = panel.locator(".widget-html-content").filter(
        has_text=re.compile(r"of plain alpha-beta")).first
    before = status.text_content()
    panel.locator(".widget-checkbox").filter(has_text="static ordering").locator(
        "input").first.click()
    after = lab.wait_for_text_change(status, before)
    assert "static ordering" in after and after != before, after
    lab.element_screenshot(panel, "04_search_efficiency-lab")
    lab.button("Step through", panel).click()  # the lab with its stepper open still fits
    lab.button("reset", panel).first.wait_for(timeout=20_000)
    lab.page.wait_for_function("() => [...document.querySelectorAll('img')].every(i => i.complete)")
    check_sizes(lab, "04_search_efficiency.ipynb", "after Step through")
    lab.element_screenshot(panel, "lessons/04_search_efficiency-lab-stepping")
def test_05_horizon_effect(lab):
    """Lesson 05 runs; the stepper on the trapped-bishop tree steps forward and back; a move
    typed into the chess game (in SAN) is played, listed in SAN, and the engine answers; with
    quiescence switched on, the engine's next search says so."""
    run_lesson(lab, "05_horizon_effect.ipynb")
    stepper = lab.stepper()
    assert stepper.count(), "lesson 05 shows no SearchStepper (reset/back/step buttons)"
    lab.check_stepper(stepper)
    game = lab.cell_output("PlayGame(chess", widget=True)
    assert game is not None and game.count(), "lesson 05 shows no chess game"
    before, after = lab.play_typed(game, "e4")
    assert "White e4" in after, (before, after)  # moves in SAN, as the buttons write them
    search = game.locator(".widget-html-content").filter(has_text="The agent").first
    assert "quiescence" not in search.text_content()
    game.locator("button", has_text="with quiescence").first.click()
    lab.play_typed(game, "d2d4")
    assert "quiescence 8" in search.text_content(), search.text_content()
    lab.element_screenshot(game, "05_horizon_effect-play")


def test_06_games_of_chance(lab):
    """Lesson 06 runs; the stepper on the chance tree steps forward and back; a move in the
    Nannon game against the exact optimal player is played and answered."""
    run_lesson(lab, "06_games_of_chance.ipynb")
    stepper = lab.stepper()
    assert stepper.count(), "lesson 06 shows no SearchStepper (reset/back/step buttons)"
    lab.check_stepper(stepper)
    game = lab.cell_output("PlayGame(nannon", widget=True)
    assert game is not None and game.count(), "lesson 06 shows no Nannon game"
    status = game.locator(".widget-html-content").filter(has_text="moves:").first
    before = status.text_content()
    moves = game.locator('button[title^="move "]')
    assert moves.count(), f"no move buttons in the Nannon game: {before!r}"
    moves.first.click()
    after = lab.wait_for_text_change(status, before)
    lab.element_screenshot(game, "06_games_of_chance-play")
    assert after != before


def test_07_learning_evaluators(lab):
    """Lesson 07 runs (training included) and draws its figures; a move in the Nannon game
    against the learned player is played and answered."""
    run_lesson(lab, "07_learning_evaluators.ipynb")
    game = lab.cell_output("PlayGame(nannon", widget=True)
    assert game is not None and game.count(), "lesson 07 shows no Nannon game"
    status = game.locator(".widget-html-content").filter(has_text="moves:").first
    before = status.text_content()
    moves = game.locator('button[title^="move "]')
    assert moves.count(), f"no move buttons in the Nannon game: {before!r}"
    moves.first.click()
    after = lab.wait_for_text_change(status, before)
    lab.element_screenshot(game, "07_learning_evaluators-play")
    assert after != before


def test_08_mcts_and_more_players(lab):
    """Lesson 08 runs; the MCTS stepper grows the tree by ten iterations (text, UCB1 table
    and tree image change), and the max^n stepper steps forward."""
    run_lesson(lab, "08_mcts_and_more_players.ipynb")
    grow = lab.output_with_buttons("+1", "+10")
    assert grow.count(), "lesson 08 shows no MCTSStepper (+1/+10 buttons)"
    texts = grow.locator(".widget-html-content")
    description = texts.filter(has_text="iteration").first
    table = texts.filter(has=lab.page.locator("table")).first
    image = grow.locator("img").first
    d0, t0, src0 = description.text_content(), table.inner_text(), image.get_attribute("src")
    lab.button("+10", grow).click()
    d1 = lab.wait_for_text_change(description, d0)
    assert "Iteration 10" in d1, d1
    lab.wait_for_image(image, src0)
    assert table.inner_text() != t0, "the UCB1 table did not change"
    lab.element_screenshot(grow, "08_mcts-stepper")
    stepper = lab.stepper()
    assert stepper.count(), "lesson 08 shows no SearchStepper for max^n"
    lab.check_stepper(stepper)
