// Runs the real sketch (setup/loop) against the stubs with a scripted host, printing what the
// board would send and show. Script on stdin, one step per line: "<ms> <hex bytes or ->".
#include <stdio.h>
#include <stdlib.h>

#include "FastLED.h"
#include "arduino_stub.h"

StubSerial Serial;
StubFastLED FastLED;
static uint32_t now_ms = 0;
uint32_t millis() { return now_ms; }

void setup();
void loop();

static int hexval(char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

int main() {
  setup();
  char line[512];
  while (fgets(line, sizeof line, stdin)) {
    char* rest = nullptr;
    now_ms = (uint32_t)strtoul(line, &rest, 10);
    while (*rest == ' ') ++rest;
    for (size_t i = 0; rest[i] && rest[i] != '-' && rest[i] != '\n' && rest[i + 1]; i += 2)
      Serial.in.push_back((uint8_t)(hexval(rest[i]) * 16 + hexval(rest[i + 1])));
    loop();
  }
  printf("OUT ");
  for (char c : Serial.out) printf(c == '\r' ? "\\r" : c == '\n' ? "\\n" : "%c", c);
  printf("\nLEDS ");
  for (int i = 0; i < FastLED.count; ++i) printf("%s%02X%02X%02X", i ? "," : "", FastLED.leds[i].r, FastLED.leds[i].g, FastLED.leds[i].b);
  printf("\nSHOWS %d\n", FastLED.shows);
  return 0;
}
