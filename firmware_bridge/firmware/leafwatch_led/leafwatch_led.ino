// leafwatch LED firmware: shows leafwatch cues on a WS2812B strip, driven over USB serial by the
// line protocol in led_protocol.h. Only this file touches Arduino and FastLED; the parser is
// portable and tested on the host (tests/firmware_bridge/test_led_conformance.py).
//
// Board: any Arduino (Uno, Nano) or ESP32/ESP8266 with FastLED 3.6+. Edit the three settings
// below, then flash (see the README section "LED bridge").
#include <FastLED.h>

#include "led_protocol.h"

#define LED_PIN 5        // data pin to the strip's DIN (through a 330 ohm resistor)
#define NUM_LEDS 30      // must match [strip].leds in the host's mapping file
#define BAUD 115200

CRGB leds[NUM_LEDS];
leafwatch::Rgb state[NUM_LEDS];
leafwatch::Rgb shown[NUM_LEDS];
leafwatch::LedProtocol protocol(state, NUM_LEDS);

void setup() {
  Serial.begin(BAUD);
  FastLED.addLeds<WS2812B, LED_PIN, GRB>(leds, NUM_LEDS);
  // Keep USB current modest; the host scales colours by its own brightness setting too.
  FastLED.setMaxPowerInVoltsAndMilliamps(5, 500);
  FastLED.clear(true);
  Serial.println(protocol.banner());
}

void loop() {
  uint32_t now = millis();
  while (Serial.available() > 0) {
    if (protocol.feed((uint8_t)Serial.read(), now)) Serial.println(protocol.reply());
  }
  protocol.tick(now);

  // Redraw at most every 10 ms and only on change: WS2812 output blocks interrupts, and on AVR
  // serial bytes arriving during show() are lost (the host waits for OK before the next line).
  static uint32_t lastDraw = 0;
  if ((uint32_t)(now - lastDraw) < 10) return;
  lastDraw = now;
  protocol.render(shown, now);
  bool changed = false;
  for (uint16_t i = 0; i < NUM_LEDS; ++i) {
    CRGB c(shown[i].r, shown[i].g, shown[i].b);
    if (leds[i] != c) {
      leds[i] = c;
      changed = true;
    }
  }
  if (changed) FastLED.show();
}
