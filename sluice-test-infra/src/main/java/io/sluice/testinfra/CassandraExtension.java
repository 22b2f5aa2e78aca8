package io.sluice.testinfra;

import com.datastax.oss.driver.api.core.CqlSession;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives integration tests a real Cassandra; use it through {@link RealCassandra}.
 *
 * <p>The cluster: by default one local node per test JVM, started on free ports with a 1 GiB heap
 * the first time a test class needs it, in {@code <sluice.it.work-dir>/cassandra-<pid>}, and
 * stopped when the test run ends (a shutdown hook kills it if the run is cut short). Set {@code
 * -Dsluice.it.contact-points=host:port[,host:port]} (and {@code -Dsluice.it.local-datacenter},
 * default {@code datacenter1}) to run the same tests against an existing cluster instead.
 *
 * <p>Per test class: a keyspace named after the class ({@code CassandraSinkIT} gets {@code
 * sluice_it_cassandra_sink_it}), SimpleStrategy with replication factor 1, created fresh before the
 * class and dropped after it, and one {@link CqlSession} connected to it that every parameter of
 * type {@code CqlSession} receives.
 *
 * <p>Parameters of type {@link NodeJmx} and {@link NodeCompactions} reach the first node over JMX.
 *
 * <p>A parameter of type {@link OwnNode} is a node of the test class's own, which it starts with
 * the options it needs and may stop and restart; it is stopped after the class.
 */
public final class CassandraExtension
    implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(CassandraExtension.class);

  /** The keyspace and session of one test class. */
  private record ClassKeyspace(TestKeyspace keyspace, CqlSession session) {}

  /**
   * Starts the shared cluster on first use and remembers a failure, so that the test classes after
   * a failed start fail at once with the same message instead of each trying again.
   */
  private static class LazyCluster implements AutoCloseable {
    private SharedCluster cluster;
    private RuntimeException failure;

    SharedCluster start() {
      return SharedCluster.fromSystemProperties();
    }

    synchronized SharedCluster get() {
      if (cluster == null && failure == null) {
        try {
          cluster = start();
        } catch (RuntimeException e) {
          failure = e;
        }
      }
      if (failure != null) {
        throw new IllegalStateException(
            "The Cassandra for integration tests is not available: " + failure.getMessage(),
            failure);
      }
      return cluster;
    }

    @Override
    public synchronized void close() {
      if (cluster != null) {
        cluster.close();
      }
    }
  }

  /** The second cluster, started only when a test asks for one. */
  private static final class LazySecondCluster extends LazyCluster {
    @Override
    SharedCluster start() {
      return SharedCluster.secondFromSystemProperties();
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    SharedCluster cluster = cluster(context);
    String name = KeyspaceNames.forClass(context.getRequiredTestClass());
    TestKeyspace keyspace = cluster.createKeyspace(name);
    CqlSession session = cluster.session(name);
    context.getStore(NAMESPACE).put(ClassKeyspace.class, new ClassKeyspace(keyspace, session));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    ClassKeyspace classKeyspace =
        context.getStore(NAMESPACE).remove(ClassKeyspace.class, ClassKeyspace.class);
    if (classKeyspace == null) {
      return;
    }
    classKeyspace.session().close();
    cluster(context).dropKeyspace(classKeyspace.keyspace().name());
    SecondCluster second =
        context.getStore(NAMESPACE).remove(SecondCluster.class, SecondCluster.class);
    if (second != null) {
      second.session().close();
      secondCluster(context).dropKeyspace(second.keyspace().name());
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == CqlSession.class
        || type == TestKeyspace.class
        || type == NodeJmx.class
        || type == NodeCompactions.class
        || type == SecondCluster.class
        || type == OwnNode.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == NodeJmx.class) {
      return cluster(context).jmx();
    }
    if (type == NodeCompactions.class) {
      return new NodeCompactions(cluster(context).jmx());
    }
    if (type == OwnNode.class) {
      return classContext(context)
          .getStore(NAMESPACE)
          .getOrComputeIfAbsent(
              OwnNode.class,
              k -> new OwnNode(KeyspaceNames.forClass(context.getRequiredTestClass()) + "-"),
              OwnNode.class);
    }
    if (type == SecondCluster.class) {
      ExtensionContext classContext = classContext(context);
      return classContext
          .getStore(NAMESPACE)
          .getOrComputeIfAbsent(
              SecondCluster.class,
              k -> {
                SharedCluster second = secondCluster(context);
                String name = KeyspaceNames.forClass(context.getRequiredTestClass());
                return new SecondCluster(second.createKeyspace(name), second.session(name));
              },
              SecondCluster.class);
    }
    ClassKeyspace classKeyspace =
        context.getStore(NAMESPACE).get(ClassKeyspace.class, ClassKeyspace.class);
    if (classKeyspace == null) {
      throw new IllegalStateException(
          "No test keyspace: CassandraExtension creates it before all tests of a class, so"
              + " register it on the class (@RealCassandra), not on a method.");
    }
    return type == CqlSession.class ? classKeyspace.session() : classKeyspace.keyspace();
  }

  /** The context of the test class, from its own or one of its methods'. */
  private static ExtensionContext classContext(ExtensionContext context) {
    return context.getTestMethod().isPresent() ? context.getParent().orElseThrow() : context;
  }

  private static SharedCluster secondCluster(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            LazySecondCluster.class, k -> new LazySecondCluster(), LazySecondCluster.class)
        .get();
  }

  private static SharedCluster cluster(ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(LazyCluster.class, k -> new LazyCluster(), LazyCluster.class)
        .get();
  }
}
