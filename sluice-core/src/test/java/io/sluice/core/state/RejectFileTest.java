package io.sluice.core.state;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.core.source.SourcePosition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RejectFileTest {

  private static final LineDetail FINDING = json -> json.writeStringField("kind", "missing");

  @Test
  void should_give_findings_of_every_source_the_same_fields() throws IOException {
    String fromBson =
        RejectFile.toJson(
            new RejectLine(
                "dump",
                new SourcePosition("people.bson", 50, "p5"),
                RejectStage.DIFFERENCE,
                "row missing in the target",
                FINDING));
    String fromCsv =
        RejectFile.toJson(
            new RejectLine(
                "csv",
                new SourcePosition("people.csv", 120, null),
                RejectStage.DIFFERENCE,
                "row missing in the target",
                FINDING));

    assertThat(fromBson).contains("\"id\":\"p5\"");
    assertThat(fromCsv).contains("\"id\":null");
    assertThat(fieldNames(fromCsv)).isEqualTo(fieldNames(fromBson));
  }

  private static List<String> fieldNames(String line) throws IOException {
    List<String> names = new ArrayList<>();
    new ObjectMapper().readTree(line).fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void should_leave_out_the_id_of_a_reject_whose_record_has_none() {
    String reject =
        RejectFile.toJson(
            RejectLine.reject(
                "csv",
                new SourcePosition("people.csv", 120, null),
                RejectStage.MAPPING,
                "line 3: not a number"));

    assertThat(reject).doesNotContain("\"id\"");
  }
}
