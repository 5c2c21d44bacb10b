"""Playing as clubs do: balanced starts and positions in a score range (``starts``) and the
player's rating on the levels' scale (``rating``).

Imports ``othello.core``, ``othello.engine`` and ``othello.study``.
"""
