#!/usr/bin/env bash
# Copies a keyspace of ten tables of mixed sizes (1,000,000 rows in all by default) between two
# local nodes three ways, one after the other: one Sluice job for the whole keyspace, Sluice's
# one-table jobs run back to back, and DSBulk's unload then load, table by table; prints rows/s and
# the ratios. See README.md. Not run by the build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=nodes.sh
source "$here/nodes.sh"

keyspace=bench_ks
ways="${WAYS-keyspace tables dsbulk}"
# Each table's share of the rows, in thousandths: mixed sizes, as an application's tables are.
shares=(300 200 150 100 80 60 50 30 20 10)
total="${ROWS:-1000000}"
tables=()
declare -A table_rows
for i in "${!shares[@]}"; do
  name=$(printf 't%02d' $((i + 1)))
  tables+=("$name")
  table_rows[$name]=$((total * shares[i] / 1000))
done

for t in "${tables[@]}"; do
  helper schema --contact-point "$source_node" --table "$keyspace.$t"
  helper schema --contact-point "$target_node" --table "$keyspace.$t"
  if [ "$(helper count --contact-point "$source_node" --table "$keyspace.$t")" != "${table_rows[$t]}" ]; then
    echo "Filling $keyspace.$t with ${table_rows[$t]} rows ..." >&2
    helper fill --contact-point "$source_node" --table "$keyspace.$t" --rows "${table_rows[$t]}"
  fi
done

source_block() {
  cat <<YAML
sources:
  - name: source
    type: cassandra
    options:
      contact-points: [$source_node]
      keyspace: $keyspace
      $1
target:
  contact-points: [$target_node]
  keyspace: $keyspace
YAML
}
{
  echo "name: bench-keyspace"
  echo "state-dir: state-keyspace"
  source_block 'tables: ["*"]'
  echo "max-errors: 0"
} > "$work/keyspace.yaml"
for t in "${tables[@]}"; do
  {
    echo "name: bench-$t"
    echo "state-dir: state-$t"
    source_block "table: $t"
    echo "  table: $t"
    echo "max-errors: 0"
  } > "$work/table-$t.yaml"
done

truncate_target() {
  for t in "${tables[@]}"; do
    helper truncate --contact-point "$target_node" --table "$keyspace.$t"
  done
  sleep 5
}

declare -A seconds
for way in $ways; do
  truncate_target
  log="$work/logs/keyspace-$way.log"
  : > "$log"
  start=$(date +%s.%N)
  case "$way" in
    keyspace) sluice migrate "$work/keyspace.yaml" --fresh >> "$log" 2>&1 ;;
    tables)
      for t in "${tables[@]}"; do
        sluice migrate "$work/table-$t.yaml" --fresh >> "$log" 2>&1
      done
      ;;
    dsbulk)
      dsbulk=("$java" -cp "$dsbulk_lib/*" com.datastax.oss.dsbulk.runner.DataStaxBulkLoader)
      for t in "${tables[@]}"; do
        rm -rf "$work/unload-$t"
        "${dsbulk[@]}" unload -k "$keyspace" -t "$t" -h 127.0.0.1 -port 19442 \
          -url "$work/unload-$t" -logDir "$work/dsbulk-logs" >> "$log" 2>&1
        "${dsbulk[@]}" load -k "$keyspace" -t "$t" -h 127.0.0.1 -port 19542 \
          -url "$work/unload-$t" -header true -logDir "$work/dsbulk-logs" >> "$log" 2>&1
      done
      ;;
  esac
  end=$(date +%s.%N)
  for t in "${tables[@]}"; do
    copied=$(helper count --contact-point "$target_node" --table "$keyspace.$t")
    if [ "$copied" != "${table_rows[$t]}" ]; then
      echo "$way copied $copied rows of ${table_rows[$t]} into $t; see $log" >&2
      exit 1
    fi
  done
  seconds[$way]=$(echo "$end - $start" | bc -l)
  printf '%-9s %8.1f s %10.0f rows/s\n' "$way" "${seconds[$way]}" \
    "$(echo "$total / ${seconds[$way]}" | bc -l)"
done
if [ -n "${seconds[keyspace]:-}" ] && [ -n "${seconds[dsbulk]:-}" ]; then
  printf 'One Sluice job / DSBulk table by table:        %.2f\n' \
    "$(echo "${seconds[dsbulk]} / ${seconds[keyspace]}" | bc -l)"
fi
if [ -n "${seconds[keyspace]:-}" ] && [ -n "${seconds[tables]:-}" ]; then
  printf 'One Sluice job / Sluice one-table jobs in turn: %.2f\n' \
    "$(echo "${seconds[tables]} / ${seconds[keyspace]}" | bc -l)"
fi
