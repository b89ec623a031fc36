/*
 * A bot for the Adjacency Strategy Game, as an engine for plyground's referee.
 *
 * Fill in choose_move(): the rest (the engine protocol, the board, the flip
 * rule) is done. One file, the C standard library and POSIX:
 *
 *   gcc -O2 -o mybot mybot.c
 *   plyground match "engine:./mybot" greedy --games 10
 *
 * The board: cell[row][col] is 'X', 'O' or '.', row 0 the top row (row 8 on
 * 8x8), col 0 column a. The protocol is docs/protocol.md, the rules and the
 * position text docs/rules.md. Print what you want to see to stderr
 * (fprintf(stderr, ...)); stdout carries the protocol only.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NAME "mybot"
#define MAX_SIZE 8
#define SAFETY 0.05 /* seconds kept back from each move's time for answering */

typedef struct {
    int size;                         /* 4 to 8 */
    char cell[MAX_SIZE][MAX_SIZE];    /* 'X', 'O' or '.' */
    char to_move;                     /* 'X' or 'O' */
    int plies_left;                   /* moves left in the game, both players' */
} Board;

/* Seconds on a clock that only goes forward. */
double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

char other(char mark) { return mark == 'X' ? 'O' : 'X'; }

static const int STEPS[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}}; /* never diagonal */

/* How many marks the side to move would flip by playing the empty cell (row, col). */
int flips(const Board *b, int row, int col) {
    int count = 0;
    for (int k = 0; k < 4; k++) {
        int r = row + STEPS[k][0], c = col + STEPS[k][1];
        if (r >= 0 && r < b->size && c >= 0 && c < b->size && b->cell[r][c] == other(b->to_move))
            count++;
    }
    return count;
}

/* The board after the side to move plays the empty cell (row, col). */
Board play(const Board *b, int row, int col) {
    Board after = *b;
    after.cell[row][col] = b->to_move;
    for (int k = 0; k < 4; k++) {
        int r = row + STEPS[k][0], c = col + STEPS[k][1];
        if (r >= 0 && r < b->size && c >= 0 && c < b->size && after.cell[r][c] == other(b->to_move))
            after.cell[r][c] = b->to_move;
    }
    after.to_move = other(b->to_move);
    after.plies_left = b->plies_left - 1;
    return after;
}

/* How many marks 'X' or 'O' has. */
int count(const Board *b, char mark) {
    int total = 0;
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) total += b->cell[r][c] == mark;
    return total;
}

/* No plies left, or no empty cell. */
int is_over(const Board *b) {
    return b->plies_left == 0 || count(b, 'X') + count(b, 'O') == b->size * b->size;
}

/* --- your strategy: begin --- */
/*
 * The move for b->to_move: set *row, *col to an empty cell, before now()
 * reaches deadline. This one is greedy: the cell that flips the most marks
 * (the first such on ties).
 */
static void choose_move(const Board *b, double deadline, int *row, int *col) {
    int most = -1;
    (void)deadline;
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++)
            if (b->cell[r][c] == '.' && flips(b, r, c) > most) {
                most = flips(b, r, c);
                *row = r;
                *col = c;
            }
}
/* --- your strategy: end --- */

/* Read "<rows> <to-move> <plies-left>" into *b; returns an error message, or NULL. */
static const char *read_position(const char *text, Board *b) {
    char rows[128], side[8], extra[2];
    int plies;
    if (strlen(text) >= sizeof rows) return "the position is too long";
    if (sscanf(text, "%127s %7s %d %1s", rows, side, &plies, extra) != 3)
        return "expected <rows> <to-move> <plies-left>";
    int size = 1;
    for (const char *p = rows; *p; p++) size += *p == '/';
    if (size < 4 || size > MAX_SIZE) return "a board has 4 to 8 rows";
    int row = 0, col = 0;
    for (const char *p = rows;; p++) {
        if (*p == '/' || *p == '\0') {
            if (col != size) return "a row has the wrong number of cells";
            if (*p == '\0') break;
            row++;
            col = 0;
        } else if (*p == 'X' || *p == 'O') {
            if (col >= size) return "a row has too many cells";
            b->cell[row][col++] = *p;
        } else if (*p >= '1' && *p <= '8') {
            for (int k = 0; k < *p - '0'; k++) {
                if (col >= size) return "a digit overflows its row";
                b->cell[row][col++] = '.';
            }
        } else {
            return "unknown character in the rows";
        }
    }
    if (strcmp(side, "X") != 0 && strcmp(side, "O") != 0) return "the side to move must be X or O";
    if (plies < 0) return "plies left must not be negative";
    b->size = size;
    b->to_move = side[0];
    b->plies_left = plies;
    return NULL;
}

static void send(const char *line) {
    printf("%s\n", line);
    fflush(stdout);
}

/* Answer the referee's commands until quit or the end of input. */
int main(void) {
    Board board = {0};
    int ready = 0;
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, stdin) != -1) {
        line[strcspn(line, "\r\n")] = '\0';
        char *rest = line + strspn(line, " \t");
        size_t length = strcspn(rest, " \t");
        char *args = rest + length + strspn(rest + length, " \t");
        if (length == 5 && strncmp(rest, "hello", 5) == 0) {
            send("hello 1 name=" NAME);
        } else if (length == 7 && strncmp(rest, "newgame", 7) == 0) {
            ready = 0;
            if (strncmp(args, "adjacency", 9) != 0)
                fprintf(stderr, NAME ": this bot plays the adjacency game, not '%s'\n", args);
        } else if (length == 8 && strncmp(rest, "position", 8) == 0) {
            const char *problem = read_position(args, &board);
            ready = problem == NULL;
            if (problem) fprintf(stderr, NAME ": bad position '%s': %s\n", args, problem);
        } else if (length == 2 && strncmp(rest, "go", 2) == 0) {
            double begin = now();
            long millis = strtol(args, NULL, 10);
            if (millis <= 0) millis = 5000;
            double seconds = millis / 1000.0;
            double keep = seconds / 10 < SAFETY ? seconds / 10 : SAFETY;
            if (!ready || is_over(&board)) {
                fprintf(stderr, NAME ": no position to move in\n");
                send("bestmove none");
                continue;
            }
            int row = -1, col = -1;
            choose_move(&board, begin + seconds - keep, &row, &col);
            printf("bestmove %c%d\n", 'a' + col, board.size - row);
            fflush(stdout);
        } else if (length == 4 && strncmp(rest, "quit", 4) == 0) {
            break;
        } /* any other command is ignored, as the protocol asks */
    }
    free(line);
    return 0;
}
