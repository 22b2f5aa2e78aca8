package io.sluice.core.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MappingSpecYamlTest {

  /** The part of a job file holding the mapping, as the loader reads it. */
  record Job(MappingSpec mapping) {}

  /** Configured like the job file loader. */
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  static MappingSpec read(String yaml) throws Exception {
    return YAML.readValue(yaml, Job.class).mapping();
  }

  @Test
  void should_read_every_form_of_column_source() throws Exception {
    MappingSpec spec =
        read(
            """
            mapping:
              columns:
                id: _id
                given_name: name.given
                first_phone: phones[0].number
                email_count: { size: emails }
                source: { constant: mongo-2024 }
                user_key: { concat: [country, _id], separator: ":" }
                id_hash: { hash: [_id], algorithm: md5 }
                signup: { field: createdAt, type: timestamp, default: "2020-01-01T00:00:00Z" }
                address: { field: address, ignore-extra-fields: true }
              explode:
                field: phones
                as: phone
                index-column: phone_index
              filter:
                - { field: status, equals: active }
                - { field: kind, in: [a, 5] }
                - { field: status, not-equals: banned }
                - { field: deletedAt, exists: false }
            """);

    assertThat(spec.columns().keySet())
        .containsExactly(
            "id",
            "given_name",
            "first_phone",
            "email_count",
            "source",
            "user_key",
            "id_hash",
            "signup",
            "address");
    assertThat(spec.columns().get("id")).isEqualTo(ColumnSpec.ofField("_id"));
    assertThat(spec.columns().get("first_phone").field()).isEqualTo("phones[0].number");
    assertThat(spec.columns().get("email_count")).isEqualTo(ColumnSpec.ofSize("emails"));
    assertThat(spec.columns().get("source")).isEqualTo(ColumnSpec.ofConstant("mongo-2024"));
    assertThat(spec.columns().get("user_key"))
        .isEqualTo(ColumnSpec.ofConcat(List.of("country", "_id"), ":"));
    assertThat(spec.columns().get("id_hash")).isEqualTo(ColumnSpec.ofHash(List.of("_id"), "md5"));
    assertThat(spec.columns().get("signup"))
        .isEqualTo(
            ColumnSpec.ofField("createdAt")
                .withType("timestamp")
                .withDefault("2020-01-01T00:00:00Z"));
    assertThat(spec.columns().get("address").ignoreExtraFields()).isTrue();
    assertThat(spec.explode()).isEqualTo(new ExplodeSpec("phones", "phone", "phone_index"));
    assertThat(spec.filter())
        .containsExactly(
            FilterSpec.equalTo("status", "active"),
            new FilterSpec("kind", null, null, List.of("a", 5), null),
            new FilterSpec("status", null, "banned", null, null),
            FilterSpec.exists("deletedAt", false));
  }

  @Test
  void should_read_back_what_it_writes() throws Exception {
    MappingSpec spec =
        new MappingSpec(
            new java.util.LinkedHashMap<>(
                Map.of(
                    "id", ColumnSpec.ofField("_id"),
                    "odd", ColumnSpec.ofField("['a.b'][0].c"),
                    "yes", ColumnSpec.ofConstant("no"),
                    "n", ColumnSpec.ofConstant(42),
                    "key", ColumnSpec.ofConcat(List.of("a", "b[1]"), " / "),
                    "digest", ColumnSpec.ofHash(List.of("_id"), "sha256"),
                    "when",
                        ColumnSpec.ofField("at").withType("frozen<list<int>>").withDefault(true),
                    "quote", ColumnSpec.ofConstant("say \"hi\"\n"))),
            new ExplodeSpec("items", "item", "pos"),
            List.of(FilterSpec.equalTo("status", "null"), FilterSpec.exists("x", true)));

    String yaml = MappingYaml.write(spec);

    assertThat(read(yaml)).isEqualTo(spec);
  }
}
