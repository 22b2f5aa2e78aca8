#!/usr/bin/env python3
"""Runs the suite twice at once, from two fresh clones, and keeps the load average up.

Usage: python3 bench/suite/busy.py [--work /tmp/busy] [--min-load 10] [--commit HEAD]

Each clone gets `../shared` beside it, as CI has it, and runs `bash .ci/run`. Two suites alone
keep the 1-minute load average near 7 while their first modules run, so CPU-bound spinners are
added while the load is under --min-load and taken away again when it is well above. Every 15 s
the load average and the spinners alive are written to <work>/load.log. At the end it prints each
run's exit code and time and the load average seen (least, median, most), past the first two
minutes, which the 1-minute average needs to rise.
"""
import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time


def clone(repo, shared, commit, into):
    shutil.rmtree(into, ignore_errors=True)
    os.makedirs(into)
    main = os.path.join(into, "main")
    subprocess.run(["git", "clone", "-q", repo, main], check=True)
    subprocess.run(["git", "-C", main, "checkout", "-q", commit], check=True)
    shutil.copytree(shared, os.path.join(into, "shared"))
    return main


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def spinner():
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def watch(runs, spinners, min_load, log_path):
    """Waits for every run, adding or removing a spinner every 15 s; returns ends and loads."""
    loads = []
    ends = {}
    started = time.time()
    last_adjust = 0.0
    with open(log_path, "w") as load_log:
        while len(ends) < len(runs):
            for name, (process, start) in runs.items():
                if name not in ends and process.poll() is not None:
                    ends[name] = (process.returncode, time.time() - start)
            load = load_average()
            now = time.time()
            if now - started > 120:
                loads.append(load)
            # The 1-minute average follows a change within about a minute: adjust every 15 s.
            if now - last_adjust >= 15:
                last_adjust = now
                if load < min_load + 0.5 and len(spinners) < 8:
                    spinners.append(spinner())
                elif load > min_load + 6 and spinners:
                    spinners.pop().kill()
                load_log.write(f"{int(now - started)} s  load {load:.2f}  spinners {len(spinners)}\n")
                load_log.flush()
            time.sleep(5)
    return ends, loads


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = subprocess.run(["git", "-C", here, "rev-parse", "--show-toplevel"],
                          capture_output=True, text=True, check=True).stdout.strip()
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", default="/tmp/busy")
    parser.add_argument("--min-load", type=float, default=10.0)
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(repo), "shared"))
    args = parser.parse_args()
    commit = subprocess.run(["git", "-C", repo, "rev-parse", args.commit],
                            capture_output=True, text=True, check=True).stdout.strip()

    runs = {}
    os.makedirs(args.work, exist_ok=True)
    for name in ("a", "b"):
        main_dir = clone(repo, args.shared, commit, os.path.join(args.work, name))
        log = open(os.path.join(args.work, name + ".log"), "w")
        runs[name] = (subprocess.Popen(["bash", ".ci/run"], cwd=main_dir, stdout=log,
                                       stderr=subprocess.STDOUT, start_new_session=True),
                      time.time())
    print(f"commit {commit[:7]}: two suites started in {args.work}", flush=True)

    spinners = []
    try:
        ends, loads = watch(runs, spinners, args.min_load, os.path.join(args.work, "load.log"))
    finally:
        for s in spinners:
            s.kill()

    failed = False
    for name, (code, seconds) in sorted(ends.items()):
        print(f"run {name}: exit {code}, {int(seconds) // 60}:{int(seconds) % 60:02d}")
        failed |= code != 0
    if loads:
        print(f"1-minute load average past the first 2 minutes: least {min(loads):.1f}, "
              f"median {statistics.median(loads):.1f}, most {max(loads):.1f}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    main()
