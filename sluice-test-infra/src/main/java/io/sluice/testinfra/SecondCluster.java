package io.sluice.testinfra;

import com.datastax.oss.driver.api.core.CqlSession;

/**
 * A second cluster, independent of the one every {@code @RealCassandra} test shares (its own local
 * node on its own ports, or the cluster {@code -Dsluice.it.second-contact-points} names), for tests
 * that copy or compare between two clusters. It starts the first time a test asks for it as a
 * parameter, and stops at the end of the run; the test class gets a keyspace on it named as its
 * keyspace on the first, dropped after the class.
 *
 * @param keyspace where the class's keyspace on the second cluster lives
 * @param session a session connected to that keyspace
 */
public record SecondCluster(TestKeyspace keyspace, CqlSession session) {}
