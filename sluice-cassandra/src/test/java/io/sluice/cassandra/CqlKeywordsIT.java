package io.sluice.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.SyntaxError;
import io.sluice.core.job.FlowSpec;
import io.sluice.core.job.TargetSpec;
import io.sluice.core.schema.CqlIdentifiers;
import io.sluice.core.sink.Row;
import io.sluice.core.sink.Sink;
import io.sluice.core.sink.WriteResult;
import io.sluice.core.source.SourcePosition;
import io.sluice.node.CassandraHome;
import io.sluice.testinfra.RealCassandra;
import io.sluice.testinfra.TestKeyspace;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Column names that are CQL keywords, checked against the Cassandra the build fetches: every word
 * of its reserved list and keyword of its parser (and the literals its lexer reads as values, such
 * as {@code true}) that it refuses as a name unquoted is quoted by Sluice. A table with a column of
 * each such name is created from the names as Sluice quotes them, and written to.
 */
@RealCassandra
class CqlKeywordsIT {

  /** The keywords of the fetched Cassandra's CQL grammar, lower case. */
  private static TreeSet<String> grammarKeywords() throws Exception {
    CassandraHome home = CassandraHome.locate();
    URL[] jars = new URL[home.jars().size()];
    for (int i = 0; i < jars.length; i++) {
      jars[i] = home.jars().get(i).toUri().toURL();
    }
    TreeSet<String> words = new TreeSet<>(List.of("true", "false", "nan", "infinity"));
    try (URLClassLoader cassandra = new URLClassLoader(jars, null)) {
      try (InputStream reserved =
          cassandra.getResourceAsStream("org/apache/cassandra/cql3/reserved_keywords.txt")) {
        assertThat(reserved).as("reserved_keywords.txt in " + home.dir()).isNotNull();
        for (String word :
            new String(reserved.readAllBytes(), StandardCharsets.UTF_8).split("\\s+")) {
          if (!word.isBlank()) {
            words.add(word.toLowerCase(Locale.ROOT));
          }
        }
      }
      Class<?> parser = Class.forName("org.apache.cassandra.cql3.CqlParser", false, cassandra);
      for (Field field : parser.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers()) && field.getName().startsWith("K_")) {
          words.add(field.getName().substring(2).toLowerCase(Locale.ROOT));
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return words;
  }

  /**
   * The keywords Cassandra refuses as a column name unless quoted: parsing {@code CREATE TABLE} in
   * a keyspace that does not exist fails on syntax for those, and on the missing keyspace for the
   * others, so nothing is created.
   */
  private static TreeSet<String> refusedUnquoted(CqlSession session, TreeSet<String> words) {
    TreeSet<String> refused = new TreeSet<>();
    for (String word : words) {
      try {
        session.execute("CREATE TABLE no_such_keyspace.t (" + word + " int PRIMARY KEY)");
        throw new AssertionError("created a table in a keyspace that does not exist");
      } catch (SyntaxError e) {
        refused.add(word);
      } catch (InvalidQueryException e) {
        // Parsed: the name is fine unquoted.
      }
    }
    return refused;
  }

  @Test
  void should_quote_every_keyword_cassandra_refuses_as_a_name(
      CqlSession session, TestKeyspace keyspace) throws Exception {
    TreeSet<String> keywords = grammarKeywords();
    TreeSet<String> refused = refusedUnquoted(session, keywords);
    assertThat(keywords).contains("select", "true", "false", "materialized", "writetime");
    assertThat(refused).contains("select", "true", "false");

    assertThat(refused)
        .allSatisfy(
            word -> assertThat(CqlIdentifiers.quoteIfNeeded(word)).isEqualTo('"' + word + '"'));

    String columns =
        refused.stream()
            .map(word -> CqlIdentifiers.quoteIfNeeded(word) + " int")
            .collect(Collectors.joining(", "));
    session.execute("CREATE TABLE keywords (id text PRIMARY KEY, " + columns + ")");
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("id", "k1");
    int n = 0;
    for (String word : refused) {
      values.put(word, n++);
    }
    TargetSpec spec = CassandraSinkIT.spec(keyspace, "keywords", null);
    try (CassandraTarget target = CassandraTarget.connect(spec, Path.of("."));
        Sink sink = target.openSink(FlowSpec.defaults())) {
      WriteResult result =
          sink.write(List.of(new Row(values, 1, new SourcePosition("test", 0, "k1"))))
              .toCompletableFuture()
              .join();
      assertThat(result.failed()).isEmpty();
    }

    assertThat(session.execute("SELECT \"true\", \"select\" FROM keywords WHERE id = 'k1'").one())
        .satisfies(
            row -> {
              assertThat(row.getInt(0)).isEqualTo(values.get("true"));
              assertThat(row.getInt(1)).isEqualTo(values.get("select"));
            });
  }
}
