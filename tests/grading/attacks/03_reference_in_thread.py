"""Calls the package's alphabeta in another thread, where a profile hook set by the grader
in this thread does not look."""
import threading

from aisearch.search import alphabeta


def alphabeta_decision(game, state, depth, evaluate):
    out = []
    worker = threading.Thread(target=lambda: out.append(
        alphabeta(game, state, depth, evaluate=evaluate, fastest_wins=False)))
    worker.start()
    worker.join()
    return out[0].value, out[0].move
