"""What the test files share, imported as ``support`` (pyproject's pytest ``pythonpath`` puts
tests/ on the path, as it puts scripts/): no test imports another test module. The fixtures
built on these (``make_app``, ``live_app``) are in tests/conftest.py.

- ``window``: the window headless: a stand-in engine, small quiet settings, events, frames
  and pixels;
- ``files_window``: the window with its files (othello.ini, the library, the clipboard),
  each test in folders of its own, and an afternoon of games played and reviewed;
- ``settings_file``: othello.ini as a player edits it, and a window reading a file of its own;
- ``library_screen``: a library of real games and the Library screen opened on it;
- ``kept_games``: what the library keeps of a window's games, and an earlier version's files;
- ``positions``: seeded random positions and games, exact answers, the FForum positions;
- ``ggs_records``: real GGF records from GGS, and their games read;
- ``reference``: a naive rules implementation to check the engine against;
- ``shared_data``: where the shared data beside the checkout is (``OTHELLO_SHARED_DATA``);
- ``patience``: how long a test waits for a thread or a process before calling it hung;
- ``translation_checks``: what a complete set of translations must satisfy (also run by
  ``scripts/translations.py check``).
"""
