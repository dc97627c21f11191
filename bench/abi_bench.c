/*
 * abi_bench.c -- the engine as the game calls it: from C, over the C ABI of
 * rust-flanking/include/flanking.h, linked with librust_flanking.a.
 *
 *     abi_bench score|explain N [--time]
 *
 * calls flank_score() or flank_explain() N times on the same 256 varied,
 * valid neighbourhoods as rust-flanking/examples/bench_score.rs (the same
 * xorshift64* stream), and prints a checksum (and with --time the
 * nanoseconds per call).  bench/run.sh runs it under callgrind and reads the
 * inclusive cost of each function per call: src/flank.c's flank_bonus()
 * goes through flank_explain(), so that is the engine cost an attack pays.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flanking.h"

static uint64_t
next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * UINT64_C(0x2545F4914F6CDD1D);
}

/* bench_score.rs's inputs(), line for line */
static void
inputs(struct flank_neighbourhood *out)
{
    static const uint16_t relations[5] = { 0, 0x2, 0x4, 0x8, 0x18 };
    uint64_t state = UINT64_C(0x9E3779B97F4A7C15), r;
    int i, d;

    for (i = 0; i < 256; i++) {
        memset(&out[i], 0, sizeof out[i]);
        for (d = 0; d < 8; d++) {
            uint16_t blocked, rel, states;

            r = next(&state);
            blocked = (r & 3) == 0 ? 0x400 : 0;
            if (((r >> 2) & 1) == 0) {
                out[i].square[d] = blocked;
            } else {
                rel = relations[(r >> 3) % 5];
                states = ((r >> 6) & 3) == 0
                             ? (uint16_t) (0x20 << ((r >> 8) % 5)) : 0;
                out[i].square[d] = (uint16_t) (0x1 | rel | states | blocked);
            }
        }
        r = next(&state);
        out[i].defender = (uint8_t) (r & 0xF);
        out[i].attack_dir = (uint8_t) ((r >> 4) & 7);
    }
}

int
main(int argc, char **argv)
{
    static struct flank_neighbourhood hood[256];
    struct flank_detail detail;
    /* volatile: the compiler neither hoists nor merges the calls */
    int32_t (*volatile score)(const struct flank_neighbourhood *) = flank_score;
    int32_t (*volatile explain)(const struct flank_neighbourhood *,
                                struct flank_detail *) = flank_explain;
    struct timespec t0, t1;
    long long n, i, sum = 0;
    int use_explain, timed;

    if (argc < 3 || (strcmp(argv[1], "score") && strcmp(argv[1], "explain"))) {
        fprintf(stderr, "usage: abi_bench score|explain N [--time]\n");
        return 2;
    }
    use_explain = !strcmp(argv[1], "explain");
    n = atoll(argv[2]);
    timed = argc > 3 && !strcmp(argv[3], "--time");
    inputs(hood);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (use_explain)
        for (i = 0; i < n; i++)
            sum += explain(&hood[i & 255], &detail);
    else
        for (i = 0; i < n; i++)
            sum += score(&hood[i & 255]);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (timed)
        printf("%s: %lld calls, %.2f ns per call (checksum %lld)\n", argv[1],
               n, ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec))
                      / (double) n, sum);
    else
        printf("%s: %lld calls (checksum %lld)\n", argv[1], n, sum);
    return 0;
}
