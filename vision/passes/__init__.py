"""The passes of analyze, one module each, named for what it finds or recovers. Each is `run(ctx)` over one
vision.frame.FrameContext; vision.analysis lists them in the order they run."""
