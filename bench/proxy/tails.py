#!/usr/bin/env python3
"""What the slow requests of a fixed-rate run waited for (bench/proxy/README.md).

Reads what `GC_LOGS=1 bench/proxy/run.sh` leaves in bench/proxy/target (or the folder given):
the latency files of each round (results-rate/round-NN/PHASE-writes.lat and -reads.lat), every
JVM's safepoint pauses (logs/gc-PID.log), the processes' names (logs/pids) and the machine's CPU
each second (logs/vmstat.txt). Prints, for each half of each phase and round, p50 / p90 / p99 /
p99.9 / max, the requests over 2 and 5 ms, how many of those over 5 ms overlapped a pause of more
than 2 ms of which JVM (a node's, the proxy's, the client's; "no pause" when none), and for a
client's dual write each node's own p99. Then, over all rounds, the share of writes over 5 ms by
the machine's idle CPU in the second they were sent. With -v, each episode of slow writes (sent
less than 50 ms apart) and the pauses around it.
"""
import bisect
import collections
import datetime
import glob
import math
import os
import re
import sys

SAFEPOINT = re.compile(
    r'^\[([^\]]+)\]\[[^\]]+\]\[safepoint *\] Safepoint "([^"]+)".* Total: (\d+) ns')


def percentile(sorted_values, percent):
    """The nearest-rank percentile, as ProxyBench takes it."""
    rank = math.ceil(percent / 100 * len(sorted_values))
    return sorted_values[max(0, rank - 1)]


def wall_time(stamp):
    return datetime.datetime.strptime(stamp, '%Y-%m-%dT%H:%M:%S.%f%z').timestamp()


def load_pauses(logs):
    """Every safepoint of every JVM as (start, end, pid, cause), sorted by start."""
    pauses = []
    for path in glob.glob(os.path.join(logs, 'gc-*.log')):
        pid = re.search(r'gc-(\d+)\.log$', path).group(1)
        with open(path, errors='replace') as lines:
            for line in lines:
                match = SAFEPOINT.match(line)
                if match:
                    end = wall_time(match.group(1))
                    pauses.append((end - int(match.group(3)) / 1e9, end, pid, match.group(2)))
    pauses.sort()
    return pauses


def load_latencies(path):
    """(start in epoch seconds, rate, client pid, rows of [latency, node 1's, node 2's] in µs)."""
    with open(path) as lines:
        header = lines.readline().split()
        rows = [[int(field) for field in line.split()] for line in lines]
    return int(header[2]) / 1e6, float(header[4]), header[6], rows


def load_idle(logs):
    """The machine's idle CPU % in each second, by its vmstat time stamp (HH:MM:SS)."""
    idle = {}
    path = os.path.join(logs, 'vmstat.txt')
    if os.path.exists(path):
        with open(path) as lines:
            for line in lines:
                fields = line.split()
                if len(fields) > 17 and fields[0].isdigit():
                    idle[fields[-1]] = int(fields[14])
    return idle


def main():
    args = [a for a in sys.argv[1:] if a != '-v']
    verbose = '-v' in sys.argv[1:]
    target = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'target')
    logs = os.path.join(target, 'logs')
    with open(os.path.join(logs, 'pids')) as names_file:
        fields = names_file.read().split()
    names = {fields[i + 1]: fields[i] for i in range(0, len(fields), 2)}
    pauses = load_pauses(logs)
    starts = [pause[0] for pause in pauses]
    idle = load_idle(logs)
    by_idle = collections.defaultdict(lambda: [0, 0, 0])

    def overlapping(begin, end, min_seconds):
        i = bisect.bisect_left(starts, begin - 2.0)
        while i < len(pauses) and pauses[i][0] < end:
            if pauses[i][1] > begin and pauses[i][1] - pauses[i][0] > min_seconds:
                yield pauses[i]
            i += 1

    for round_dir in sorted(glob.glob(os.path.join(target, 'results-rate', 'round-*'))):
        for half in ('writes', 'reads'):
            for path in sorted(glob.glob(os.path.join(round_dir, '*-' + half + '.lat'))):
                start, rate, client, rows = load_latencies(path)
                phase = os.path.basename(path)[: -len('-' + half + '.lat')]
                latencies = [row[0] for row in rows]
                ordered = sorted(latencies)
                slow = [i for i, latency in enumerate(latencies) if latency > 5000]
                waited = collections.Counter()
                for i in slow:
                    sent = start + i / rate
                    who = {names.get(p[2], 'client' if p[2] == client else 'other')
                           for p in overlapping(sent, sent + latencies[i] / 1e6, 0.002)}
                    waited['+'.join(sorted(who)) or 'no pause'] += 1
                nodes = ''
                if rows and len(rows[0]) == 3:
                    nodes = ' | each node p99: %.2f, %.2f ms' % tuple(
                        percentile(sorted(row[k] for row in rows), 99) / 1e3 for k in (1, 2))
                print('%s %-11s %-6s p50 %5.2f p90 %5.2f p99 %6.2f p99.9 %6.2f max %6.2f ms'
                      '  >2 ms %4d  >5 ms %4d (%s)%s' % (
                          os.path.basename(round_dir), phase, half,
                          *(percentile(ordered, p) / 1e3 for p in (50, 90, 99, 99.9)),
                          ordered[-1] / 1e3, sum(1 for x in latencies if x > 2000), len(slow),
                          ', '.join('%s %d' % item for item in waited.most_common()), nodes))
                if half == 'writes':
                    per_second = collections.defaultdict(lambda: [0, 0])
                    for i, latency in enumerate(latencies):
                        # vmstat's line stamped T covers the second before T.
                        second = datetime.datetime.fromtimestamp(
                            start + i / rate + 1, datetime.timezone.utc).strftime('%H:%M:%S')
                        per_second[second][0] += 1
                        per_second[second][1] += latency > 5000
                    for second, (count, over) in per_second.items():
                        if second in idle and count >= rate / 2:
                            bucket = by_idle[(phase, min(idle[second] // 10 * 10, 40))]
                            bucket[0] += 1
                            bucket[1] += count
                            bucket[2] += over
                if verbose and half == 'writes':
                    episodes = []
                    for i in slow:
                        sent = start + i / rate
                        if episodes and sent - episodes[-1][1] < 0.05:
                            episodes[-1][1] = sent
                            episodes[-1][2] += 1
                            episodes[-1][3] = max(episodes[-1][3], latencies[i])
                        else:
                            episodes.append([sent, sent, 1, latencies[i]])
                    for first, last, count, worst in episodes:
                        around = ['%s %s %.1f ms at %+.0f ms' % (
                            names.get(p[2], 'client' if p[2] == client else 'other'), p[3],
                            (p[1] - p[0]) * 1e3, (p[0] - first) * 1e3)
                            for p in overlapping(first - 0.5, last + worst / 1e6, 0.001)]
                        print('    %s for %.3f s: %d writes over 5 ms, at most %.1f ms; %s' % (
                            datetime.datetime.fromtimestamp(first, datetime.timezone.utc)
                            .strftime('%H:%M:%S.%f')[:-3], last - first, count, worst / 1e3,
                            '; '.join(around) or 'no pause'))
    if by_idle:
        print('Writes over 5 ms by the machine\'s idle CPU in the second they were sent:')
        for (phase, low), (seconds, count, over) in sorted(by_idle.items()):
            print('  %-11s idle %s: %3d s, %6d writes, %5d over 5 ms (%.1f %%)' % (
                phase, '40-100 %' if low == 40 else '%d-%d %%' % (low, low + 9), seconds, count,
                over, 100.0 * over / count))


if __name__ == '__main__':
    main()
