// Just enough of FastLED's API (same names and shapes) for the sketch to build on the host.
#pragma once
#include <stdint.h>

struct CRGB {
  uint8_t r = 0, g = 0, b = 0;
  CRGB() {}
  CRGB(uint8_t r_, uint8_t g_, uint8_t b_) : r(r_), g(g_), b(b_) {}
  bool operator!=(const CRGB& o) const { return r != o.r || g != o.g || b != o.b; }
};

enum EOrder { RGB, GRB };
template <uint8_t DATA_PIN, EOrder RGB_ORDER>
class WS2812B {};

struct StubFastLED {
  CRGB* leds = nullptr;
  int count = 0;
  int shows = 0;
  template <template <uint8_t, EOrder> class CHIPSET, uint8_t DATA_PIN, EOrder RGB_ORDER>
  StubFastLED& addLeds(CRGB* l, int n) {
    leds = l;
    count = n;
    return *this;
  }
  void setMaxPowerInVoltsAndMilliamps(uint8_t, uint32_t) {}
  void clear(bool write = false) {
    for (int i = 0; i < count; ++i) leds[i] = CRGB();
    if (write) show();
  }
  void show() { ++shows; }
};
extern StubFastLED FastLED;
