package io.sluice.spark.hadoop;

import io.sluice.core.source.SourcePaths;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import scala.Tuple2;

/**
 * Lets the job's sources name files as {@code hdfs://}, {@code s3a://} or any other URI the Spark
 * installation's Hadoop reads. Hadoop is configured as Spark configures it: its own files ({@code
 * core-site.xml}, {@code HADOOP_CONF_DIR}) and the job's {@code spark.hadoop.*} settings, which are
 * also given to sources that read with a Hadoop of their own (the HBase plugin's).
 */
public final class HadoopPaths {

  private static final String SPARK_HADOOP_PREFIX = "spark.hadoop.";

  private HadoopPaths() {}

  /** Installs Hadoop's file systems for this JVM's sources (the driver's, or an executor's). */
  public static synchronized void install(SparkConf sparkConf) {
    Configuration configuration = new Configuration();
    Map<String, String> settings = new HashMap<>();
    for (Tuple2<String, String> setting : sparkConf.getAll()) {
      if (setting._1().startsWith(SPARK_HADOOP_PREFIX)) {
        settings.put(setting._1().substring(SPARK_HADOOP_PREFIX.length()), setting._2());
      }
    }
    settings.forEach(configuration::set);
    HadoopNioProvider provider = new HadoopNioProvider(configuration);
    SourcePaths.installRemote(provider::getPath, settings);
  }
}
