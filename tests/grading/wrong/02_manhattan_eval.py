"""A robot evaluation by straight-line distance: blind to walls."""


def robot_eval(game, state):
    (rb, cb), (rw, cw) = state.black, state.white
    return -(abs(rb - rw) + abs(cb - cw)) / (game.rows + game.cols + 1)
