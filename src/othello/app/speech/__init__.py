"""The game said in words, for a player who cannot see the board: the sentences (after a
move, a pass, the end; the cursor's square; a row, column or diagonal read run by run; the
legal moves, corners and edges, score, mobility, clocks, the last move, what a move would
turn, the opening's name), the squares' names (plain or in the NATO alphabet), and the
speakers that say them (a screen reader, a synthesizer, or a recording for tests).

These modules may use the engine's folders and the application's ``i18n`` and
``coach_words``; the window (``othello.gui``) and the terminal's text mode
(``app/terminal/``) use them, never the other way. No pygame here.
"""
