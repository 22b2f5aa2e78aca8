#!/usr/bin/env python3
"""What the proxy adds to a request, next to the request sent just after it (bench/proxy/README.md).

Reads the latency files a side-by-side phase leaves in bench/proxy/target (or the folder given):
results-rate/round-NN/side-by-side-writes.lat and -reads.lat, one request a line in send order,
even lines through the proxy, odd lines the client's own dual write (or direct read). Requests 2k
and 2k + 1 were sent 1 / rate apart, so they met the machine in nearly the same moment. For each
round and half, the pairs are sorted by the slower of the two (under 1 ms, 1 to 3, 3 to 10, 10 to
30, over 30 ms), and each group prints its count and the median of the proxy's latency minus its
neighbour's: what going through the proxy cost when the machine was that slow.
"""
import glob
import os
import statistics
import sys

LEVELS = [(1, "<1 ms"), (3, "1-3 ms"), (10, "3-10 ms"), (30, "10-30 ms"), (float("inf"), ">30 ms")]


def latencies(path):
    with open(path) as lines:
        return [int(line.split()[0]) for line in lines if not line.startswith("#")]


def by_level(values):
    """Median difference (ms) and count of pairs, by the slower request's latency."""
    groups = {label: [] for _, label in LEVELS}
    for k in range(0, len(values) - 1, 2):
        through_proxy, own = values[k] / 1000, values[k + 1] / 1000
        slower = max(through_proxy, own)
        label = next(label for limit, label in LEVELS if slower < limit)
        groups[label].append(through_proxy - own)
    return {label: (len(d), statistics.median(d)) for label, d in groups.items() if d}


def main():
    target = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "target")
    files = sorted(glob.glob(os.path.join(target, "results-rate", "round-*", "side-by-side-*.lat")))
    if not files:
        sys.exit(f"no side-by-side latency files under {target}/results-rate: run"
                 " RATE_PHASES=side-by-side bench/proxy/run.sh first")
    for path in files:
        round_name = os.path.basename(os.path.dirname(path))
        half = "writes" if path.endswith("-writes.lat") else "reads"
        groups = by_level(latencies(path))
        cells = ", ".join(f"{label} {n} pairs {median:+.2f} ms" for label, (n, median) in groups.items())
        print(f"{round_name} {half:6}  proxy - neighbour, median by the slower's latency: {cells}")


if __name__ == "__main__":
    main()
