"""The board and its rules, and what every other part builds on: squares and bitboards
(``bitboard``), bitboards as machine words for the compiled engine (``words``), a position with its move stack (``board``), a game record with undo and redo
(``game``), moves and positions as text (``notation``), game clocks (``clock``), the errors
(``errors``), kinds as types (``kinds``), and reading a file that may be anything (``file_reading``).

Imports nothing of the package outside this folder.
"""
