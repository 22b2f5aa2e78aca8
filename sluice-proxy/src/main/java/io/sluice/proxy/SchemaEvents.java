package io.sluice.proxy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.AggregateMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.FunctionMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.FunctionSignature;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.SchemaChangeListenerBase;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.ViewMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.ProtocolConstants.SchemaChangeTarget;
import com.datastax.oss.protocol.internal.ProtocolConstants.SchemaChangeType;
import com.datastax.oss.protocol.internal.response.event.SchemaChangeEvent;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Schema changes pushed to the clients that asked for them ({@code REGISTER} with {@code
 * SCHEMA_CHANGE}), as a node pushes them: so a client's driver refreshes its metadata when another
 * client, or anyone on the primary, changes the schema. The changes are those the proxy's own
 * driver learns of from the primary. Topology and status events are never pushed: to its clients
 * the proxy is a cluster of one node that is up.
 */
final class SchemaEvents extends SchemaChangeListenerBase {

  /** Registered client connections, by the protocol version each speaks. */
  private final Map<Channel, Integer> clients = new ConcurrentHashMap<>();

  /** Pushes schema changes to this client from now on, until its connection closes. */
  void register(Channel client, int protocolVersion) {
    if (clients.put(client, protocolVersion) == null) {
      client.closeFuture().addListener(closed -> clients.remove(client));
    }
  }

  @Override
  public void onKeyspaceCreated(KeyspaceMetadata keyspace) {
    keyspace(SchemaChangeType.CREATED, keyspace);
  }

  @Override
  public void onKeyspaceDropped(KeyspaceMetadata keyspace) {
    keyspace(SchemaChangeType.DROPPED, keyspace);
  }

  @Override
  public void onKeyspaceUpdated(KeyspaceMetadata current, KeyspaceMetadata previous) {
    keyspace(SchemaChangeType.UPDATED, current);
  }

  @Override
  public void onTableCreated(TableMetadata table) {
    table(SchemaChangeType.CREATED, table);
  }

  @Override
  public void onTableDropped(TableMetadata table) {
    table(SchemaChangeType.DROPPED, table);
  }

  @Override
  public void onTableUpdated(TableMetadata current, TableMetadata previous) {
    table(SchemaChangeType.UPDATED, current);
  }

  @Override
  public void onViewCreated(ViewMetadata view) {
    view(SchemaChangeType.CREATED, view);
  }

  @Override
  public void onViewDropped(ViewMetadata view) {
    view(SchemaChangeType.DROPPED, view);
  }

  @Override
  public void onViewUpdated(ViewMetadata current, ViewMetadata previous) {
    view(SchemaChangeType.UPDATED, current);
  }

  @Override
  public void onUserDefinedTypeCreated(UserDefinedType type) {
    type(SchemaChangeType.CREATED, type);
  }

  @Override
  public void onUserDefinedTypeDropped(UserDefinedType type) {
    type(SchemaChangeType.DROPPED, type);
  }

  @Override
  public void onUserDefinedTypeUpdated(UserDefinedType current, UserDefinedType previous) {
    type(SchemaChangeType.UPDATED, current);
  }

  @Override
  public void onFunctionCreated(FunctionMetadata function) {
    function(
        SchemaChangeType.CREATED,
        SchemaChangeTarget.FUNCTION,
        function.getKeyspace(),
        function.getSignature());
  }

  @Override
  public void onFunctionDropped(FunctionMetadata function) {
    function(
        SchemaChangeType.DROPPED,
        SchemaChangeTarget.FUNCTION,
        function.getKeyspace(),
        function.getSignature());
  }

  @Override
  public void onFunctionUpdated(FunctionMetadata current, FunctionMetadata previous) {
    function(
        SchemaChangeType.UPDATED,
        SchemaChangeTarget.FUNCTION,
        current.getKeyspace(),
        current.getSignature());
  }

  @Override
  public void onAggregateCreated(AggregateMetadata aggregate) {
    function(
        SchemaChangeType.CREATED,
        SchemaChangeTarget.AGGREGATE,
        aggregate.getKeyspace(),
        aggregate.getSignature());
  }

  @Override
  public void onAggregateDropped(AggregateMetadata aggregate) {
    function(
        SchemaChangeType.DROPPED,
        SchemaChangeTarget.AGGREGATE,
        aggregate.getKeyspace(),
        aggregate.getSignature());
  }

  @Override
  public void onAggregateUpdated(AggregateMetadata current, AggregateMetadata previous) {
    function(
        SchemaChangeType.UPDATED,
        SchemaChangeTarget.AGGREGATE,
        current.getKeyspace(),
        current.getSignature());
  }

  private void keyspace(String change, KeyspaceMetadata keyspace) {
    push(change, SchemaChangeTarget.KEYSPACE, keyspace.getName(), null, null);
  }

  private void table(String change, TableMetadata table) {
    push(change, SchemaChangeTarget.TABLE, table.getKeyspace(), table.getName(), null);
  }

  /** A materialized view is a table to the protocol's events. */
  private void view(String change, ViewMetadata view) {
    push(change, SchemaChangeTarget.TABLE, view.getKeyspace(), view.getName(), null);
  }

  private void type(String change, UserDefinedType type) {
    push(change, SchemaChangeTarget.TYPE, type.getKeyspace(), type.getName(), null);
  }

  private void function(
      String change, String target, CqlIdentifier keyspace, FunctionSignature signature) {
    List<String> arguments = new ArrayList<>();
    for (DataType parameter : signature.getParameterTypes()) {
      arguments.add(parameter.asCql(false, true));
    }
    push(change, target, keyspace, signature.getName(), arguments);
  }

  private void push(
      String change,
      String target,
      CqlIdentifier keyspace,
      CqlIdentifier name,
      List<String> arguments) {
    push(
        new SchemaChangeEvent(
            change,
            target,
            keyspace.asInternal(),
            name == null ? null : name.asInternal(),
            arguments));
  }

  private void push(SchemaChangeEvent event) {
    clients.forEach(
        (client, version) ->
            client.writeAndFlush(
                Frame.forResponse(version, -1, null, Frame.NO_PAYLOAD, List.of(), event)));
  }
}
