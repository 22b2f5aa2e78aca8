#!/usr/bin/env bash
# The same client workload (prepared inserts, then point reads) directly against the primary node,
# through the dual-write proxy, and dual-written by the client itself, side by side in one run; prints
# ops/s and latencies of each and the proxy's ratios; see README.md. Not run by the build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$here/target"
jar="$root/sluice-cli/target/sluice.jar"
cassandra_home="$root/sluice-cassandra-dist/target/cassandra-5.0.9"
ops="${OPS:-200000}"
concurrency="${CONCURRENCY:-64}"
warmup="${WARMUP:-20000}"
phases="${PHASES-direct proxy direct-both}"
proxy_heap="${PROXY_HEAP:-1g}"

if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then java="$JAVA_HOME/bin/java"; else java=java; fi

if [ ! -f "$jar" ] || [ ! -d "$cassandra_home/lib" ]; then
  echo "Building sluice.jar ..." >&2
  "$root/mvnw" -B -q -pl sluice-cassandra-dist,sluice-cli -am package -DskipTests \
    -Dspotless.check.skip=true >&2
fi
classes="$work/classes"
if [ ! "$classes/ProxyBench.class" -nt "$here/ProxyBench.java" ]; then
  mkdir -p "$classes"
  "${java%java}javac" -nowarn -d "$classes" -cp "$jar" "$here/ProxyBench.java"
fi

sluice() {
  "$java" -Dsluice.cassandra.home="$cassandra_home" -Dsluice.home="$work" -jar "$jar" "$@"
}
helper() {
  "$java" -cp "$classes:$jar" ProxyBench "$@"
}

primary=127.0.0.1:19642
secondary=127.0.0.1:19742
proxy=127.0.0.1:19842
proxy_pid=
stop_all() {
  if [ -n "$proxy_pid" ]; then
    kill -TERM "$proxy_pid" 2>/dev/null || true
    wait "$proxy_pid" 2>/dev/null || true
    proxy_pid=
  fi
  if [ "${KEEP_NODES:-0}" != 1 ]; then
    sluice cassandra stop --folder "$work/primary" || true
    sluice cassandra stop --folder "$work/secondary" || true
  fi
}
trap stop_all EXIT

mkdir -p "$work/logs"
rm -rf "$work/results"
sluice cassandra start --folder "$work/primary" --native-port 19642 --storage-port 17640 \
  --jmx-port 17699
sluice cassandra start --folder "$work/secondary" --native-port 19742 --storage-port 17740 \
  --jmx-port 17799
helper schema --contact-point "$primary"
helper schema --contact-point "$secondary"

cat > "$work/proxy.yaml" <<YAML
listen: $proxy
primary:
  contact-points: [$primary]
  local-datacenter: datacenter1
secondary:
  contact-points: [$secondary]
  local-datacenter: datacenter1
YAML
proxy_log="$work/logs/proxy.log"
"$java" -Xms"$proxy_heap" -Xmx"$proxy_heap" -jar "$jar" proxy "$work/proxy.yaml" > "$proxy_log" 2>&1 &
proxy_pid=$!
for _ in $(seq 120); do
  if grep -q "Sluice proxy listens on" "$proxy_log"; then break; fi
  if ! kill -0 "$proxy_pid" 2>/dev/null; then
    echo "the proxy stopped before listening; see $proxy_log" >&2
    exit 1
  fi
  sleep 1
done
if ! grep -q "Sluice proxy listens on" "$proxy_log"; then
  echo "the proxy did not listen within 120 s; see $proxy_log" >&2
  exit 1
fi

for phase in $phases; do
  helper truncate --contact-point "$primary"
  helper truncate --contact-point "$secondary"
  sleep 5
  case "$phase" in
    direct) args=(--contact-point "$primary") ;;
    proxy) args=(--contact-point "$proxy") ;;
    direct-both) args=(--contact-point "$primary" --also-write-to "$secondary") ;;
    *) echo "unknown phase $phase" >&2; exit 64 ;;
  esac
  if ! helper run --phase "$phase" "${args[@]}" --ops "$ops" --concurrency "$concurrency" \
    --warmup "$warmup" --results "$work/results" 2> "$work/logs/$phase.log"; then
    echo "phase $phase failed; see $work/logs/$phase.log" >&2
    exit 1
  fi
done
helper compare --results "$work/results"
