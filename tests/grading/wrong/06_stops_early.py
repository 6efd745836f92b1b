"""Pig's value iteration, right equations, stopped when a sweep changes nothing by 3e-4."""


def hold_at_win_probability(goal, n):
    top = goal + n + 6
    p = [[[0.0] * top for _ in range(goal)] for _ in range(goal)]
    while True:
        change = 0.0
        for i in range(goal):
            for j in range(goal):
                for k in range(top - 6):
                    if k >= n or i + k >= goal:
                        new = 1.0 if i + k >= goal else 1 - p[j][i + k][0]
                    else:
                        new = ((1 - p[j][i][0])
                               + sum(1.0 if i + k + r >= goal else p[i][j][k + r]
                                     for r in range(2, 7))) / 6
                    change = max(change, abs(new - p[i][j][k]))
                    p[i][j][k] = new
        if change < 3e-4:
            return p[0][0][0]
