"""The pygame window: the only part of the package that imports pygame.

The window draws the state it is given and sends intents (play, undo, new game) to a
:class:`~othello.gui.model.session.Session`; the rules stay in Board and Game, the search in Engine.
"""
