#!/usr/bin/env python3
"""After a SCHED_TRACE=N run: how long each process's threads waited for a core.

For every fixed-rate phase with a scheduler trace (results-rate/round-NN/PHASE-sched.data), reads
`perf sched timehist --state` and sums, per process (the primary's and the secondary's nodes, the
proxy, the client: any other Java process, and the rest), each time a thread got a core: its
scheduling delay (from its wake-up, or from being preempted, to running again), how many times it
was preempted, and how often it woke. With -v, the same per thread name for the proxy and the
client. Then the proxy's threads' CPU and context switches over the whole phase, from
PHASE-threads-before.txt and -after.txt.

    bench/proxy/sched.py [-v] [ROUND_DIR ...]
"""
import glob
import os
import re
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
WORK = os.path.join(HERE, "target")
LINE = re.compile(
    r"^\s*(\d+\.\d+)\s+\[(\d+)\]\s+(.+?)\[(\d+)(?:/(\d+))?\]\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\S)?")


def pids():
    roles = {}
    with open(os.path.join(WORK, "logs", "pids")) as f:
        words = f.read().split()
    for name, pid in zip(words[::2], words[1::2]):
        if pid.isdigit():
            roles[int(pid)] = name
    return roles


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def group(roles, comm, pid):
    if pid in roles:
        return roles[pid]
    if comm.startswith("java") or "-io-" in comm or comm.startswith("s0-") or comm.startswith("s1-"):
        return "client"
    return "rest"


def analyse(data, roles, verbose):
    out = subprocess.run(["perf", "sched", "timehist", "--state", "-i", data],
                         capture_output=True, text=True).stdout
    delays = defaultdict(list)
    preempted = defaultdict(int)
    run = defaultdict(float)
    threads = defaultdict(list)
    first = last = None
    java_pids = set()
    for line in out.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        t, comm, tid, pid = float(m.group(1)), m.group(3), int(m.group(4)), m.group(5)
        pid = int(pid) if pid else tid
        first = t if first is None else first
        last = t
        if comm == "<idle>":
            continue
        g = group(roles, comm, pid)
        if g == "client":
            java_pids.add(pid)
        delay = float(m.group(7))
        delays[g].append(delay)
        run[g] += float(m.group(8))
        if m.group(9) == "R":
            preempted[g] += 1
        if verbose and g in ("proxy", "client"):
            threads[(g, re.sub(r"\d+", "N", comm))].append(delay)
    span = (last - first) if first is not None else 0
    print(f"{data}: {span:.1f} s traced")
    print(f"  {'process':<10} {'runs/s':>8} {'CPU %':>6} {'preempted/s':>11} "
          f"{'delay mean':>10} {'p99':>7} {'max':>7} {'>1 ms':>6} {'>5 ms':>6}  (ms)")
    for g in ("primary", "secondary", "proxy", "proxy-shadow", "client", "rest"):
        d = delays.get(g)
        if not d:
            continue
        print(f"  {g:<10} {len(d) / span:8.0f} {100 * run[g] / 1000 / span:6.1f} "
              f"{preempted[g] / span:11.0f} {sum(d) / len(d):10.3f} {percentile(d, 0.99):7.2f} "
              f"{max(d):7.2f} {sum(1 for x in d if x > 1):6d} {sum(1 for x in d if x > 5):6d}")
    if verbose:
        for (g, name), d in sorted(threads.items(), key=lambda kv: -len(kv[1]))[:20]:
            print(f"    {g:<7} {name:<18} {len(d) / span:7.0f}/s delay mean {sum(d) / len(d):.3f}"
                  f" p99 {percentile(d, 0.99):.2f} max {max(d):.2f} ms")


def thread_counts(round_dir, phase):
    def read(name):
        rows = {}
        path = os.path.join(round_dir, f"{phase}-threads-{name}.txt")
        if not os.path.exists(path):
            return None
        with open(path) as f:
            for line in f:
                parts = line.strip().split("|")
                if len(parts) == 4 and all(p.lstrip("-").isdigit() for p in parts[1:]):
                    key = parts[0]
                    prev = rows.get(key, (0, 0, 0))
                    rows[key] = tuple(a + int(b) for a, b in zip(prev, parts[1:]))
        return rows
    before, after = read("before"), read("after")
    if before is None or after is None:
        return
    hz = os.sysconf("SC_CLK_TCK")
    print(f"  {phase}: the proxy's threads over the phase (CPU s, voluntary, involuntary switches)")
    deltas = []
    for name, (cpu, vol, inv) in after.items():
        b = before.get(name, (0, 0, 0))
        deltas.append((name, (cpu - b[0]) / hz, vol - b[1], inv - b[2]))
    for name, cpu, vol, inv in sorted(deltas, key=lambda r: -(r[2] + r[3]))[:8]:
        if vol + inv > 0:
            print(f"    {name:<18} {cpu:6.2f} {vol:8d} {inv:8d}")


def main():
    verbose = "-v" in sys.argv
    dirs = [a for a in sys.argv[1:] if a != "-v"] or sorted(
        glob.glob(os.path.join(WORK, "results-rate", "round-*")))
    roles = pids()
    for round_dir in dirs:
        for data in sorted(glob.glob(os.path.join(round_dir, "*-sched.data"))):
            analyse(data, roles, verbose)
        for phase in ("direct-both", "proxy"):
            thread_counts(round_dir, phase)


if __name__ == "__main__":
    main()
