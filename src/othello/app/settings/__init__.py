"""othello.ini and the window's remembered choices: the keys and their values (``keys``),
reading the file forgivingly and writing the commented default (``loading``, ``ini_text``),
the choices the window remembers (``choices``), noticing a saved edit (``watch``), opening the
file in a text editor (``editor``), and levels from before the 17-level ladder
(``old_levels``).

Imports ``othello.app.files``, ``othello.app.i18n`` and the engine's folders.
"""
