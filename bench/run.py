#!/usr/bin/env python3
"""Whole-process benchmarks of fleetcheck (the figures the README quotes).

Builds the release binary and a hello-world Rust binary (the baseline), then
runs each command many times and reports the median wall time, the ratio to
the hello-world median, and the peak memory (max RSS) of one run.

    python3 bench/run.py            # all benchmarks
    python3 bench/run.py --quick    # fewer repetitions

The 10,000-fleet directory is generated with a fixed seed into a temporary
folder (see gen_fleets). Nothing here is a test: it measures, it never fails
on a time.
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "fleetcheck")


def build():
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)


def build_hello(tmp):
    src = os.path.join(tmp, "hello.rs")
    with open(src, "w") as f:
        f.write('fn main() { println!("hello"); }\n')
    out = os.path.join(tmp, "hello")
    subprocess.run(["rustc", "-O", "-o", out, src], check=True)
    return out


def run_once(cmd):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    _, status, rusage = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t0
    return dt, rusage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


def measure(cmd, reps):
    run_once(cmd)  # warm the page cache
    times, rss, code = [], 0.0, None
    for _ in range(reps):
        dt, m, code = run_once(cmd)
        times.append(dt)
        rss = max(rss, m)
    return statistics.median(times), rss, code


FACTIONS = ["federation", "klingon", "romulan", "dominion"]


def gen_fleets(folder, n, seed=20261129):
    """Generates n fleet files from the example fleets' ship/captain pairs."""
    rng = random.Random(seed)
    ships = [
        ('{ id = "S207" }', '{ id = "Cap906" }', ['{ id = "C209" }', '{ id = "W122" }']),
        ('"I.K.S. Negh\'var"', '{ id = "Cap813" }', ['"Advanced Weapon System"', '"Klag"']),
        ('{ id = "S198" }', '"Toreth"', []),
        ('{ id = "S170" }', '"Dominion"', ['{ id = "W101" }']),
        ('"U.S.S. Defiant"', '{ id = "Cap639" }', ['{ id = "C183" }']),
    ]
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        picks = rng.sample(ships, rng.randint(1, 3))
        lines = [f'name = "generated {i}"', 'format = "standard"', ""]
        for ship, cap, ups in picks:
            lines += ["[[ship]]", f"ship = {ship}", f"captain = {cap}"]
            if ups:
                lines.append("upgrades = [" + ", ".join(ups) + "]")
            lines.append("")
        with open(os.path.join(folder, f"fleet{i:05}.toml"), "w") as f:
            f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--fleets", type=int, default=10000)
    args = ap.parse_args()
    reps = 11 if args.quick else 51
    build()
    tmp = tempfile.mkdtemp(prefix="fleetcheck-bench-")
    try:
        hello = build_hello(tmp)
        base, base_rss, _ = measure([hello], reps)
        example = os.path.join("fleets", sorted(
            f for f in os.listdir(os.path.join(ROOT, "fleets")) if f.endswith(".toml"))[0]) \
            if os.path.isdir(os.path.join(ROOT, "fleets")) else None
        rows = [("hello-world (baseline)", base, base_rss)]
        cases = [("fleetcheck card T240", [BIN, "card", "T240"])]
        if example:
            cases.append((f"fleetcheck check {example}", [BIN, "check", example]))
        for label, cmd in cases:
            t, m, _ = measure(cmd, reps)
            rows.append((label, t, m))
        gen = os.path.join(tmp, "fleets")
        gen_fleets(gen, args.fleets)
        t, m, _ = measure([BIN, "check", gen], 3 if args.quick else 5)
        rows.append((f"fleetcheck check <{args.fleets} generated fleets>", t, m))
        print(f"{'command':55} {'median':>10} {'x hello':>8} {'peak RSS':>10}")
        for label, t, m in rows:
            print(f"{label:55} {t * 1000:8.2f}ms {t / base:8.1f} {m:8.1f}MiB")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
