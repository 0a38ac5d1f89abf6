"""Where frames come from: a live camera, a video file, a folder or glob of images, one image, or the renderer.

Every source has the same shape: `read()` gives the next Frame, or None at a clean end (last image,
end of video); a source that cannot deliver (camera unplugged, unreadable file) raises SourceError
with one line that says what is wrong.
"""
from __future__ import annotations

from engine.errors import LeafwatchError

import glob
import os
import pathlib
import time
from dataclasses import dataclass

import cv2
import numpy as np

from vision.image_checks import HEADER_BYTES, file_problem, header_size, pixel_problem, short_name, size_problem

# FFmpeg prints its own complaints about a damaged video on stderr; the SourceError raised here says it in one
# line (read when OpenCV first opens a video, so set before; a person debugging FFmpeg can set it themselves)
os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"}
VIDEO_SUFFIXES = {".avi", ".mp4", ".mkv", ".mov", ".webm", ".mjpg", ".mjpeg"}


class SourceError(RuntimeError, LeafwatchError):
    """A frame source that cannot deliver; the message is one line for the user."""


@dataclass(frozen=True, eq=False)
class Frame:
    image: np.ndarray  # BGR uint8
    index: int
    timestamp: float  # seconds (source clock: capture time, video position or frame number)
    name: str = ""


class FrameSource:
    def read(self) -> Frame | None:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __iter__(self):
        while (frame := self.read()) is not None:
            yield frame

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def load_image(path: str | os.PathLike) -> np.ndarray:
    """Read one image file, or raise SourceError saying why not. Checked before decoding: that it is a
    regular file (a FIFO would block), and its declared size against the limits of `image_checks`."""
    p = pathlib.Path(path)
    problem = file_problem(p)
    if problem:
        raise SourceError(problem)
    shown = short_name(str(p))
    try:
        with open(p, "rb") as f:
            size = header_size(f.read(HEADER_BYTES))
            if size is not None and (problem := pixel_problem(*size, str(p))):
                raise SourceError(problem)
            f.seek(0)
            data = np.frombuffer(f.read(), np.uint8)
    except OSError as exc:
        raise SourceError(f"{shown}: cannot read ({exc.strerror})") from None
    except MemoryError:
        raise SourceError(f"{shown} is too large to read into memory") from None
    if data.size == 0:
        raise SourceError(f"{shown} is empty (0 bytes): not an image")
    img = _decoded(data)
    if img is None:
        raise SourceError(f"{shown} is not a readable image (JPEG, PNG, BMP, TIFF or WebP expected)")
    if p.suffix.lower() in {".jpg", ".jpeg"} and not data[-2:].tobytes() == b"\xff\xd9":
        raise SourceError(f"{shown} is a truncated JPEG (its end marker is missing): copy the file again")
    if problem := size_problem(img.shape[1], img.shape[0], str(p)):
        raise SourceError(problem)
    return img


def _decoded(data: np.ndarray) -> np.ndarray | None:
    """The image in an encoded file's bytes, or None. OpenCV's decoders log their own complaint about a
    broken file (a truncated PNG) on stderr; the caller's one-line error says it, so they are quietened.
    A decoder that refuses outright (a size beyond OpenCV's own limit) counts as unreadable too."""
    level = cv2.utils.logging.getLogLevel()
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    try:
        return cv2.imdecode(data, cv2.IMREAD_COLOR)
    except (cv2.error, MemoryError):
        return None
    finally:
        cv2.utils.logging.setLogLevel(level)


class ImageSource(FrameSource):
    """One image, or a sorted list of them (a folder or a glob)."""

    def __init__(self, paths: list[str]):
        if not paths:
            raise SourceError("no images matched")
        self.paths = paths
        self.i = 0

    def read(self) -> Frame | None:
        if self.i >= len(self.paths):
            return None
        p = self.paths[self.i]
        img = load_image(p)
        self.i += 1
        return Frame(img, self.i - 1, float(self.i - 1), os.path.basename(p))


class VideoSource(FrameSource):
    def __init__(self, path: str):
        problem = file_problem(path)  # a FIFO would hold the decoder for ever
        if problem:
            raise SourceError(problem)
        self.cap = cv2.VideoCapture(path)
        if not self.cap.isOpened():
            raise SourceError(f"{path} cannot be opened as a video")
        self.path = path
        self.i = 0
        self.frames = int(self.cap.get(cv2.CAP_PROP_FRAME_COUNT))  # as the file's header says; 0 when unknown

    def read(self) -> Frame | None:
        ok, img = self.cap.read()
        if not ok or img is None:
            # a header's count can be an estimate (duration times frame rate), so only an end well short of it
            # is a broken file rather than the end of the video
            if self.frames > 0 and self.frames - self.i > max(2, self.frames // 20):
                raise SourceError(f"{os.path.basename(self.path)} ended after {self.i} of its {self.frames} frames: "
                                  "the file is truncated or damaged")
            return None  # end of the video
        t = self.cap.get(cv2.CAP_PROP_POS_MSEC) / 1000.0
        self.i += 1
        return Frame(img, self.i - 1, t, f"{os.path.basename(self.path)}#{self.i - 1}")

    def close(self):
        self.cap.release()


class CameraSource(FrameSource):
    """A live camera: MJPG at 1080p where offered, manual exposure and white balance where the backend allows."""

    def __init__(self, index: int, width: int = 1920, height: int = 1080, fps: int = 30, manual: bool = True):
        self.cap = cv2.VideoCapture(index)
        if not self.cap.isOpened():
            self.cap.release()
            raise SourceError(f"camera {index} is not available: check it is plugged in and not used by another program")
        self.cap.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter_fourcc(*"MJPG"))
        self.cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        self.cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self.cap.set(cv2.CAP_PROP_FPS, fps)
        if manual:  # colours must not drift mid-game; a backend that refuses simply keeps auto
            self.cap.set(cv2.CAP_PROP_AUTO_WB, 0)
            self.cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, 1)
        self.index = index
        self.i = 0

    def read(self) -> Frame | None:
        ok, img = self.cap.read()
        if not ok or img is None:
            raise SourceError(f"camera {self.index} stopped delivering frames: was it unplugged?")
        self.i += 1
        return Frame(img, self.i - 1, time.monotonic(), f"camera{self.index}#{self.i - 1}")

    def close(self):
        self.cap.release()


class SyntheticSource(FrameSource):
    """Rendered scenes seed, seed+1, ... (`count` of them, or endless); with a held-out artwork `family`,
    its measuring set's scenes (vision.synthetic.families.held_out_scene)."""

    def __init__(self, seed: int, count: int | None = 1, size=(1920, 1080), family: str | None = None):
        self.seed, self.count, self.size, self.family = seed, count, size, family
        self.i = 0
        self.last_scene = None

    def read(self) -> Frame | None:
        if self.count is not None and self.i >= self.count:
            return None
        from vision.synthetic import render_scene
        from vision.synthetic.families import held_out_scene
        seed = self.seed + self.i
        if self.family is None:
            self.last_scene = render_scene(seed, size=self.size)
        else:
            self.last_scene = held_out_scene(seed, self.family, size=self.size)
        self.i += 1
        name = f"synthetic:{seed}" if self.family is None else f"synthetic:{self.family}:{seed}"
        return Frame(self.last_scene.image, self.i - 1, float(self.i - 1), name)


def open_source(spec) -> FrameSource:
    """`camera:0` or an int, `synthetic:SEED` (`synthetic:FAMILY:SEED`: a held-out artwork family's scene), a
    video file, an image file, a folder, or a glob."""
    if isinstance(spec, int):
        return CameraSource(spec)
    s = str(spec)
    if s.startswith("camera:"):
        try:
            return CameraSource(int(s.split(":", 1)[1]))
        except ValueError:
            raise SourceError(f"{s}: the camera is given by its number, e.g. camera:0") from None
    if s.startswith("synthetic:"):
        text = s.split(":", 1)[1].strip()
        family = None
        if ":" in text:
            from vision.synthetic.families import FAMILIES
            family, text = (part.strip() for part in text.split(":", 1))
            if family not in FAMILIES:
                raise SourceError(f"{short_name(s)}: no artwork family {short_name(family)!r}; the families are "
                                  f"{', '.join(FAMILIES)}, e.g. synthetic:photo:5320001")
        if not (text.isascii() and text.isdigit()) or len(text) > 18:
            raise SourceError(f"{short_name(s)}: a synthetic source needs a whole-number seed from 0 to "
                              "999999999999999999, e.g. synthetic:7")
        return SyntheticSource(int(text), family=family)
    try:
        return _open_path(s)
    except OSError as exc:  # a name the system refuses outright (too long, a loop of links)
        raise SourceError(f"{short_name(s)}: {exc.strerror or 'cannot be opened'}") from None


def _open_path(s: str) -> FrameSource:
    p = pathlib.Path(s)
    if p.is_dir():
        files = sorted(str(f) for f in p.iterdir() if f.suffix.lower() in IMAGE_SUFFIXES)
        if not files:
            raise SourceError(f"folder {p} holds no images")
        return ImageSource(files)
    if any(ch in s for ch in "*?["):
        files = sorted(f for f in glob.glob(s) if pathlib.Path(f).suffix.lower() in IMAGE_SUFFIXES)
        if not files:
            raise SourceError(f"no images match {s}")
        return ImageSource(files)
    if p.suffix.lower() in VIDEO_SUFFIXES:
        return VideoSource(s)
    if not p.exists():
        raise SourceError(f"{p}: no such file or folder")
    return ImageSource([s])


def snapshot(spec, settle_frames: int = 0) -> Frame:
    """The first readable frame of a source: of a folder or glob, its first image that reads (one that does
    not is passed over); of a live camera, the one after `settle_frames` more (its exposure and white balance
    settle over the first frames). SourceError when the source gives no frame."""
    with open_source(spec) as source:
        if isinstance(source, ImageSource):
            first_problem = None
            for path in source.paths:
                try:
                    return Frame(load_image(path), 0, 0.0, os.path.basename(path))
                except SourceError as exc:
                    first_problem = first_problem or exc
            raise first_problem
        frame = source.read()
        if isinstance(source, CameraSource):
            for _ in range(settle_frames):
                frame = source.read() or frame
    if frame is None:
        raise SourceError(f"{spec} gives no frame")
    return frame
