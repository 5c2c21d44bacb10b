"""The screens, one module each: play (with its commands, choices and keys), the move list,
the position editor, puzzles and drills (``puzzle_screen``, ``drill_screen``: the engine's
``study.puzzles`` and ``study.drills`` are what they show), the library, the cards (help,
settings, game, progress, leave, end); ``base`` says what a screen may use of the app."""
