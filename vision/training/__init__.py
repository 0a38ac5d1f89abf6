"""Building the square classifiers from rendered scenes: the perceptrons (`python -m vision.training.perceptrons`)
and the square net (`python -m vision.training.net`, needs requirements-train.txt)."""
