"""The application around the engine, in groups: the player's files (``files``), settings
(``settings``), the library that keeps everything a player makes (``library``), the desktop
(``desktop``), the search process (``search_service``), the window's language (``i18n``) and
the command's subcommands (``commands``).

These modules may use the engine's folders (``othello.core``, ``othello.engine``...); the
engine never uses them, and none of them imports pygame (the window is ``othello.gui``; the
command line, ``othello.cli``, starts it). ``tests/test_layers.py`` keeps it so.
"""
