"""Finding boards in a frame: outlines, markers, grids fitted inside them, and the rectified board."""
from vision.locate.location import BoardLocation, locate

__all__ = ["BoardLocation", "locate"]
