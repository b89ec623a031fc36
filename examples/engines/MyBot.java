import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A bot for the Adjacency Strategy Game, as an engine for plyground's referee.
 *
 * Fill in {@link #move()}: the rest (the engine protocol, the board, the flip
 * rule) is done. One class, no libraries:
 *
 *   javac MyBot.java
 *   plyground match "engine:java -cp . MyBot" greedy --games 10
 *
 * The board is kept as the course's buttons were: board[i][j] is "X", "O" or
 * "" (empty), i the row from the top (0 is row 8 on 8x8), j the column from
 * the left (0 is column a). So porting a course bot means filling move() and
 * reading board[i][j] where it read buttons[i][j].getText().
 *
 * The protocol is docs/protocol.md, the rules and the position text
 * docs/rules.md. Print what you want to see to System.err (log); System.out
 * carries the protocol only.
 */
public class MyBot {
    static final String NAME = "mybot";
    /** Milliseconds kept back from each move's time for answering. */
    static final long SAFETY_MS = 50;

    /** The position: board[i][j] is "X", "O" or "". */
    String[][] board;
    /** The board's side: 4 to 8. */
    int size;
    /** The side to move (this bot): "X" or "O". */
    String me;
    /** Moves left in the game, both players' together. */
    int pliesLeft;
    /** When move() must have answered, in System.nanoTime() nanoseconds. */
    long deadline;

    // --- your strategy: begin ---
    /**
     * The move for {@code me} on {@code board}: {row i, column j} of an empty
     * cell, before System.nanoTime() reaches {@code deadline}. This one is
     * greedy: the cell that flips the most marks (the first such on ties).
     */
    int[] move() {
        int[] best = null;
        int most = -1;
        for (int[] cell : emptyCells(board)) {
            int flipped = flips(board, cell[0], cell[1], me);
            if (flipped > most) {
                best = cell;
                most = flipped;
            }
        }
        return best;
    }
    // --- your strategy: end ---

    /** The other side: "O" for "X" and "X" for "O". */
    static String other(String mark) {
        return mark.equals("X") ? "O" : "X";
    }

    /** Every empty cell of a board, as {i, j}, top row first. */
    static List<int[]> emptyCells(String[][] b) {
        List<int[]> cells = new ArrayList<>();
        for (int i = 0; i < b.length; i++)
            for (int j = 0; j < b.length; j++)
                if (b[i][j].isEmpty()) cells.add(new int[] {i, j});
        return cells;
    }

    /** The cells up, down, left and right of {i, j} (never diagonal). */
    static List<int[]> neighbours(String[][] b, int i, int j) {
        List<int[]> near = new ArrayList<>();
        int[][] steps = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int[] s : steps) {
            int r = i + s[0], c = j + s[1];
            if (r >= 0 && r < b.length && c >= 0 && c < b.length) near.add(new int[] {r, c});
        }
        return near;
    }

    /** How many marks {@code mark} would flip by playing the empty cell {i, j}. */
    static int flips(String[][] b, int i, int j, String mark) {
        int count = 0;
        for (int[] n : neighbours(b, i, j))
            if (b[n[0]][n[1]].equals(other(mark))) count++;
        return count;
    }

    /** A copy of {@code b} after {@code mark} plays the empty cell {i, j} ({@code b} is unchanged). */
    static String[][] play(String[][] b, int i, int j, String mark) {
        String[][] after = new String[b.length][];
        for (int r = 0; r < b.length; r++) after[r] = b[r].clone();
        after[i][j] = mark;
        for (int[] n : neighbours(b, i, j))
            if (after[n[0]][n[1]].equals(other(mark))) after[n[0]][n[1]] = mark;
        return after;
    }

    /** How many marks {@code mark} has on {@code b}. */
    static int count(String[][] b, String mark) {
        int total = 0;
        for (String[] row : b)
            for (String cell : row)
                if (cell.equals(mark)) total++;
        return total;
    }

    /** Write a line to standard error: shown by plyground match ... --engine-log. */
    static void log(String message) {
        System.err.println(NAME + ": " + message);
        System.err.flush();
    }

    static void send(String line) {
        System.out.println(line);
        System.out.flush();
    }

    /** Read {@code <rows> <to-move> <plies-left>}; throws IllegalArgumentException saying why not. */
    void readPosition(String text) {
        String[] fields = text.trim().split(" ");
        if (fields.length != 3)
            throw new IllegalArgumentException("expected <rows> <to-move> <plies-left>, got '" + text + "'");
        String[] rows = fields[0].split("/", -1);
        if (rows.length < 4 || rows.length > 8)
            throw new IllegalArgumentException("a board has 4 to 8 rows, got " + rows.length);
        String[][] grid = new String[rows.length][rows.length];
        for (int i = 0; i < rows.length; i++) {
            int j = 0;
            for (char ch : rows[i].toCharArray()) {
                boolean mark = ch == 'X' || ch == 'O';
                int run = mark ? 1 : ch >= '1' && ch <= '8' ? ch - '0' : -1;
                if (run < 0) throw new IllegalArgumentException("unknown character '" + ch + "' in '" + text + "'");
                for (int k = 0; k < run; k++, j++) {
                    if (j >= rows.length) throw new IllegalArgumentException("row '" + rows[i] + "' is too long");
                    grid[i][j] = mark ? String.valueOf(ch) : "";
                }
            }
            if (j != rows.length) throw new IllegalArgumentException("row '" + rows[i] + "' is too short");
        }
        if (!fields[1].equals("X") && !fields[1].equals("O"))
            throw new IllegalArgumentException("the side to move must be X or O, got '" + fields[1] + "'");
        board = grid;
        size = rows.length;
        me = fields[1];
        pliesLeft = Integer.parseInt(fields[2]);
        if (pliesLeft < 0) throw new IllegalArgumentException("plies left must not be negative");
    }

    /** Answer the referee's commands until quit or the end of input. */
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        MyBot bot = new MyBot();
        boolean ready = false;
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split("\\s+", 2);
            String rest = words.length > 1 ? words[1] : "";
            switch (words[0]) {
                case "hello":
                    send("hello 1 name=" + NAME);
                    break;
                case "newgame":
                    ready = false;
                    if (!rest.startsWith("adjacency")) log("this bot plays the adjacency game, not '" + rest + "'");
                    break;
                case "position":
                    try {
                        bot.readPosition(rest);
                        ready = true;
                    } catch (IllegalArgumentException error) {
                        ready = false;
                        log("bad position: " + error.getMessage());
                    }
                    break;
                case "go":
                    long begin = System.nanoTime();
                    long millis;
                    try {
                        millis = Long.parseLong(rest.trim().split("\\s+")[0]);
                    } catch (NumberFormatException error) {
                        millis = 5000;
                    }
                    long keep = Math.min(SAFETY_MS, millis / 10);
                    bot.deadline = begin + (millis - keep) * 1_000_000L;
                    if (!ready || bot.pliesLeft == 0 || emptyCells(bot.board).isEmpty()) {
                        log("no position to move in");
                        send("bestmove none");
                        break;
                    }
                    int[] cell = bot.move();
                    send("bestmove " + (char) ('a' + cell[1]) + (bot.size - cell[0]));
                    break;
                case "quit":
                    return;
                default:
                    break; // any other command is ignored, as the protocol asks
            }
        }
    }
}
