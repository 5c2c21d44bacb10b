"""Game records as other programs write them: GGF (``ggf``: GGS's and NBoard's, one game or
files of thousands) and the WTHOR database (``wthor``).

Imports ``othello.core`` only.
"""
