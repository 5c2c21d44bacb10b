"""Everything a player makes or earns, in one SQLite file: the database and its schema
(``database``), a damaged or foreign file set aside and read from (``file_faults``), the list's
queries (``query``), each row checked (``rows``), imports (``importing``, ``import_process``,
``game_records``), the games each window holds (``held_games``) and which copy of the game
this is (``copies``), the puzzles (``puzzle_store``), the rating (``strength``), the opening
drills (``drill_store``), the player's opening book (``book_store``), and an earlier version's files and the pending spool taken in
(``old_files``).

Imports ``othello.app.files``, ``othello.app.i18n`` and the engine's folders.
"""
