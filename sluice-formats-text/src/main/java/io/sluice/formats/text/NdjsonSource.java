package io.sluice.formats.text;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads NDJSON (JSON Lines) files: one JSON object per line, as {@code mongoexport} writes them,
 * plain or compressed ({@code .gz}, {@code .zst}), named one by one, by a glob, or as a folder of
 * {@code *.ndjson}, {@code *.jsonl} and {@code *.json} files.
 *
 * <p>Plan: a plain file is cut into byte ranges of {@code split-size}; each reads the lines that
 * start in it, which is always safe because a JSON line holds no raw line break. A compressed file
 * is one split.
 *
 * <p>Read: each line becomes a record whose fields are the object's, decoded by {@link
 * JsonValueDecoder} (Extended JSON wrappers included unless {@code extended-json: false}). Blank
 * lines are skipped. A line that is not valid JSON, not an object, or longer than {@code
 * max-record-size} becomes a {@code MalformedRecord} with its byte offset and a reason starting
 * {@code line N:}; reading goes on with the next line.
 */
public final class NdjsonSource extends TextFileSource {

  static final Set<String> EXTENSIONS = Set.of(".ndjson", ".jsonl", ".json");

  private final NdjsonSourceOptions options;
  private final JsonValueDecoder json;
  private final Map<String, Integer> dataStarts = new ConcurrentHashMap<>();

  /**
   * @param name the source's name in the job
   * @param paths files, folders or globs, relative ones resolved against {@code baseDir}
   * @param baseDir the job file's folder
   * @param options parsed options
   * @throws IllegalArgumentException when no file is found
   */
  public NdjsonSource(String name, List<String> paths, Path baseDir, NdjsonSourceOptions options) {
    super(name, "ndjson", paths, baseDir, EXTENSIONS, options.splitSizeBytes());
    this.options = options;
    this.json = new JsonValueDecoder(options.extendedJson());
  }

  @Override
  boolean splittable() {
    return true;
  }

  /**
   * Past a UTF-8 byte order mark, if the file starts with one; looked for once per file, not on
   * every split's opening.
   */
  @Override
  long dataStart(TextFile file) {
    return dataStarts.computeIfAbsent(file.resource(), resource -> ByteOrderMark.utf8Length(file));
  }

  @Override
  Framing framing() {
    return Framing.lines(options.maxRecordBytes());
  }

  @Override
  RecordDecoder decoder(TextFile file) {
    return new NdjsonRecordDecoder(json, options.maxRecordBytes());
  }
}
