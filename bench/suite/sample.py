#!/usr/bin/env python3
"""Samples a test suite's processes every 2 s until a stop file appears, then writes what it saw.

    python3 bench/suite/sample.py /tmp/suite.json /tmp/stop &   # start it
    bash .ci/run; touch /tmp/stop                               # run the suite, then stop it
    python3 bench/suite/sample.py --summary /tmp/suite.json     # CPU by kind, memory, busy share

A process's CPU is the largest figure seen for it, so one that lives less than 2 s is missed.
"""
import collections
import json
import os
import sys
import time

KINDS = [  # (what the command line contains, kind), the first match wins
    ('CassandraDaemon', 'cassandra node'),
    ('surefire', 'test JVM'),
    ('plexus-classworlds', 'maven'),
    ('sluice.jar', 'sluice process'),
    ('spark', 'spark'),
    ('io.sluice.sstables.writer', 'sstable writer'),
    ('python', 'python'),
    ('chrom', 'chromium'),
    ('java', 'other java'),
]


def kind(command):
    return next((k for part, k in KINDS if part in command), 'other')


def cpu_totals():
    with open('/proc/stat') as f:
        fields = list(map(int, f.readline().split()[1:]))
    return sum(fields), fields[3] + fields[4]


def sample(out, stop):
    ticks_per_s = os.sysconf('SC_CLK_TCK')
    page = os.sysconf('SC_PAGE_SIZE')
    cpu, kinds, commands, samples = {}, {}, {}, []
    start, last = time.time(), cpu_totals()
    while not os.path.exists(stop):
        rss, count = collections.Counter(), collections.Counter()
        for pid in filter(str.isdigit, os.listdir('/proc')):
            try:
                with open(f'/proc/{pid}/cmdline', 'rb') as f:
                    command = f.read().replace(b'\0', b' ').decode(errors='ignore')
                with open(f'/proc/{pid}/stat') as f:
                    stat = f.read().rsplit(')', 1)[1].split()
            except OSError:
                continue
            if not command:
                continue
            k = kind(command)
            cpu[pid] = max(cpu.get(pid, 0), int(stat[11]) + int(stat[12]))
            kinds[pid], commands[pid] = k, command[:200]
            rss[k] += int(stat[21]) * page
            count[k] += 1
        now = cpu_totals()
        total, idle = now[0] - last[0], now[1] - last[1]
        last = now
        with open('/proc/meminfo') as f:
            available = next(int(l.split()[1]) for l in f if l.startswith('MemAvailable'))
        samples.append({'t': round(time.time() - start), 'busy': round(1 - idle / max(total, 1), 2),
                        'available_mb': available // 1024,
                        'rss_mb': {k: v // 2**20 for k, v in rss.items()}, 'count': dict(count)})
        time.sleep(2)
    by_kind = collections.Counter()
    for pid, ticks in cpu.items():
        by_kind[kinds[pid]] += ticks / ticks_per_s
    top = sorted(((t / ticks_per_s, kinds[p], commands[p]) for p, t in cpu.items()), reverse=True)
    with open(out, 'w') as f:
        json.dump({'cpu_seconds': by_kind, 'samples': samples, 'top': top[:30]}, f)


def summary(path):
    with open(path) as f:
        data = json.load(f)
    samples = data['samples']
    print('CPU seconds by kind:',
          {k: round(v) for k, v in sorted(data['cpu_seconds'].items(), key=lambda e: -e[1])})
    print('share of both cores busy, on average: %.2f' % (sum(s['busy'] for s in samples) / len(samples)))
    low = min(samples, key=lambda s: s['available_mb'])
    print('least memory available: %d MB at %d s, with' % (low['available_mb'], low['t']), low['count'])
    for i in range(0, len(samples), 30):
        minute = samples[i:i + 30]
        print('minute %3d: busy %.2f, nodes %d, available %d MB' % (
            minute[0]['t'] // 60, sum(s['busy'] for s in minute) / len(minute),
            max(s['count'].get('cassandra node', 0) for s in minute),
            min(s['available_mb'] for s in minute)))
    for seconds, k, command in data['top'][:10]:
        print('%7.1f s  %-14s %s' % (seconds, k, command[:120]))


if __name__ == '__main__':
    if sys.argv[1] == '--summary':
        summary(sys.argv[2])
    else:
        sample(sys.argv[1], sys.argv[2])
