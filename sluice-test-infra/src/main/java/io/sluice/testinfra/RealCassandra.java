package io.sluice.testinfra;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against a real Cassandra: one node for the whole test run, one fresh keyspace
 * for the class. Test methods, constructors and {@code @BeforeAll}/{@code @BeforeEach} methods may
 * declare a {@link com.datastax.oss.driver.api.core.CqlSession} (connected to the class's keyspace)
 * and a {@link TestKeyspace} (contact point, local datacenter, keyspace name), and to reach the
 * node over JMX a {@link NodeJmx} (its JMX host and port) and a {@link NodeCompactions} (flush,
 * autocompaction, compaction throughput, pending compactions). A {@link SecondCluster} is a second,
 * independent cluster; an {@link OwnNode} a node of the class's own, to stop or reconfigure.
 *
 * <pre>{@code
 * @RealCassandra
 * class CassandraSinkIT {
 *   @Test
 *   void should_write_rows(CqlSession session, TestKeyspace keyspace) { ... }
 * }
 * }</pre>
 *
 * @see CassandraExtension for where the node comes from and how to use an existing cluster instead
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(CassandraExtension.class)
public @interface RealCassandra {}
