package io.sluice.core.sink;

import io.sluice.core.job.TargetSpec;
import java.nio.file.Path;
import java.util.List;

/**
 * Connects targets of one type. Implementations register in {@code
 * META-INF/services/io.sluice.core.sink.TargetProvider}, so adding a kind of target (an SSTable
 * writer, say) is adding a module: {@code plan}, {@code migrate} and {@code validate} find it by
 * the job's {@code target.type}.
 */
public interface TargetProvider {

  /**
   * The {@code target.type} a job file names to select this provider, such as {@code cassandra}.
   */
  String type();

  /**
   * The settings record a target of this type reads {@code target.options:} into, with {@link
   * io.sluice.core.job.JobFiles#readPart}, each component a {@link io.sluice.core.job.Setting}; or
   * null when the type has no settings beyond {@code target:}'s own. The settings reference is
   * generated from it.
   */
  default Class<? extends java.lang.Record> optionsType() {
    return null;
  }

  /**
   * Connects to the target described by {@code spec} and reads its table.
   *
   * @param spec the job file's {@code target:} part
   * @param baseDir the folder relative paths in the spec are resolved against
   * @throws IllegalArgumentException with a one-sentence message when the spec is invalid
   */
  Target connect(TargetSpec spec, Path baseDir);

  /**
   * Connects as {@link #connect} does, for a validation: mostly reads of the table, and the few
   * writes of a repair. A provider may connect differently for that; by default the same.
   */
  default Target connectToCheck(TargetSpec spec, Path baseDir) {
    return connect(spec, baseDir);
  }

  /**
   * Creates what is missing of the target's keyspace, user types and table, with {@code cql} (the
   * {@code CREATE TYPE} and {@code CREATE TABLE} statements of a {@link
   * io.sluice.core.source.TableCopy}), for a job whose {@code target.schema} is {@code create}.
   *
   * @return what the target refused to create that the copy does without (an index of a kind it
   *     lacks), a sentence each saying what Sluice does instead
   * @throws IllegalArgumentException with one sentence when it cannot, or when the table exists
   *     with another definition (naming the differences)
   */
  default List<String> createSchema(TargetSpec spec, Path baseDir, String cql) {
    throw new IllegalArgumentException(
        "a target of type '"
            + spec.type()
            + "' cannot create its table: create it first, or leave target.schema out");
  }
}
