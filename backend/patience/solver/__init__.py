"""Solvers: one search core (:mod:`patience.solver.core`) and an adapter per game."""

from __future__ import annotations

from patience.solver.core import Budget, Result, solve

__all__ = ["Budget", "Result", "solve"]
