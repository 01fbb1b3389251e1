#!/usr/bin/env python3
"""Wall and CPU time of the language server's messages: each row of
`bench/instructions.py`'s `lsp_sessions` (a keystroke's diagnostics, a
completion list after two letters, one with nothing typed, a second one
with nothing typed) as the difference of the medians of two `fleetcheck
lsp` sessions on standard input, with and without that message, run by
turns. A completion list prices its cards on every core, so its wall time
is what a player waits for; its CPU time counts every thread. Wall times
need a quiet machine: the load average is printed with them.

    python3 bench/lsp_wall.py                  # the release build of this tree
    python3 bench/lsp_wall.py --bin BINARY --runs 41
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instructions  # noqa: E402  (the sessions)
import run  # noqa: E402  (the build)


def once(binary, stream):
    """Wall and CPU time (user + system, all threads) of one session."""
    t0 = time.perf_counter()
    p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, cwd=run.ROOT,
                         env=dict(os.environ, FLEETCHECK_TODAY="2026-12-01"))
    p.stdin.write(stream)
    p.stdin.close()
    _, _, ru = os.wait4(p.pid, 0)
    return time.perf_counter() - t0, ru.ru_utime + ru.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", help="the binary (default: build this tree's release binary)")
    ap.add_argument("--runs", type=int, default=21, help="sessions of each kind (default 21)")
    args = ap.parse_args()
    binary = os.path.abspath(args.bin) if args.bin else run.build()
    print(f"{'message':78} {'wall':>9} {'CPU':>9}")
    for label, without, with_one in instructions.lsp_sessions():
        walls = {False: [], True: []}
        cpus = {False: [], True: []}
        for _ in range(args.runs):
            for k, s in ((False, without), (True, with_one)):
                w, c = once(binary, s)
                walls[k].append(w)
                cpus[k].append(c)
        wall = statistics.median(walls[True]) - statistics.median(walls[False])
        cpu = statistics.median(cpus[True]) - statistics.median(cpus[False])
        print(f"{label:78} {wall * 1000:7.1f}ms {cpu * 1000:7.1f}ms")
    print(f"(median of {args.runs} sessions of each, by turns; {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f} at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
