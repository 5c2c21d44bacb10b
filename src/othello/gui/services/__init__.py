"""What the screens use that is not drawing: the search worker, the computer's turn and
the review, puzzles, the player's opening book and its learning, autosave and files, sounds,
fonts and pictures."""
