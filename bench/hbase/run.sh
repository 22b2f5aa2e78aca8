#!/usr/bin/env bash
# Loads one exported HBase snapshot with a raw loader (HBase's region scanner, the driver's async
# writes), Sluice over CQL and Sluice through SSTables, one process each, and prints rows/s, cells/s,
# CPU and the ratios; see README.md. Not run by the build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$here/target"
jar="$root/sluice-cli/target/sluice.jar"
plugins="$root/sluice-hbase/target/plugins"
cassandra_home="$root/sluice-cassandra-dist/target/cassandra-5.0.9"
cells="${CELLS:-1000000}"
rows=$((cells / 5))
loaders="${LOADERS:-raw sluice sstables}"
in_flight="${RAW_IN_FLIGHT:-256}"
datacenter=datacenter1
# The node's ports: other ones (NODE_PORTS="cql storage jmx") let two checkouts bench side by side.
read -r cql_port storage_port jmx_port <<<"${NODE_PORTS:-19642 17640 17699}"
contact=127.0.0.1:$cql_port

if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then java="$JAVA_HOME/bin/java"; else java=java; fi

if [ ! -f "$jar" ] || [ ! -d "$cassandra_home/lib" ] || [ ! -d "$plugins/hbase-snapshot" ]; then
  echo "Building sluice.jar and the HBase plugin ..." >&2
  "$root/mvnw" -B -q -pl sluice-cassandra-dist,sluice-cli,sluice-hbase -am package -DskipTests \
    -Dspotless.check.skip=true >&2
fi
# HBase (with its testing utility and ExportSnapshot) and the driver, for the snapshot maker and
# the raw loader: their class path, resolved by Maven from pom.xml.
classpath_file="$work/hbase-classpath.txt"
if [ ! -s "$classpath_file" ] || [ "$here/pom.xml" -nt "$classpath_file" ]; then
  echo "Resolving HBase 2.6.1 and the Java driver ..." >&2
  mkdir -p "$work"
  (cd "$root" && ./mvnw -B -q -f bench/hbase/pom.xml dependency:build-classpath \
    -Dmdep.outputFile="$classpath_file" >&2)
fi
hbase_cp="$(cat "$classpath_file")"
# Compiled once here, so that javac's CPU is not counted as the loader's.
classes="$work/classes"
if [ ! "$classes/RawHBaseLoader.class" -nt "$here/RawHBaseLoader.java" ] \
  || [ ! "$classes/SnapshotMaker.class" -nt "$here/SnapshotMaker.java" ]; then
  mkdir -p "$classes"
  "${java%java}javac" -nowarn -d "$classes" -cp "$hbase_cp" "$here/RawHBaseLoader.java" \
    "$here/SnapshotMaker.java"
fi

# The snapshot, written once per size and kept.
data="$work/data"
snapshot="$data/snapshot-$cells"
mkdir -p "$data" "$work/logs"
if [ ! -d "$snapshot" ]; then
  echo "Writing and exporting a snapshot of $cells cells with HBase (once) ..." >&2
  rm -rf "$snapshot.partial" "$work/hbase-work"
  "$java" -cp "$classes:$hbase_cp" -Dlogback.configurationFile="$here/logback.xml" SnapshotMaker \
    --cells "$cells" --out "$snapshot.partial" --work "$work/hbase-work" \
    >"$work/logs/snapshot.out" 2>&1 || { tail -30 "$work/logs/snapshot.out" >&2; exit 1; }
  tail -1 "$work/logs/snapshot.out"
  mv "$snapshot.partial" "$snapshot"
  rm -rf "$work/hbase-work"
fi

# Commands as arrays: measure runs them through GNU time, which takes no shell function.
sluice=("$java" ${SLUICE_JAVA_OPTS:-} -Dsluice.cassandra.home="$cassandra_home" -Dsluice.home="$work"
  -Dsluice.plugins="$plugins" -jar "$jar")
raw=("$java" ${RAW_JAVA_OPTS:-} -cp "$classes:$hbase_cp" -Dlogback.configurationFile="$here/logback.xml"
  RawHBaseLoader --export "$snapshot" --snapshot profiles-snap --contact-point "$contact"
  --datacenter "$datacenter" --in-flight "$in_flight")
# Another build of Sluice to compare with in the same run (loader "base"): BASE_JAR, and the HBase
# plugin folder built with it (BASE_PLUGINS, by default beside the jar).
base_jar="${BASE_JAR:-}"
base=("$java" ${SLUICE_JAVA_OPTS:-} -Dsluice.cassandra.home="$cassandra_home" -Dsluice.home="$work"
  -Dsluice.plugins="${BASE_PLUGINS:-$(dirname "${base_jar:-.}")/plugins}" -jar "$base_jar")
node=("$java" -Dsluice.cassandra.home="$cassandra_home" -Dsluice.home="$work" -jar "$jar" cassandra)
bench() {
  "$java" -cp "$jar" "$here/HBaseBench.java" "$@" --contact-point "$contact" \
    --datacenter "$datacenter"
}

# A node of its own, stopped at the end whatever happens.
"${node[@]}" start --folder "$work/cassandra" --native-port "$cql_port" --storage-port "$storage_port" \
  --jmx-port "$jmx_port"
trap '"${node[@]}" stop --folder "$work/cassandra"' EXIT
node_pid=$(cat "$work/cassandra/cassandra.pid")
# shellcheck source=../measure.sh
source "$here/../measure.sh"

# The same snapshot and mapping over CQL, and into SSTables that the same command then streams.
job="$data/job.yaml"
cat >"$job" <<EOF
name: bench-hbase
state-dir: state
sources:
  - name: profiles
    type: hbase-snapshot
    path: $snapshot
    options:
      snapshot: profiles-snap
      row-key: utf8
      decode-columns: {"d:name": utf8, "d:email": utf8, "d:score": long, "m:visits": long, "m:updated": long}
target:
  contact-points: [$contact]
  local-datacenter: $datacenter
  keyspace: bench_hbase
  table: profiles
mapping:
  columns: {id: rowkey, name: "d:name", email: "d:email", score: "d:score", visits: "m:visits", updated: "m:updated"}
EOF
sstables_job="$data/job-sstables.yaml"
sed -e 's/^name: bench-hbase$/name: bench-hbase-sstables/' \
  -e 's/^state-dir: state$/state-dir: state-sstables/' \
  -e 's/^target:$/target:\n  type: sstables\n  options: {directory: sstables, stream-after-migrate: true}/' \
  "$job" >"$sstables_job"

run_loader() {
  case "$1" in
    raw) measure raw "${raw[@]}" ;;
    sluice) measure sluice "${sluice[@]}" migrate "$job" --fresh ;;
    base)
      if [ -z "$base_jar" ]; then echo "loader base needs BASE_JAR" >&2; exit 64; fi
      measure base "${base[@]}" migrate "$job" --fresh ;;
    base-sstables)
      if [ -z "$base_jar" ]; then echo "loader base-sstables needs BASE_JAR" >&2; exit 64; fi
      rm -rf "$data/sstables"
      measure base-sstables "${base[@]}" migrate "$sstables_job" --fresh ;;
    sstables)
      rm -rf "$data/sstables"
      measure sstables "${sluice[@]}" migrate "$sstables_job" --fresh ;;
    *) echo "unknown loader $1 (raw, sluice, base, sstables, base-sstables)" >&2; exit 64 ;;
  esac
}

echo "Warming the node up with the raw loader ..."
bench reset
"${raw[@]}" >"$work/logs/warm-up.out" 2>&1 || { tail -20 "$work/logs/warm-up.out" >&2; exit 1; }

results="$work/results.tsv"
: >"$results"
busy=0
for ((round = 1; round <= ${ROUNDS:-2}; round++)); do
for loader in $(rotate $((round - 1)) $loaders); do
  bench reset
  sleep "${PAUSE:-5}"
  n=$(others)
  if [ "$n" -gt "$busy" ]; then busy=$n; fi
  echo "Round $round: loading $cells cells ($rows rows) with $loader ($n other Cassandra/Maven processes running) ..."
  node_before=$(node_cpu)
  run_loader "$loader"
  node_used=$(awk -v a="$node_before" -v b="$(node_cpu)" 'BEGIN {print b - a}')
  if [ "$rc" != 0 ]; then
    echo "$loader exited with $rc; see $work/logs/$loader.out" >&2
    tail -20 "$work/logs/$loader.out" >&2
    exit 1
  fi
  counted=$(bench count)
  if [ "$counted" != "$rows" ]; then
    echo "$loader left $counted rows in the table, not $rows; see $work/logs/$loader.out" >&2
    exit 1
  fi
  read -r wall user sys rss < <(tail -1 "$work/logs/$loader.time")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$loader" "$round" "$rows" "$cells" "$wall" \
    "$user" "$sys" "$rss" "$node_used" >>"$results"
done
done

echo
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) processors, $(du -sm "$snapshot" | cut -f1) MB of snapshot"
"$java" -cp "$jar" "$here/HBaseBench.java" report --results "$results"
n=$(others)
if [ "$n" -gt "$busy" ]; then busy=$n; fi
if [ "$busy" -gt 0 ]; then
  echo "Note: up to $busy other Cassandra/Maven processes ran meanwhile: the figures are noisy."
fi
