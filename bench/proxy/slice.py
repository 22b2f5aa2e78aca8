#!/usr/bin/env python3
"""Sets the time slice the kernel's EEVDF scheduler gives each thread of a process.

Usage: slice.py PID MICROSECONDS

A shorter slice than the default (about 1.4 ms on 2 cores) gives a thread an earlier deadline when
it wakes, so it preempts sooner the thread that holds its core; it gets no more CPU than before.
Linux 6.12 or later on x86_64 (sched_setattr's sched_runtime for SCHED_OTHER, 100 to 100,000 us);
each thread keeps its nice value; threads the process starts later inherit the slice of the
thread that starts them.
"""
import ctypes
import errno
import os
import platform
import struct
import sys

SYS_SCHED_SETATTR = 314  # x86_64
SCHED_OTHER = 0
LIBC = ctypes.CDLL(None, use_errno=True)


def set_slice(tid, nanos):
    """Sets the slice of one thread; False if the thread has ended meanwhile."""
    nice = os.getpriority(os.PRIO_PROCESS, tid)
    # struct sched_attr: size, policy, flags, nice, priority, runtime (the slice), deadline,
    # period, util_min, util_max.
    attr = struct.pack("IIQiIQQQII", 56, SCHED_OTHER, 0, nice, 0, nanos, 0, 0, 0, 0)
    if LIBC.syscall(SYS_SCHED_SETATTR, tid, ctypes.create_string_buffer(attr), 0) == 0:
        return True
    code = ctypes.get_errno()
    if code == errno.ESRCH:
        return False
    raise OSError(code, f"thread {tid}: {os.strerror(code)}")


def kernel_at_least(major, minor):
    release = platform.release().split(".")
    return (int(release[0]), int(release[1].split("-")[0])) >= (major, minor)


def main():
    if len(sys.argv) != 3 or not all(arg.isdigit() for arg in sys.argv[1:]):
        sys.exit(__doc__)
    if platform.machine() != "x86_64" or not kernel_at_least(6, 12):
        sys.exit(f"a thread's slice needs Linux 6.12 or later on x86_64, not {platform.release()}"
                 f" on {platform.machine()}")
    pid, micros = int(sys.argv[1]), int(sys.argv[2])
    if not 100 <= micros <= 100_000:
        sys.exit(f"the slice is 100 to 100,000 us, not {micros}")
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        sys.exit(f"no process {pid}")
    done = sum(set_slice(int(tid), micros * 1000) for tid in threads)
    print(f"slice {micros} us on the {done} threads of pid {pid}")


if __name__ == "__main__":
    main()
