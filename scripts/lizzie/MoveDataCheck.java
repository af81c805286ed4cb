// Reads yunzi's analysis streams the way Lizzie 0.7.4 reads them: every `info` segment goes
// through Lizzie's own parser (featurecat.lizzie.analysis.MoveData.fromInfo for lz-analyze,
// fromInfoKatago for kata-analyze, from /usr/share/java/lizzie.jar), and every field Lizzie
// takes from it is checked against what it means to Leela Zero and KataGo.
//
// Usage (scripts/lizzie/run.sh compiles and runs it):
//   java -Duser.home=SCRATCH -cp lizzie.jar:BUILD MoveDataCheck YUNZI [ENGINE ARGS...]
// Lizzie's Config writes its files under user.home, so point that at a scratch folder.
// Prints one line per failed check and exits 1 if there was any.

import featurecat.lizzie.Config;
import featurecat.lizzie.Lizzie;
import featurecat.lizzie.analysis.MoveData;
import featurecat.lizzie.rules.Board;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

public class MoveDataCheck {
  // The board size of the position under test (Lizzie's Board reads vertices with it).
  int size;
  static final String COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  // The test position: three stones, no captures, White to move. Every empty point and the
  // pass are legal there.
  static final String[][] MOVES = {{"B", "E5"}, {"W", "C3"}, {"B", "G7"}};
  // How far the priors of a full listing may sum from 1: Leela Zero's integer priors round
  // each move by up to 0.005 percentage points, 82 moves at most.
  static final double PRIOR_SUM_TOLERANCE = 0.5; // percentage points
  static final long TIMEOUT_MS = 20_000;

  static final Pattern VERTEX = Pattern.compile("[A-HJ-T][1-9][0-9]?");
  static final Pattern LZ_NUMBER = Pattern.compile("-?[0-9]+");

  Process engine;
  Writer toEngine;
  final BlockingQueue<String> fromEngine = new LinkedBlockingQueue<>();
  int nextId = 1;
  // Failed checks, grouped: the same check failing on many segments and updates of one
  // stream is one entry, with its first example and a count.
  final Map<String, String> failures = new LinkedHashMap<>();
  final Map<String, Integer> counts = new HashMap<>();
  Set<String> legal;
  boolean fewVisitsSeen;

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      System.err.println("usage: MoveDataCheck YUNZI [ENGINE ARGS...]");
      System.exit(2);
    }
    // MoveData reads two settings from Lizzie's Config (show-lcb-winrate and
    // limit-branch-length), and Board's vertex parsing reads the board size.
    Lizzie.config = new Config();
    Lizzie.config.limitBranchLength = 0;

    MoveDataCheck check = new MoveDataCheck();
    try {
      check.run(args);
    } finally {
      check.stop();
    }
    for (Map.Entry<String, String> failure : check.failures.entrySet()) {
      int count = check.counts.get(failure.getKey());
      System.out.println("FAIL " + failure.getValue() + (count > 1 ? " (and " + (count - 1) + " more like it)" : ""));
    }
    if (!check.failures.isEmpty()) {
      System.out.println(check.failures.size() + " kinds of failed checks");
      System.exit(1);
    }
    System.out.println("MoveDataCheck: all checks passed");
  }

  void run(String[] args) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(args);
    pb.redirectError(ProcessBuilder.Redirect.INHERIT);
    engine = pb.start();
    toEngine = new OutputStreamWriter(engine.getOutputStream(), StandardCharsets.UTF_8);
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(engine.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) fromEngine.add(line);
              } catch (IOException e) {
                // the engine is gone; waiting for a line times out
              }
            });
    reader.setDaemon(true);
    reader.start();

    // On 9x9, as Lizzie sends them (interval 10 centiseconds, nothing else), then with
    // `minmoves` above the number of moves, which asks for a full listing: every legal move,
    // so the priors must sum to 1.
    position(9);
    int all = 9 * 9 + 1;
    checkStream("lz-analyze 10", false, false, 5);
    checkStream("lz-analyze 10 minmoves " + all, false, true, 5);
    checkStream("kata-analyze 10", true, false, 5);
    checkStream("kata-analyze 10 minmoves " + all, true, true, 5);
    // On 19x19 the first updates, 10 ms into a search, list moves with no or one visit:
    // their lcb must be low.
    position(19);
    all = 19 * 19 + 1;
    fewVisitsSeen = false;
    checkStream("lz-analyze 1 minmoves " + all, false, true, 2);
    checkStream("kata-analyze 1 minmoves " + all, true, true, 2);
    if (!fewVisitsSeen) record("19x19: no move with fewer than 2 visits, so their lcb went unchecked");
    command("quit");
  }

  void stop() {
    if (engine != null) {
      engine.destroy();
      try {
        if (!engine.waitFor(5, TimeUnit.SECONDS)) engine.destroyForcibly();
      } catch (InterruptedException e) {
        engine.destroyForcibly();
      }
    }
  }

  /** Sets up the test position on a board of this size. */
  void position(int size) throws Exception {
    this.size = size;
    Board.boardWidth = size;
    Board.boardHeight = size;
    command("boardsize " + size);
    command("clear_board");
    command("komi 7.5");
    for (String[] move : MOVES) command("play " + move[0] + " " + move[1]);
    legal = legalMoves(size);
  }

  static Set<String> legalMoves(int size) {
    Set<String> occupied = new HashSet<>();
    for (String[] move : MOVES) occupied.add(move[1]);
    Set<String> moves = new LinkedHashSet<>();
    for (int col = 0; col < size; col++) {
      for (int row = 1; row <= size; row++) {
        String vertex = "" + COLUMNS.charAt(col) + row;
        if (!occupied.contains(vertex)) moves.add(vertex);
      }
    }
    moves.add("pass");
    return moves;
  }

  void send(int id, String command) throws IOException {
    toEngine.write(id + " " + command + "\n");
    toEngine.flush();
  }

  String line() throws Exception {
    String line = fromEngine.poll(TIMEOUT_MS, TimeUnit.MILLISECONDS);
    if (line == null) throw new IllegalStateException("no answer from the engine in time");
    return line;
  }

  /** Sends a command with an id, as Lizzie does, and returns its response's lines. */
  List<String> command(String command) throws Exception {
    int id = nextId++;
    send(id, command);
    if (command.equals("quit")) return List.of();
    String first = line();
    if (!first.startsWith("=" + id)) {
      throw new IllegalStateException(command + ": expected =" + id + ", got: " + first);
    }
    List<String> lines = new ArrayList<>();
    lines.add(first);
    for (String line = line(); !line.isEmpty(); line = line()) lines.add(line);
    return lines;
  }

  /**
   * Starts a streaming analysis, reads updates until a few have come, ends it the way Lizzie
   * does (by sending the next command), and checks every update.
   */
  void checkStream(String command, boolean kata, boolean full, int count) throws Exception {
    int id = nextId++;
    send(id, command);
    String first = line();
    if (!first.equals("=" + id)) {
      record(command + ": the response starts with \"=" + id + "\" alone, got: " + first);
    }
    List<String> updates = new ArrayList<>();
    while (updates.size() < count) {
      String line = line();
      if (line.isEmpty()) {
        record(command + ": the stream ended before the next command");
        break;
      }
      if (line.startsWith("info")) updates.add(line);
    }
    // Lizzie ends a stream by sending its next command; updates may come until the
    // engine reads it, then the empty line that ends the response, then the next answer.
    int nameId = nextId++;
    send(nameId, "name");
    for (String line = line(); !line.isEmpty(); line = line()) {
      if (!line.startsWith("info")) {
        record(command + ": a line in the stream that is not an update: " + line);
      }
    }
    String answer = line();
    if (!answer.startsWith("=" + nameId)) {
      record(command + ": expected =" + nameId + " after the stream, got: " + answer);
    }
    for (String line = answer; !line.isEmpty(); line = line()) {}
    if (updates.isEmpty()) record(command + ": no updates");
    for (int i = 0; i < updates.size(); i++) {
      checkUpdate(command + " (update " + (i + 1) + ")", updates.get(i), kata, full);
    }
  }

  /** The segments of one update as Lizzie 0.7.4's Leelaz.parseInfo splits them. */
  static List<String> segments(String line) {
    List<String> segments = new ArrayList<>();
    for (String segment : line.substring("info ".length()).split(" info ")) {
      if (!segment.trim().isEmpty()) segments.add(segment);
    }
    return segments;
  }

  /** A segment's `key value` pairs before `pv`, read independently of Lizzie. */
  static Map<String, String> fields(String segment) {
    Map<String, String> fields = new HashMap<>();
    String[] words = segment.trim().split(" ");
    for (int i = 0; i + 1 < words.length && !words[i].equals("pv"); i += 2) {
      fields.put(words[i], words[i + 1]);
    }
    return fields;
  }

  static MoveData parse(String segment, boolean kata, boolean lcb) {
    Lizzie.config.showLcbWinrate = lcb;
    return kata ? MoveData.fromInfoKatago(segment) : MoveData.fromInfo(segment);
  }

  static boolean isVertex(String text) {
    if (text == null) return false;
    if (text.equals("pass")) return true;
    if (!VERTEX.matcher(text).matches()) return false;
    // Lizzie's own reading of the vertex must land on the board.
    Optional<int[]> coords = Board.asCoordinates(text);
    return coords.isPresent() && Board.isValid(coords.get());
  }

  /** Records a failed check; `where` is the command and update, `what` says what failed. */
  void record(String message) {
    // The same check on another update, move or number is the same entry.
    int split = message.indexOf(": ");
    String command = split < 0 ? message : message.substring(0, split);
    String what = split < 0 ? "" : message.substring(split);
    String key =
        command.replaceAll(" \\(update [0-9]+\\)", "")
            + what.replaceAll(" \\[.*", "")
                .replaceAll("\\b([A-HJ-T][0-9]+|pass)\\b", "V")
                .replaceAll("-?[0-9][0-9.E-]*", "N");
    if (failures.putIfAbsent(key, message) == null) counts.put(key, 1);
    else counts.merge(key, 1, Integer::sum);
  }

  void fail(String where, String what, String segment) {
    String shown = segment.length() > 160 ? segment.substring(0, 160) + "..." : segment;
    record(where + ": " + what + " [" + shown.trim() + "]");
  }

  void checkUpdate(String where, String line, boolean kata, boolean full) {
    List<String> segments = segments(line);
    if (segments.isEmpty()) record(where + ": no moves in " + line);
    Set<String> listed = new HashSet<>();
    double priorSum = 0;
    boolean zeroVisitsSeen = false;
    for (String segment : segments) {
      Map<String, String> fields = fields(segment);
      MoveData data;
      MoveData lcbData;
      try {
        data = parse(segment, kata, false);
        lcbData = parse(segment, kata, true);
      } catch (RuntimeException e) {
        // Lizzie's reader thread would die on this.
        fail(where, "Lizzie's parser throws " + e, segment);
        continue;
      }

      // The move: a vertex on the board, or pass, that is legal here, and listed once.
      if (!isVertex(data.coordinate) || !legal.contains(data.coordinate)) {
        fail(where, "move " + data.coordinate + " is not a legal move here", segment);
      }
      if (!listed.add(data.coordinate)) {
        fail(where, "move " + data.coordinate + " is listed twice", segment);
      }

      // Visits: what the text says, positive, except the moves a `minmoves` listing adds
      // without any, which come after all moves with visits.
      String visits = fields.get("visits");
      if (visits == null || !visits.equals(String.valueOf(data.playouts))) {
        fail(where, "visits " + visits + " read as playouts " + data.playouts, segment);
      }
      if (data.playouts < 0 || (data.playouts == 0 && !full)) {
        fail(where, "visits " + data.playouts + " (positive outside minmoves)", segment);
      }
      if (data.playouts == 0) {
        zeroVisitsSeen = true;
      } else if (zeroVisitsSeen) {
        fail(where, "a move with visits after one without", segment);
      }

      // Win rate and its lower confidence bound, in percent once Lizzie has read them.
      for (String key : List.of("winrate", "lcb", "prior")) {
        String text = fields.get(key);
        if (text == null) {
          fail(where, "no " + key, segment);
        } else if (!kata && !LZ_NUMBER.matcher(text).matches()) {
          fail(where, key + " " + text + " is not one of Leela Zero's integers", segment);
        }
      }
      if (!(data.winrate >= 0 && data.winrate <= 100)) {
        fail(where, "winrate " + data.winrate + "% out of 0..100", segment);
      }
      double lcb = lcbData.winrate;
      if (!(lcb >= (kata ? -100 : 0) && lcb <= data.winrate + 1e-9)) {
        fail(where, "lcb " + lcb + "% is not at most the winrate " + data.winrate + "%", segment);
      }
      // One playout says little about a win rate: Leela Zero reports lcb 0 below 2 visits,
      // yunzi the lower end of a 95% Wilson interval, about 21% for one won playout. A
      // one-visit move must not show the 100% that made Lizzie flash a false best move.
      if (data.playouts < 2) fewVisitsSeen = true;
      if (data.playouts < 2 && lcb > 25) {
        fail(where, "lcb " + lcb + "% for a move with " + data.playouts + " visits (25% at most)", segment);
      }

      // The prior is the move's share of the policy, a probability.
      if (!(data.policy >= 0 && data.policy <= 100)) {
        fail(where, "prior " + data.policy + "% out of 0..100", segment);
      }
      priorSum += data.policy;

      // KataGo's score fields, which Lizzie shows (it reads 0 where they are missing).
      if (kata) {
        for (String key : List.of("scoreMean", "scoreStdev")) {
          String text = fields.get(key);
          if (text == null) {
            fail(where, "no " + key, segment);
            continue;
          }
          try {
            double value = Double.parseDouble(text);
            if (!Double.isFinite(value) || (key.equals("scoreStdev") && value < 0)) {
              fail(where, key + " " + text + " is not a finite score (stdev >= 0)", segment);
            }
          } catch (NumberFormatException e) {
            fail(where, key + " " + text + " is not a number", segment);
          }
        }
        double mean = fields.containsKey("scoreMean") ? safeDouble(fields.get("scoreMean")) : 0;
        double stdev = fields.containsKey("scoreStdev") ? safeDouble(fields.get("scoreStdev")) : 0;
        if (data.scoreMean != mean || data.scoreStdev != stdev) {
          fail(where, "Lizzie read scoreMean/scoreStdev as " + data.scoreMean + "/" + data.scoreStdev, segment);
        }
      }

      // The principal variation: the move first, then moves on the board.
      List<String> pv = data.variation;
      if (pv == null || pv.isEmpty()) {
        fail(where, "no pv", segment);
      } else {
        if (!pv.get(0).equals(data.coordinate)) {
          fail(where, "the pv does not start with the move", segment);
        }
        for (String move : pv) {
          if (!isVertex(move)) fail(where, "pv move " + move + " is not a move on the board", segment);
        }
      }
    }

    // Priors are shares of one distribution over the legal moves: any listing sums to at
    // most 1, and a full one (every legal move) to 1.
    if (priorSum > 100 + PRIOR_SUM_TOLERANCE) {
      record(where + String.format(": priors of %d moves sum to %.2f%% (at most 100%%)", segments.size(), priorSum));
    }
    if (full) {
      Set<String> missing = new LinkedHashSet<>(legal);
      missing.removeAll(listed);
      if (!missing.isEmpty()) {
        record(where + ": a full listing (minmoves) lists " + listed.size() + " of "
            + legal.size() + " legal moves; missing " + missing);
      }
      if (Math.abs(priorSum - 100) > PRIOR_SUM_TOLERANCE) {
        record(where + String.format(": priors over all %d legal moves sum to %.2f%%, not 100%%", listed.size(), priorSum));
      }
    }
  }

  static double safeDouble(String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
