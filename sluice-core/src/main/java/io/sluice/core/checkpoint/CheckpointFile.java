package io.sluice.core.checkpoint;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Keeps a job's {@link Checkpoint} in {@code checkpoint.json}: readable JSON, replaced atomically
 * (written to a temporary file, forced to disk, then renamed over the old one), so a crash at any
 * moment leaves either the old or the new checkpoint, never half of one.
 */
public final class CheckpointFile implements CheckpointStore {

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(SerializationFeature.INDENT_OUTPUT);

  private final Path file;

  public CheckpointFile(Path stateDir) {
    this.file = stateDir.resolve("checkpoint.json");
  }

  @Override
  public String location() {
    return file.toString();
  }

  @Override
  public Optional<Checkpoint> load() {
    byte[] json;
    try {
      json = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw unreadable(file.toString(), e);
    }
    return Optional.of(fromJson(json, file.toString()));
  }

  /** A checkpoint as this file holds it, for a store that keeps the same text elsewhere. */
  public static byte[] toJson(Checkpoint checkpoint) {
    try {
      return JSON.writeValueAsBytes(checkpoint);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a checkpoint", e);
    }
  }

  /**
   * Reads a checkpoint that {@link #toJson} wrote.
   *
   * @param location where it was kept, for messages
   * @throws IllegalStateException with a sentence saying what to do, when it cannot be read
   */
  public static Checkpoint fromJson(byte[] json, String location) {
    Checkpoint checkpoint;
    try {
      JsonNode tree = JSON.readTree(json);
      if (tree.hasNonNull("validation") && !tree.has("findings-file-length")) {
        // Its reject file held the findings too: no length of the files kept now says where the
        // findings of the committed records end.
        throw new IllegalStateException(
            "The checkpoint "
                + location
                + " is of a validation an earlier Sluice saved, which listed rejects and"
                + " findings in one file; run validate with --fresh to start over.");
      }
      checkpoint = JSON.treeToValue(tree, Checkpoint.class);
    } catch (IOException e) {
      throw unreadable(location, e);
    }
    if (checkpoint.version() != Checkpoint.CURRENT_VERSION) {
      throw new IllegalStateException(
          "The checkpoint "
              + location
              + " has format version "
              + checkpoint.version()
              + ", which this Sluice does not read; run with --fresh to start over.");
    }
    return checkpoint;
  }

  private static IllegalStateException unreadable(String location, IOException e) {
    return new IllegalStateException(
        "The checkpoint "
            + location
            + " cannot be read ("
            + e.getMessage()
            + "); run with --fresh to start over.",
        e);
  }

  @Override
  public void save(Checkpoint checkpoint) {
    Path temp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.createDirectories(file.getParent());
      try (FileChannel channel =
          FileChannel.open(
              temp,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING)) {
        channel.write(java.nio.ByteBuffer.wrap(toJson(checkpoint)));
        channel.force(true);
      }
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot save the checkpoint " + file, e);
    }
  }
}
