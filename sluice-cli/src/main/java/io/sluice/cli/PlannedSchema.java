package io.sluice.cli;

import io.sluice.core.job.TargetSpec;
import io.sluice.core.schema.CqlIdentifiers;
import io.sluice.core.source.TableCopy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The target schema of a job's table copies, as {@code sluice plan} prints it for a keyspace: the
 * keyspace at its replication once, each user type once (a type several tables use is created by
 * the first; each copy lists the types it nests before the types nesting them, so the first-seen
 * order keeps that), then each table with its indexes; and what each copy leaves out, a sentence
 * each.
 */
final class PlannedSchema {

  /** Copies as Sluice creates them under {@code schema: create}: up to three replicas. */
  private static final int DEFAULT_REPLICAS = 3;

  private final Set<String> types = new LinkedHashSet<>();
  private final List<String> tables = new ArrayList<>();
  private final List<String> writeRules = new ArrayList<>();
  private final List<String> notCopied = new ArrayList<>();

  /** Adds the copy of one table, under its target name. */
  void add(String table, TableCopy copy) {
    for (String statement : statementsOf(copy.cql())) {
      if (statement.startsWith("CREATE TYPE")) {
        types.add(statement);
      } else {
        tables.add(statement);
      }
    }
    copy.writeRules().forEach(rule -> writeRules.add("table " + table + ": " + rule));
    notCopied.addAll(copy.notCopied());
  }

  /** Adds a sentence on what the job leaves out, such as a table it does not copy and why. */
  void notCopied(String note) {
    notCopied.add(note);
  }

  boolean isEmpty() {
    return tables.isEmpty();
  }

  /** The statements, one a line or more, each ending in {@code ;}, ready for {@code cqlsh -f}. */
  String cql(TargetSpec target) {
    List<String> statements = new ArrayList<>();
    statements.add(keyspace(target));
    statements.addAll(types);
    statements.addAll(tables);
    return String.join("\n", statements);
  }

  /** Says where the keyspace's replication comes from, and who creates the schema. */
  String replicationNote(TargetSpec target) {
    String replicas =
        target.replication().isEmpty()
            ? "The keyspace's replication is not set (target.replication): "
                + DEFAULT_REPLICAS
                + " replicas in datacenter "
                + target.localDatacenter()
                + ", or one per node where it has fewer."
            : "The keyspace's replication is the job's (target.replication).";
    String who =
        target.createsSchema()
            ? " target.schema is create: migrate creates what of this is missing; plan creates"
                + " nothing."
            : " Create what is missing before migrate, or set target.schema: create.";
    return replicas + who;
  }

  List<String> writeRules() {
    return writeRules;
  }

  List<String> notCopied() {
    return notCopied;
  }

  private static String keyspace(TargetSpec target) {
    Map<String, Integer> replication = new LinkedHashMap<>(target.replication());
    if (replication.isEmpty()) {
      replication.put(target.localDatacenter(), DEFAULT_REPLICAS);
    }
    return "CREATE KEYSPACE IF NOT EXISTS "
        + CqlIdentifiers.quoteIfNeeded(target.keyspace())
        + " WITH replication = {'class': 'NetworkTopologyStrategy'"
        + replication.entrySet().stream()
            .map(dc -> ", '" + dc.getKey().replace("'", "''") + "': " + dc.getValue())
            .collect(Collectors.joining())
        + "};";
  }

  /** The statements of a copy's CQL, each with its {@code ;}, one per {@code ;} ending a line. */
  private static List<String> statementsOf(String cql) {
    List<String> statements = new ArrayList<>();
    for (String statement : cql.split(";\\s*(\\n|$)")) {
      if (!statement.isBlank()) {
        statements.add(statement.strip() + ";");
      }
    }
    return statements;
  }
}
