"""``othello play``: the game in a terminal, as lines of text a screen reader and a braille
display read natively: the board as text, moves typed, the same questions and sentences as
the window speaks (``app/speech/``), the computer's levels, undo, the hint, a review with the
coach's why, and each game kept in the library as the window keeps it.

These modules may use the engine, and the application's ``files``, ``i18n``, ``settings``,
``library``, ``speech`` and ``coach_words``; never the window or pygame.
"""
