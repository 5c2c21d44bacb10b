"""The player's folders and files, written so that nothing is lost: every path
(``paths``), the atomic write and the bounded read (``writing``), game files and pasted text
with the one position check every door makes (``game_files``), names and fields cleaned and
bounded where they come in (``record_text``), and the log (``logs``).

Imports ``othello.app.i18n`` and the engine's folders.
"""
