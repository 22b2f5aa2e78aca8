package io.sluice.cassandra;

import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DefaultProtocolVersion;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.session.ProgrammaticArguments;
import com.datastax.oss.driver.internal.core.DefaultProtocolVersionRegistry;
import com.datastax.oss.driver.internal.core.ProtocolVersionRegistry;
import com.datastax.oss.driver.internal.core.context.DefaultDriverContext;

/**
 * Session builders whose driver starts negotiating at native protocol v4 instead of v5, and still
 * steps down to v3 for a cluster that needs it (forcing a version would refuse such a cluster).
 *
 * <p>Why: protocol v5 cuts each response into checksummed segments of at most 128 KiB, which the
 * driver joins into a composite buffer and reads every cell out of piece by piece. A scan's pages
 * are hundreds of kilobytes: on v4, reading and comparing a table cost the client about 7 % less
 * CPU, and the nodes a little less too. A table's rows need nothing v5 adds.
 */
final class ProtocolV4AtMost {

  private ProtocolV4AtMost() {}

  static CqlSessionBuilder sessionBuilder() {
    return new CqlSessionBuilder() {
      @Override
      protected DriverContext buildContext(
          DriverConfigLoader configLoader, ProgrammaticArguments arguments) {
        return new DefaultDriverContext(configLoader, arguments) {
          @Override
          protected ProtocolVersionRegistry buildProtocolVersionRegistry() {
            return new Registry(getSessionName());
          }
        };
      }
    };
  }

  private static final class Registry extends DefaultProtocolVersionRegistry {

    Registry(String logPrefix) {
      super(logPrefix);
    }

    @Override
    public ProtocolVersion highestNonBeta() {
      return DefaultProtocolVersion.V4;
    }
  }
}
