#!/usr/bin/env python3
"""How checking time and memory grow with the size of one fleet file.

Generates hostile-but-valid-TOML fleet files at 1x, 10x and 100x a base size
(all under the 1 MiB limit at 100x) and runs `fleetcheck check` on each,
with the table report and with `-o json`, reporting wall time and peak
memory (max RSS). Linear growth shows as ~10x per step; quadratic as ~100x.
Measures, never fails on a time.

    python3 bench/growth.py               # builds the release binary first
    python3 bench/growth.py --bin PATH    # another build (before/after)
    python3 bench/growth.py --markdown    # the table as Markdown
    python3 bench/growth.py --write-docs  # the table into docs/reliability.md

`--write-docs` replaces the table between the markers
`<!-- bench:growth:start -->` and `<!-- bench:growth:end -->` of
docs/reliability.md (`run.write_docs`).

The cases (base size at 1x):
- `upgrades`: one ship with 500 copies of one upgrade;
- `ships`: 30 ships of 30 upgrades each;
- `unknown keys`: 500 unknown top-level keys;
- `unknown names`: 500 upgrades named "Nosuch N" (each gets a "did you
  mean" search of the whole database).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as bench_run  # noqa: E402  (the same build and binary lookup)


def upgrades(n):
    body = "".join('  { id = "C209" },\n' for _ in range(n))
    return f'name = "U"\n\n[[ship]]\nship = {{ id = "S207" }}\ncaptain = {{ id = "Cap906" }}\nupgrades = [\n{body}]\n'


def ships(n):
    one = '\n[[ship]]\nship = { id = "S207" }\nupgrades = [' + ", ".join(['"Data"'] * 30) + "]\n"
    return 'name = "S"\n' + one * (n // 30)


def unknown_keys(n):
    keys = "".join(f"k{i} = 1\n" for i in range(n))
    return f'name = "K"\n{keys}\n[[ship]]\nship = {{ id = "S207" }}\n'


def unknown_names(n):
    body = "".join(f'  "Nosuch {i}",\n' for i in range(n))
    return f'name = "N"\n\n[[ship]]\nship = {{ id = "S207" }}\nupgrades = [\n{body}]\n'


RELIABILITY_DOC = os.path.join(bench_run.ROOT, "docs", "reliability.md")

CASES = [
    ("upgrades", upgrades, 500),
    ("ships", ships, 900),
    ("unknown keys", unknown_keys, 500),
    ("unknown names", unknown_names, 500),
]


def timed(cmd):
    """Wall seconds and peak RSS (MiB) of one run."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--write-docs", action="store_true",
                    help="write the table into docs/reliability.md, between its markers")
    args = ap.parse_args()
    binary = args.bin
    if not binary:
        binary = bench_run.build()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, make, base in CASES:
            for factor in (1, 10, 100):
                text = make(base * factor)
                path = os.path.join(tmp, f"{name.replace(' ', '-')}-{factor}.toml")
                with open(path, "w") as f:
                    f.write(text)
                table = timed([binary, "check", path])
                json_ = timed([binary, "check", "-o", "json", path])
                rows.append((name, factor, len(text), table, json_))
    if args.markdown or args.write_docs:
        lines = ["| case | size | bytes | table | `-o json` |", "|---|---|---|---|---|"]
        for name, factor, size, table, json_ in rows:
            lines.append(f"| {name} | {factor}x | {size:,} | {table[0]:.2f} s "
                         f"| {json_[0]:.2f} s, {json_[1]:.0f} MiB |")
        if args.write_docs:
            lines += ["", f"Wall time of one run each, and peak memory; {bench_run.provenance(args.bin)}."]
            bench_run.write_docs(RELIABILITY_DOC, "growth", "\n".join(lines))
        else:
            print("\n".join(lines))
    else:
        for name, factor, size, table, json_ in rows:
            print(f"{name:14} {factor:>4}x {size:>9} B  table {table[0]:7.2f} s  json {json_[0]:7.2f} s {json_[1]:6.0f} MiB")


if __name__ == "__main__":
    main()
