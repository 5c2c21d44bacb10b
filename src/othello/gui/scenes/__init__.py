"""The screens, one module each: play (with its commands, choices and keys), the move list,
set up, puzzles, help and the end card; ``base`` says what a screen may use of the app."""
