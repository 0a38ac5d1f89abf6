"""The table's own files a command can be given: the camera's colour profile (`--profile FILE`, written by
`leafwatch calibrate`) and the kit (`--kit FILE`: board sides, tiles, supply). Each one that cannot be used
ends the command with one line (exit 1)."""
from __future__ import annotations

from leafwatch.cli.errors import CliError


def add_options(parser, profile: bool = True, kit: bool = True) -> None:
    if profile:
        parser.add_argument("--profile", metavar="FILE", help="colour profile from calibration (JSON or TOML)")
    if kit:
        parser.add_argument("--kit", metavar="FILE",
                            help="kit TOML file: board sides, tiles and supply (default: the reference kit)")


def load_profile(path: str | None):
    """The ColourProfile in FILE, or None without one."""
    if not path:
        return None
    from vision.profile import AppearanceFileError, ColourProfile, ProfileError
    from vision.thresholds import thresholds

    try:
        return ColourProfile.load(path, thresholds=thresholds())
    except AppearanceFileError as exc:  # the profile is good; the pieces learned beside it are not
        raise CliError(str(exc)) from None
    except ProfileError as exc:
        raise CliError(f"{exc}; pass a profile written by `leafwatch calibrate`") from None


def load_kit(path: str | None):
    """The engine's Kit in FILE (the reference kit without one); a kit with no board side is no use here."""
    from store.files import read_kit

    kit = read_kit(path)
    if path and not kit.sides:
        raise CliError(f"kit file {path}: it names no board side ([[forest_floor]] entries with side and printed)")
    return kit


def kit_sides(kit) -> dict[str, str]:
    """Every board side of a kit with its printed notation: the sides vision may name."""
    return {name: layout.format() for name, layout in kit.sides}
