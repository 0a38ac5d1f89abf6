"""The camera half of leafwatch: frame sources, the synthetic renderer, and board recognition.

Stages, one sub-package each: `vision.locate` finds boards and rectifies them, `vision.classify` reads their
squares and names their sides; `vision.analysis.analyze` chains them over a frame as a declared list of passes
(`vision.passes`). `vision.synthetic` renders scenes with their truth, `vision.training` builds the models.
"""
from vision.analysis import AnalyzeResult, BoardResult, analyze
from vision.classify.classification import BoardReading
from vision.locate.location import BoardLocation
from vision.locate.rectification import rectify
from vision.sources import Frame, FrameSource, SourceError, load_image, open_source

__all__ = ["AnalyzeResult", "BoardLocation", "BoardReading", "BoardResult", "Frame", "FrameSource", "SourceError",
           "analyze", "load_image", "open_source", "rectify"]
