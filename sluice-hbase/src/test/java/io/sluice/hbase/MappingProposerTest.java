package io.sluice.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.core.job.JobFiles;
import io.sluice.core.job.JobSpec;
import io.sluice.core.source.SourceProposal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proposal for rows of seeded values: each column's encoding, families of data qualifiers as a
 * map or clustering rows, and options and mapping that a job file reads back as they are.
 */
class MappingProposerTest {

  private static final long SEED = 41L;

  @TempDir Path dir;

  @Test
  void should_propose_a_column_per_qualifier_with_its_encoding() throws Exception {
    Random random = new Random(SEED);
    List<SampledRow> rows = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      List<SampledRow.Cell> cells = new ArrayList<>();
      cells.add(cell("d", "name", Bytes.toBytes("name-" + random.nextInt(1000))));
      cells.add(cell("d", "qty", Bytes.toBytes(random.nextLong(1_000_000))));
      cells.add(cell("d", "price", Bytes.toBytes(random.nextDouble(1, 500))));
      cells.add(cell("d", "rank", Bytes.toBytes(random.nextInt(100))));
      cells.add(cell("d", "ratio", Bytes.toBytes((float) random.nextDouble(0.1, 1))));
      cells.add(cell("d", "paid", Bytes.toBytes(random.nextBoolean())));
      byte[] photo = new byte[32];
      random.nextBytes(photo);
      cells.add(cell("d", "photo", photo));
      cells.add(cell("t", "name", Bytes.toBytes("note " + i)));
      rows.add(new SampledRow(Bytes.toBytes(String.format("order-%05d", i)), cells));
    }

    SourceProposal proposal =
        new MappingProposer("orders-snap", new SnapshotSample(rows, 1)).propose("shop", "orders");

    assertThat(proposal.createTableCql())
        .isEqualTo(
            "CREATE TABLE shop.orders (\n"
                + "  rowkey text,\n"
                + "  name text,\n"
                + "  qty bigint,\n"
                + "  price double,\n"
                + "  rank int,\n"
                + "  ratio float,\n"
                + "  paid boolean,\n"
                + "  photo blob,\n"
                + "  t_name text,\n"
                + "  PRIMARY KEY (rowkey)\n"
                + ");");
    assertThat(proposal.optionsYaml())
        .isEqualTo(
            "    options:\n"
                + "      snapshot: \"orders-snap\"\n"
                + "      row-key: utf8\n"
                + "      decode: raw\n"
                + "      decode-columns: {\"d:name\": utf8, \"d:qty\": long, \"d:price\": double,"
                + " \"d:rank\": int, \"d:ratio\": float, \"d:paid\": boolean, \"t:name\": utf8}\n");
    assertThat(proposal.guesses())
        .contains(
            "row key -> rowkey: utf8 (100% of 50 sampled keys)",
            "d:qty -> qty bigint: long (100% of 50 sampled values)",
            "d:photo -> photo blob: raw (100% of 50 sampled values)");
    JobSpec job = pasted(proposal);
    assertThat(job.mapping().columns()).containsKeys("rowkey", "t_name");
    assertThat(job.mapping().columns().get("t_name").field()).isEqualTo("t:name");
  }

  @Test
  void should_propose_a_map_for_data_qualifiers_and_clustering_rows_for_a_wide_family()
      throws Exception {
    Random random = new Random(SEED);
    List<SampledRow> rows = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      List<SampledRow.Cell> cells = new ArrayList<>();
      cells.add(cell("d", "name", Bytes.toBytes("name-" + i)));
      // A qualifier per day, a few days a row: a map of day to count.
      for (int day = 0; day < 5; day++) {
        cells.add(
            cell("t", "2026-01-" + (10 + random.nextInt(60)), Bytes.toBytes(random.nextLong(99))));
      }
      // A cell per event, hundreds a row: clustering rows.
      for (int event = 0; event < 150 + random.nextInt(50); event++) {
        String id = String.format("ev-%012d", random.nextLong(1L << 40));
        cells.add(cell("e", id, Bytes.toBytes(random.nextLong(99))));
      }
      rows.add(new SampledRow(Bytes.toBytes((long) i), cells));
    }

    SourceProposal proposal =
        new MappingProposer("events", new SnapshotSample(rows, 2)).propose("shop", "events");

    assertThat(proposal.createTableCql())
        .isEqualTo(
            "CREATE TABLE shop.events (\n"
                + "  rowkey bigint,\n"
                + "  qualifier text,\n"
                + "  value bigint,\n"
                + "  name text static,\n"
                + "  t map<text, bigint> static,\n"
                + "  PRIMARY KEY ((rowkey), qualifier)\n"
                + ");");
    assertThat(proposal.optionsYaml())
        .contains("      row-key: long\n", "      decode: long\n")
        .contains("      decode-columns: {\"d:name\": utf8}\n")
        .contains("      families: {\"e\": rows, \"t\": map}\n", "      qualifier: utf8\n");
    assertThat(proposal.description()).isEqualTo("the first 40 row(s) of 2 region(s)");
    pasted(proposal);
  }

  @Test
  void should_say_so_when_the_snapshot_has_no_row() {
    assertThatThrownBy(
            () -> new MappingProposer("empty", new SnapshotSample(List.of(), 3)).propose("k", "t"))
        .hasMessageContaining("holds no row");
  }

  /** The job file the proposal's options and mapping make, read as a run reads it. */
  private JobSpec pasted(SourceProposal proposal) throws Exception {
    Path file = dir.resolve("job.yaml");
    Files.writeString(
        file,
        "name: proposed\n"
            + "sources:\n"
            + "  - type: hbase-snapshot\n"
            + "    path: export\n"
            + proposal.optionsYaml()
            + "target:\n"
            + "  contact-points: [127.0.0.1:9042]\n"
            + "  local-datacenter: dc1\n"
            + "  keyspace: shop\n"
            + "  table: t\n"
            + proposal.mappingYaml());
    JobSpec job = JobFiles.load(file);
    HBaseSnapshotOptions options =
        JobFiles.readPart(job.sources().get(0).options(), HBaseSnapshotOptions.class, "options");
    assertThat(options.snapshot()).isNotBlank();
    return job;
  }

  private static SampledRow.Cell cell(String family, String qualifier, byte[] value) {
    return new SampledRow.Cell(family, Bytes.toBytes(qualifier), value);
  }
}
