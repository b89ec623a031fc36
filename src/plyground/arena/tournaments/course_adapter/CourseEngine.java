import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javafx.scene.control.Button;

/**
 * A course bot, as the team submitted it, as an engine for plyground's referee.
 *
 * Put this file and the folder javafx/ next to your files (Bot.java from
 * this folder only if you have no Bot.java of your own), then
 *
 *   sh build.sh            (javac -d classes, every .java file, packages kept)
 *   plyground match "engine:java -cp classes CourseEngine" greedy
 *
 * The bot is the one class that extends Bot (in any package), found in
 * classes/; with several, name one: "CourseEngine Minimax" (or its full
 * name, "CourseEngine ai.Minimax"). It is made with its constructor without
 * arguments. For each move the engine builds the board as the course's
 * window had it (tiles[i][j] a Button whose text is "X", "O" or "", i the
 * row from the top, j the column from the left), works out the rounds left
 * and calls the bot's move(tiles, roundLeft, player). Before each move the
 * time per move is the system property plyground.move.millis, and a bot
 * with a method setTimeLimit(long millis) is told it. An exception in move
 * is answered with "crash" lines (docs/protocol.md) and the bot plays on.
 * What the bot prints on System.out would break the protocol, so System.out
 * is sent to System.err.
 */
public final class CourseEngine {
    /** The system property that holds the time per move, in milliseconds. */
    public static final String MOVE_MILLIS = "plyground.move.millis";

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
                } else if (ch >= '1' && ch <= '9') {
                    for (int k = 0; k < ch - '0'; k++) tiles[i][j++] = new Button("");
                } else {
                    throw new IllegalArgumentException("unknown character '" + ch + "' in " + rows);
                }
            }
            if (j != size) throw new IllegalArgumentException("row '" + lines[i] + "' is not " + size + " cells");
        }
        return tiles;
    }

    static void send(PrintStream out, String line) {
        out.println(line);
        out.flush();
    }

    /** Why the engine cannot start, said plainly on stderr; it exits with status 2. */
    static final class Refusal extends Exception {
        Refusal(String message) {
            super(message);
        }
    }

    /** Every class name below a class-path folder ("ai.Minimax" for ai/Minimax.class). */
    static void classNames(File folder, String prefix, List<String> names) {
        File[] files = folder.listFiles();
        if (files == null) return;
        for (File file : files) {
            String name = file.getName();
            if (file.isDirectory()) {
                classNames(file, prefix + name + ".", names);
            } else if (name.endsWith(".class") && !name.contains("$")) {
                names.add(prefix + name.substring(0, name.length() - ".class".length()));
            }
        }
    }

    /** True when cls extends a class named Bot (in any package), directly or not. */
    static boolean extendsBot(Class<?> cls) {
        for (Class<?> up = cls.getSuperclass(); up != null; up = up.getSuperclass()) {
            if (up.getSimpleName().equals("Bot")) return true;
        }
        for (Class<?> face : cls.getInterfaces()) {
            if (face.getSimpleName().equals("Bot")) return true;
        }
        return false;
    }

    /** The bot classes on the class path: not abstract, extending Bot. */
    static List<Class<?>> botClasses() {
        List<String> names = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            File folder = new File(entry.isEmpty() ? "." : entry);
            if (folder.isDirectory()) classNames(folder, "", names);
        }
        Collections.sort(names);
        List<Class<?>> bots = new ArrayList<>();
        for (String name : names) {
            try {
                Class<?> cls = Class.forName(name, false, CourseEngine.class.getClassLoader());
                if (!Modifier.isAbstract(cls.getModifiers()) && !cls.isInterface() && extendsBot(cls)) {
                    bots.add(cls);
                }
            } catch (ClassNotFoundException | LinkageError error) {
                // not loadable as it is: not the bot
            }
        }
        return bots;
    }

    static String names(List<Class<?>> classes) {
        List<String> names = new ArrayList<>();
        for (Class<?> cls : classes) names.add(cls.getName());
        return String.join(", ", names);
    }

    /** The bot class: the one named (simple or full name), or the only one found. */
    static Class<?> botClass(String wanted) throws Refusal {
        List<Class<?>> bots = botClasses();
        if (wanted == null) {
            if (bots.size() == 1) return bots.get(0);
            if (bots.isEmpty()) {
                throw new Refusal("no class that extends Bot was found in the class path "
                    + "(was it compiled? sh build.sh puts every class in classes/)");
            }
            throw new Refusal("several classes extend Bot (" + names(bots) + "): name one, "
                + "for example 'java -cp classes CourseEngine " + bots.get(0).getSimpleName() + "'");
        }
        List<Class<?>> named = new ArrayList<>();
        for (Class<?> cls : bots) {
            if (cls.getName().equals(wanted) || cls.getSimpleName().equals(wanted)) named.add(cls);
        }
        if (named.size() == 1) return named.get(0);
        if (named.isEmpty()) {
            throw new Refusal("no class " + wanted + " that extends Bot"
                + (bots.isEmpty() ? " (none was found: was it compiled?)" : " (found: " + names(bots) + ")"));
        }
        throw new Refusal("several classes are named " + wanted + " (" + names(named) + "): give the full name");
    }

    /** A new bot, made with its constructor without arguments. */
    static Object newBot(Class<?> cls) throws Refusal, ReflectiveOperationException {
        Constructor<?> constructor;
        try {
            constructor = cls.getDeclaredConstructor();
        } catch (NoSuchMethodException error) {
            throw new Refusal(cls.getSimpleName() + " has no constructor without arguments: "
                + "the adapter makes your bot with new " + cls.getSimpleName() + "(), so add "
                + "'public " + cls.getSimpleName() + "() { ... }' (it may call your other "
                + "constructor with the values it needs)");
        }
        constructor.setAccessible(true);
        try {
            return constructor.newInstance();
        } catch (InvocationTargetException error) {
            throw new Refusal("new " + cls.getSimpleName() + "() threw " + described(error.getCause()));
        }
    }

    /** The method named name with these parameters, in cls or a class above it. */
    static Method method(Class<?> cls, String name, Class<?>... parameters) {
        for (Class<?> up = cls; up != null; up = up.getSuperclass()) {
            try {
                Method method = up.getDeclaredMethod(name, parameters);
                method.setAccessible(true);
                return method;
            } catch (NoSuchMethodException error) {
                // look further up
            }
        }
        return null;
    }

    /** "java.lang.ArithmeticException: / by zero (Minimax.java:42, in Minimax.evaluate)". */
    static String described(Throwable error) {
        String where = "";
        for (StackTraceElement frame : error.getStackTrace()) {
            String owner = frame.getClassName();
            if (owner.startsWith("java.") || owner.startsWith("jdk.") || owner.startsWith("sun.")
                    || owner.equals("CourseEngine") || owner.startsWith("CourseEngine$")) {
                continue;
            }
            where = " (" + frame.getFileName() + ":" + frame.getLineNumber() + ", in "
                + owner + "." + frame.getMethodName() + ")";
            break;
        }
        return error + where;
    }

    public static void main(String[] args) throws IOException {
        PrintStream protocol = System.out;
        System.setOut(System.err); // a bot's own prints must not reach the referee
        if (args.length > 1) {
            System.err.println("CourseEngine: usage: java -cp classes CourseEngine [YourBotClass]");
            System.exit(2);
        }
        Object bot;
        Method move;
        Method setTimeLimit;
        try {
            Class<?> cls = botClass(args.length == 1 ? args[0] : null);
            move = method(cls, "move", Button[][].class, int.class, String.class);
            if (move == null) {
                throw new Refusal(cls.getSimpleName() + " has no method "
                    + "int[] move(Button[][] tiles, int roundLeft, String player)");
            }
            setTimeLimit = method(cls, "setTimeLimit", long.class);
            bot = newBot(cls);
        } catch (Refusal | ReflectiveOperationException | LinkageError error) {
            System.err.println("CourseEngine: " + (error instanceof Refusal ? error.getMessage() : described(error)));
            System.exit(2);
            return;
        }
        String name = bot.getClass().getSimpleName();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String[] position = null;
        String line;
        while ((line = in.readLine()) != null) {
            String[] words = line.trim().split("\\s+", 2);
            String rest = words.length > 1 ? words[1] : "";
            switch (words[0]) {
                case "hello":
                    send(protocol, "hello 1 name=" + name);
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
                    String millis = rest.trim().split("\\s+")[0];
                    Button[][] tiles = tiles(position[0]);
                    Object cell;
                    try {
                        long limit = Long.parseLong(millis);
                        System.setProperty(MOVE_MILLIS, Long.toString(limit));
                        if (setTimeLimit != null) setTimeLimit.invoke(bot, limit);
                        cell = move.invoke(bot, tiles, roundsLeft(Integer.parseInt(position[2])), position[1]);
                    } catch (InvocationTargetException error) {
                        Throwable cause = error.getCause();
                        cause.printStackTrace();
                        send(protocol, "crash " + described(cause));
                        send(protocol, "bestmove none");
                        break;
                    } catch (ReflectiveOperationException | NumberFormatException error) {
                        System.err.println("CourseEngine: " + error);
                        send(protocol, "bestmove none");
                        break;
                    }
                    int[] rowColumn = (int[]) cell;
                    if (rowColumn == null || rowColumn.length != 2) {
                        System.err.println("CourseEngine: move() must return {row, column}");
                        send(protocol, "bestmove none");
                        break;
                    }
                    send(protocol, "bestmove " + (char) ('a' + rowColumn[1]) + (tiles.length - rowColumn[0]));
                    break;
                case "quit":
                    return;
                default:
                    break; // any other command is ignored, as the protocol asks
            }
        }
    }
}
