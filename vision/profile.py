"""A colour profile from calibration: how this table's printed floor looks under neutral light."""
from __future__ import annotations

from engine.errors import LeafwatchError

import json
import pathlib
import tomllib
from dataclasses import dataclass, field, replace

from vision.lens import Lens


class ProfileError(ValueError, LeafwatchError):
    pass


class AppearanceFileError(ProfileError):
    """The appearance file beside a profile cannot be read."""


@dataclass(frozen=True)
class ColourProfile:
    # what the camera reports for a neutral grey under the table's light (BGR 0..255), e.g. measured by
    # calibration on the markers' white border: the camera's own colour cast, removed before anything else
    white_bgr: tuple[float, float, float] | None = None
    # the lens as `leafwatch calibrate camera` measured it: frames are undistorted before they are read
    lens: Lens | None = None
    # the table's pieces as learned in play (vision.classify.appearance.AppearanceMemory), kept in a file
    # beside the profile (camera.json -> camera.appearance.json) that `play --profile` writes at a game's end
    appearance: object = field(default=None, compare=False)

    def undistorted(self, image):
        return image if self.lens is None else self.lens.undistort(image)

    def gains(self):
        if self.white_bgr is None:
            return None
        m = sum(self.white_bgr) / 3
        return tuple(m / v for v in self.white_bgr)

    @staticmethod
    def load(path: str | pathlib.Path, *, thresholds: dict) -> "ColourProfile":
        """The profile in a JSON or TOML file, with the appearance learned beside it (read by thresholds.toml's
        [appearance] in `thresholds`)."""
        p = pathlib.Path(path)
        from vision.image_checks import file_problem, short_name

        problem = file_problem(p)  # a FIFO would block the read for ever
        if problem:
            raise ProfileError(f"colour profile {problem}")
        p = pathlib.Path(short_name(str(p)))  # as shown in messages
        try:
            text = pathlib.Path(path).read_bytes()
        except OSError as exc:
            raise ProfileError(f"cannot read colour profile {p}: {exc.strerror}") from None
        if len(text) > 1 << 20:
            raise ProfileError(f"colour profile {p} is over 1 MB: not a profile")
        try:
            data = tomllib.loads(text.decode()) if p.suffix == ".toml" else json.loads(text)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            first = (str(exc).splitlines() or [type(exc).__name__])[0][:120]
            raise ProfileError(f"colour profile {p} is not valid {'TOML' if p.suffix == '.toml' else 'JSON'}: {first}") from None
        if not isinstance(data, dict):
            raise ProfileError(f"colour profile {p} must be an object with 'white_bgr' or 'lens'")
        floor = data.get("white_bgr")
        if floor is not None and (not isinstance(floor, list) or len(floor) != 3
                                  or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 255
                                             for v in floor)):
            raise ProfileError(f"colour profile {p}: white_bgr must be 3 numbers in 1..255")
        lens = None
        if data.get("lens") is not None:
            try:
                lens = Lens.from_json(data["lens"])
            except ValueError as exc:
                raise ProfileError(f"colour profile {p}: {exc}") from None
        return ColourProfile(tuple(float(v) for v in floor) if floor else None, lens,
                             _appearance_beside(pathlib.Path(path), thresholds=thresholds))

    def with_appearance(self, memory) -> "ColourProfile":
        return replace(self, appearance=memory)


def _appearance_beside(profile_path: pathlib.Path, *, thresholds: dict):
    """The appearance learned in play kept beside the profile, or None when there is none yet."""
    from vision.classify.appearance import AppearanceError, AppearanceMemory, beside

    path = beside(profile_path)
    if not path.exists():
        return None
    try:
        return AppearanceMemory.load(path, params=thresholds["appearance"])
    except AppearanceError as exc:
        raise AppearanceFileError(f"{exc}; delete it to learn the table's pieces again") from None
