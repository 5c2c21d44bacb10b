"""The application around the engine: command line, settings, game files, folders, logs,
the menu shortcut, the search process and the benchmarks.

These modules may use the engine (``othello.board``, ``othello.engine``, ...); the engine
never uses them, and none of them imports pygame (the window is ``othello.gui``; the command
line starts it). ``tests/test_layers.py`` keeps it so.
"""
