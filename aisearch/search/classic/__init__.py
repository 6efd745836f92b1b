"""Minimax and alpha-beta (lessons 02 and 03): :mod:`~aisearch.search.classic.minimax` and the
four alpha-beta forms of :mod:`~aisearch.search.classic.alphabeta`."""
