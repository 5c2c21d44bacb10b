"""The game on the desktop: the menu and desktop shortcut on Linux, Windows and macOS
(``shortcut``, ``shortcut_windows``) and the icon in each system's format (``icons``).

Imports ``othello.app.files``, ``othello.app.i18n`` and the engine's folders.
"""
