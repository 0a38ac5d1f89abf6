"""The composition root: the command line, the demo, and the one wiring of source -> vision ->
tracker -> engine -> journal -> LED -> screen that `play`, `demo` and `replay` share."""
