import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import javafx.scene.control.Button;

/**
 * A course bot, unchanged, as an engine for plyground's referee.
 *
 * Put this file, Bot.java and the folder javafx/ next to your bot class
 * (for example Minimax.java, which "extends Bot"), then
 *
 *   javac *.java
 *   plyground match "engine:java -cp . CourseEngine Minimax" greedy
 *
 * The argument names your class. For each move the engine builds the board
 * as the course's window had it (tiles[i][j] a Button whose text is "X", "O"
 * or "", i the row from the top, j the column from the left), works out the
 * rounds left and calls your move(tiles, roundLeft, player). The protocol is
 * docs/protocol.md; what your bot prints on System.out would break it, so
 * System.out is sent to System.err while your bot runs.
 */
public final class CourseEngine {
    private CourseEngine() {
    }

    /** The rounds not yet finished, the current one included, from the plies left. */
    static int roundsLeft(int pliesLeft) {
        // A round is one move of each side. With p plies left the mover is either the
        // first of a round (p even: p / 2 rounds) or its second (p odd: this round and
        // (p - 1) / 2 more): (p + 1) / 2 in both cases, whichever side the bot plays.
        return (pliesLeft + 1) / 2;
    }

    /** The board of a position's rows ("6OO/.../XX6"): "X", "O" or "" per cell. */
    static Button[][] tiles(String rows) {
        String[] lines = rows.split("/", -1);
        int size = lines.length;
        Button[][] tiles = new Button[size][size];
        for (int i = 0; i < size; i++) {
            int j = 0;
            for (char ch : lines[i].toCharArray()) {
                if (ch == 'X' || ch == 'O') {
                    tiles[i][j++] = new Button(String.valueOf(ch));
                } else if (ch >= '1' && ch <= '8') {
                    for (int k = 0; k < ch - '0'; k++) tiles[i][j++] = new Button("");
                } else {
                    throw new IllegalArgumentException("unknown character '" + ch + "' in " + rows);
                }
            }
            if (j != size) throw new IllegalArgumentException("row '" + lines[i] + "' is not " + size + " cells");
        }
        return tiles;
    }

    static void send(java.io.PrintStream out, String line) {
        out.println(line);
        out.flush();
    }

    public static void main(String[] args) throws IOException, ReflectiveOperationException {
        if (args.length != 1) {
            System.err.println("usage: java -cp . CourseEngine YourBotClass");
            System.exit(2);
        }
        java.io.PrintStream protocol = System.out;
        System.setOut(System.err); // a bot's own prints must not reach the referee
        Bot bot = (Bot) Class.forName(args[0]).getDeclaredConstructor().newInstance();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String[] position = null;
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split("\\s+", 2);
            String rest = words.length > 1 ? words[1] : "";
            switch (words[0]) {
                case "hello":
                    send(protocol, "hello 1 name=" + args[0]);
                    break;
                case "newgame":
                    position = null;
                    break;
                case "position":
                    position = rest.trim().split(" ");
                    break;
                case "go":
                    if (position == null || position.length != 3) {
                        System.err.println("CourseEngine: no position to move in");
                        send(protocol, "bestmove none");
                        break;
                    }
                    Button[][] tiles = tiles(position[0]);
                    int[] cell = bot.move(tiles, roundsLeft(Integer.parseInt(position[2])), position[1]);
                    if (cell == null || cell.length != 2) {
                        System.err.println("CourseEngine: move() must return {row, column}");
                        send(protocol, "bestmove none");
                        break;
                    }
                    send(protocol, "bestmove " + (char) ('a' + cell[1]) + (tiles.length - cell[0]));
                    break;
                case "quit":
                    return;
                default:
                    break; // any other command is ignored, as the protocol asks
            }
        }
    }
}
