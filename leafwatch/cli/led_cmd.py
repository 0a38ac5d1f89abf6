"""`leafwatch led`: list ports, test a device, send one cue, run a simulated device."""
from __future__ import annotations

import argparse
import json
import sys
import time

from leafwatch.cli.errors import CliError, UsageError

CONNECT_TIMEOUT_S = 4.0


def register(subparsers) -> None:
    led = subparsers.add_parser("led", help="LED strip or matrix on a serial port: ports, test, cue, sim",
                                description="Drive an LED strip that shows leafwatch's cues: stock WLED "
                                "(JSON over serial), any Adalight sink, or leafwatch's own firmware. "
                                "PORT is a device (/dev/ttyUSB0, COM3), a pyserial URL (socket://127.0.0.1:7777), "
                                "a built-in simulator (sim:wled, sim:adalight, sim:leafwatch), or auto.")
    sub = led.add_subparsers(dest="led_command", metavar="SUBCOMMAND")

    ports = sub.add_parser("ports", help="list serial ports")
    ports.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ports.set_defaults(func=_ports)

    test = sub.add_parser("test", help="probe a device and step through every cue")
    _device_args(test)
    test.add_argument("--step", type=float, default=0.8, metavar="SECONDS", help="how long each cue shows (0.8)")
    test.set_defaults(func=_test)

    from firmware_bridge.cues import KINDS

    cue = sub.add_parser("cue", help="show one cue")
    cue.add_argument("name", choices=KINDS, metavar="NAME", help="one of: " + ", ".join(KINDS))
    _device_args(cue)
    cue.add_argument("--seat", type=int, help="seat 1-8 (turn, treasure_owed, winner use its colour and section)")
    cue.add_argument("--colour", "--color", dest="colour", metavar="#RRGGBB", help="the seat's colour, instead of the mapping's")
    cue.add_argument("--hold", type=float, default=0.0, metavar="SECONDS",
                     help="keep the port open this long (Adalight and our firmware blank a few seconds after the host goes quiet)")
    cue.set_defaults(func=_cue)

    sim = sub.add_parser("sim", help="run a simulated device on a pty or a local TCP port until Ctrl-C")
    sim.add_argument("kind", choices=("wled", "adalight", "leafwatch"))
    where = sim.add_mutually_exclusive_group()
    where.add_argument("--tcp", type=int, metavar="PORT", help="listen on 127.0.0.1:PORT (default: a pty)")
    where.add_argument("--link", metavar="PATH", help="also make PATH a symlink to the pty")
    sim.add_argument("--leds", type=int, default=30, help="strip length (30)")
    sim.add_argument("--seconds", type=float, default=0.0, help="stop after this long (default: until Ctrl-C)")
    sim.set_defaults(func=_sim)

    mapping = sub.add_parser("mapping", help="print the built-in cue mapping, or check a mapping file")
    mapping.add_argument("--check", metavar="FILE", help="validate FILE and print how each cue looks")
    mapping.set_defaults(func=_mapping)

    led.set_defaults(func=lambda args: _help(led))


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _device_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", required=True, metavar="URL", help="device or URL: /dev/ttyUSB0, COM3, socket://127.0.0.1:7777, sim:wled, "
                   "or auto (the first board with a known USB serial chip)")
    p.add_argument("--backend", default="auto", choices=("auto", "wled", "adalight", "leafwatch"),
                   help="what is on the port (default: auto-detect)")
    p.add_argument("--mapping", metavar="FILE", help="cue mapping file (TOML); default: the built-in one")
    p.add_argument("--leds", type=int, help="strip length, overriding the mapping's [strip].leds")
    p.add_argument("--baud", type=int, default=115200, help="baud rate (115200)")


def _load_mapping(args):
    from firmware_bridge.mapping import MAX_LEDS, MappingError, load_mapping

    if args.leds is not None and not 1 <= args.leds <= MAX_LEDS:
        raise UsageError(f"--leds must be 1-{MAX_LEDS}")
    try:
        return load_mapping(args.mapping, leds=args.leds)
    except MappingError as exc:
        raise CliError(f"{exc}; see 'leafwatch led mapping' for the format") from None


def _show(frame) -> str:
    from firmware_bridge.preview import ansi, runs

    return ansi(frame) if sys.stdout.isatty() else runs(frame)


def _open_bridge(args, blank_on_close: bool):
    from firmware_bridge.bridge import LedBridge

    mapping = _load_mapping(args)
    if args.baud <= 0:
        raise UsageError("--baud must be positive")
    # backoff capped low: a CLI run is short, and a replug should show up within a second
    bridge = LedBridge(args.port, args.backend, mapping, baudrate=args.baud, blank_on_close=blank_on_close,
                       backoff_s=(0.2, 1.0))
    # a command line should fail at the first refusal, not sit through the bridge's retries
    status = bridge.wait_status(lambda st: st.state in ("connected", "disconnected"), CONNECT_TIMEOUT_S)
    if status.state != "connected":
        bridge.close()
        raise CliError(f"{status.detail or 'no device'}; check the cable, or run 'leafwatch led ports' "
                       "(or try --port sim:wled)")
    status = bridge.status
    print(f"{args.port}: {status.backend} - {status.detail}")
    return bridge


def _device_frame(port: str, expect=None):
    """What an in-process simulated device shows (None for real ports); waits briefly for it to
    match `expect`, since the bytes may still be on their way."""
    from firmware_bridge.sim.registry import parse_sim, sim_device

    try:
        kind = parse_sim(port)
    except ValueError:
        return None
    host = sim_device(kind) if kind else None
    if host is None:
        return None
    deadline = time.monotonic() + 0.5
    frame = host.frame()
    while expect is not None and frame != expect and time.monotonic() < deadline:
        time.sleep(0.02)
        frame = host.frame()
    return frame


def _ports(args) -> int:
    from firmware_bridge.ports import list_ports

    try:
        found = list_ports()
    except OSError as exc:
        raise CliError(f"cannot list serial ports: {exc}") from None
    if args.json:
        print(json.dumps([{"device": p.device, "description": p.description, "hwid": p.hwid,
                           "vid": p.vid, "pid": p.pid, "guess": p.guess} for p in found], indent=2))
        return 0
    if not found:
        print("no serial ports found; plug a board in, or use --port sim:wled (or sim:adalight, sim:leafwatch)")
        return 0
    width = max(len(p.device) for p in found)
    for p in found:
        extra = "; ".join(x for x in (p.description, p.guess, p.hwid) if x and x != "n/a")
        print(f"{p.device:<{width}}  {extra}".rstrip())
    return 0


def _test(args) -> int:
    from firmware_bridge.cues import Cue

    if not 0 < args.step <= 60:  # nan and inf fail this too
        raise UsageError("--step must be more than 0 and at most 60 seconds")
    bridge = _open_bridge(args, blank_on_close=True)
    try:
        mapping = bridge.mapping
        seats = range(1, mapping.seats + 1)
        sequence = [Cue("turn", seat=s, detail=f"seat {s}") for s in seats] + [
            Cue("alert"), Cue("treasure_owed", seat=1), Cue("area_complete"), Cue("end_triggered"),
            Cue("winner", seat=1), Cue("idle")]
        for cue in sequence:
            bridge.send(cue)
            if not bridge.flush(3.0):
                raise CliError(f"{args.port}: {bridge.status.detail or 'device lost'} while showing {cue.kind}")
            label = cue.kind + (f" {cue.seat}" if cue.seat else "")
            print(f"  {label:<16} {_show(bridge.preview())}")
            time.sleep(args.step)
        device = _device_frame(args.port, bridge.preview())
        if device is not None:
            print(f"  simulated device shows: {_show(device)}")
        if bridge.status.state != "connected":
            raise CliError(f"{args.port}: {bridge.status.detail}")
        # the device's own word, not only that the bytes went out: its answers during the test, then a query
        from firmware_bridge.drivers import UNVERIFIABLE

        answer = bridge.verify()
        trouble = bridge.complaints + ([answer] if answer not in (None, UNVERIFIABLE) else [])
        if trouble:
            more = f" (and {len(trouble) - 1} more)" if len(trouble) > 1 else ""
            raise CliError(f"{args.port}: the device {trouble[0]}{more}")
        if answer == UNVERIFIABLE:
            print(f"ok: every cue was sent; {bridge.status.backend} devices do not answer, so check that the strip showed each one")
        else:
            print("ok: every cue was sent and the device answered")
        return 0
    finally:
        bridge.close()


def _parse_cue(args):
    from firmware_bridge.cues import Cue, parse_colour

    colour = None
    if args.colour:
        try:
            colour = parse_colour(args.colour)
        except ValueError as exc:
            raise UsageError(f"--colour: {exc}") from None
    try:
        return Cue(args.name, seat=args.seat, colour=colour)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _cue(args) -> int:
    cue = _parse_cue(args)
    if not args.hold >= 0:  # nan fails this too
        raise UsageError("--hold must be 0 or more seconds")
    bridge = _open_bridge(args, blank_on_close=False)
    try:
        bridge.send(cue)
        if not bridge.flush(3.0):
            raise CliError(f"{args.port}: {bridge.status.detail or 'device lost'}")
        print(f"{cue.kind}: {_show(bridge.preview())}")
        deadline = time.monotonic() + args.hold
        while time.monotonic() < deadline:
            time.sleep(min(0.1, max(0.0, deadline - time.monotonic())))
        device = _device_frame(args.port, bridge.preview())
        if device is not None:
            print(f"simulated device shows: {_show(device)}")
        return 0
    finally:
        bridge.close()


def _sim(args) -> int:
    from firmware_bridge.sim import PtyHost, SocketHost, make_device

    if not 1 <= args.leds <= 1024:
        raise UsageError("--leds must be 1-1024")
    if args.tcp is not None and not 0 <= args.tcp <= 65535:
        raise UsageError("--tcp must be a port number from 0 to 65535")
    device = make_device(args.kind, args.leds)
    try:
        host = SocketHost(device, args.tcp) if args.tcp is not None else PtyHost(device, args.link)
    except OSError as exc:
        raise CliError(f"cannot start the simulator: {exc.strerror or exc}") from None
    where = host.url if isinstance(host, SocketHost) else host.path
    print(f"simulated {args.kind} with {args.leds} LEDs: use --port {where}", flush=True)
    live = sys.stdout.isatty()
    deadline = time.monotonic() + args.seconds if args.seconds > 0 else None
    last = None
    try:
        while deadline is None or time.monotonic() < deadline:
            frame = host.frame()
            if live:
                print("\r" + _show(frame), end="", flush=True)
            elif frame != last:
                print(_show(frame), flush=True)
            last = frame
            time.sleep(0.05)
    except KeyboardInterrupt:
        pass
    finally:
        host.stop()
        if live:
            print()
    return 0


def _mapping(args) -> int:
    from firmware_bridge.cues import KINDS, Cue, format_colour
    from firmware_bridge.mapping import MappingError, default_mapping_text, load_mapping

    if not args.check:
        print(default_mapping_text(), end="")
        return 0
    try:
        mapping = load_mapping(args.check)
    except MappingError as exc:
        raise CliError(str(exc)) from None
    print(f"{args.check}: ok, {mapping.leds} LEDs, {mapping.seats} seats, brightness {mapping.brightness}")
    for kind in KINDS:
        look = mapping.look(Cue(kind, seat=1))
        how = f"preset {look.wled_preset} on WLED, else " if look.wled_preset else ""
        blink = f"blink {look.period_ms} ms" if look.period_ms else "solid"
        hold = f", for {look.hold_ms} ms" if look.hold_ms else ""
        print(f"  {kind:<14} {how}{format_colour(look.colour)} {blink}, LEDs {look.first}-"
              f"{look.first + look.count - 1}{hold} (seat 1)")
    return 0
