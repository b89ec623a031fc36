import javafx.scene.control.Button;

/**
 * A bot in the style of the course's (written for plyground's tests, not taken
 * from one): alpha-beta minimax over Button[][] to a fixed depth, the mark
 * difference as its evaluation, boards copied as new Buttons. It reports
 * the rounds left and its mark on System.out, as a student's debugging
 * print would; the adapter keeps that off the protocol.
 */
public class Minimax extends Bot {
    private static final int DEPTH = 2;

    @Override
    public int[] move(Button[][] tiles, int roundLeft, String player) {
        System.out.println("roundLeft=" + roundLeft + " player=" + player);
        int[] best = null;
        int bestScore = Integer.MIN_VALUE;
        for (int i = 0; i < tiles.length; i++) {
            for (int j = 0; j < tiles.length; j++) {
                if (tiles[i][j].getText().isEmpty()) {
                    Button[][] next = updateTiles(i, j, copyBoard(tiles), player);
                    int score = minimax(next, Integer.MIN_VALUE, Integer.MAX_VALUE, false,
                            roundLeft, 1, player);
                    if (best == null || score > bestScore) {
                        best = new int[] {i, j};
                        bestScore = score;
                    }
                }
            }
        }
        return best;
    }

    private int minimax(Button[][] tiles, int alpha, int beta, boolean maximizing, int roundLeft,
            int depth, String player) {
        String mover = maximizing ? player : other(player);
        // the round ends after the second side of it moves: X then O
        int roundsAfter = mover.equals("O") ? roundLeft - 1 : roundLeft;
        if (roundLeft == 0 || depth == DEPTH || full(tiles)) {
            return score(tiles, player);
        }
        int best = maximizing ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        for (int i = 0; i < tiles.length; i++) {
            for (int j = 0; j < tiles.length; j++) {
                if (!tiles[i][j].getText().isEmpty()) continue;
                Button[][] next = updateTiles(i, j, copyBoard(tiles), mover);
                int value = minimax(next, alpha, beta, !maximizing, roundsAfter, depth + 1, player);
                if (maximizing) {
                    best = Math.max(best, value);
                    alpha = Math.max(alpha, value);
                } else {
                    best = Math.min(best, value);
                    beta = Math.min(beta, value);
                }
                if (alpha >= beta) return best;
            }
        }
        return best;
    }

    private static String other(String player) {
        return player.equals("X") ? "O" : "X";
    }

    private static boolean full(Button[][] tiles) {
        for (Button[] row : tiles)
            for (Button cell : row)
                if (cell.getText().isEmpty()) return false;
        return true;
    }

    private static int score(Button[][] tiles, String player) {
        int own = 0;
        int theirs = 0;
        for (Button[] row : tiles) {
            for (Button cell : row) {
                if (cell.getText().equals(player)) own++;
                else if (!cell.getText().isEmpty()) theirs++;
            }
        }
        return own - theirs;
    }

    private static Button[][] copyBoard(Button[][] tiles) {
        Button[][] copy = new Button[tiles.length][tiles.length];
        for (int i = 0; i < tiles.length; i++) {
            for (int j = 0; j < tiles.length; j++) {
                copy[i][j] = new Button();
                copy[i][j].setText(tiles[i][j].getText());
            }
        }
        return copy;
    }

    private static Button[][] updateTiles(int i, int j, Button[][] tiles, String player) {
        tiles[i][j].setText(player);
        int[][] steps = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int[] step : steps) {
            int r = i + step[0];
            int c = j + step[1];
            if (r >= 0 && r < tiles.length && c >= 0 && c < tiles.length
                    && tiles[r][c].getText().equals(other(player))) {
                tiles[r][c].setText(player);
            }
        }
        return tiles;
    }
}
