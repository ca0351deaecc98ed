/*
 * The C side of bench/key-encode.bench.ts: the rowkey {salt(deviceId,16)}_{deviceId}_{reverseTs(ts)} written by plain
 * C over the same records, as a tuned native writer would: Java's String.hashCode over the id's bytes (ASCII ids),
 * memcpy of the id, Long.MAX_VALUE - ts in two 9-digit halves, two digits a step from a table.
 * Build and run: cc -O2 -o key_encode key_encode.c && ./key_encode N
 * Protocol on stdin/stdout, the same as bench/java/KeyEncodeBench.java, so the TypeScript side can alternate rounds
 * with it under the same machine load: after building the records and three warm-up rounds it prints "ready"; each
 * "round" line builds the device id strings again (outside the timing: fresh records each round, as the Java side
 * does) and runs one timed round of each mode, printing
 * {"keysPerSec", "keysPerCpuSec", "intoKeysPerSec", "intoKeysPerCpuSec"}: "encode" mallocs each key and frees it once
 * used (the Java side's new byte[] per key), "into" writes the keys back to back into one 64 KiB buffer, starting over
 * at its front when the next key would not fit (a caller's reused buffer). "done" prints {"checksum", "sink"}.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INTO_BYTES 65536

static const char HEX[] = "0123456789abcdef";
static char PAIRS[200];

/** Every key is used (its length and last byte, signed, summed), so no encoding can be optimised away. */
static long long sink;

static char **ids;
static size_t *lens;
static long long *times;
static int n;

static void build_ids(void) {
  char text[32];
  for (int i = 0; i < n; i++) {
    free(ids[i]);
    int len = snprintf(text, sizeof text, "sensor-%d", i);
    ids[i] = malloc((size_t)len + 1);
    memcpy(ids[i], text, (size_t)len + 1);
    lens[i] = (size_t)len;
  }
}

/** The 9 digits of x (below 10^9) at d[0..8]. */
static inline void nine_digits(uint8_t *d, uint32_t x) {
  for (int k = 7; k >= 1; k -= 2) {
    uint32_t q = x / 100;
    memcpy(d + k, PAIRS + 2 * (x - q * 100), 2);
    x = q;
  }
  d[0] = (uint8_t)('0' + x);
}

/** Writes the key of (id, ts) at b and returns its length, 23 + the id's length. */
static inline size_t encode(const char *id, size_t len, long long ts, uint8_t *b) {
  uint32_t h = 0;
  for (size_t k = 0; k < len; k++) h = h * 31u + (uint8_t)id[k];
  int salt = abs((int32_t)h % 16);
  b[0] = (uint8_t)HEX[salt >> 4];
  b[1] = (uint8_t)HEX[salt & 15];
  b[2] = '_';
  memcpy(b + 3, id, len);
  b[3 + len] = '_';
  uint64_t reversed = (uint64_t)INT64_MAX - (uint64_t)ts;
  uint8_t *d = b + 4 + len;
  uint64_t high = reversed / 1000000000u;
  d[0] = (uint8_t)('0' + high / 1000000000u);
  nine_digits(d + 1, (uint32_t)(high % 1000000000u));
  nine_digits(d + 10, (uint32_t)(reversed % 1000000000u));
  return 23 + len;
}

static double seconds(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void round_malloc(void) {
  for (int i = 0; i < n; i++) {
    uint8_t *key = malloc(23 + lens[i]);
    size_t len = encode(ids[i], lens[i], times[i], key);
    sink += (long long)len + (int8_t)key[len - 1];
    free(key);
  }
}

static uint8_t into_buffer[INTO_BYTES];

static void round_into(void) {
  size_t at = 0;
  for (int i = 0; i < n; i++) {
    if (at + 23 + lens[i] > INTO_BYTES) at = 0;
    size_t len = encode(ids[i], lens[i], times[i], into_buffer + at);
    at += len;
    sink += (long long)len + (int8_t)into_buffer[at - 1];
  }
}

/** Java's Arrays.hashCode of every key folded with 31 * h, the checksum the other sides compute. */
static int32_t checksum(void) {
  uint8_t key[64];
  uint32_t h = 0;
  for (int i = 0; i < n; i++) {
    size_t len = encode(ids[i], lens[i], times[i], key);
    uint32_t k = 1;
    for (size_t j = 0; j < len; j++) k = 31u * k + (uint32_t)(int32_t)(int8_t)key[j];
    h = 31u * h + k;
  }
  return (int32_t)h;
}

int main(int argc, char **argv) {
  if (argc < 2 || (n = atoi(argv[1])) <= 0) {
    fprintf(stderr, "usage: key_encode N (a positive record count)\n");
    return 2;
  }
  for (int i = 0; i < 100; i++) {
    PAIRS[2 * i] = (char)('0' + i / 10);
    PAIRS[2 * i + 1] = (char)('0' + i % 10);
  }
  ids = calloc((size_t)n, sizeof *ids);
  lens = calloc((size_t)n, sizeof *lens);
  times = calloc((size_t)n, sizeof *times);
  if (!ids || !lens || !times) return 1;
  for (int i = 0; i < n; i++) times[i] = 1709856000000LL + ((long long)i * 7919LL) % 86400000LL;
  build_ids();
  for (int w = 0; w < 3; w++) {
    round_malloc();
    round_into();
  }
  printf("ready\n");
  fflush(stdout);
  char line[64];
  while (fgets(line, sizeof line, stdin)) {
    if (strncmp(line, "round", 5) == 0) {
      build_ids();
      double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_THREAD_CPUTIME_ID);
      round_malloc();
      double wall1 = seconds(CLOCK_MONOTONIC), cpu1 = seconds(CLOCK_THREAD_CPUTIME_ID);
      round_into();
      double wall2 = seconds(CLOCK_MONOTONIC), cpu2 = seconds(CLOCK_THREAD_CPUTIME_ID);
      printf("{\"keysPerSec\": %.0f, \"keysPerCpuSec\": %.0f, \"intoKeysPerSec\": %.0f, \"intoKeysPerCpuSec\": %.0f}\n",
             n / (wall1 - wall), n / (cpu1 - cpu), n / (wall2 - wall1), n / (cpu2 - cpu1));
      fflush(stdout);
    } else if (strncmp(line, "done", 4) == 0) {
      printf("{\"checksum\": %d, \"sink\": %lld}\n", checksum(), sink);
      fflush(stdout);
      return 0;
    }
  }
  return 0;
}
