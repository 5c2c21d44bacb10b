"""The computer opponent: the level table (``levels``), one search call on one position
(``search_call``), what the searches share (``search_common``), the midgame search
(``midgame``), the exact endgame solver (``endgame``, ``last_moves``), the evaluation and its
tables (``evaluation``, ``patterns``, ``pattern_weights``, ``table_files``, ``stability``),
the opening book (``book``), the searches on several cores (``multicore``), and the API the
rest of the program uses (``api``: ``Engine``).

Imports ``othello.core`` only.
"""
