"""What the screens use that is not drawing: the search worker, the computer's turn and
the review, puzzles, autosave and files, sounds, fonts and pictures."""
