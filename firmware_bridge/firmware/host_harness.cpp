// Host-side driver for the firmware's protocol parser: pytest (and the simulated firmware)
// talk to it over stdin/stdout, so the very code that runs on the board answers the cases.
//
// Usage: host_harness LEDS. Commands on stdin, one per line; each answer ends with a "." line:
//   B           -> "R <boot banner>"
//   T ms        tick the clock (may blank on silence)
//   F ms HEX    feed bytes (hex-encoded, so any byte can be sent) -> "R <reply>" per reply
//   P ms        -> "P RRGGBB,RRGGBB,..." the rendered frame
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <vector>

#include "leafwatch_led/led_protocol.h"

using leafwatch::LedProtocol;
using leafwatch::Rgb;

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int main(int argc, char** argv) {
  int leds = argc > 1 ? atoi(argv[1]) : 8;
  if (leds < 1 || leds > 4096) return 2;
  std::vector<Rgb> state(leds), shown(leds);
  LedProtocol proto(state.data(), (uint16_t)leds);
  std::string line;
  int c;
  while (true) {
    line.clear();
    while ((c = getchar()) != EOF && c != '\n') line.push_back((char)c);
    if (c == EOF && line.empty()) break;
    char op = line.empty() ? '?' : line[0];
    unsigned long ms = line.size() > 2 ? strtoul(line.c_str() + 2, nullptr, 10) : 0;
    if (op == 'B') {
      printf("R %s\n", proto.banner());
    } else if (op == 'T') {
      proto.tick((uint32_t)ms);
    } else if (op == 'F') {
      const char* hex = strchr(line.c_str() + 2, ' ');
      hex = hex ? hex + 1 : "";
      for (size_t i = 0; hex[i] && hex[i + 1]; i += 2) {
        int b = hexval(hex[i]) * 16 + hexval(hex[i + 1]);
        if (proto.feed((uint8_t)b, (uint32_t)ms)) printf("R %s\n", proto.reply());
      }
    } else if (op == 'P') {
      proto.render(shown.data(), (uint32_t)ms);
      printf("P ");
      for (int i = 0; i < leds; ++i) printf("%s%02X%02X%02X", i ? "," : "", shown[i].r, shown[i].g, shown[i].b);
      printf("\n");
    } else {
      printf("E unknown harness command\n");
    }
    printf(".\n");
    fflush(stdout);
  }
  return 0;
}
