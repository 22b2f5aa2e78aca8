package io.sluice.node;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Reads and writes {@code node.json}. Writes go to a temporary file that is then moved over the old
 * one, so a reader never sees half a file.
 */
final class NodeStateFile {

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(SerializationFeature.INDENT_OUTPUT);

  private NodeStateFile() {}

  /**
   * The state recorded in {@code file}, or empty if there is no such file.
   *
   * @throws LocalNodeException if the file exists but cannot be understood
   */
  static Optional<NodeState> read(Path file) {
    NodeState state;
    try {
      state = JSON.readValue(Files.readString(file), NodeState.class);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      throw unreadable(file, "it is not valid");
    }
    if (state == null || state.ports() == null || state.cassandraVersion() == null) {
      throw unreadable(file, "it is incomplete");
    }
    if (state.format() > NodeState.FORMAT) {
      throw new LocalNodeException(
          "The node in "
              + file.getParent()
              + " was set up by a newer version of Sluice (state format "
              + state.format()
              + "); use that version, or move the folder away to start a fresh node.");
    }
    return Optional.of(state);
  }

  static void write(Path file, NodeState state) {
    Path temp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.writeString(temp, JSON.writeValueAsString(state) + "\n");
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new LocalNodeException("Cannot write " + file + ": " + e.getMessage() + ".", e);
    }
  }

  private static LocalNodeException unreadable(Path file, String why) {
    return new LocalNodeException(
        "The node state file "
            + file
            + " cannot be read because "
            + why
            + "; the folder may be damaged: move it away to start a fresh node.");
  }
}
