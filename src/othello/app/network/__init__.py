"""Playing a person over the network: the protocol two windows speak (``protocol``), the
game's code (``codes``), the connection on a thread of its own that hands the window what
happened through a queue (``link``), the LAN broadcast that finds a hosted game without an
address (``beacon``), the hosted game kept in a file to host again after a close or a kill
(``hosted``), the game's authority (``person_game``: every move
checked by the rules on both sides, the host's clock the one that counts) and the table the
window pumps each frame (``table``).

These modules use the engine (``othello.core``), the one check of a position
(``files.game_files``), the window's words (``i18n``) and the standard library's sockets;
never pygame, never the library or the settings: the window hands them what they need.
Only standard-library modules the standalone app ships are used (``scripts/build_app.py``'s
``EXCLUDED`` leaves out ``asyncio`` and ``ssl``).
"""
