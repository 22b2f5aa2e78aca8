package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import io.sluice.core.source.KeyColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A table's primary key as the core compares them: partition key, then clustering columns. */
public final class TableKeys {

  private TableKeys() {}

  public static List<KeyColumn> of(TableMetadata table) {
    List<KeyColumn> key = new ArrayList<>();
    for (ColumnMetadata column : table.getPartitionKey()) {
      key.add(
          new KeyColumn(
              column.getName().asInternal(), column.getType().asCql(false, true), true, false));
    }
    for (Map.Entry<ColumnMetadata, ClusteringOrder> column :
        table.getClusteringColumns().entrySet()) {
      key.add(
          new KeyColumn(
              column.getKey().getName().asInternal(),
              column.getKey().getType().asCql(false, true),
              false,
              column.getValue() == ClusteringOrder.DESC));
    }
    return key;
  }
}
