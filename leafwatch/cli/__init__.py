"""The `leafwatch` command: one dispatcher, one module per command group.

Each group module exposes `register(subparsers)`; it adds its parser and sets `func` to a callable
taking the parsed namespace and returning an exit code. Groups load lazily so that `leafwatch record`
does not pay for importing OpenCV or Textual.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

from engine.errors import LeafwatchError
from leafwatch.cli.errors import UsageError

# command name -> module under leafwatch.cli that registers it
GROUPS: dict[str, str] = {
    "demo": "leafwatch.cli.demo_cmd",
    "play": "leafwatch.cli.play_cmd",
    "analyze": "leafwatch.cli.analyze_cmd",
    "camera": "leafwatch.cli.camera_cmd",
    "replay": "leafwatch.cli.replay_cmd",
    "record": "leafwatch.cli.record_cmd",
    "endgame": "leafwatch.cli.endgame_cmd",
    "solo": "leafwatch.cli.solo_cmd",
    "nine": "leafwatch.cli.nine_cmd",
    "resort": "leafwatch.cli.resort_cmd",
    "calibrate": "leafwatch.cli.calibrate_cmd",
    "led": "leafwatch.cli.led_cmd",
    "journal": "leafwatch.cli.journal_cmd",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit 2 with one line, as argparse does, but uniform
        self.print_usage(sys.stderr)
        print(f"leafwatch: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser(argv: list[str]) -> argparse.ArgumentParser:
    parser = _Parser(prog="leafwatch", description="A camera companion for games of Indian Summer.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    # Load only the group asked for; for --help (or no command) load every group that exists.
    wanted = [a for a in argv if a in GROUPS][:1] or list(GROUPS)
    for name in GROUPS:
        if importlib.util.find_spec(GROUPS[name]) is None:
            continue  # a command group not built in this version is not offered
        if name not in wanted:
            sub.add_parser(name, help="(run 'leafwatch %s --help')" % name)
            continue
        try:
            module = importlib.import_module(GROUPS[name])
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith("leafwatch.cli."):
                continue  # group not built yet
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except UsageError as exc:
        print(f"leafwatch {args.command}: {exc}", file=sys.stderr)
        return 2
    except LeafwatchError as exc:
        print(f"leafwatch {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("leafwatch: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0

if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
