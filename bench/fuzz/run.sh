#!/usr/bin/env bash
# A longer fuzzing run of the readers and the job-file reader than the build's: TRIES generated inputs per property
# (default 200,000; the build runs 300). A failure prints the shrunk input that broke a reader:
# add it as a regression test next to the reader's other tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
TRIES="${TRIES:-200000}"
./mvnw -B -pl sluice-core,sluice-formats-text,sluice-formats-bson,sluice-formats-parquet -am install -DskipTests
# Only the default test run: -Dtest would otherwise also send the fuzz tests to the small-heap run
# of the *MemoryTest classes.
./mvnw -B -pl sluice-core,sluice-formats-text,sluice-formats-bson,sluice-formats-parquet \
  test-compile surefire:test@default-test \
  -Dtest='*FuzzTest' -Dsurefire.failIfNoSpecifiedTests=false -Djqwik.tries.default="$TRIES"
