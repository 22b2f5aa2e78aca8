package io.sluice.formats.parquet;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Every test of this module runs without Hadoop on the class path, so passing them proves the
 * reader needs none; this test makes sure that stays so.
 */
class NoHadoopTest {

  @Test
  void should_have_no_hadoop_class_on_the_class_path() {
    assertThatThrownBy(() -> Class.forName("org.apache.hadoop.conf.Configuration"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> Class.forName("org.apache.hadoop.mapreduce.lib.input.FileInputFormat"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> Class.forName("org.xerial.snappy.Snappy"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> Class.forName("com.github.luben.zstd.Zstd"))
        .isInstanceOf(ClassNotFoundException.class);
  }
}
