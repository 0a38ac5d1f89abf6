"""Fixtures for the LED bridge tests."""
from __future__ import annotations

import pytest

from firmware_bridge.sim.cpp_firmware import BuildError, build_harness, compiler


@pytest.fixture(scope="session")
def harness_exe(tmp_path_factory):
    """The firmware's C++ parser, built once per run with the host's g++."""
    if compiler() is None:
        pytest.skip("g++ is not installed: the C++ firmware parser cannot be built on this machine")
    try:
        return build_harness(tmp_path_factory.mktemp("firmware"))
    except BuildError as exc:
        pytest.fail(f"the firmware parser does not compile:\n{exc}")
