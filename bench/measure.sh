# What the loading benchmarks share (sourced by bench/load/run.sh and bench/hbase/run.sh): measuring
# a loader's process, the local node's CPU, the other processes that skew the figures, and the
# rotated order of the loaders. Expects $work (the benchmark's target folder) and $node_pid (the
# local node's, empty for a cluster not started by the benchmark).

# measure NAME COMMAND...: runs COMMAND, its output in logs/NAME.out; sets rc and writes
# "wall-seconds user-seconds system-seconds peak-rss-KiB" to logs/NAME.time. GNU time when
# installed (MEASURE=proc skips it); otherwise a subshell's child CPU times (bash's times) and the
# loader's VmHWM, polled from /proc.
measure() {
  local name="$1" out="$work/logs/$1.out" times="$work/logs/$1.time"
  shift
  rc=0
  if [ "${MEASURE:-}" != proc ] && /usr/bin/time --version 2>&1 | grep -q GNU; then
    /usr/bin/time -o "$times" -f '%e %U %S %M' "$@" >"$out" 2>&1 || rc=$?
  else
    local start peak=0 pid child key value
    start=$(date +%s%N)
    ( code=0; "$@" >"$out" 2>&1 || code=$?; times >"$times.cpu"; exit "$code" ) &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
      for child in $(cat "/proc/$pid/task/$pid/children" 2>/dev/null || true); do
        while read -r key value _; do
          if [ "$key" = VmHWM: ] && [ "$value" -gt "$peak" ]; then peak=$value; fi
        done <"/proc/$child/status" || true
      done 2>/dev/null
      sleep 0.2
    done
    wait "$pid" || rc=$?
    # times: the subshell's own CPU, then its children's (the loader): "XmY.YYYs XmY.YYYs"
    tail -1 "$times.cpu" | awk -v w="$(( ($(date +%s%N) - start) / 1000000 ))" -v p="$peak" '{
      split($1, u, /[ms]/); split($2, s, /[ms]/)
      printf "%.2f %.2f %.2f %d\n", w / 1000, u[1] * 60 + u[2], s[1] * 60 + s[2], p }' >"$times"
  fi
}

# CPU seconds the local node has used so far (user + system), or -1 for a cluster not ours.
node_cpu() {
  if [ -z "$node_pid" ]; then echo -1; return; fi
  awk -v hz="$(getconf CLK_TCK)" '{print ($14 + $15) / hz}' "/proc/$node_pid/stat"
}

# Other Cassandra nodes, Maven builds and test JVMs on this machine: they skew the figures.
others() {
  ps -eo args= | { grep -E 'CassandraDaemon|plexus-classworlds|surefirebooter' || true; } \
    | { grep -v -e grep -e '^/bin/sh -c' -e "$work/cassandra" || true; } | wc -l
}

# Each round runs every loader once; the order rotates from round to round, so that no loader
# always meets the node in the same state (just warmed up, or busy compacting the last load).
rotate() {
  local shift="$1"; shift
  local list=("$@") i
  for ((i = 0; i < ${#list[@]}; i++)); do printf '%s ' "${list[$(( (i + shift) % ${#list[@]} ))]}"; done
}
