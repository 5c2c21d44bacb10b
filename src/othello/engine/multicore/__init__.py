"""The searches on several processor cores, each on worker processes of its own (Python
threads cannot search at the same time): the exact solver's root moves shared out
(``endgame``) and the midgame's (``midgame``).

Imports ``othello.core`` and the rest of ``othello.engine``.
"""
