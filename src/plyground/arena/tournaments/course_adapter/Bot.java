import javafx.scene.control.Button;

/**
 * The course template's bot interface: a bot answers the cell {row, column}
 * it plays, given the board, the rounds left and its own mark.
 *
 * Keep your own bot class unchanged ("extends Bot"). Use this file only when
 * you have no Bot.java of your own (your own one, with its helpers, is kept as
 * it is); if your classes have a package line, give this file the same one.
 */
public abstract class Bot {
    /**
     * The cell to play: {i, j}, i the row from the top (0 is the top row), j the
     * column from the left.
     *
     * @param tiles the board: tiles[i][j].getText() is "X", "O" or ""
     * @param roundLeft the rounds not yet finished, this one included, as the
     *     course's window showed them
     * @param player this bot's mark, "X" or "O"
     */
    public abstract int[] move(Button[][] tiles, int roundLeft, String player);

    /**
     * The time per move the referee gives, in milliseconds (5000, the course's
     * rule, when no referee said): stop searching before it.
     */
    protected static long timeLimitMillis() {
        return Long.getLong("plyground.move.millis", 5000L);
    }
}
