package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.schema.TableSchema;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.Target;
import java.nio.file.Path;

/** A Cassandra-family table as a job's {@link Target}: one session, its schema, its sink. */
public final class CassandraTarget implements Target {

  private final CqlSession session;
  private final TargetSpec spec;
  private final TableMetadata table;
  private final TableSchema schema;

  private CassandraTarget(CqlSession session, TargetSpec spec, TableMetadata table) {
    this.session = session;
    this.spec = spec;
    this.table = table;
    this.schema = TableSchemaReader.read(table);
  }

  /** Connects to the target's cluster and reads its table; fails clearly if it is missing. */
  public static CassandraTarget connect(TargetSpec spec, Path baseDir) {
    CqlSession session = SessionFactory.open(spec, baseDir);
    try {
      return new CassandraTarget(
          session, spec, TableSchemaReader.tableMetadata(session, spec.keyspace(), spec.table()));
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
  }

  public CqlSession session() {
    return session;
  }

  @Override
  public TableSchema schema() {
    return schema;
  }

  @Override
  public Sink openSink(FlowSpec flow) {
    return new CassandraSink(session, table, spec.writeNulls(), flow);
  }

  @Override
  public void close() {
    session.close();
  }
}
