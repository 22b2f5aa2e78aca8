#!/usr/bin/env bash
# Copies one table between two local nodes with a raw driver copier, DSBulk (unload to files, then
# load) and Sluice, one process each, then validates the copy with a point-lookup validator and
# with Sluice, and prints rows/s and the ratios; see README.md. Not run by the build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rows="${ROWS:-1000000}"
copiers="${COPIERS-raw dsbulk sluice}"
validators="${VALIDATORS-lookup sluice}"
# shellcheck source=nodes.sh
source "$here/nodes.sh"

helper schema --contact-point "$source_node"
helper schema --contact-point "$target_node"
if [ "$(helper count --contact-point "$source_node")" != "$rows" ]; then
  echo "Filling the source table with $rows rows ..." >&2
  helper fill --contact-point "$source_node" --rows "$rows"
fi

cat > "$work/job.yaml" <<YAML
name: bench-copy
state-dir: state
sources:
  - name: source
    type: cassandra
    options:
      contact-points: [$source_node]
      keyspace: bench_copy
      table: people
target:
  contact-points: [$target_node]
  keyspace: bench_copy
  table: people
mapping:
  columns: { id: id, name: name, email: email, n: n, score: score, created: created }
max-errors: 0
YAML

truncate_target() {
  helper truncate --contact-point "$target_node"
  sleep 5
}

declare -A seconds
for copier in $copiers; do
  truncate_target
  log="$work/logs/$copier.log"
  start=$(date +%s.%N)
  case "$copier" in
    raw) helper copy --from "$source_node" --to "$target_node" > "$log" 2>&1 ;;
    dsbulk)
      rm -rf "$work/unload"
      dsbulk=("$java" -cp "$dsbulk_lib/*" com.datastax.oss.dsbulk.runner.DataStaxBulkLoader)
      "${dsbulk[@]}" unload -k bench_copy -t people -h 127.0.0.1 -port 19442 \
        -url "$work/unload" -logDir "$work/dsbulk-logs" > "$log" 2>&1
      "${dsbulk[@]}" load -k bench_copy -t people -h 127.0.0.1 -port 19542 \
        -url "$work/unload" -header true -logDir "$work/dsbulk-logs" >> "$log" 2>&1
      ;;
    sluice) sluice migrate "$work/job.yaml" --fresh > "$log" 2>&1 ;;
  esac
  end=$(date +%s.%N)
  copied=$(helper count --contact-point "$target_node")
  if [ "$copied" != "$rows" ]; then
    echo "$copier copied $copied rows of $rows; see $log" >&2
    exit 1
  fi
  seconds[$copier]=$(echo "$end - $start" | bc -l)
  printf '%-8s %8.1f s %10.0f rows/s\n' "$copier" "${seconds[$copier]}" \
    "$(echo "$rows / ${seconds[$copier]}" | bc -l)"
done
if [ -n "${seconds[sluice]:-}" ] && [ -n "${seconds[dsbulk]:-}" ]; then
  printf 'Sluice / DSBulk: %.2f\n' "$(echo "${seconds[dsbulk]} / ${seconds[sluice]}" | bc -l)"
fi
if [ -n "${seconds[sluice]:-}" ] && [ -n "${seconds[raw]:-}" ]; then
  printf 'Sluice / raw:    %.2f\n' "$(echo "${seconds[raw]} / ${seconds[sluice]}" | bc -l)"
fi

# The validators compare the source with what the last copier left in the target, which must carry
# write times (raw or sluice: the default order ends with sluice).
declare -A checked
for validator in $validators; do
  log="$work/logs/validate-$validator.log"
  start=$(date +%s.%N)
  case "$validator" in
    lookup) helper lookup --from "$source_node" --to "$target_node" > "$log" 2>&1 ;;
    sluice) sluice validate "$work/job.yaml" --fresh > "$log" 2>&1 ;;
  esac
  end=$(date +%s.%N)
  if [ "$validator" = lookup ] && ! grep -q "matching $rows, differing 0, missing 0" "$log"; then
    echo "the lookup validator did not find the $rows rows equal; see $log" >&2
    exit 1
  fi
  if [ "$validator" = sluice ] && ! grep -q "the target matches the source" "$log"; then
    echo "sluice validate did not find the target equal; see $log" >&2
    exit 1
  fi
  checked[$validator]=$(echo "$end - $start" | bc -l)
  printf 'validate %-8s %8.1f s %10.0f rows/s\n' "$validator" "${checked[$validator]}" \
    "$(echo "$rows / ${checked[$validator]}" | bc -l)"
done
if [ -n "${checked[sluice]:-}" ] && [ -n "${checked[lookup]:-}" ]; then
  printf 'Sluice validate / lookup validator: %.2f\n' \
    "$(echo "${checked[lookup]} / ${checked[sluice]}" | bc -l)"
fi
