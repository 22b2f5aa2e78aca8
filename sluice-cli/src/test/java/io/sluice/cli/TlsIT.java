package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.sluice.flags.ExitCodes;
import io.sluice.formats.bson.BsonDumpWriter;
import io.sluice.testinfra.OwnNode;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestCertificates;
import io.sluice.testinfra.TestKeyspace;
import io.sluice.testinfra.TestNodes;
import io.sluice.testinfra.TestSessions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients over mutual TLS: a node of its own takes CQL over TLS only, with a certificate made here
 * by the JDK's keytool for 127.0.0.1, and requires a client certificate it trusts. With the trust
 * store that holds the node's certificate and the key store that holds the client's, plan, migrate
 * and validate work, and so does an SSTable target's stream (the certificate's name checked against
 * the address); a trust store that does not hold it, a certificate for another name, no client
 * certificate, TLS off against this node, and TLS on against a plain node are each refused in one
 * sentence.
 */
@RealCassandra
class TlsIT {

  private static final int DOCUMENTS = 2_000;
  private static final String NODE_STORE_PASSWORD = "node-store-pw";
  private static final String TRUST_PASSWORD = "trust-store-pw";
  private static final String CLIENT_PASSWORD = "client-key-pw";

  @TempDir static Path dir;
  private static InetSocketAddress contactPoint;
  private static int port;

  @BeforeAll
  static void startNodeOverTls(OwnNode own) throws Exception {
    Path nodeStore = dir.resolve("node.jks");
    TestCertificates.keyPair(
        "node", "CN=sluice test node", nodeStore, NODE_STORE_PASSWORD, "-ext", "SAN=ip:127.0.0.1");
    TestCertificates.trust(
        "node", nodeStore, NODE_STORE_PASSWORD, dir.resolve("trust.p12"), TRUST_PASSWORD);
    Path stranger = dir.resolve("stranger.p12");
    TestCertificates.keyPair("stranger", "CN=someone else", stranger, TRUST_PASSWORD);
    TestCertificates.trust(
        "stranger", stranger, TRUST_PASSWORD, dir.resolve("other-trust.p12"), TRUST_PASSWORD);
    Path client = dir.resolve("client.p12");
    TestCertificates.keyPair("client", "CN=sluice loader", client, CLIENT_PASSWORD);
    TestCertificates.trust(
        "client", client, CLIENT_PASSWORD, dir.resolve("node-trust.jks"), NODE_STORE_PASSWORD);
    Files.writeString(dir.resolve("trust.password"), TRUST_PASSWORD + "\n");
    Files.writeString(dir.resolve("client.password"), CLIENT_PASSWORD + "\n");

    InetSocketAddress started =
        own.start(
            TestNodes.options()
                .cassandraYaml(
                    "client_encryption_options",
                    Map.of(
                        "enabled",
                        true,
                        "optional",
                        false,
                        "keystore",
                        nodeStore.toString(),
                        "keystore_password",
                        NODE_STORE_PASSWORD,
                        "require_client_auth",
                        true,
                        "truststore",
                        dir.resolve("node-trust.jks").toString(),
                        "truststore_password",
                        NODE_STORE_PASSWORD))
                .build());
    // By address: the certificate names 127.0.0.1, and the name is checked.
    port = started.getPort();
    contactPoint = new InetSocketAddress("127.0.0.1", port);
    try (BsonDumpWriter writer = BsonDumpWriter.create(dir.resolve("people.bson"))) {
      for (int i = 0; i < DOCUMENTS; i++) {
        writer.write(new Document("_id", "p" + i).append("n", i));
      }
    }
    try (CqlSession session = tlsSession()) {
      session.execute(
          "CREATE KEYSPACE tls WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute("CREATE TABLE tls.people (id text PRIMARY KEY, n int)");
    }
  }

  /** A {@code tls:} block trusting {@code truststore} and presenting the client's certificate. */
  private static String tls(String truststore) {
    return serverOnly(truststore)
        + "    keystore: client.p12\n    keystore-password-file: client.password\n";
  }

  private static String serverOnly(String truststore) {
    return "  tls:\n    truststore: "
        + truststore
        + "\n    truststore-password-file: trust.password\n";
  }

  /** A job against {@code host:port}, written as given (an address, or a name). */
  private static Path job(String name, String tls, String host, int port) throws IOException {
    return job(name, "people", tls, host, port);
  }

  private static Path job(String name, String table, String target, String host, int port)
      throws IOException {
    return JobFile.write(
        dir,
        name,
        new TestKeyspace(
            List.of(InetSocketAddress.createUnresolved(host, port)), "datacenter1", "tls"),
        table,
        target,
        "  - type: bson\n    path: people.bson\n",
        "mapping:\n  columns:\n    id: _id\n    n: n\nmax-errors: 0\n");
  }

  /** Checks that a migration of the job is refused, before any write, with {@code error}. */
  private static void assertRefused(Path job, String error) {
    assertThat(CliRun.refusal(job)).contains("Error: " + error);
  }

  @Test
  void should_plan_load_and_validate_over_tls() throws Exception {
    Path job = job("secure", tls("trust.p12"), "127.0.0.1", port);

    CliRun plan = CliRun.of("plan", job.toString());
    CliRun migrate = CliRun.of("migrate", job.toString());
    CliRun validate = CliRun.of("validate", job.toString());

    assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCodes.OK);
    assertThat(migrate.exitCode()).as(migrate.toString()).isEqualTo(ExitCodes.OK);
    assertThat(validate.exitCode()).as(validate.toString()).isEqualTo(ExitCodes.OK);
    assertThat(CliRun.report(dir.resolve("state-secure")).get("rows-written").asLong())
        .isEqualTo(DOCUMENTS);
    assertThat(CliRun.report(dir.resolve("state-secure/validate")).get("rows-checked").asLong())
        .isEqualTo(DOCUMENTS);
    for (CliRun run : List.of(plan, migrate, validate)) {
      assertThat(run.toString()).doesNotContain(TRUST_PASSWORD).doesNotContain(CLIENT_PASSWORD);
    }
  }

  /** Cassandra's loader, too, streams over mutual TLS, its passwords never on a command line. */
  @Test
  void should_write_sstables_and_stream_them_over_tls() throws Exception {
    try (CqlSession session = tlsSession()) {
      session.execute("CREATE TABLE tls.people_sst (id text PRIMARY KEY, n int)");
    }
    Path job =
        job(
            "files",
            "people_sst",
            "  type: sstables\n  options: {directory: files}\n" + tls("trust.p12"),
            "127.0.0.1",
            port);

    CliRun migrate = CliRun.of("migrate", job.toString());
    CliRun stream = CliRun.of("stream", job.toString());

    assertThat(migrate.exitCode()).as(migrate.toString()).isEqualTo(ExitCodes.OK);
    assertThat(stream.exitCode()).as(stream.toString()).isEqualTo(ExitCodes.OK);
    assertThat(stream.out()).contains("Streamed");
    try (CqlSession session = tlsSession()) {
      assertThat(session.execute("SELECT count(*) FROM tls.people_sst").one().getLong(0))
          .isEqualTo(DOCUMENTS);
    }
    for (CliRun run : List.of(migrate, stream)) {
      assertThat(run.toString()).doesNotContain(TRUST_PASSWORD).doesNotContain(CLIENT_PASSWORD);
    }
  }

  /**
   * With stream-after-migrate, one migrate writes and streams: the writer process turns into
   * Cassandra's loader over the same mutual TLS.
   */
  @Test
  void should_write_and_stream_in_one_migrate_over_tls() throws Exception {
    try (CqlSession session = tlsSession()) {
      session.execute("CREATE TABLE tls.people_direct (id text PRIMARY KEY, n int)");
    }
    Path job =
        job(
            "direct",
            "people_direct",
            "  type: sstables\n  options: {directory: direct, stream-after-migrate: true}\n"
                + tls("trust.p12"),
            "127.0.0.1",
            port);

    CliRun migrate = CliRun.of("migrate", job.toString());

    assertThat(migrate.exitCode()).as(migrate.toString()).isEqualTo(ExitCodes.OK);
    assertThat(migrate.out()).contains("Job direct: completed", "Streamed ");
    try (CqlSession session = tlsSession()) {
      assertThat(session.execute("SELECT count(*) FROM tls.people_direct").one().getLong(0))
          .isEqualTo(DOCUMENTS);
    }
    assertThat(migrate.toString()).doesNotContain(TRUST_PASSWORD).doesNotContain(CLIENT_PASSWORD);
  }

  @Test
  void should_say_the_node_wants_a_client_certificate() throws Exception {
    assertRefused(
        job("keyless", serverOnly("trust.p12"), "127.0.0.1", port),
        "The cluster at 127.0.0.1:"
            + port
            + " requires a client certificate it trusts: set target.tls.keystore to the key"
            + " store holding yours.");
  }

  @Test
  void should_refuse_a_certificate_the_trust_store_does_not_hold() throws Exception {
    assertRefused(
        job("untrusted", tls("other-trust.p12"), "127.0.0.1", port),
        "The cluster at 127.0.0.1:"
            + port
            + " presented a certificate that the trust store other-trust.p12 does not trust"
            + " (target.tls.truststore).");
  }

  @Test
  void should_refuse_a_certificate_that_does_not_name_the_address() throws Exception {
    assertRefused(
        job("by-name", tls("trust.p12"), "localhost", port),
        "The cluster at localhost:"
            + port
            + " presented a certificate that does not name the address connected to"
            + " (target.tls.hostname-verification).");
  }

  @Test
  void should_say_tls_may_be_needed_when_the_node_takes_only_tls() throws Exception {
    assertRefused(
        job("plain", "", "127.0.0.1", port),
        "The cluster at 127.0.0.1:"
            + port
            + " closed the connection before answering; if it requires TLS, set target.tls.");
  }

  @Test
  void should_say_a_plain_node_does_not_speak_tls(TestKeyspace shared) throws Exception {
    assertRefused(
        job("overeager", tls("trust.p12"), shared.host(), shared.port()),
        "The cluster at "
            + shared.hostAndPort()
            + " does not speak TLS on that port, but target.tls is set.");
  }

  private static CqlSession tlsSession() throws Exception {
    return CqlSession.builder()
        .addContactPoint(contactPoint)
        .withLocalDatacenter("datacenter1")
        .withSslContext(mutual())
        .withConfigLoader(TestSessions.configLoader())
        .build();
  }

  /** The test's own session, through the same trust store and key store. */
  private static SSLContext mutual() throws Exception {
    return TestCertificates.clientContext(
        dir.resolve("trust.p12"), TRUST_PASSWORD, dir.resolve("client.p12"), CLIENT_PASSWORD);
  }
}
