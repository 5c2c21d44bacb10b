"""Playing a person over the network: the protocol two windows speak (``protocol``) and the
game's code (``codes``).

These modules use the engine (``othello.core``), the one check of a position
(``files.game_files``), the window's words (``i18n``) and the standard library's sockets;
never pygame, never the library or the settings: the window hands them what they need. Only standard-library modules the standalone app ships are used
(``scripts/build_app.py``'s ``EXCLUDED`` leaves out ``asyncio`` and ``ssl``). The threat
model is in docs/network.md.
"""
