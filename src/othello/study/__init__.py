"""What helps a player learn: one placed move judged (``verdict``), a whole game reviewed
(``review``, on several processes: ``review_workers``), puzzles from a review's mistakes and
the Leitner queue (``puzzles``), the FForum positions (``fforum``), the opening explorer's
figures from real games (``explorer``), the named openings a game follows
(``named_openings``) and the opening drills against them (``drills``), and the opening book
learning from games and reviews (``book_learning``).

Imports ``othello.core``, ``othello.formats`` and ``othello.engine``.
"""
