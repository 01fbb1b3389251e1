#!/usr/bin/env python3
"""Instruction counts of `check DIR`, of one check and of one card lookup
(callgrind), for comparisons that a busy machine cannot spoil: the count of
instructions a run executes hardly moves with the load, where wall and CPU
times do. Never a pass/fail on a figure.

    python3 bench/instructions.py                        # the release build of this tree
    python3 bench/instructions.py --bin A --against B    # two builds, side by side
    python3 bench/instructions.py --fleets 500           # fewer generated fleets
    python3 bench/instructions.py --write-docs           # the table into docs/performance.md

`--write-docs` replaces the table between the markers
`<!-- bench:instructions:start -->` and `<!-- bench:instructions:end -->`
of docs/performance.md (`run.write_docs`).

The fleets are `bench/run.py`'s generated fleets (same generator, same
seed), 1,000 by default: callgrind runs a program about 50 times slower.
Each binary checks them with the default table output and with `-o json`;
then `event` on the same fleets as the lists of an event (`run.gen_event`:
each names its player, a 100 SP standard event), with its roster table;
then `check fleets/dominion-keldons.toml` and `card T240`, the single runs
of bench/run.py, one generated fleet of 100 KiB and one of 1 MiB
(`run.gen_big_fleet`), `options` on its first ship (with and without
`--replace`), `import text` of a 12-card list, and the scale of the
other games and of an edit: an X-Wing damage state of 20,000 ships, a
Twilight Imperium game of 10,000 players, `remove` and `add` on a fleet of
4,600 ships (`run.gen_xwing_state`, `run.gen_ti4_game`, `run.gen_ships`).
Needs valgrind.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the generator and the build of bench/run.py)


# The 12-card list whose import `tests/interop_text.rs` counts.
IMPORT_TEXT = "tests/fixtures/interop/text/federation-12-cards.txt"


def instructions(binary, args):
    """Instructions executed by `binary ARGS`, all threads."""
    p = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         binary, *args],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=run.ROOT,
        env=dict(os.environ, FLEETCHECK_TODAY="2026-12-01"),
    )
    m = re.search(r"Collected : (\d+)", p.stderr)
    if not m:
        sys.exit(f"callgrind gave no count for {binary}:\n{p.stderr[-2000:]}")
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", help="the binary to count (default: build this tree's release binary)")
    ap.add_argument("--against", help="a second binary, counted the same way (the baseline)")
    ap.add_argument("--fleets", type=int, default=1000, help="generated fleets (default 1000)")
    ap.add_argument("--write-docs", action="store_true",
                    help="write the table into docs/performance.md, between its markers")
    args = ap.parse_args()
    if args.write_docs and args.against:
        sys.exit("error: --write-docs writes the counts of one build; leave out --against")
    binary = args.bin or run.build()
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "fleets")
        run.gen_fleets(folder, args.fleets)
        event, lists = run.gen_event(os.path.join(tmp, "event"), args.fleets)
        big = {kib: run.gen_big_fleet(os.path.join(tmp, f"fleet-{kib}k.toml"), kib * 1024)
               for kib in (100, 1024)}
        xwing = run.gen_xwing_state(os.path.join(tmp, "xwing.toml"), 20000)
        ti4 = run.gen_ti4_game(os.path.join(tmp, "ti4.toml"), 10000)
        ships = run.gen_ships(os.path.join(tmp, "ships.toml"), 4600)
        edited = os.path.join(tmp, "edited.toml")
        either = os.path.join(tmp, "either.toml")
        with open(either, "w") as f:
            f.write('name = "big"\nformat = "sandbox"\n[[ship]]\nship = "S207"\nupgrades = ['
                    + ",".join(['"T057"'] * 100000) + "]\n")
        rows = []
        for label, argv, n in (
            (f"check <{args.fleets} generated fleets>", ["check", folder], args.fleets),
            (f"check -o json <{args.fleets} generated fleets>", ["check", "-o", "json", folder],
             args.fleets),
            (f"event <{args.fleets} generated lists>", ["event", event, lists], args.fleets),
            (f"check {run.ONE_FLEET}", ["check", run.ONE_FLEET], 1),
            ("check <one fleet of 100 KiB>", ["check", big[100]], 1),
            ("check <one fleet of 1 MiB>", ["check", big[1024]], 1),
            ("card T240", ["card", "T240"], 1),
            (f"options {run.ONE_FLEET} --ship 1", ["options", run.ONE_FLEET, "--ship", "1"], 1),
            (f"options {run.ONE_FLEET} --ship 1 --replace Boheeka",
             ["options", run.ONE_FLEET, "--ship", "1", "--replace", "Boheeka"], 1),
            (f"import text {IMPORT_TEXT}",
             ["import", "text", IMPORT_TEXT, "-O", os.path.join(tmp, "x.toml"), "--force"], 1),
            ("check <one ship of 100,000 either-slot upgrades>", ["check", either], 1),
            ("check <X-Wing damage state of 20,000 ships>", ["check", xwing], 1),
            ("check <Twilight Imperium game of 10,000 players>", ["check", ti4], 1),
            ("remove <fleet of 4,600 ships> ship 1", ["remove", edited, "ship", "1"], 1),
            ("add <fleet of 4,600 ships> ship S207", ["add", edited, "ship", "S207"], 1),
        ):
            # An edit edits a fresh copy of the fleet at each count.
            fresh = lambda: shutil.copyfile(ships, edited)  # noqa: E731
            fresh()
            this = instructions(binary, argv)
            fresh()
            base = instructions(args.against, argv) if args.against else None
            rows.append((label, this, n, base))
    lines = ["| `fleetcheck` | instructions | per fleet |"
             + (" baseline | change |" if args.against else ""),
             "|---|---:|---:|" + ("---:|---:|" if args.against else "")]
    for label, this, n, base in rows:
        line = f"| `{label}` | {this:,} | {f'{this // n:,}' if n > 1 else ''} |"
        if base:
            line += f" {base:,} | {100 * (this - base) / base:+.1f}% |"
        lines.append(line)
    if args.write_docs:
        lines += ["", f"Counted by callgrind (generator seed {run.SEED}); {run.provenance(args.bin)}."]
        run.write_docs(run.PERFORMANCE_DOC, "instructions", "\n".join(lines))
    else:
        print("\n".join(lines))


if __name__ == "__main__":
    main()
