#!/usr/bin/env bash
# The same client workload (prepared inserts, then point reads) directly against the primary node,
# through the dual-write proxy, and dual-written by the client itself, side by side in one run; prints
# ops/s and latencies of each and the proxy's ratios, first at saturation (a fixed concurrency), then
# at a fixed offered rate the node sustains (the added p99 there); see README.md. Not run by the build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$here/target"
# SLUICE_JAR=path: run another build of sluice.jar (say, a baseline), the client compiled against it.
jar="${SLUICE_JAR:-$root/sluice-cli/target/sluice.jar}"
cassandra_home="$root/sluice-cassandra-dist/target/cassandra-5.0.9"
ops="${OPS:-200000}"
concurrency="${CONCURRENCY:-64}"
warmup="${WARMUP:-20000}"
node_warmup="${NODE_WARMUP:-100000}"
phases="${PHASES-direct proxy direct-both proxy-shadow}"
proxy_heap="${PROXY_HEAP:-1g}"
# PROXY_IO_THREADS=N: the proxy's io-threads (default: its own, one per core).
proxy_io_threads="${PROXY_IO_THREADS:-}"
# RATE: the fixed rate, 1,500 ops/s unless set (RATE=auto: half the lowest saturation writes/s).
rate="${RATE:-1500}"
rate_ops="${RATE_OPS:-100000}"
rate_max_in_flight="${RATE_MAX_IN_FLIGHT:-512}"
rate_phases="${RATE_PHASES-$phases}"
# The side-by-side phase (fixed rate only): every other request through the proxy, the others the
# client's own dual write, on one schedule, so both paths meet the machine's bursts alike.
if [[ " $phases " == *" side-by-side "* ]]; then
  echo "side-by-side is a fixed-rate phase: name it in RATE_PHASES, not in PHASES" >&2
  exit 64
fi
# ROUNDS=N: the fixed-rate phases N times over, alternating; each round is compared on its own and
# the median of the rounds printed, since single rounds on a small machine differ by milliseconds.
rounds="${ROUNDS:-1}"
# A round counts only when, in each of its phases, processes other than the nodes, the proxies and
# the client (other work on the machine) took at most OTHER_CPU_LIMIT % of the machine; otherwise
# another round follows, MAX_ROUNDS in all at most. Both phases of a round are judged alike.
other_cpu_limit="${OTHER_CPU_LIMIT:-5}"
max_rounds="${MAX_ROUNDS:-$((2 * rounds))}"
# Each proxy runs in a session of its own, as each node does and as a service would (systemd gives
# each its own group): with the kernel's autogroup scheduling on, the cores are shared between
# sessions first, and a proxy in this script's session would share the client's part.
# PROXY_SESSION=client keeps it in the client's session instead, as runs before 2026-11-29 did.
proxy_session="${PROXY_SESSION:-own}"
case "$proxy_session" in
  own) proxy_launcher=setsid ;;
  client) proxy_launcher= ;;
  *) echo "PROXY_SESSION is own or client" >&2; exit 64 ;;
esac
# PROXY_NICE=N (-20 to 19; below 0 needs root): the nice value of each proxy's session's group
# (/proc/PID/autogroup), its weight against the nodes' sessions when the cores are contended. An
# experiment's knob: how much of the proxy's added tail is its wait for a core.
proxy_nice="${PROXY_NICE:-}"
if [ -n "$proxy_nice" ] && [ "$proxy_session" != own ]; then
  echo "PROXY_NICE sets the group of the proxy's own session: it needs PROXY_SESSION=own" >&2
  exit 64
fi
# PROXY_SLICE_US=N (100 to 100,000; Linux 6.12 or later): the scheduler's time slice for each of
# the proxy's threads (slice.py), set once it listens. A shorter slice than the default lets a
# woken event loop preempt sooner, without more CPU. An experiment's knob, like PROXY_NICE.
proxy_slice_us="${PROXY_SLICE_US:-}"
if [ -n "$proxy_slice_us" ] && ! { [[ "$proxy_slice_us" =~ ^[0-9]+$ ]] \
    && [ "$proxy_slice_us" -ge 100 ] && [ "$proxy_slice_us" -le 100000 ]; }; then
  echo "PROXY_SLICE_US is 100 to 100000 (microseconds), not $proxy_slice_us" >&2
  exit 64
fi
# PIN_SECONDARY=1: the secondary's node gets the last core to itself, everything else the others,
# so the read work shadow reads add to the secondary does not compete with the measured path.
pin_secondary="${PIN_SECONDARY:-0}"

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
  if [ "$pin_secondary" = 1 ]; then
    taskset -c "$others" "$java" -cp "$classes:$jar" ProxyBench "$@"
  else
    "$java" -cp "$classes:$jar" ProxyBench "$@"
  fi
}
last_core=$(( $(nproc) - 1 ))
others="0-$(( last_core > 0 ? last_core - 1 : 0 ))"

# PORT_OFFSET=N: every port of the run N higher (when another program holds 19642 and the rest).
port_offset="${PORT_OFFSET:-0}"
primary=127.0.0.1:$((19642 + port_offset))
secondary=127.0.0.1:$((19742 + port_offset))
proxy=127.0.0.1:$((19842 + port_offset))
shadow_proxy=127.0.0.1:$((19942 + port_offset))
proxy_pid=
shadow_pid=
vmstat_pid=
stop_all() {
  for pid in $proxy_pid $shadow_pid; do
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  proxy_pid=
  shadow_pid=
  if [ -n "$vmstat_pid" ]; then kill "$vmstat_pid" 2>/dev/null || true; fi
  if [ "${KEEP_NODES:-0}" != 1 ]; then
    sluice cassandra stop --folder "$work/primary" || true
    sluice cassandra stop --folder "$work/secondary" || true
  fi
}
trap stop_all EXIT

mkdir -p "$work/logs"
rm -rf "$work/results" "$work/results-rate"
# GC_LOGS=1: every JVM started from here on (both nodes, the proxies, each client) logs its GC
# pauses and safepoints to logs/gc-PID.log with wall-clock times, and the machine's CPU each second
# goes to logs/vmstat.txt, to lay beside the fixed-rate phases' latency files
# (results-rate/round-NN/PHASE-writes.lat); logs/pids names the processes. tails.py reads them.
if [ "${GC_LOGS:-0}" = 1 ]; then
  rm -f "$work"/logs/gc-*.log
  export JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:-} -Xlog:gc,safepoint:file=$work/logs/gc-%p.log:time,uptime,tags"
  vmstat -t 1 > "$work/logs/vmstat.txt" &
  vmstat_pid=$!
fi
sluice cassandra start --folder "$work/primary" --native-port "${primary#*:}" \
  --storage-port $((17640 + port_offset)) --jmx-port $((17699 + port_offset))
sluice cassandra start --folder "$work/secondary" --native-port "${secondary#*:}" \
  --storage-port $((17740 + port_offset)) --jmx-port $((17799 + port_offset))
helper schema --contact-point "$primary"
helper schema --contact-point "$secondary"

# Sets PROXY_NICE on the proxy's session's group, once the proxy runs in a session of its own (not
# before setsid has made it one: the group would still be this script's).
set_proxy_nice() {
  if [ -z "$proxy_nice" ]; then return; fi
  if [ "$(ps -o sid= -p "$1" | tr -d ' ')" != "$1" ]; then
    echo "the proxy (pid $1) does not lead a session of its own: PROXY_NICE is not set" >&2
    kill -TERM "$1" 2>/dev/null || true
    exit 1
  fi
  echo "$proxy_nice" > "/proc/$1/autogroup"
}
# Two proxies: the plain one, and one that compares every read on the secondary (shadow reads at
# 100%), for the proxy-shadow phase.
start_proxy() {
  local name=$1 listen=$2 extra=$3
  cat > "$work/$name.yaml" <<YAML
listen: $listen
state-dir: state-$name
primary:
  contact-points: [$primary]
  local-datacenter: datacenter1
secondary:
  contact-points: [$secondary]
  local-datacenter: datacenter1
$extra
YAML
  if [ -n "$proxy_io_threads" ]; then echo "io-threads: $proxy_io_threads" >> "$work/$name.yaml"; fi
  local log="$work/logs/$name.log"
  # setsid replaces itself with java (this script's children lead no process group), so $! is the
  # proxy's pid either way.
  $proxy_launcher "$java" -Xms"$proxy_heap" -Xmx"$proxy_heap" ${PROXY_JAVA_OPTS:-} -jar "$jar" proxy "$work/$name.yaml" > "$log" 2>&1 &
  started_pid=$!
  for _ in $(seq 120); do
    if grep -q "Sluice proxy listens on" "$log"; then
      set_proxy_nice "$started_pid"
      if [ -n "$proxy_slice_us" ] && ! python3 "$here/slice.py" "$started_pid" "$proxy_slice_us"; then
        kill -TERM "$started_pid" 2>/dev/null || true
        exit 1
      fi
      return
    fi
    if ! kill -0 "$started_pid" 2>/dev/null; then
      echo "the proxy $name stopped before listening; see $log" >&2
      exit 1
    fi
    sleep 1
  done
  echo "the proxy $name did not listen within 120 s; see $log" >&2
  kill -TERM "$started_pid" 2>/dev/null || true
  exit 1
}
start_proxy proxy "$proxy" ""
proxy_pid=$started_pid
if [[ " $phases $rate_phases " == *" proxy-shadow "* ]]; then
  start_proxy proxy-shadow "$shadow_proxy" "shadow-reads: { percent: 100 }"
  shadow_pid=$started_pid
fi

# CPU used while a phase runs: the machine's share busy, and the seconds of CPU of each process.
node_pid() { sed -n 's/.*"pid" : \([0-9][0-9]*\).*/\1/p' "$work/$1/node.json"; }
primary_pid=$(node_pid primary)
secondary_pid=$(node_pid secondary)
echo "primary $primary_pid secondary $secondary_pid proxy $proxy_pid proxy-shadow ${shadow_pid:-none}" > "$work/logs/pids"
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
system_ticks() { awk '{ print $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
# Each process's pid, parent's pid and CPU ticks, its own and those of the children it reaped.
all_ticks() {
  # A process may end between the listing and the read: cat then fails, the rest is still read.
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } |
    awk '{ pid = $1; rest = $0; sub(/^.*\) /, "", rest); split(rest, f, " "); print pid, f[2], f[12] + f[13] + f[14] + f[15] }'
}
# The CPU ticks other processes took between two all_ticks lists: every process but the nodes,
# the proxies, this script and its children (the clients) and the kernel's threads (whose work,
# such as delivering loopback packets, is largely the run's own), counted by the same per-process
# accounting as theirs (the machine's own idle count in /proc/stat differs from the sum of the
# processes' counts by more than other work takes on this machine). The sum after minus the sum
# before: a process that ended in between counts through its parent's reaped children's ticks.
other_ticks() {
  awk -v mine=" $primary_pid $secondary_pid $proxy_pid ${shadow_pid:-} $$ " -v self=$$ '
    index(mine, " " $1 " ") == 0 && $2 != self && $1 != 2 && $2 != 2 { t += FNR == NR ? -$3 : $3 }
    END { print t + 0 }' "$1" "$2"
}
hz=$(getconf CLK_TCK)
# Context switches of all of a process's threads (voluntary: a thread went to sleep, mostly an
# event loop waiting for its next event; involuntary: it was preempted), read off /proc.
switches() {
  cat /proc/"$1"/task/*/status 2>/dev/null |
    awk '/^voluntary_ctxt_switches/ { v += $2 } /^nonvoluntary_ctxt_switches/ { n += $2 } END { print v + 0, n + 0 }'
}
# The proxy's syscalls that matter for its cost per request, counted by perf's tracepoints while a
# phase runs through it (PROXY_SYSCALLS=1; needs perf and tracefs): socket reads and writes (a
# flush is a write), epoll waits (each one a wake-up or a poll).
proxy_syscalls="${PROXY_SYSCALLS:-0}"
# SCHED_TRACE=N: in each fixed-rate phase, the scheduler's events of the whole machine for N seconds
# of the measured writes (perf sched record, PHASE-sched.data in the round's folder, about 20 MB a
# second, for sched.py), and the CPU and context switches of each of the proxy's threads over the
# phase (PHASE-threads-before.txt and -after.txt).
sched_trace="${SCHED_TRACE:-0}"
# Each of the proxy's threads: its name, CPU ticks, voluntary and involuntary context switches.
proxy_threads() {
  for task in /proc/"$proxy_pid"/task/*; do
    { printf '%s|' "$(cat "$task/comm")"; awk '{ sub(/^.*\) /, ""); printf "%d|", $12 + $13 }' "$task/stat"
      awk '/^voluntary_ctxt_switches/ { v = $2 } /^nonvoluntary_ctxt_switches/ { n = $2 } END { print v "|" n }' "$task/status"
    } 2>/dev/null || true
  done
}
syscall_events=syscalls:sys_enter_read,syscalls:sys_enter_write,syscalls:sys_enter_writev,syscalls:sys_enter_epoll_wait
if [ "$pin_secondary" = 1 ]; then
  taskset -a -p -c "$last_core" "$secondary_pid" > /dev/null
  for pid in $primary_pid $proxy_pid $shadow_pid; do
    taskset -a -p -c "$others" "$pid" > /dev/null
  done
  echo "Pinned: the secondary's node on core $last_core, the primary, the proxies and the client on $others"
fi
cpu_before() {
  all_ticks > "$work/logs/ticks-before"
  wall_before=$(date +%s%N)
  primary_before=$(ticks "$primary_pid")
  secondary_before=$(ticks "$secondary_pid")
  proxy_before=$(ticks "$proxy_pid")
  shadow_before=$(ticks "${shadow_pid:-0}")
  proxy_system_before=$(system_ticks "$proxy_pid")
  read -r proxy_vol_before proxy_invol_before < <(switches "$proxy_pid")
}
# CPU over the phase: the nodes', the proxies', the client's (which it saved in its results file,
# $3), and other processes' (other work on the machine), whose share is appended to the results
# file for the rounds' judgement (see ROUNDS).
cpu_after() {
  all_ticks > "$work/logs/ticks-after"
  # The machine's capacity over the phase in ticks, from the wall clock; its share busy is the sum
  # of the processes' counts (/proc/stat's busy and total fall short of both on this virtual
  # machine).
  local capacity
  capacity=$(echo "($(date +%s%N) - $wall_before) * $(nproc) * $hz / 1000000000" | bc -l)
  local p=$(( $(ticks "$primary_pid") - primary_before ))
  local s=$(( $(ticks "$secondary_pid") - secondary_before ))
  local x=$(( $(ticks "$proxy_pid") - proxy_before ))
  local sh=$(( $(ticks "${shadow_pid:-0}") - shadow_before ))
  local client
  client=$(sed -n 's/^clientCpuSeconds=//p' "$3")
  local other
  other=$(other_ticks "$work/logs/ticks-before" "$work/logs/ticks-after")
  local share
  share=$(echo "100 * $other / $capacity" | bc -l)
  printf '%-12s %-7s machine %.0f%% busy; CPU s: primary %.1f, secondary %.1f, proxy %.1f%s, client %.1f, other processes %.1f (%.1f%% of the machine)\n' \
    "$1" cpu "$(echo "100 * ($p + $s + $x + $sh + ${client:-0} * $hz + $other) / $capacity" | bc -l)" \
    "$(echo "$p / $hz" | bc -l)" "$(echo "$s / $hz" | bc -l)" "$(echo "$x / $hz" | bc -l)" \
    "$(if [ -n "$shadow_pid" ]; then printf ', shadow proxy %.1f' "$(echo "$sh / $hz" | bc -l)"; fi)" \
    "${client:-0}" "$(echo "$other / $hz" | bc -l)" "$share"
  echo "otherCpuShare=$share" >> "$3"
  # Per client request of the phase (its warm-up's and its measured ones), through the proxy only
  # (half of a side-by-side phase's).
  local requests=$2
  if [ "$1" = side-by-side ]; then requests=$((requests / 2)); fi
  if [[ "$1" == proxy* || "$1" == side-by-side ]] && [ "$requests" -gt 0 ]; then
    read -r vol invol < <(switches "$proxy_pid")
    local sys=$(( $(system_ticks "$proxy_pid") - proxy_system_before ))
    printf '%-12s %-7s proxy per client request: %.1f CPU us (%.1f in the kernel), %.2f voluntary and %.2f involuntary context switches\n' \
      "$1" counts "$(echo "1000000 * $x / $hz / $requests" | bc -l)" \
      "$(echo "1000000 * $sys / $hz / $requests" | bc -l)" \
      "$(echo "($vol - $proxy_vol_before) / $requests" | bc -l)" \
      "$(echo "($invol - $proxy_invol_before) / $requests" | bc -l)"
  fi
}

# Warms up the JIT of both nodes and of a proxy before anything is measured: the first phase would
# otherwise run against cold nodes, and the first through a proxy against a cold proxy. Not counted.
warm_up() {
  local contact_point=$1 log=$2
  shift 2
  if ! helper run --phase warmup --contact-point "$contact_point" --ops "$node_warmup" \
    --concurrency "$concurrency" --warmup 0 --results "$work/warmup" "$@" > "$log" 2>&1; then
    echo "the warm-up failed; see $log" >&2
    exit 1
  fi
}
if [ "$node_warmup" -gt 0 ]; then
  echo "Warming up both nodes and the proxy with $node_warmup operations through the proxy ..." >&2
  warm_up "$proxy" "$work/logs/client-warmup.log"
  if [ -n "$shadow_pid" ]; then
    echo "Warming up the shadow-reading proxy with $node_warmup operations through it ..." >&2
    warm_up "$shadow_proxy" "$work/logs/client-warmup-shadow.log"
  fi
fi

# One phase: empties the table on both nodes, then runs the client with the given options.
run_phase() {
  local phase=$1 log=$2 requests=$3 results=$4
  shift 4
  helper truncate --contact-point "$primary"
  helper truncate --contact-point "$secondary"
  sleep 5
  case "$phase" in
    direct) args=(--contact-point "$primary") ;;
    proxy) args=(--contact-point "$proxy") ;;
    proxy-shadow) args=(--contact-point "$shadow_proxy") ;;
    direct-both) args=(--contact-point "$primary" --also-write-to "$secondary") ;;
    side-by-side) args=(--contact-point "$primary" --also-write-to "$secondary" --through "$proxy") ;;
    *) echo "unknown phase $phase" >&2; exit 64 ;;
  esac
  local trace_pid=
  if [ "$sched_trace" != 0 ] && [[ "$results" == */results-rate/* ]]; then
    mkdir -p "$results"
    proxy_threads > "$results/$phase-threads-before.txt"
    # The writes the client measures start after its JVM's start and its warm-up at the rate.
    ( sleep $(( 5 + warmup / rate )); perf sched record -a -q -o "$results/$phase-sched.data" -- sleep "$sched_trace" > /dev/null 2>&1 ) &
    trace_pid=$!
  fi
  cpu_before
  local perf_pid=
  if [ "$proxy_syscalls" = 1 ] && [ "$phase" = proxy ]; then
    perf stat -x, -e "$syscall_events" -p "$proxy_pid" -o "$work/logs/syscalls-$phase.csv" &
    perf_pid=$!
  fi
  if ! helper run --phase "$phase" "${args[@]}" "$@" --results "$results" 2> "$log"; then
    echo "phase $phase failed; see $log" >&2
    exit 1
  fi
  # A side-by-side phase's client saves its halves; the proxy's carries the phase's CPU figures.
  local saved="$results/$phase.properties"
  if [ "$phase" = side-by-side ]; then saved="$results/$phase-proxy.properties"; fi
  cpu_after "$phase" "$requests" "$saved"
  if [ -n "$trace_pid" ]; then
    wait "$trace_pid" || true
    proxy_threads > "$results/$phase-threads-after.txt"
  fi
  if [ -n "$perf_pid" ]; then
    kill -INT "$perf_pid"
    wait "$perf_pid" || true
    awk -F, -v n="$requests" -v p="$phase" '$3 ~ /^syscalls/ { sub("syscalls:sys_enter_", "", $3); line = line sprintf(" %s %.2f,", $3, $1 / n) }
      END { printf "%-12s %-7s proxy syscalls per client request:%s\n", p, "counts", line }' "$work/logs/syscalls-$phase.csv"
  fi
}

# Part 1, saturation: CONCURRENCY requests in flight, the load is what the system sustains.
for phase in $phases; do
  run_phase "$phase" "$work/logs/client-$phase.log" $((ops + warmup)) "$work/results" \
    --ops "$ops" --concurrency "$concurrency" --warmup "$warmup"
done
helper compare --results "$work/results"

# Part 2, a fixed offered rate (open loop): 1,500 ops/s unless RATE says otherwise (RATE=auto: half
# the lowest writes ops/s of part 1, rounded down to a thousand). RATE=0 skips it.
if [ "$rate" != 0 ] && [ -n "$rate_phases" ]; then
  if [ "$rate" = auto ]; then
    if ! rate=$(helper rate --results "$work/results"); then
      echo "no saturation phase to take the rate from; set RATE" >&2
      exit 64
    fi
  fi
  echo "Fixed rate: $rate ops/s offered ($((rate_ops / 2)) writes, then $((rate_ops - rate_ops / 2)) reads), at most $rate_max_in_flight in flight"
  # The JIT compiles a proxy's request path again when requests come one at a time instead of in
  # bursts (several CPU seconds on two cores), so a proxy is warmed up at the rate too before its
  # first fixed-rate phase; otherwise that phase measures the compiler.
  if [ "$node_warmup" -gt 0 ]; then
    for name in proxy proxy-shadow; do
      if [[ " $rate_phases " == *" $name "* ]] ||
        { [ "$name" = proxy ] && [[ " $rate_phases " == *" side-by-side "* ]]; }; then
        echo "Warming up $name at $rate ops/s with $node_warmup operations through it ..." >&2
        if [ "$name" = proxy ]; then address=$proxy; else address=$shadow_proxy; fi
        warm_up "$address" "$work/logs/client-rate-warmup-$name.log" --rate "$rate" \
          --max-in-flight "$rate_max_in_flight"
      fi
    done
  fi
  round=0
  counted=0
  while [ "$counted" -lt "$rounds" ] && [ "$round" -lt "$max_rounds" ]; do
    round=$((round + 1))
    round_dir=$(printf '%s/results-rate/round-%02d' "$work" "$round")
    for phase in $rate_phases; do
      run_phase "$phase" "$work/logs/client-rate-$phase.log" $((rate_ops + warmup)) "$round_dir" \
        --ops "$rate_ops" \
        --concurrency "$concurrency" --warmup "$warmup" --rate "$rate" \
        --max-in-flight "$rate_max_in_flight"
    done
    if helper quiet-round --results "$round_dir" --other-cpu-limit "$other_cpu_limit"; then
      counted=$((counted + 1))
    fi
  done
  helper compare-rate --results "$work/results-rate" --other-cpu-limit "$other_cpu_limit"
fi
