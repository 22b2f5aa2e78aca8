# What both copy benchmarks share (sourced by run.sh and keyspace.sh): the build of sluice.jar,
# DSBulk's jars, the helper's classes, and the two local nodes, source and target.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$here/target"
jar="$root/sluice-cli/target/sluice.jar"
cassandra_home="$root/sluice-cassandra-dist/target/cassandra-5.0.9"
dsbulk_lib="$root/bench/load/target/dsbulk-lib"
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then java="$JAVA_HOME/bin/java"; else java=java; fi

if [ ! -f "$jar" ] || [ ! -d "$cassandra_home/lib" ]; then
  echo "Building sluice.jar ..." >&2
  "$root/mvnw" -B -q -pl sluice-cassandra-dist,sluice-cli -am package -DskipTests \
    -Dspotless.check.skip=true >&2
fi
if [ ! -f "$dsbulk_lib/dsbulk-workflow-unload-1.10.0.jar" ]; then
  echo "Resolving DSBulk 1.10.0 from Maven Central ..." >&2
  (cd "$root" && ./mvnw -B -q -f bench/load/dsbulk/pom.xml dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$dsbulk_lib" >&2)
fi
classes="$work/classes"
if [ ! "$classes/RawCopier.class" -nt "$here/RawCopier.java" ]; then
  mkdir -p "$classes"
  "${java%java}javac" -nowarn -d "$classes" -cp "$jar" "$here/RawCopier.java"
fi

# Sluice as users run it, through ./sluice (which maps the command's class archive from its second
# run after a build on).
sluice() {
  SLUICE_JAVA_OPTS="-Dsluice.home=$work ${SLUICE_JAVA_OPTS:-}" "$root/sluice" "$@"
}
helper() {
  "$java" -cp "$classes:$jar" RawCopier "$@"
}

source_node=127.0.0.1:19442
target_node=127.0.0.1:19542
mkdir -p "$work/logs"
sluice cassandra start --folder "$work/source" --native-port 19442 --storage-port 17440 \
  --jmx-port 17499
sluice cassandra start --folder "$work/target" --native-port 19542 --storage-port 17540 \
  --jmx-port 17599
if [ "${KEEP_NODES:-1}" = 0 ]; then
  trap 'sluice cassandra stop --folder "$work/source"; sluice cassandra stop --folder "$work/target"' EXIT
fi
