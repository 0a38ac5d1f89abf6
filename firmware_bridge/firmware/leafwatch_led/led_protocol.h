// leafwatch LED line protocol: the device-side parser, free of Arduino code so the host's g++
// can build it and run the same conformance cases as the Python encoder (see conformance.json
// and firmware_bridge/line_protocol.py, which documents the commands).
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace leafwatch {

struct Rgb {
  uint8_t r, g, b;
};

class LedProtocol {
 public:
  static const uint8_t kProtocolVersion = 1;
  static const uint8_t kMaxLine = 63;
  static const uint32_t kDefaultTimeoutMs = 5000;

  // `pixels` is owned by the caller (the sketch's state buffer); `count` LEDs.
  LedProtocol(Rgb* pixels, uint16_t count);

  // Feed one received byte. Returns true when a reply line is ready in reply().
  bool feed(uint8_t byte, uint32_t now_ms);
  const char* reply() const { return reply_; }

  // Call often. Blanks after host silence; returns true when it just did.
  bool tick(uint32_t now_ms);

  // What the LEDs should show now (blink applied) into out[count].
  void render(Rgb* out, uint32_t now_ms) const;

  // "LEAFWATCH <version> <leds>", printed at boot.
  const char* banner();

 private:
  bool endLine(uint32_t now_ms);
  const char* command(uint32_t now_ms);
  void off(uint32_t now_ms);
  bool lit() const;

  Rgb* pixels_;
  uint16_t count_;
  uint32_t blinkMs_ = 0;
  uint32_t blinkStart_ = 0;
  uint32_t timeoutMs_ = kDefaultTimeoutMs;
  uint32_t lastOk_ = 0;
  char line_[kMaxLine + 1];
  uint8_t len_ = 0;
  bool tooLong_ = false;
  bool badByte_ = false;
  char reply_[32];
};

}  // namespace leafwatch
