"""Learning evaluation functions: TD(lambda) self-play, measured against an exact solution."""

from aisearch.learn.td import td_lambda_update

__all__ = ["td_lambda_update"]
