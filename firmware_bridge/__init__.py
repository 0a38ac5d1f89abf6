"""LED cues over a serial port: stock WLED (JSON API), Adalight frames, or our own firmware.

Imports only pyserial and the standard library; the companion maps game events to Cue values.
"""
from firmware_bridge.bridge import BridgeStatus, LedBridge
from firmware_bridge.cues import KINDS, Cue, format_colour, parse_colour
from firmware_bridge.mapping import Look, Mapping, MappingError, default_mapping_text, load_mapping
from firmware_bridge.ports import PortInfo, list_ports

__all__ = [
    "BridgeStatus", "LedBridge", "KINDS", "Cue", "format_colour", "parse_colour", "Look", "Mapping",
    "MappingError", "default_mapping_text", "load_mapping", "PortInfo", "list_ports",
]
