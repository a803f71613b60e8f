"""Patience: Pyramid, Gaps and Forty Thieves as a server-authoritative solitaire service."""

__version__ = "0.1.0"
