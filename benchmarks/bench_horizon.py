"""Lesson 05 measured: what the chess wrapper costs, and what quiescence search and
extensions buy on Win At Chess. Printed tables, measured in one run.

Run from the repository root::

    python benchmarks/bench_horizon.py                     # both parts, about a minute
    python benchmarks/bench_horizon.py --part wrapper
    python benchmarks/bench_horizon.py --part suite --positions 40 --depths 1 2 3 4  # ~10 min
    python benchmarks/bench_horizon.py --part suite --positions 300 --depths 1 2 3 4  # hours

Two parts:

``wrapper``
    Nodes per second of plain fail-hard alpha-beta through the game protocol
    (:func:`aisearch.alphabeta` on :class:`aisearch.games.Chess`) against a bare alpha-beta
    over one python-chess Board with ``push``/``pop``, the same evaluation (material plus
    piece-square tables), the same move order (captures MVV-LVA first) and the same draw
    rules, on the same positions and depths. Both count the same nodes (checked), so the
    ratio of their times is the protocol's cost. Goal: at most 2x.
``suite``
    Win At Chess (:func:`aisearch.games.chess_suite`): positions solved (the move chosen is
    a best move), nodes (quiescence nodes and singular-extension probes included) and
    seconds per depth, for alpha-beta with a transposition table
    (:func:`aisearch.enhanced_search`) without quiescence, with quiescence (at most 8
    plies), and with quiescence plus the check or the singular extension.
    ``--positions N`` takes the first N positions (default 30, depths 1-3: about a
    minute; depth 4 costs 5-10 times depth 3).

Times are wall-clock on a shared machine: read the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chess  # noqa: E402

from aisearch import alphabeta, enhanced_search  # noqa: E402
from aisearch.games import Chess, chess_suite  # noqa: E402
from aisearch.games.chess_eval import piece_square  # noqa: E402

GAME = Chess()
INF = float("inf")
_RANK = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9,
         chess.KING: 100}
WIN = 2.0 ** 100  # a mate inside the bare search (the package scores mates by distance)


# -- a bare alpha-beta over python-chess ---------------------------------------------------
def ordered(board: chess.Board) -> list[chess.Move]:
    """Legal moves, captures first by MVV-LVA (as Chess.moves orders them)."""
    theirs, ep, pawns = board.occupied_co[not board.turn], board.ep_square, board.pawns
    captures, quiet = [], []
    for m in board.generate_legal_moves():
        to = m.to_square
        if chess.BB_SQUARES[to] & theirs or to == ep and pawns & chess.BB_SQUARES[m.from_square]:
            captures.append(m)
        else:
            quiet.append(m)
    if not captures:
        return quiet

    def key(m: chess.Move) -> tuple[int, int]:
        victim = board.piece_type_at(m.to_square) or chess.PAWN
        return -_RANK[victim], _RANK[board.piece_type_at(m.from_square) or chess.PAWN]

    captures.sort(key=key)
    return captures + quiet


def bare_alphabeta(board: chess.Board, depth: int) -> tuple[float, int]:
    """Fail-hard alpha-beta on one board (push/pop), White maximising: (value, nodes)."""
    nodes = 0
    seen: dict[Any, int] = {}

    def ab(d: int, alpha: float, beta: float, ply: int) -> float:
        nonlocal nodes
        nodes += 1
        key = board._transposition_key()
        if board.halfmove_clock >= 100 and not board.is_checkmate():
            return 0
        if seen.get(key, 0) >= 2 or board.is_insufficient_material():
            return 0
        if next(board.generate_legal_moves(), None) is None:  # (as Chess.is_terminal asks)
            if board.is_check():
                return -(WIN - ply) if board.turn else WIN - ply
            return 0
        if d == 0:
            return piece_square(board)
        ms = ordered(board)
        seen[key] = seen.get(key, 0) + 1
        white = board.turn
        for m in ms:
            board.push(m)
            v = ab(d - 1, alpha, beta, ply + 1)
            board.pop()
            if white:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        seen[key] -= 1
        return alpha if white else beta

    return ab(depth, -INF, INF, 0), nodes


def wrapper_part(positions: int, depths: list[int]) -> None:
    suite = chess_suite()[:positions]
    print(f"Wrapper cost: plain alpha-beta through the protocol vs a bare python-chess "
          f"push/pop loop; {len(suite)} Win At Chess positions")
    print(f"{'depth':>5} {'nodes':>9} {'protocol s':>11} {'bare s':>8} {'protocol n/s':>13} "
          f"{'bare n/s':>9} {'ratio':>6}")
    for depth in depths:
        total = bare_nodes = 0
        t_protocol = t_bare = 0.0
        for p in suite:
            state = Chess.parse(p.state.fen)  # fresh: no cached moves
            t0 = time.perf_counter()
            d = alphabeta(GAME, state, depth, evaluate=GAME.pst_eval)
            t_protocol += time.perf_counter() - t0
            board = p.state.board()
            t0 = time.perf_counter()
            _, n = bare_alphabeta(board, depth)
            t_bare += time.perf_counter() - t0
            total += d.stats.nodes
            bare_nodes += n
        assert total == bare_nodes, (total, bare_nodes)
        print(f"{depth:>5} {total:>9,} {t_protocol:>11.2f} {t_bare:>8.2f} "
              f"{total / t_protocol:>13,.0f} {total / t_bare:>9,.0f} "
              f"{t_protocol / t_bare:>6.2f}")


# -- the suite --------------------------------------------------------------------------
VARIANTS: dict[str, dict[str, Any]] = {
    "alpha-beta + table": {},
    "+ quiescence": {"quiescence": 8},
    "+ quiescence + check ext.": {"quiescence": 8, "extensions": ("check",)},
    "+ quiescence + singular ext.": {"quiescence": 8, "extensions": ("singular",)},
}


def suite_part(positions: int, depths: list[int], variants: list[str]) -> None:
    suite = chess_suite()[:positions]
    print(f"\nWin At Chess, first {len(suite)} positions: solved / nodes (quiescence nodes "
          "and singular probes included) / seconds, per depth")
    print(f"{'search':<30} {'depth':>5} {'solved':>7} {'nodes':>11} {'seconds':>8}")
    for name in variants:
        options = VARIANTS[name]
        for depth in depths:
            solved = nodes = 0
            t0 = time.perf_counter()
            for p in suite:
                d = enhanced_search(GAME, p.state, depth, evaluate=GAME.pst_eval, table=True,
                                    **options)
                solved += p.solved_by(d.move)
                nodes += (d.stats.nodes + d.stats.get("quiescence", 0)
                          + d.stats.get("singular_probes", 0))
            seconds = time.perf_counter() - t0
            print(f"{name:<30} {depth:>5} {solved:>4}/{len(suite):<3} {nodes:>10,} "
                  f"{seconds:>8.1f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", choices=("wrapper", "suite", "all"), default="all")
    ap.add_argument("--positions", type=int, default=30, help="suite positions (first N)")
    ap.add_argument("--depths", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--wrapper-positions", type=int, default=20)
    ap.add_argument("--wrapper-depths", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    args = ap.parse_args()
    if args.part in ("wrapper", "all"):
        wrapper_part(args.wrapper_positions, args.wrapper_depths)
    if args.part in ("suite", "all"):
        suite_part(args.positions, args.depths, args.variants)


if __name__ == "__main__":
    main()
