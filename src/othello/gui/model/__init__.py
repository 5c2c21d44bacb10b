"""The game on screen, without pygame: the session and its games, what is known of their
moves, the notices and every sentence the window shows."""
