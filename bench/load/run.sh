#!/usr/bin/env bash
# Loads the same CSV with a raw driver loader, DSBulk and Sluice, one process each, and prints
# rows/s, CPU and peak memory of each; see README.md. Not run by the build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$here/target"
jar="$root/sluice-cli/target/sluice.jar"
cassandra_home="$root/sluice-cassandra-dist/target/cassandra-5.0.9"
dsbulk_lib="$work/dsbulk-lib"
spark_lib="$work/spark-lib"
spark_jar="$root/sluice-spark/target/sluice-spark.jar"
spark_master="${SPARK_MASTER:-local[2]}"
rows="${ROWS:-1000000}"
loaders="${LOADERS:-raw dsbulk sluice}"
in_flight="${RAW_IN_FLIGHT:-256}"
datacenter="${BENCH_DATACENTER:-datacenter1}"

if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then java="$JAVA_HOME/bin/java"; else java=java; fi

if [ ! -f "$jar" ] || [ ! -d "$cassandra_home/lib" ]; then
  echo "Building sluice.jar ..." >&2
  "$root/mvnw" -B -q -pl sluice-cassandra-dist,sluice-cli -am package -DskipTests \
    -Dspotless.check.skip=true >&2
fi
case " $loaders " in
  *" spark"*)
    if [ ! -f "$spark_jar" ]; then
      echo "Building sluice-spark.jar ..." >&2
      "$root/mvnw" -B -q -pl sluice-spark -am package -DskipTests -Dspotless.check.skip=true >&2
    fi
    if [ ! -f "$spark_lib/spark-core_2.13-4.1.1.jar" ]; then
      echo "Resolving Spark 4.1.1 from Maven Central ..." >&2
      (cd "$root" && ./mvnw -B -q -f bench/load/spark/pom.xml dependency:copy-dependencies \
        -DincludeScope=runtime -DoutputDirectory="$spark_lib" >&2)
    fi ;;
esac
if [ ! -f "$dsbulk_lib/dsbulk-runner-1.10.0.jar" ]; then
  echo "Resolving DSBulk 1.10.0 from Maven Central ..." >&2
  (cd "$root" && ./mvnw -B -q -f bench/load/dsbulk/pom.xml dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$dsbulk_lib" >&2)
fi

# shellcheck source=../measure.sh
source "$here/../measure.sh"

# The raw loader is compiled once here, so javac's CPU is not counted as the loader's.
classes="$work/classes"
if [ ! "$classes/RawLoader.class" -nt "$here/RawLoader.java" ]; then
  mkdir -p "$classes"
  "${java%java}javac" -nowarn -d "$classes" -cp "$jar" "$here/RawLoader.java"
fi

sluice() {
  "$java" -Dsluice.cassandra.home="$cassandra_home" -Dsluice.home="$work" -jar "$jar" "$@"
}
bench() {
  "$java" -cp "$jar" "$here/LoadBench.java" "$@" --contact-point "$contact" \
    --datacenter "$datacenter"
}

contact="${BENCH_CONTACT_POINT:-}"
node_pid=""
if [ -z "$contact" ]; then
  mkdir -p "$work"
  sluice cassandra start --folder "$work/cassandra" --native-port 19342 --storage-port 17340 \
    --jmx-port 17399
  contact=127.0.0.1:19342
  node_pid=$(cat "$work/cassandra/cassandra.pid")
  if [ "${KEEP_NODE:-1}" = 0 ]; then
    trap 'sluice cassandra stop --folder "$work/cassandra"' EXIT
  fi
fi

data="$work/data"
csv="$data/people-$rows.csv"
mkdir -p "$data" "$work/logs"
if [ ! -f "$csv" ]; then
  "$java" -cp "$jar" "$here/LoadBench.java" generate --rows "$rows" --out "$csv"
fi

job="$data/job.yaml"
cat >"$job" <<EOF
name: bench-load
state-dir: state
sources:
  - name: people
    type: csv
    path: $(basename "$csv")
    write-timestamp: 2024-06-30T00:00:00Z
    options: {multiline: false, split-size: ${SPLIT_SIZE:-16MiB}}
target:
  contact-points: [$contact]
  local-datacenter: $datacenter
  keyspace: bench_load
  table: people
mapping:
  columns: {id: id, name: name, email: email, n: n, score: score, created: created}
EOF
limits="${ROWS_PER_SECOND:+rows-per-second: $ROWS_PER_SECOND}"
if [ -n "$limits" ]; then
  echo "flow: {$limits}" >>"$job"
fi
# The same job sending rows bound for the same replicas together (flow.batch: replica).
replica_job="$data/job-replica.yaml"
sed -e 's/^name: bench-load$/name: bench-load-replica/' -e 's/^state-dir: state$/state-dir: state-replica/' \
  -e '/^flow:/d' "$job" >"$replica_job"
echo "flow: {batch: replica, batch-rows: ${BATCH_ROWS:-128}${limits:+, $limits}}" >>"$replica_job"
# The same job writing SSTables, which 'sluice stream' then loads into the node; and the same
# again streaming them at the end of 'migrate' itself.
sstables_job="$data/job-sstables.yaml"
sed -e 's/^name: bench-load$/name: bench-load-sstables/' -e 's/^state-dir: state$/state-dir: state-sstables/' \
  -e 's/^target:$/target:\n  type: sstables\n  options: {directory: sstables}/' "$job" >"$sstables_job"
sstables_direct_job="$data/job-sstables-direct.yaml"
sed -e 's/options: {directory: sstables}/options: {directory: sstables, stream-after-migrate: true}/' \
  "$sstables_job" >"$sstables_direct_job"

run_loader() {
  case "$1" in
    raw)
      measure raw "$java" ${RAW_JAVA_OPTS:-} -cp "$jar:$classes" RawLoader --csv "$csv" \
        --contact-point "$contact" --datacenter "$datacenter" --in-flight "$in_flight"
      own=$(sed -n 's/.*rows\/s=\([0-9]*\).*/\1/p' "$work/logs/raw.out") ;;
    dsbulk)
      local host="${contact%:*}" port="${contact##*:}"
      rm -rf "$work/dsbulk-logs"
      measure dsbulk "$java" ${DSBULK_JAVA_OPTS:-} -cp "$dsbulk_lib/*" \
        com.datastax.oss.dsbulk.runner.DataStaxBulkLoader load \
        -url "$csv" -header true -k bench_load -t people -h "$host" -port "$port" \
        -dc "$datacenter" -logDir "$work/dsbulk-logs" --log.ansiMode disabled
      # The summary: "total | failed | rows/s | ..." then its figures.
      own=$(awk -F'|' '/rows\/s/ {getline; gsub(/[ ,]/, "", $3); print $3}' \
        "$work/logs/dsbulk.out" | tail -1) ;;
    sluice)
      measure sluice "$java" ${SLUICE_JAVA_OPTS:-} -jar "$jar" migrate "$job" --fresh
      own=$(sed -n 's/.* \([0-9][0-9,]*\) rows\/s.*/\1/p' "$work/logs/sluice.out" | tail -1 \
        | tr -d ,) ;;
    sluice-replica)
      measure sluice-replica "$java" ${SLUICE_JAVA_OPTS:-} -jar "$jar" migrate "$replica_job" --fresh
      own=$(sed -n 's/.* \([0-9][0-9,]*\) rows\/s.*/\1/p' "$work/logs/sluice-replica.out" \
        | tail -1 | tr -d ,) ;;
    sstables)
      # One command: migrate writes the files, then streams them, its writer turned loader.
      rm -rf "$data/sstables"
      measure sstables "$java" ${SLUICE_JAVA_OPTS:-} -Dsluice.cassandra.home="$cassandra_home" \
        -jar "$jar" migrate "$sstables_direct_job" --fresh
      own= ;;
    sstables-2)
      # Two commands in one measured process: migrate writes the files, stream loads them.
      rm -rf "$data/sstables"
      measure sstables-2 bash -c '"$1" ${SLUICE_JAVA_OPTS:-} -Dsluice.cassandra.home="$2" -jar "$3" migrate "$4" --fresh \
        && "$1" ${SLUICE_JAVA_OPTS:-} -Dsluice.cassandra.home="$2" -jar "$3" stream "$4"' _ \
        "$java" "$cassandra_home" "$jar" "$sstables_job"
      own= ;;
    spark|spark-1|spark-4)
      # Spark's own SparkSubmit in local mode, as spark-submit runs it, over the same job file:
      # spark-1 and spark-4 run one and four tasks at once, for the rows/s limit's comparison.
      local master="$spark_master"
      case "$1" in spark-1) master='local[1]' ;; spark-4) master='local[4]' ;; esac
      measure "$1" env SPARK_LOCAL_IP=127.0.0.1 "$java" ${SPARK_JAVA_OPTS:-} -cp "$spark_lib/*" \
        org.apache.spark.deploy.SparkSubmit --master "$master" \
        --class io.sluice.spark.SluiceSpark --conf spark.ui.enabled=false \
        --conf spark.driver.host=127.0.0.1 "$spark_jar" migrate "$job" --fresh
      own=$(sed -n 's/.* \([0-9][0-9,]*\) rows\/s.*/\1/p' "$work/logs/$1.out" | tail -1 \
        | tr -d ,) ;;
    *) echo "unknown loader $1 (raw, dsbulk, sluice, sluice-replica, sstables, sstables-2, spark, spark-1, spark-4)" >&2; exit 64 ;;
  esac
}

echo "Warming the node up with the raw loader (first $((rows / 10)) rows) ..."
bench reset
"$java" -cp "$jar:$classes" RawLoader --csv "$csv" --contact-point "$contact" \
  --datacenter "$datacenter" --in-flight "$in_flight" --limit $((rows / 10)) >/dev/null

results="$work/results.tsv"
: >"$results"
busy=0
for ((round = 1; round <= ${ROUNDS:-2}; round++)); do
for loader in $(rotate $((round - 1)) $loaders); do
  bench reset
  sleep "${PAUSE:-5}"
  n=$(others)
  if [ "$n" -gt "$busy" ]; then busy=$n; fi
  echo "Round $round: loading $rows rows with $loader ($n other Cassandra/Maven processes running) ..."
  node_before=$(node_cpu)
  run_loader "$loader"
  node_used=$(awk -v a="$node_before" -v b="$(node_cpu)" 'BEGIN {print a < 0 ? -1 : b - a}')
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
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$loader" "$round" "$rows" "$wall" "$user" "$sys" \
    "$rss" "${own:-0}" "$node_used" >>"$results"
done
done

echo
awk -v size="$(stat -c %s "$csv")" -v rows="$rows" -v cpus="$(nproc)" \
  -v when="$(date -u +%Y-%m-%dT%H:%M:%SZ)" 'BEGIN {printf "%s, %d processors, %.0f bytes a row\n", when, cpus, size / rows}'
"$java" -cp "$jar" "$here/LoadBench.java" report --results "$results"
n=$(others)
if [ "$n" -gt "$busy" ]; then busy=$n; fi
if [ "$busy" -gt 0 ]; then
  echo "Note: up to $busy other Cassandra/Maven processes ran meanwhile: the figures are noisy."
fi
