"""Synthetic table scenes with ground truth: the demo's camera and the tests' and benchmark's data."""
from vision.synthetic.artwork import Artwork, random_artwork
from vision.synthetic.positions import Position, played_position, random_position, with_treasure_tokens
from vision.synthetic.scene import (BoardSpec, BoardTruth, Conditions, Scene, played_boards, random_boards,
                                    render_scene, tight_fill)

__all__ = ["Artwork", "BoardSpec", "BoardTruth", "Conditions", "Position", "Scene", "played_boards", "played_position",
           "random_artwork", "random_boards", "random_position", "render_scene", "tight_fill",
           "with_treasure_tokens"]
