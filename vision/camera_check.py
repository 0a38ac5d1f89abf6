"""Is a camera's picture good enough to play by? Light, glare, focus, colour and framing, measured on one
frame and the boards the pipeline found in it, each problem said in one line with what to do about it.

The limits are data (data/camera_check.toml), read like the recognizer's own thresholds.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.locate.rectification import square_steps
from vision.thresholds import DATA, thresholds

LIMITS_PATH = DATA / "camera_check.toml"


def limits() -> dict:
    return thresholds(LIMITS_PATH)


@dataclass(frozen=True)
class CheckWarning:
    code: str  # dark | bright | glare | focus | colour | cut | side | none
    text: str  # one line: what is wrong and what to do


@dataclass(frozen=True, eq=False)
class CameraCheck:
    result: object  # vision.analysis.AnalyzeResult
    warnings: tuple[CheckWarning, ...]
    measures: dict = field(default_factory=dict)  # brightness, clipped, sharpness, colour (None: not measured)

    @property
    def usable(self) -> bool:
        return not self.warnings

    def board_lines(self) -> list[str]:
        """One line for each board found: its number, side and squares it cannot read."""
        out = []
        for i, b in enumerate(self.result.boards, 1):
            unsure = b.pieces.count("?")
            side = f"side {b.side}" if b.side else "side not named"
            read = "every square read" if not unsure else f"{unsure} square(s) unreadable (crossed in the picture)"
            out.append(f"board {i}: {side}, {read}")
        return out

    def summary(self) -> str:
        sides = ", ".join(b.side or "?" for b in self.result.boards)
        found = f"{len(self.result.boards)} board(s) found" + (f" ({sides})" if sides else "")
        return f"{found}; " + ("usable" if self.usable else f"{len(self.warnings)} warning(s)")


def check_picture(image: np.ndarray, result, limit: dict | None = None) -> CameraCheck:
    """Every warning for a BGR frame and what `vision.analysis.analyze` found in it."""
    limit = limit or limits()
    h, w = image.shape[:2]
    scale = min(1.0, float(limit["work"]["width"]) / w)
    work = image if scale == 1.0 else cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    grey = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    boards = list(result.boards)
    quads = [np.asarray(b.corners, np.float64) * scale for b in boards]
    masks = [_quad_mask(grey.shape, q) for q in quads]
    where = np.zeros(grey.shape, bool)
    for m in masks:
        where |= m
    if not where.any():
        where[:] = True  # no board in view (or none inside the picture): the whole picture is judged
    warnings: list[CheckWarning] = []
    measures: dict = {}

    if not boards:
        warnings.append(CheckWarning("none", "no board found: put every player's board flat and wholly in view, "
                                             "on a table of a colour unlike the boards"))
    light = _light(grey, where, boards, limit, measures)
    spread = _colour_spread(work, where, limit["colour"])
    measures["colour"] = None if spread is None else round(spread, 1)
    wanted = float(limit["colour"]["min_spread" if boards else "min_spread_without_boards"])
    # in the dark every picture loses its colour: the light is said first
    if spread is not None and spread < wanted and not any(x.code == "dark" for x in light):
        warnings.append(CheckWarning("colour", f"the picture has no colour (spread {spread:.1f}, wanted "
                                               f"{wanted:g} or more): greyscale or infrared; "
                                               "leafwatch tells pieces apart by colour: turn off the camera's "
                                               "night or black-and-white mode"))
    warnings += light
    warnings += _glare(work, masks, quads, boards, limit, measures)
    warnings += _focus(image, boards, limit, measures)
    warnings += _framing(image.shape, boards, limit)
    for i, b in enumerate(boards, 1):
        if not b.side and not b.beyond_picture:
            warnings.append(CheckWarning("side", f"board {i}: its side is not named: is it a board? If so, see "
                                                 "that all of it shows, evenly lit and in focus"))
    return CameraCheck(result, tuple(warnings), measures)


def check_frame(image: np.ndarray, profile=None, known_sides: dict[str, str] | None = None) -> CameraCheck:
    """The real pipeline on one frame, then every warning for it."""
    from vision.analysis import analyze

    return check_picture(image, analyze(image, profile, known_sides))


def _quad_mask(shape, quad: np.ndarray) -> np.ndarray:
    m = np.zeros(shape[:2], np.uint8)
    cv2.fillPoly(m, [np.round(quad).astype(np.int32)], 1)
    return m.astype(bool)


def _board_name(i: int, board) -> str:
    return f"board {i}" + (f" ({board.side})" if board.side else "")


def _square_px(quad: np.ndarray) -> float:
    across, down = square_steps(quad)
    return float(np.sqrt(abs(across[0] * down[1] - across[1] * down[0])))


def _light(grey, where, boards, limit, measures) -> list[CheckWarning]:
    lim = limit["light"]
    values = grey[where]
    median = float(np.median(values))
    clipped = float((values >= int(lim["clipped_level"])).mean())
    measures["brightness"], measures["clipped"] = round(median, 1), round(clipped, 3)
    what = "the boards" if boards else "the picture"
    if median < float(lim["dark_median"]):
        return [CheckWarning("dark", f"too dark: {what} show a median brightness of {median:.0f} of 255 (wanted "
                                     f"{lim['dark_median']} or more): add light or raise the camera's exposure")]
    if median > float(lim["bright_median"]) or clipped > float(lim["bright_clipped"]):
        return [CheckWarning("bright", f"too bright: {what} show a median brightness of {median:.0f} of 255 with "
                                       f"{clipped:.0%} clipped white: dim the light or lower the camera's exposure")]
    return []


def _glare(work, masks, quads, boards, limit, measures) -> list[CheckWarning]:
    """Saturated-white patches on a board, in squares of that board."""
    lim = limit["glare"]
    white = (work.min(axis=2) >= int(lim["level"])).astype(np.uint8)
    out, worst = [], 0.0
    for i, (b, m, q) in enumerate(zip(boards, masks, quads), 1):
        n, _, stats, _ = cv2.connectedComponentsWithStats(white & m.astype(np.uint8), connectivity=8)
        if n < 2:
            continue
        squares = float(stats[1:, cv2.CC_STAT_AREA].max()) / max(_square_px(q) ** 2, 1.0)
        worst = max(worst, squares)
        if squares >= float(lim["squares"]):
            out.append(CheckWarning("glare", f"glare on {_board_name(i, b)}: a bright reflection covers about "
                                             f"{squares:.0f} square(s): move the light or tilt the camera"))
    measures["glare_squares"] = round(worst, 1)
    return out


def _blur_effect(grey: np.ndarray, reblur: int, flat: float) -> float | None:
    """How blurred a grey picture is, 0 (sharp) .. 1: the share of its neighbour-to-neighbour variation that
    survives blurring it again (an already blurred picture loses little). None for a picture too flat to say."""
    g = grey.astype(np.float32)
    if g.size == 0 or float(g.std()) < flat:
        return None
    worst = None
    for axis in (1, 0):
        kernel = np.ones((1, reblur) if axis == 1 else (reblur, 1), np.float32) / reblur
        again = cv2.filter2D(g, -1, kernel, borderType=cv2.BORDER_REFLECT)
        d = np.abs(np.diff(g, axis=axis))
        if not d.sum():
            return None
        lost = np.maximum(0.0, d - np.abs(np.diff(again, axis=axis))).sum()
        blur = float((d.sum() - lost) / d.sum())
        worst = blur if worst is None else max(worst, blur)
    return worst


def _focus(image, boards, limit, measures) -> list[CheckWarning]:
    """Sharpness where the boards are, at the scale the squares are read (the whole picture without boards)."""
    lim = limit["focus"]
    h, w = image.shape[:2]
    target = float(limit["work"]["square_px"])
    parts = []
    for b in boards:
        q = np.asarray(b.corners, np.float64)
        x0, y0 = np.clip(np.floor(q.min(0)).astype(int), 0, [w, h])
        x1, y1 = np.clip(np.ceil(q.max(0)).astype(int), 0, [w, h])
        if x1 - x0 < 8 or y1 - y0 < 8:
            continue
        parts.append((image[y0:y1, x0:x1], min(1.0, target / max(_square_px(q), 1.0))))
    if not boards:
        parts.append((image, min(1.0, float(limit["work"]["width"]) / w)))
    values = []
    for part, s in parts:
        if s < 1.0:
            part = cv2.resize(part, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        blur = _blur_effect(cv2.cvtColor(part, cv2.COLOR_BGR2GRAY), int(lim["reblur"]), float(lim["flat"]))
        if blur is not None:
            values.append(1.0 - blur)
    if not values:
        measures["sharpness"] = None
        return []
    sharpness = min(values)
    measures["sharpness"] = round(sharpness, 2)
    if sharpness < float(lim["min_sharpness"]):
        what = "the boards look" if boards else "the picture looks"
        return [CheckWarning("focus", f"poor focus: {what} blurred (sharpness {sharpness:.2f}, wanted "
                                      f"{lim['min_sharpness']} or more): focus the camera, hold it still, or "
                                      "clean its lens")]
    return []


def _colour_spread(work: np.ndarray, where: np.ndarray, lim: dict) -> float | None:
    """How far the colours where the boards lie spread around their median, as chromaticity (R-G and B-G over
    R+G+B, x255) at the 90th percentile; None with too few pixels bright enough to say. Measured on the
    picture scaled down (a sensor's noise averages out, colour areas stay) and as ratios, so that a tint
    over the whole picture (an infrared camera's) is no colour: only differences are."""
    width = int(lim["width"])
    f = min(1.0, width / work.shape[1])
    size = (max(1, round(work.shape[1] * f)), max(1, round(work.shape[0] * f)))
    small = cv2.resize(work, size, interpolation=cv2.INTER_AREA)
    mask = cv2.resize(where.astype(np.uint8), size, interpolation=cv2.INTER_NEAREST).astype(bool)
    px = small[mask].astype(np.float32)
    total = px.sum(1)
    px, total = px[total >= float(lim["min_sum"])], total[total >= float(lim["min_sum"])]
    if len(px) < 20:
        return None
    chroma = np.stack([px[:, 2] - px[:, 1], px[:, 0] - px[:, 1]], 1) / total[:, None] * 255
    return float(np.percentile(np.linalg.norm(chroma - np.median(chroma, 0), axis=1), 90))


def _framing(shape, boards, limit) -> list[CheckWarning]:
    """A board that reaches beyond the picture, or whose grid comes so near its edge that it may be cut."""
    h, w = shape[:2]
    margin = float(limit["edge"]["margin_squares"])
    out = []
    for i, b in enumerate(boards, 1):
        name = _board_name(i, b)
        beyond = b.beyond_picture
        if beyond:
            shown = ", ".join(beyond[:6]) + (", ..." if len(beyond) > 6 else "")
            out.append(CheckWarning("cut", f"{name} is cut by the picture's edge: {len(beyond)} square(s) beyond "
                                           f"it ({shown}): move the camera or the board so all of it shows"))
            continue
        q = np.asarray(b.corners, np.float64)
        near = margin * _square_px(q)
        if (q[:, 0].min() < near or q[:, 1].min() < near or q[:, 0].max() > w - 1 - near
                or q[:, 1].max() > h - 1 - near):
            out.append(CheckWarning("cut", f"{name} reaches the picture's edge and may be cut by it: move the "
                                           "camera or the board so a margin of table shows around it"))
    return out

