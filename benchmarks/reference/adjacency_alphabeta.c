/*
 * A plain alpha-beta solver for the adjacency game, in C: the reference
 * plyground's exact solver is measured against (benchmarks/solve_vs_c.py).
 *
 *     gcc -O2 -o adjacency_alphabeta adjacency_alphabeta.c
 *     ./adjacency_alphabeta '6OO/6OO/8/8/O7/OO3X2/OO6/XX6 X 12'
 *     {"position": "6OO/6OO/8/8/O7/OO3X2/OO6/XX6 X 12", "value": -4, "nodes": ..., "seconds": ...}
 *
 * It is the straightforward search of the project's notes, nothing more:
 * bitboards; moves ordered by gain (how many marks they flip), read from a
 * bit-sliced adder of the four shifted opponent masks; a node one ply from
 * the horizon valued in closed form (material + 1 + 2 * best gain); a
 * transposition table (depth-preferred, probed from 3 plies to go); principal
 * variation search; iterative deepening with material as the horizon's value,
 * up to the end of the game, where the value is exact. It prints the value
 * (X's marks minus O's at the end, as `plyground solve adjacency` does),
 * the nodes searched and the CPU seconds of the search as one JSON line.
 *
 * Boards of side 4 to 8 share one layout: cell (row, column) is bit
 * 8 * row + column, and a mask of the board's cells keeps smaller boards
 * inside their side.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define NOT_COLUMN_A 0xfefefefefefefefeULL
#define NOT_COLUMN_H 0x7f7f7f7f7f7f7f7fULL
#define INFINITE 1000
#define NO_MOVE 255
#define TABLE_BITS 22 /* 4 M entries of 16 bytes: 64 MiB */
#define TABLE_MIN 3   /* probe the table at nodes with this many plies to go or more */

enum bound { EXACT, LOWER, UPPER };

typedef struct {
    u64 key;
    int16_t value;
    uint8_t depth, bound, move;
} entry_t;

static u64 board;         /* the board's cells */
static u64 neighbours[64]; /* the cells orthogonally next to each cell */
static entry_t *table;
static u64 nodes;

static int popcount(u64 mask) { return __builtin_popcountll(mask); }

/* For every cell, which of its four neighbours are in `mask`, one mask per direction. */
static void shifted(u64 mask, u64 out[4]) {
    out[0] = (mask << 1) & NOT_COLUMN_A; /* the neighbour to the left is in mask */
    out[1] = (mask >> 1) & NOT_COLUMN_H; /* to the right */
    out[2] = mask << 8;                  /* below */
    out[3] = mask >> 8;                  /* above */
}

/* The gain of a move on every empty cell at once: bits 1, 2 and 4 of the number of
 * opponent marks next to it, added by a bit-sliced adder of the four shifted masks. */
static void gain_masks(u64 theirs, u64 empty, u64 *ones, u64 *twos, u64 *fours) {
    u64 s[4];
    shifted(theirs, s);
    u64 sum_ab = s[0] ^ s[1], carry_ab = s[0] & s[1];
    u64 sum_cd = s[2] ^ s[3], carry_cd = s[2] & s[3];
    u64 carry = sum_ab & sum_cd;
    *ones = (sum_ab ^ sum_cd) & empty;
    *twos = (carry_ab ^ carry_cd ^ carry) & empty;
    *fours = ((carry_ab & carry_cd) | (carry & (carry_ab ^ carry_cd))) & empty;
}

/* The empty cells whose move flips exactly `gain` marks. */
static u64 gain_group(int gain, u64 ones, u64 twos, u64 fours, u64 empty) {
    switch (gain) {
    case 4: return fours;
    case 3: return twos & ones;
    case 2: return twos & ~ones;
    case 1: return ones & ~twos & ~fours;
    default: return empty & ~(ones | twos | fours);
    }
}

static int best_gain(u64 theirs, u64 empty) {
    u64 ones, twos, fours;
    gain_masks(theirs, empty, &ones, &twos, &fours);
    return fours ? 4 : (twos & ones) ? 3 : twos ? 2 : ones ? 1 : 0;
}

/* murmur3's 64-bit finaliser. */
static u64 mix(u64 h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

/* A position's key: its mark count fixes its ply, so the two masks (the mover's first) say
 * everything. Never 0, which marks an empty slot. */
static u64 position_key(u64 own, u64 theirs) {
    return mix(mix(own + 0x9e3779b97f4a7c15ULL) ^ theirs) | 1;
}

/* The mover's value, fail-soft in (alpha, beta), searching `depth` plies; at the horizon a
 * position is worth its material (own marks minus the opponent's). */
static int search(u64 own, u64 theirs, int depth, int alpha, int beta) {
    nodes++;
    u64 empty = board & ~(own | theirs);
    int material = popcount(own) - popcount(theirs);
    if (depth == 0 || empty == 0)
        return material;
    if (depth == 1)
        return material + 1 + 2 * best_gain(theirs, empty);

    entry_t *slot = NULL;
    u64 key = 0;
    int table_move = NO_MOVE;
    if (depth >= TABLE_MIN) {
        key = position_key(own, theirs);
        slot = &table[key & ((1ULL << TABLE_BITS) - 1)];
        if (slot->key == key) {
            int value = slot->value;
            if (slot->depth >= depth &&
                (slot->bound == EXACT || (slot->bound == LOWER && value >= beta) ||
                 (slot->bound == UPPER && value <= alpha)))
                return value;
            table_move = slot->move;
        }
    }

    /* The table's move first, then by gain from 4 down to 0. */
    int moves[64], count = 0;
    if (table_move != NO_MOVE && (empty >> table_move) & 1)
        moves[count++] = table_move;
    u64 ones, twos, fours;
    gain_masks(theirs, empty, &ones, &twos, &fours);
    for (int gain = 4; gain >= 0; gain--) {
        u64 group = gain_group(gain, ones, twos, fours, empty);
        while (group) {
            int cell = __builtin_ctzll(group);
            group &= group - 1;
            if (cell != table_move)
                moves[count++] = cell;
        }
    }

    int best = -INFINITE, best_move = NO_MOVE, window_alpha = alpha;
    for (int i = 0; i < count; i++) {
        int cell = moves[i];
        u64 flips = neighbours[cell] & theirs;
        u64 child_own = theirs ^ flips, child_theirs = own | (1ULL << cell) | flips;
        int value;
        if (i == 0) {
            value = -search(child_own, child_theirs, depth - 1, -beta, -alpha);
        } else { /* principal variation search: a null window first */
            value = -search(child_own, child_theirs, depth - 1, -alpha - 1, -alpha);
            if (value > alpha && value < beta)
                value = -search(child_own, child_theirs, depth - 1, -beta, -alpha);
        }
        if (value > best) {
            best = value;
            best_move = cell;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta)
                    break;
            }
        }
    }

    if (slot && (slot->key == key || depth >= slot->depth)) { /* depth-preferred */
        slot->key = key;
        slot->value = (int16_t)best;
        slot->depth = (uint8_t)depth;
        slot->bound = best <= window_alpha ? UPPER : best >= beta ? LOWER : EXACT;
        slot->move = (uint8_t)best_move;
    }
    return best;
}

static void fail(const char *problem, const char *text) {
    fprintf(stderr, "%s in '%s'\n", problem, text);
    exit(2);
}

/* Read `rows side plies` (rows from the top, digits for runs of empty cells). */
static void parse(const char *text, u64 *x, u64 *o, int *side, int *plies) {
    char rows[128], side_text[8];
    char extra;
    if (strlen(text) >= sizeof rows ||
        sscanf(text, "%127s %7s %d %c", rows, side_text, plies, &extra) != 3)
        fail("expected 'rows side plies-left'", text);
    int size = 1;
    for (const char *c = rows; *c; c++)
        size += *c == '/';
    if (size < 4 || size > 8)
        fail("boards have 4 to 8 rows", text);
    *x = *o = 0;
    int row = size - 1, column = 0;
    for (const char *c = rows;; c++) {
        if (*c == '/' || *c == 0) {
            if (column != size)
                fail("a row has the wrong number of cells", text);
            if (*c == 0)
                break;
            row--, column = 0;
        } else if (*c >= '1' && *c <= '8') {
            column += *c - '0';
        } else if (*c == 'X' || *c == 'O') {
            if (column >= size)
                fail("a row has the wrong number of cells", text);
            *(*c == 'X' ? x : o) |= 1ULL << (8 * row + column++);
        } else {
            fail("a row holds a character other than X, O or a digit", text);
        }
        if (column > size)
            fail("a row has the wrong number of cells", text);
    }
    if (strcmp(side_text, "X") && strcmp(side_text, "O"))
        fail("the side to move is X or O", text);
    if (*plies < 0)
        fail("plies left cannot be negative", text);
    *side = side_text[0] == 'O';
    board = 0;
    for (int r = 0; r < size; r++)
        board |= ((1ULL << size) - 1) << (8 * r);
}

static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s 'ROWS SIDE PLIES-LEFT'\n", argv[0]);
        return 2;
    }
    u64 x, o;
    int side, plies;
    parse(argv[1], &x, &o, &side, &plies);
    for (int cell = 0; cell < 64; cell++) {
        u64 s[4];
        shifted(1ULL << cell, s);
        neighbours[cell] = (s[0] | s[1] | s[2] | s[3]) & board;
    }
    table = calloc(1ULL << TABLE_BITS, sizeof *table);
    if (!table) {
        fprintf(stderr, "no memory for the table\n");
        return 1;
    }
    memset(table, 0, (1ULL << TABLE_BITS) * sizeof *table); /* page it in before the clock */

    double began = cpu_seconds();
    u64 own = side ? o : x, theirs = side ? x : o;
    int empties = popcount(board & ~(x | o));
    int end = plies < empties ? plies : empties;
    int value = popcount(own) - popcount(theirs);
    for (int depth = 1; depth <= end; depth++)
        value = search(own, theirs, depth, -INFINITE, INFINITE);
    double seconds = cpu_seconds() - began;

    printf("{\"position\": \"%s\", \"value\": %d, \"nodes\": %llu, \"seconds\": %.3f}\n", argv[1],
           side ? -value : value, (unsigned long long)nodes, seconds);
    return 0;
}
