// Just enough of the Arduino core for the sketch to build and run on the host (tests only).
#pragma once
#include <stdint.h>

#include <deque>
#include <string>

uint32_t millis();

struct StubSerial {
  std::deque<uint8_t> in;
  std::string out;
  void begin(unsigned long) {}
  int available() { return (int)in.size(); }
  int read() {
    if (in.empty()) return -1;
    int c = in.front();
    in.pop_front();
    return c;
  }
  void println(const char* s) { out += s, out += "\r\n"; }
};
extern StubSerial Serial;
