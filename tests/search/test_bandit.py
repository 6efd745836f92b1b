"""UCB1 as a bandit: every arm once, then the upper confidence bound; regret grows slowly."""

from aisearch.search import play_bandit


def test_ucb1_tries_every_arm_once_then_prefers_the_best():
    run = play_bandit((0.2, 0.5, 0.8), 3000, seed=1)
    assert run.choices[:3] == (0, 1, 2)
    assert run.pulls[2] > 0.8 * 3000 and min(run.pulls) > 10  # still explores now and then


def test_ucb1_regret_grows_far_slower_than_random_or_greedy():
    def mean_regret(policy):
        return sum(play_bandit((0.3, 0.5, 0.6), 3000, policy=policy, seed=s).regret[-1]
                   for s in range(10)) / 10

    ucb, rand, greedy = mean_regret("ucb1"), mean_regret("random"), mean_regret("greedy")
    assert ucb < rand / 3 and ucb < greedy


def test_regret_is_the_expected_loss_per_pull_added_up():
    run = play_bandit((0.1, 0.9), 5, policy="random", seed=3)
    lost = 0.0
    for arm, regret in zip(run.choices, run.regret, strict=True):
        lost += 0.9 - (0.1, 0.9)[arm]
        assert abs(regret - lost) < 1e-12
