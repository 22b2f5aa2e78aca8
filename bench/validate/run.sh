#!/usr/bin/env bash
# Validation speed against the node's raw point-read rate; see README.md. Not run by the build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$here/target"
jar="$root/sluice-cli/target/sluice.jar"
cassandra_home="$root/sluice-cassandra-dist/target/cassandra-5.0.9"
rows="${ROWS:-200000}"

if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then java="$JAVA_HOME/bin/java"; else java=java; fi

if [ ! -f "$jar" ] || [ ! -d "$cassandra_home/lib" ]; then
  echo "Building sluice.jar ..." >&2
  "$root/mvnw" -B -q -pl sluice-cassandra-dist,sluice-cli -am package -DskipTests \
    -Dspotless.check.skip=true >&2
fi

sluice() {
  "$java" -Dsluice.cassandra.home="$cassandra_home" -Dsluice.home="$work" -jar "$jar" "$@"
}

contact="${BENCH_CONTACT_POINT:-}"
if [ -z "$contact" ]; then
  mkdir -p "$work"
  sluice cassandra start --folder "$work/cassandra" --native-port 19042 --storage-port 17000 \
    --jmx-port 17199
  contact=127.0.0.1:19042
  if [ "${KEEP_NODE:-1}" = 0 ]; then
    trap 'sluice cassandra stop --folder "$work/cassandra"' EXIT
  fi
fi

"$java" -cp "$jar" "$here/ValidateBench.java" \
  --rows "$rows" --contact-point "$contact" --datacenter "${BENCH_DATACENTER:-datacenter1}" \
  --work "$work"
