"""The camera half of leafwatch: frame sources, the synthetic renderer, and board recognition.

Stages, one public function each: `locate` -> `rectify` -> `classify`, chained by `analyze`.
"""
from vision.analysis import AnalyzeResult, BoardResult, analyze
from vision.classification import BoardReading, classify
from vision.location import BoardLocation, locate
from vision.rectification import rectify
from vision.sources import Frame, FrameSource, SourceError, load_image, open_source

__all__ = ["AnalyzeResult", "BoardLocation", "BoardReading", "BoardResult", "Frame", "FrameSource", "SourceError",
           "analyze", "classify", "load_image", "locate", "open_source", "rectify"]
