package io.sluice.core.sink;

import io.sluice.core.job.FlowSpec;
import io.sluice.core.schema.TableSchema;

/**
 * The table a job writes to, once connected: its schema for the mapper and planner, and the sink
 * that writes rows to it. The Cassandra module provides the implementation.
 */
public interface Target extends AutoCloseable {

  /** The target table as it exists now. */
  TableSchema schema();

  /** A sink writing to the table with the job's flow settings. */
  Sink openSink(FlowSpec flow);

  @Override
  void close();
}
