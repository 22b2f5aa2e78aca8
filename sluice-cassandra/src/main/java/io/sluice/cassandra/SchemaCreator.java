package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import io.sluice.cassandra.table.ExistingTable;
import io.sluice.core.job.TargetSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Creates what is missing of a target's keyspace, user types and table ({@code target.schema:
 * create}), and refuses a table that exists with another definition, before the first write.
 */
final class SchemaCreator {

  /** How long each change may take, and the nodes to agree on the schema after them. */
  private static final Duration SCHEMA_TIMEOUT = Duration.ofSeconds(60);

  private static final int MOST_DEFAULT_REPLICAS = 3;

  /** A copy's index statement, and the index's name. */
  private static final Pattern INDEX =
      Pattern.compile("CREATE (?:CUSTOM )?INDEX IF NOT EXISTS (\\S+) ON ");

  private SchemaCreator() {}

  /**
   * Creates what is missing; returns the indexes the target refused (a kind it lacks, such as SASI
   * where it is disabled), a sentence each: the rows are copied without them.
   */
  static List<String> create(TargetSpec spec, Path baseDir, String copyCql) {
    try (SharedSessions.Share share =
        SharedSessions.acquire(
            spec.cluster(),
            baseDir,
            null,
            "schema",
            () -> SessionFactory.open(spec.cluster(), baseDir))) {
      CqlSession session = share.session();
      Optional<KeyspaceMetadata> keyspace =
          session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(spec.keyspace()));
      Optional<TableMetadata> table =
          keyspace.flatMap(ks -> ks.getTable(CqlIdentifier.fromInternal(spec.table())));
      if (table.isPresent()) {
        refuseDifferences(spec, copyCql, table.get());
        return List.of();
      }
      List<String> statements = new ArrayList<>();
      if (keyspace.isEmpty()) {
        statements.add(createKeyspace(spec, replication(spec, session)));
      }
      statements.addAll(statementsOf(copyCql));
      List<String> refused = new ArrayList<>();
      for (String statement : statements) {
        SimpleStatement create = SimpleStatement.newInstance(statement).setTimeout(SCHEMA_TIMEOUT);
        Matcher index = INDEX.matcher(statement);
        if (!index.lookingAt()) {
          session.execute(create);
          continue;
        }
        try {
          session.execute(create);
        } catch (QueryValidationException e) {
          refused.add(
              "index "
                  + index.group(1)
                  + " on "
                  + spec.keyspace()
                  + "."
                  + spec.table()
                  + ": not created; the target refused it ("
                  + e.getMessage()
                  + "). The rows are copied; create an index of a kind the target has if the"
                  + " application needs one");
        }
      }
      awaitAgreement(session);
      return refused;
    }
  }

  private static void refuseDifferences(TargetSpec spec, String copyCql, TableMetadata existing) {
    List<String> differences = ExistingTable.differences(copyCql, existing);
    if (!differences.isEmpty()) {
      throw new IllegalArgumentException(
          "Table '"
              + spec.keyspace()
              + "."
              + spec.table()
              + "' exists with another definition than the source's: it lacks "
              + differences.stream().map(line -> "'" + line + "'").collect(Collectors.joining(", "))
              + " (fix the table, or name another with target.table)");
    }
  }

  /** The replicas per datacenter: the job's, or the local datacenter's nodes up to three. */
  static Map<String, Integer> replication(TargetSpec spec, CqlSession session) {
    if (!spec.replication().isEmpty()) {
      return spec.replication();
    }
    long nodes =
        session.getMetadata().getNodes().values().stream()
            .filter(node -> spec.localDatacenter().equals(node.getDatacenter()))
            .count();
    return Map.of(
        spec.localDatacenter(), (int) Math.max(1, Math.min(MOST_DEFAULT_REPLICAS, nodes)));
  }

  static String createKeyspace(TargetSpec spec, Map<String, Integer> replication) {
    Map<String, Integer> ordered = new LinkedHashMap<>(replication);
    return "CREATE KEYSPACE IF NOT EXISTS "
        + CqlIdentifier.fromInternal(spec.keyspace()).asCql(true)
        + " WITH replication = {'class': 'NetworkTopologyStrategy'"
        + ordered.entrySet().stream()
            .map(dc -> ", '" + dc.getKey().replace("'", "''") + "': " + dc.getValue())
            .collect(Collectors.joining())
        + "}";
  }

  /** The statements of a copy's CQL, one per {@code ;} that ends a line. */
  static List<String> statementsOf(String cql) {
    List<String> statements = new ArrayList<>();
    for (String statement : cql.split(";\\s*(\\n|$)")) {
      if (!statement.isBlank()) {
        statements.add(statement.strip());
      }
    }
    return statements;
  }

  private static void awaitAgreement(CqlSession session) {
    long deadline = System.nanoTime() + SCHEMA_TIMEOUT.toNanos();
    while (!session.checkSchemaAgreement()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "The target's nodes did not agree on the schema Sluice created within "
                + SCHEMA_TIMEOUT.toSeconds()
                + " s; check the nodes ('nodetool describecluster'), then run again.");
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while the schema was being created", e);
      }
    }
  }
}
