"""The ``othello`` command's subcommands, one module each: ``bench``, ``explore``,
``nboard``, the library's ``import``/``games``/``export`` (``library``), ``review``,
``openings`` and ``--where`` (``where``). ``othello/cli.py`` parses the command line and
calls them.

May import every other part of ``othello.app`` and the engine's folders; never the window.
"""
