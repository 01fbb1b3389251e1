#!/usr/bin/env python3
"""What a cold build costs: the tree at HEAD exported into a fresh folder
(`git archive`, so nothing else builds in it) and built from an empty
target directory, the dependencies' sources already downloaded. Wall time
moves with the load; CPU time (user + sys) much less, so both are given,
with the load average before and after. Never a pass/fail on a figure.

    python3 bench/build.py                      # cargo build --release
    python3 bench/build.py --profile dist       # the packaged binary's profile
    python3 bench/build.py --test               # the README's test command, cold
    python3 bench/build.py --readme             # the README's two commands, one after the other
    python3 bench/build.py --write-docs         # the table into docs/building.md

`--write-docs` adds the row of this run to the table between the markers
`<!-- bench:build:start -->` and `<!-- bench:build:end -->` of
docs/building.md, replacing the row of the same command; with `--readme`,
its rows replace the table between `<!-- bench:readme:start -->` and
`<!-- bench:readme:end -->`.
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (ROOT, write_docs, markers, provenance)


# The head of both tables of docs/building.md.
TABLE_HEAD = ("| command | wall | user + sys CPU | load average before → after | CPUs | tree |\n"
        "|---|---:|---:|---|---:|---|")


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def measure(cmd, tree, target, ok=(0,)):
    """Wall and CPU seconds of `cmd` run in `tree` with `target` (empty
    unless an earlier command of the same run built in it); `ok`: the exit
    codes that mean it ran."""
    before = load()
    start = time.monotonic()
    t0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, cwd=tree,
                          env=dict(os.environ, CARGO_TARGET_DIR=target),
                          stdout=subprocess.DEVNULL)
    if done.returncode not in ok:
        sys.exit(f"error: {' '.join(cmd)} exited with {done.returncode}")
    t1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.monotonic() - start
    cpu = (t1.ru_utime - t0.ru_utime) + (t1.ru_stime - t0.ru_stime)
    return wall, cpu, before, load()


def exported():
    """The commit measured: what `git archive HEAD` exports, whatever the
    working tree holds besides."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=run.ROOT,
                            check=True, capture_output=True, text=True).stdout.strip()
    return f"commit `{commit}`"


def export(tmp):
    """The tree at HEAD in a fresh folder, with nothing beside it."""
    tree = os.path.join(tmp, "tree")
    os.mkdir(tree)
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=run.ROOT,
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
    return tree


def readme_commands():
    """The README's two commands, as its code block writes them."""
    with open(os.path.join(run.ROOT, "README.md")) as f:
        lines = [ln.split("#")[0].strip() for ln in f]
    run_cmd = next(ln for ln in lines if ln.startswith("cargo run --release --"))
    test_cmd = next(ln for ln in lines if ln.startswith("cargo test"))
    return run_cmd.split(), test_cmd.split()


def readme(a):
    """Both README commands on one fresh tree and target directory."""
    run_cmd, test_cmd = readme_commands()
    rows = []
    total_wall = total_cpu = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        tree = export(tmp)
        target = os.path.join(tmp, "target")
        # The run command exits 1 for an illegal fleet: it still ran.
        for cmd, ok in ((run_cmd, (0, 1)), (test_cmd, (0,))):
            wall, cpu, before, after = measure(cmd, tree, target, ok)
            total_wall += wall
            total_cpu += cpu
            rows.append((" ".join(cmd), wall, cpu, before, after))
    rows.append(("both, one after the other (a fresh clone)", total_wall, total_cpu,
                 rows[0][3], rows[-1][4]))
    cpus = os.cpu_count()
    tree = exported()
    out = [f"| `{c}` | {minutes(w)} | {cpu:.0f} s | {b} → {e} | {cpus} | {tree} |"
           if not c.startswith("both") else
           f"| {c} | {minutes(w)} | {cpu:.0f} s | {b} → {e} | {cpus} | {tree} |"
           for c, w, cpu, b, e in rows]
    print("\n".join(out))
    if a.write_docs:
        path = os.path.join(run.ROOT, "docs", "building.md")
        run.write_docs(path, "readme", "\n".join([TABLE_HEAD, *out]))


def minutes(s):
    return f"{int(s // 60)} min {int(s % 60)} s"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--profile", default="release")
    p.add_argument("--test", action="store_true",
                   help="time `cargo test --no-run` (the test command's build) instead")
    p.add_argument("--readme", action="store_true",
                   help="time the README's two commands on the fresh tree, one after the "
                        "other as a newcomer runs them (the run command, then the tests)")
    p.add_argument("--write-docs", action="store_true")
    a = p.parse_args()
    if a.readme:
        return readme(a)
    if a.test:
        cmd = ["cargo", "test", "--no-run", "--quiet"]
    elif a.profile == "release":
        cmd = ["cargo", "build", "--release", "--quiet"]
    else:
        cmd = ["cargo", "build", "--profile", a.profile, "--quiet"]
    shown = " ".join(c for c in cmd if c != "--quiet")
    with tempfile.TemporaryDirectory() as tmp:
        tree = export(tmp)
        wall, cpu, before, after = measure(cmd, tree, os.path.join(tmp, "target"))
    cpus = os.cpu_count()
    row = (f"| `{shown}` | {minutes(wall)} | {cpu:.0f} s | {before} → {after} | "
           f"{cpus} | {exported()} |")
    print(row)
    if a.write_docs:
        path = os.path.join(run.ROOT, "docs", "building.md")
        start, end = run.markers("build")
        with open(path) as f:
            doc = f.read()
        s, e = doc.find(start), doc.find(end)
        if s < 0 or e < s:
            sys.exit(f"error: {path} lacks the markers {start} and {end}")
        rows = [r for r in doc[s + len(start):e].strip().splitlines()
                if r.startswith("| `") and not r.startswith(f"| `{shown}` |")]
        run.write_docs(path, "build", "\n".join([TABLE_HEAD, *sorted(rows + [row])]))


if __name__ == "__main__":
    main()
