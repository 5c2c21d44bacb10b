"""Drawing: where things go, the board, the panel and its buttons, the graph, the notice
strip, text, the explorer's marks."""
