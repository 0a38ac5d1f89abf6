"""Reading a located board: each square's piece and printed symbol, and which known side the board is."""
from vision.classify.classification import BoardReading, classify

__all__ = ["BoardReading", "classify"]
