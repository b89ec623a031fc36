package javafx.scene.control;

/**
 * A stand-in for JavaFX's Button, as far as a course bot uses it: a cell of
 * the board holding its text, "X", "O" or "" (empty).
 *
 * The course's bots read tiles[i][j].getText() and copy boards with
 * new Button() and setText(...). This class lets such a bot compile and run
 * without JavaFX, under plyground's referee (CourseEngine.java).
 */
public class Button {
    private String text;

    public Button() {
        this("");
    }

    public Button(String text) {
        this.text = text == null ? "" : text;
    }

    public String getText() {
        return text;
    }

    public void setText(String text) {
        this.text = text == null ? "" : text;
    }

    @Override
    public String toString() {
        return "Button[" + text + "]";
    }
}
