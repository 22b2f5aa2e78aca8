#!/usr/bin/env python3
"""Sets the time slice the kernel's EEVDF scheduler gives each thread of a process.

Usage: slice.py PID MICROSECONDS

A shorter slice than the default (about 1.4 ms on 2 cores) gives a thread an earlier deadline when
it wakes, so it preempts sooner the thread that holds its core; it gets no more CPU than before.
Linux 6.12 or later (sched_setattr's sched_runtime for SCHED_OTHER, 100 to 100,000 us); threads
the process starts later inherit the slice of the thread that starts them.
"""
import ctypes
import os
import struct
import sys

SYS_SCHED_SETATTR = 314  # x86_64
SCHED_OTHER = 0


def set_slice(tid, nanos):
    # struct sched_attr (size, policy, flags, nice, priority, runtime, deadline, period, util_min,
    # util_max); nice stays 0, as the proxy's threads have it.
    attr = struct.pack("IIQiIQQQII", 56, SCHED_OTHER, 0, 0, 0, nanos, 0, 0, 0, 0)
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(SYS_SCHED_SETATTR, tid, ctypes.create_string_buffer(attr), 0) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"thread {tid}: {os.strerror(errno)}")


def main():
    if len(sys.argv) != 3 or not all(arg.isdigit() for arg in sys.argv[1:]):
        sys.exit(__doc__)
    pid, micros = int(sys.argv[1]), int(sys.argv[2])
    if not 100 <= micros <= 100_000:
        sys.exit(f"the slice is 100 to 100,000 us, not {micros}")
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        sys.exit(f"no process {pid}")
    for tid in threads:
        set_slice(int(tid), micros * 1000)
    print(f"slice {micros} us on the {len(threads)} threads of pid {pid}")


if __name__ == "__main__":
    main()
