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
 * <p>The cluster: by default one local node per build module, started on free ports with a 512 MiB
 * heap ({@link TestNodes#HEAP_MB}) the first time a test class needs it, in {@code
 * <sluice.it.work-dir>/cassandra-*}, and shared by every test JVM the module's build forks; the
 * last JVM to end stops it ({@link ModuleNodes}). Each JVM holds it for its life, not in JUnit's
 * root store: a build that forks several test JVMs feeds each its classes one at a time, each in a
 * run of its own whose root store closes after the class. Set {@code
 * -Dsluice.it.contact-points=host:port[,host:port]} (and {@code -Dsluice.it.local-datacenter},
 * default {@code datacenter1}) to run the same tests against an existing cluster instead.
 *
 * <p>Tests of one module run against that node at the same time, from different JVMs: a test that
 * changes something node-wide (compaction throughput) puts it back, and no test asserts on the
 * node-wide load of others.
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

  private static final LazyCluster FIRST = new LazyCluster();

  private static final LazyCluster SECOND = new LazySecondCluster();

  /** The keyspace and session of one test class. */
  private record ClassKeyspace(TestKeyspace keyspace, CqlSession session) {}

  /**
   * Starts the shared cluster on first use and remembers a failure, so that the test classes after
   * a failed start fail at once with the same message instead of each trying again.
   */
  private static class LazyCluster {
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
    SharedCluster cluster = FIRST.get();
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
    FIRST.get().dropKeyspace(classKeyspace.keyspace().name());
    SecondCluster second =
        context.getStore(NAMESPACE).remove(SecondCluster.class, SecondCluster.class);
    if (second != null) {
      second.session().close();
      SECOND.get().dropKeyspace(second.keyspace().name());
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
      return FIRST.get().jmx();
    }
    if (type == NodeCompactions.class) {
      return new NodeCompactions(FIRST.get().jmx());
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
                SharedCluster second = SECOND.get();
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
}
