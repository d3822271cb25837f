/* Random 4-player rounds of 7 tiles, no bazaar, in plain C: the yardstick for
 * koza's lean core (koza/bench_rounds.py compiles and runs it; not part of koza).
 *
 * The same rounds as koza's random_playout: tiles are ids 0..27 (hi*(hi+1)/2+lo),
 * hands are bit masks, the holder of 6-6 opens with it, and every turn the player
 * picks uniformly among the legal moves (each fitting tile on each end it fits,
 * then two doubles at once when both ends' doubles are in hand), passes when
 * nothing fits, and the round ends when a hand is empty or nothing fits anywhere.
 * Random numbers come from xorshift64*.
 *
 *     bench_rounds ROUNDS SEED  ->  prints "ROUNDS CPU_SECONDS CHECKSUM"
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t state;

static uint64_t next64(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1DULL;
}

static uint32_t below(uint32_t k) { /* uniform in [0, k) by rejection */
    uint32_t bits = 1;
    while ((1u << bits) < k) bits++;
    for (;;) {
        uint32_t i = (uint32_t)(next64() >> (64 - bits));
        if (i < k) return i;
    }
}

static uint32_t has[7], pair_mask[7][7];
static int other[28][7], half_hi[28], half_lo[28];

static void tables(void) {
    int t = 0;
    for (int hi = 0; hi < 7; hi++)
        for (int lo = 0; lo <= hi; lo++, t++) {
            half_hi[t] = hi;
            half_lo[t] = lo;
            has[hi] |= 1u << t;
            has[lo] |= 1u << t;
            for (int n = 0; n < 7; n++)
                other[t][n] = n == hi ? lo : (n == lo ? hi : -1);
        }
    for (int a = 0; a < 7; a++)
        for (int b = 0; b < 7; b++) {
            int da = a * (a + 1) / 2 + a, db = b * (b + 1) / 2 + b;
            pair_mask[a][b] = a == b ? 0 : (1u << da) | (1u << db);
        }
}

static uint32_t nth_bit(uint32_t m, uint32_t i) { /* the i-th set bit's index */
    while (i--) m &= m - 1;
    return (uint32_t)__builtin_ctz(m);
}

static int play_round(void) { /* returns the seat that went out, or -1 for a fish */
    int tiles[28];
    for (int i = 0; i < 28; i++) tiles[i] = i;
    for (int i = 27; i > 0; i--) {
        int j = (int)below((uint32_t)i + 1);
        int x = tiles[i];
        tiles[i] = tiles[j];
        tiles[j] = x;
    }
    uint32_t hands[4] = {0, 0, 0, 0};
    for (int i = 0; i < 28; i++) hands[i / 7] |= 1u << tiles[i];
    int turn = 0;
    while (!(hands[turn] >> 27 & 1)) turn++;
    hands[turn] ^= 1u << 27; /* 6-6 opens */
    int left = 6, right = 6;
    turn = (turn + 1) & 3;
    int check = 1; /* after a pass nothing changed: no need to look for a fish */
    for (;;) {
        uint32_t ends = has[left] | has[right];
        if (check && !((hands[0] | hands[1] | hands[2] | hands[3]) & ends)) return -1;
        uint32_t h = hands[turn];
        uint32_t fl = h & has[left], fr = h & has[right];
        if (!(fl | fr)) {
            turn = (turn + 1) & 3;
            check = 0;
            continue;
        }
        check = 1;
        uint32_t cl = (uint32_t)__builtin_popcount(fl);
        uint32_t k = cl + (uint32_t)__builtin_popcount(fr);
        uint32_t pair = pair_mask[left][right];
        int doubles = pair && (h & pair) == pair;
        k += (uint32_t)doubles;
        uint32_t i = k > 1 ? below(k) : 0;
        if (doubles && i == k - 1) {
            h ^= pair;
        } else if (i < cl) {
            uint32_t t = nth_bit(fl, i);
            h ^= 1u << t;
            left = other[t][left];
        } else {
            uint32_t t = nth_bit(fr, i - cl);
            h ^= 1u << t;
            right = other[t][right];
        }
        hands[turn] = h;
        if (!h) return turn;
        turn = (turn + 1) & 3;
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: bench_rounds ROUNDS SEED\n");
        return 2;
    }
    long rounds = atol(argv[1]);
    state = (uint64_t)atoll(argv[2]) * 0x9E3779B97F4A7C15ULL | 1;
    tables();
    struct timespec a, b;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    long checksum = 0;
    for (long r = 0; r < rounds; r++) checksum += play_round() + 1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    double spent = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    printf("%ld %.9f %ld\n", rounds, spent, checksum);
    return 0;
}
