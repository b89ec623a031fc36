import javafx.scene.control.Button;

/**
 * The course template's bot interface: a bot answers the cell {row, column}
 * it plays, given the board, the rounds left and its own mark.
 *
 * Keep your own bot class unchanged ("extends Bot"); this file stands in for
 * the template's Bot.java, so leave that one out.
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
}
