#include "led_protocol.h"

#include <stdio.h>
#include <string.h>

namespace leafwatch {

namespace {

const uint32_t kBlinkMin = 100, kBlinkMax = 10000;
const uint32_t kTimeoutMin = 500, kTimeoutMax = 600000;

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool parseColour(const char* word, Rgb* out) {
  if (strlen(word) != 6) return false;
  uint8_t v[3];
  for (int i = 0; i < 3; ++i) {
    int hi = hexDigit(word[2 * i]), lo = hexDigit(word[2 * i + 1]);
    if (hi < 0 || lo < 0) return false;
    v[i] = (uint8_t)(hi * 16 + lo);
  }
  out->r = v[0];
  out->g = v[1];
  out->b = v[2];
  return true;
}

// At most 6 decimal digits, so 32 bits never overflow on any board.
bool parseNumber(const char* word, uint32_t* out) {
  size_t n = strlen(word);
  if (n == 0 || n > 6) return false;
  uint32_t v = 0;
  for (size_t i = 0; i < n; ++i) {
    if (word[i] < '0' || word[i] > '9') return false;
    v = v * 10 + (uint32_t)(word[i] - '0');
  }
  *out = v;
  return true;
}

bool inRangeOrZero(uint32_t v, uint32_t lo, uint32_t hi) { return v == 0 || (v >= lo && v <= hi); }

}  // namespace

LedProtocol::LedProtocol(Rgb* pixels, uint16_t count) : pixels_(pixels), count_(count) {
  memset(pixels_, 0, sizeof(Rgb) * count_);
  reply_[0] = '\0';
}

const char* LedProtocol::banner() {
  snprintf(reply_, sizeof reply_, "LEAFWATCH %u %u", (unsigned)kProtocolVersion, (unsigned)count_);
  return reply_;
}

bool LedProtocol::feed(uint8_t byte, uint32_t now_ms) {
  if (byte == '\n') return endLine(now_ms);
  if (byte == '\r') return false;
  if (len_ >= kMaxLine) {
    tooLong_ = true;
  } else if (byte < 0x20 || byte > 0x7E) {
    badByte_ = true;
  } else {
    line_[len_++] = (char)byte;
  }
  return false;
}

bool LedProtocol::endLine(uint32_t now_ms) {
  line_[len_] = '\0';
  bool tooLong = tooLong_, bad = badByte_;
  tooLong_ = badByte_ = false;
  const char* out;
  if (tooLong) {
    out = "ERR long";
  } else if (bad) {
    out = "ERR bytes";
  } else {
    out = command(now_ms);
  }
  len_ = 0;
  if (out == nullptr) return false;  // empty line: resynchronise silently
  if (out != reply_) {
    strncpy(reply_, out, sizeof reply_ - 1);
    reply_[sizeof reply_ - 1] = '\0';
  }
  if (strncmp(reply_, "OK", 2) == 0) lastOk_ = now_ms;
  return true;
}

const char* LedProtocol::command(uint32_t now_ms) {
  // split line_ in place into words (any run of spaces separates); words past the fifth are
  // only counted, which is enough to reject them as extra arguments
  char* words[5];
  int n = 0;
  char* p = line_;
  while (*p) {
    while (*p == ' ') *p++ = '\0';
    if (!*p) break;
    if (n < 5) words[n] = p;
    ++n;
    while (*p && *p != ' ') ++p;
  }
  if (n == 0) return nullptr;
  const char* name = words[0];
  int argc = n - 1;
  char** args = words + 1;

  if (!strcmp(name, "HELLO") || !strcmp(name, "v")) {
    if (argc) return "ERR args";
    snprintf(reply_, sizeof reply_, "OK LEAFWATCH %u %u", (unsigned)kProtocolVersion, (unsigned)count_);
    return reply_;
  }
  if (!strcmp(name, "PING") || !strcmp(name, "OFF")) {
    if (argc) return "ERR args";
    if (!strcmp(name, "OFF")) off(now_ms);
    return "OK";
  }
  if (!strcmp(name, "FILL")) {
    Rgb c;
    if (argc != 1 || !parseColour(args[0], &c)) return "ERR args";
    for (uint16_t i = 0; i < count_; ++i) pixels_[i] = c;
    return "OK";
  }
  if (!strcmp(name, "RANGE")) {
    Rgb c;
    uint32_t first, cnt;
    if (argc != 3 || !parseColour(args[2], &c) || !parseNumber(args[0], &first) || !parseNumber(args[1], &cnt))
      return "ERR args";
    if (cnt < 1 || first >= count_ || cnt > count_ - first) return "ERR range";
    for (uint32_t i = first; i < first + cnt; ++i) pixels_[i] = c;
    return "OK";
  }
  if (!strcmp(name, "BLINK") || !strcmp(name, "TIMEOUT")) {
    uint32_t v;
    if (argc != 1 || !parseNumber(args[0], &v)) return "ERR args";
    bool isBlink = !strcmp(name, "BLINK");
    if (!inRangeOrZero(v, isBlink ? kBlinkMin : kTimeoutMin, isBlink ? kBlinkMax : kTimeoutMax)) return "ERR range";
    if (isBlink) {
      blinkMs_ = v;
      blinkStart_ = now_ms;
    } else {
      timeoutMs_ = v;
    }
    return "OK";
  }
  return "ERR unknown";
}

void LedProtocol::off(uint32_t now_ms) {
  memset(pixels_, 0, sizeof(Rgb) * count_);
  blinkMs_ = 0;
  blinkStart_ = now_ms;
}

bool LedProtocol::lit() const {
  for (uint16_t i = 0; i < count_; ++i)
    if (pixels_[i].r || pixels_[i].g || pixels_[i].b) return true;
  return false;
}

bool LedProtocol::tick(uint32_t now_ms) {
  // unsigned subtraction survives millis() wrapping after 49 days
  if (timeoutMs_ && (uint32_t)(now_ms - lastOk_) >= timeoutMs_ && lit()) {
    off(now_ms);
    return true;
  }
  return false;
}

void LedProtocol::render(Rgb* out, uint32_t now_ms) const {
  bool on = blinkMs_ == 0 || ((uint32_t)(now_ms - blinkStart_) % blinkMs_) < blinkMs_ / 2;
  for (uint16_t i = 0; i < count_; ++i) {
    if (on) {
      out[i] = pixels_[i];
    } else {
      out[i].r = out[i].g = out[i].b = 0;
    }
  }
}

}  // namespace leafwatch
