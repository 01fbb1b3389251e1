#!/usr/bin/env python3
"""Whole-process benchmarks of fleetcheck: the figures of docs/performance.md.

Builds the release binary and a hello-world Rust binary (the baseline, built
here with the same rustc), then runs each command many times and reports
the median wall time, its ratio to the hello-world median, and the peak
memory (max RSS) over the runs. Measures, never fails on a time.

    python3 bench/run.py                   # everything (about a minute)
    python3 bench/run.py --quick           # fewer repetitions
    python3 bench/run.py --bin OTHER_BINARY  # measure another build (before/after)
    python3 bench/run.py --markdown        # the table as Markdown
    python3 bench/run.py --write-docs      # the table into docs/performance.md
    python3 bench/run.py --against OLD_BINARY  # this build and another, run by turns
    python3 bench/run.py --memory          # peak memory of check DIR over 1,000 to 100,000 fleets

`--write-docs` replaces the figures between the markers
`<!-- bench:run:start -->` and `<!-- bench:run:end -->` of
docs/performance.md (and refuses, changing nothing, when they are
missing), with a line saying what was measured where: the commit, the
rustc, the CPUs and the load. `bench/instructions.py --write-docs` and
`bench/growth.py --write-docs` fill their own markers the same way
(`write_docs` below); a test (`tests/readme`) holds the markers in place.

The cases:
- `card T240`: start-up, database load, one lookup, a small render;
- `check fleets/dominion-keldons.toml`: one real fleet (targets: at most 3x
  the hello-world time, at most 20 MiB peak memory);
- `options fleets/dominion-keldons.toml --ship 1`: every card that fits
  the Koranak's place, each priced with the fleet (target: at most 10x the
  hello-world time; it prices on every core, as a player waits for it);
- `check DIR` over N generated fleets (default 10,000; target: at most 1 s),
  with the default table output and with `-o json`.
  They are generated from the real card database with a fixed seed: 1 to 3
  ships, each with a captain (mostly of the ship's faction) and one upgrade
  per printed slot (mostly of the ship's faction), all referenced by id;
  some are legal, many break a rule, as in real use.

`--memory` measures whether `check DIR` keeps anything per fleet: the
peak memory (GNU time's maximum resident size, the most of 3 runs) of
`check` over 1,000, 10,000 and 100,000 generated fleets (the same
generator; the 100,000 files take about 400 MB of disk and a minute or
two to write), and each against the 1,000's (the target: at most 1.5 for
100,000).

The binary is found through `cargo metadata`, so CARGO_TARGET_DIR is
respected.

With `--against`, each case runs the two binaries by turns (this one, the
other, this one, ...), so that a change of the machine's load or speed
during the run touches both alike, and prints both figures and their
ratio: the way to compare with an earlier build, since figures measured on
different days differ by more than 10% on this machine. Both binaries are
first copied into one temporary directory: a binary written by the linker
and one written by `cp` were measured up to 20% apart in start-up time and
peak memory (the page cache holds them differently).
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 20261129
ONE_FLEET = os.path.join("fleets", "dominion-keldons.toml")


def build():
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    meta = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )
    return os.path.join(json.loads(meta.stdout)["target_directory"], "release", "fleetcheck")


def build_hello(tmp):
    src = os.path.join(tmp, "hello.rs")
    with open(src, "w") as f:
        f.write('fn main() { println!("hello"); }\n')
    out = os.path.join(tmp, "hello")
    subprocess.run(["rustc", "-O", "-o", out, src], check=True)
    return out


GNU_TIME = "/usr/bin/time"
PERFORMANCE_DOC = os.path.join(ROOT, "docs", "performance.md")


def markers(block):
    """The start and end markers of a generated block in a docs page."""
    return f"<!-- bench:{block}:start -->", f"<!-- bench:{block}:end -->"


def write_docs(path, block, text):
    """Replaces what stands between the markers of `block` in the docs page
    `path` with `text`; exits with an error, changing nothing, when the
    page lacks them."""
    start, end = markers(block)
    with open(path) as f:
        doc = f.read()
    s, e = doc.find(start), doc.find(end)
    if s < 0 or e < s:
        sys.exit(f"error: {path} lacks the markers {start} and {end}")
    doc = doc[:s + len(start)] + "\n" + text.rstrip("\n") + "\n" + doc[e:]
    with open(path, "w") as f:
        f.write(doc)
    print(f"wrote the figures into {os.path.relpath(path, ROOT)}")


def provenance(binary=None):
    """What was measured where: the commit (with `+changes` when the tree
    differs from it), or the binary given with `--bin` and the commit of
    the tree it was measured in; the rustc, the CPUs and the load at the
    end."""
    def out(cmd):
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        return p.stdout.strip() if p.returncode == 0 else "unknown"
    commit = out(["git", "rev-parse", "--short", "HEAD"])
    # Changes of the docs pages (the figures written) change no binary.
    if out(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs"]):
        commit += "+changes"
    rustc = out(["rustc", "--version"])
    what = f"commit `{commit}`"
    if binary:
        what = f"the binary `{os.path.relpath(binary, ROOT)}` (`--bin`) in a tree at commit `{commit}`"
    return (f"{what}, {rustc}, {os.cpu_count()} CPUs, "
            f"load average {os.getloadavg()[0]:.1f} at the end")


def run_once(cmd):
    """Wall time, CPU time (user + system, all threads) and exit code."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    _, status, ru = os.wait4(p.pid, 0)
    return time.perf_counter() - t0, ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status)


def peak_rss(cmd, runs=5):
    """Peak memory (MiB) over a few runs, measured by GNU time: a child of
    this Python process would report Python's own memory as its peak (the
    kernel carries the pre-exec high-water mark over exec)."""
    if not os.path.exists(GNU_TIME):
        return None
    peak = 0.0
    for _ in range(runs):
        with tempfile.NamedTemporaryFile("r", suffix=".rss") as out:
            subprocess.run([GNU_TIME, "-f", "%M", "-o", out.name] + cmd, cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            peak = max(peak, int(out.read().split()[-1]) / 1024.0)
    return peak


def measure(cmd, reps):
    """Median wall time (s), median CPU time (s), peak memory (MiB) and exit
    code over `reps` runs, after two warm-up runs (page cache, binary
    mapped). CPU time hardly moves when other work loads the machine; wall
    time does."""
    run_once(cmd)
    run_once(cmd)
    walls, cpus, code = [], [], None
    for _ in range(reps):
        wall, cpu, code = run_once(cmd)
        walls.append(wall)
        cpus.append(cpu)
    return (statistics.median(walls), statistics.median(cpus),
            peak_rss(cmd, 3 if reps < 20 else 5), code)


def measure_pair(cmd_a, cmd_b, reps):
    """`measure` of two commands, run by turns."""
    for _ in range(2):
        run_once(cmd_a)
        run_once(cmd_b)
    walls_a, cpus_a, walls_b, cpus_b = [], [], [], []
    code_a = code_b = None
    for _ in range(reps):
        wall, cpu, code_a = run_once(cmd_a)
        walls_a.append(wall)
        cpus_a.append(cpu)
        wall, cpu, code_b = run_once(cmd_b)
        walls_b.append(wall)
        cpus_b.append(cpu)
    runs = 3 if reps < 20 else 5
    return ((statistics.median(walls_a), statistics.median(cpus_a), peak_rss(cmd_a, runs), code_a),
            (statistics.median(walls_b), statistics.median(cpus_b), peak_rss(cmd_b, runs), code_b))


def compare(binary, other, cases, markdown):
    """Prints each case measured with both binaries by turns."""
    def change(new, old):
        return "n/a" if not new or not old else f"{(new / old - 1) * 100:+.1f}%"
    rows = []
    for label, args, n in cases:
        (t, cpu, m, code), (t0, cpu0, m0, code0) = measure_pair([binary] + args, [other] + args, n)
        rows.append((label, t, t0, cpu, cpu0, m, m0, code, code0))
    mib = lambda m: "n/a" if m is None else f"{m:.1f} MiB"
    if markdown:
        print("| command | wall | against | change | CPU | against | change | peak memory | against | change |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for label, t, t0, cpu, cpu0, m, m0, code, code0 in rows:
            print(f"| `{label}` | {t * 1000:.2f} ms | {t0 * 1000:.2f} ms | {change(t, t0)} "
                  f"| {cpu * 1000:.1f} ms | {cpu0 * 1000:.1f} ms | {change(cpu, cpu0)} "
                  f"| {mib(m)} | {mib(m0)} | {change(m, m0)} |")
    else:
        print(f"{'command':56} {'wall':>10} {'against':>10} {'change':>7} {'CPU':>9} {'against':>9} "
              f"{'change':>7} {'peak RSS':>10} {'against':>10} {'change':>7}")
        for label, t, t0, cpu, cpu0, m, m0, code, code0 in rows:
            print(f"{label:56} {t * 1000:8.2f}ms {t0 * 1000:8.2f}ms {change(t, t0):>7} "
                  f"{cpu * 1000:7.1f}ms {cpu0 * 1000:7.1f}ms {change(cpu, cpu0):>7} "
                  f"{mib(m):>10} {mib(m0):>10} {change(m, m0):>7}")
    for label, *_, code, code0 in rows:
        if code != code0:
            print(f"note: {label}: exit {code}, against exit {code0}")


def load_cards():
    cards = []
    base = os.path.join(ROOT, "data", "staw", "cards")
    for folder, _, names in os.walk(base):
        for name in sorted(names):
            if name.endswith(".toml"):
                with open(os.path.join(folder, name), "rb") as f:
                    cards.extend(tomllib.load(f).get("card", []))
    cards.sort(key=lambda c: c["id"])
    return cards


def gen_fleets(folder, n, seed=SEED, players=False):
    """Writes n fleet files of real cards into `folder` (deterministic);
    with `players`, each names its player ("Player 7"), as the lists of an
    event do (the cards are the same either way)."""
    rng = random.Random(seed)
    cards = load_cards()
    ships = [c for c in cards if c["type"] == "ship" and not c.get("squadron")]
    captains = [c for c in cards if c["type"] == "captain"]
    upgrades = {}
    for c in cards:
        if c["type"] == "upgrade" and c.get("slot"):
            upgrades.setdefault(c["slot"], []).append(c)

    def pick(pool, faction):
        own = [c for c in pool if faction in c["factions"]]
        return rng.choice(own if own and rng.random() < 0.85 else pool)

    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        lines = [f'name = "generated {i}"', 'format = "standard"', ""]
        if players:
            lines.insert(0, f'player = "Player {i}"')
        for ship in rng.sample(ships, rng.randint(1, 3)):
            faction = ship["factions"][0]
            lines += ["[[ship]]", f'ship = {{ id = "{ship["id"]}" }}']
            lines.append(f'captain = {{ id = "{pick(captains, faction)["id"]}" }}')
            ups = [pick(upgrades[s], faction) for s in ship.get("slots", []) if s in upgrades]
            if ups:
                lines.append("upgrades = [" + ", ".join(f'{{ id = "{u["id"]}" }}' for u in ups) + "]")
            lines.append("")
        with open(os.path.join(folder, f"fleet{i:05}.toml"), "w") as f:
            f.write("\n".join(lines))


EVENT_FILE = """# The event of the benchmark (bench/run.py gen_event).
name = "Generated Regional"
date = "2026-12-01"
format = "standard"
sp_cap = 100
require_player = true
"""


def gen_big_fleet(path, size):
    """One fleet file of about `size` bytes: the same two-card Keldon ship
    again and again (a unique card on each, so that every ship after the
    first has a `unique` error to draw), under the largest cap a file may
    set. For time and memory in a fleet's size."""
    block = ('\n[[ship]]\nship = { name = "Dominion Starship", class = "Cardassian Keldon Class" }\n'
             'captain = "Gul Ranor"\nupgrades = ["Tetryon Emissions", "Boheeka"]\n')
    head = 'name = "big"\nsp_cap = 100000\n'
    with open(path, "w") as f:
        f.write(head + block * max(1, (size - len(head)) // len(block)))
    return path


def gen_collection(path):
    """A collection file (docs/collection.md) of every expansion of the
    card database, one copy each: a shelf that holds every card the
    generated fleets use, most of them once, so that a fleet that uses a
    card twice is short of it. For `check DIR --collection` against
    `check DIR`."""
    with open(os.path.join(ROOT, "data", "staw", "sets.toml"), "rb") as f:
        sets = tomllib.load(f)["set"]
    with open(path, "w") as f:
        f.write("[sets]\n" + "".join(f'"{s["id"]}" = 1\n' for s in sets))
    return path


def gen_xwing_state(path, ships):
    """An X-Wing damage state of `ships` ships, each with one face-down
    card (far more copies than the deck holds: every card's finding names
    every place). For time in the ships of a state. The ships' names are
    short, so that 20,000 of them fit in the 1 MiB a file may hold (named
    "Ship 12345", the file was refused unread, and the row counted that)."""
    with open(path, "w") as f:
        f.write('game = "xwing"\nname = "big"\n')
        for i in range(ships):
            f.write(f'[[ship]]\nname = "S{i}"\nface_down = ["Fuel Leak"]\n')
    assert os.path.getsize(path) <= 1 << 20, f"{path}: over the 1 MiB a file may hold"
    return path


def gen_ti4_game(path, players):
    """A Twilight Imperium file of `players` players, each with a command
    sheet and no system. For time in the players of a game."""
    with open(path, "w") as f:
        f.write('game = "ti4"\nname = "big"\n')
        for i in range(players):
            f.write(f'[[player]]\nname = "Player {i}"\ntactic = 2\nfleet = 3\nstrategy = 2\n')
    return path


def gen_ships(path, ships):
    """A sandbox STAW fleet of `ships` copies of the Starter Set's
    Enterprise-D with Picard (a `unique` error on every ship after the
    first: thousands of findings). For time in the ships of an edit."""
    with open(path, "w") as f:
        f.write('name = "big"\nformat = "sandbox"\n')
        for _ in range(ships):
            f.write('\n[[ship]]\nship = "S207"\ncaptain = "Cap629"\n')
    return path


def gen_copies(path, copies, card="T057"):
    """A STAW fleet of one ship (the Enterprise-D with a captain) listing
    `copies` copies of one upgrade, by default Systems Upgrade (T057),
    which may fill a [crew], [tech] or [weapon] slot and adds a [tech]
    slot: for the slot search's time in the copies."""
    body = ",".join([f'"{card}"'] * copies)
    with open(path, "w") as f:
        f.write(f'name = "copies"\n\n[[ship]]\nship = "S207"\ncaptain = "Cap906"\n'
                f'upgrades = [{body}]\n')
    return path


def gen_pasted_list(path, ships):
    """A pasted list (`fleetcheck import text`) of `ships` U.S.S. Defiants,
    each with Data, Worf and Odo (names several cards share, left to
    `fix`), five lines a ship: for the import's time in the lines."""
    with open(path, "w") as f:
        f.write("Big paste\n\n")
        for _ in range(ships):
            f.write("U.S.S. Defiant\n- Data\n- Worf\n- Odo\n\n")
    return path


def gen_identical_lists(folder, n):
    """Writes an event into `folder` whose `n` lists are one small list of
    one player, copied: every list is a `duplicate-list` and a
    `duplicate-player` of all the others. For the roster's size in the
    group (each message names 3 others and counts the rest). Returns the
    event file and the lists folder."""
    lists = os.path.join(folder, "lists")
    os.makedirs(lists, exist_ok=True)
    event = os.path.join(folder, "event.toml")
    with open(event, "w") as f:
        f.write('name = "Copies"\ndate = "2026-12-01"\n')
    for i in range(n):
        with open(os.path.join(lists, f"l{i:05}.toml"), "w") as f:
            f.write('player = "Same Player"\n\n[[ship]]\nship = { id = "S207" }\n'
                    'captain = { id = "Cap906" }\n')
    return event, lists


def gen_spacedock_squads(path, squads):
    """A Space Dock list of `squads` squads of one ship each (the
    Enterprise-D with Picard), for `import spacedock FILE -O DIR`: one
    fleet file written a squad."""
    squad = {"ships": [{"shipId": "1001", "shipTitle": "U.S.S. Enterprise-D",
                        "captain": {"upgradeId": "2001", "upgradeTitle": "Jean-Luc Picard"}}]}
    with open(path, "w") as f:
        json.dump([dict(squad, name=f"Squad {i}") for i in range(squads)], f)
    return path


def gen_event(folder, n, seed=SEED):
    """Writes an event into `folder`: `event.toml` (a 100 SP standard event
    that asks for players) and `lists/`, the n fleets of `gen_fleets`
    (same seed, same cards), each naming its player. Returns the event
    file and the lists folder, for `fleetcheck event EVENT LISTS`."""
    os.makedirs(folder, exist_ok=True)
    event = os.path.join(folder, "event.toml")
    with open(event, "w") as f:
        f.write(EVENT_FILE)
    lists = os.path.join(folder, "lists")
    gen_fleets(lists, n, seed, players=True)
    return event, lists


MEMORY_FLEETS = (1000, 10000, 100000)


def memory(binary, tmp, markdown, given=None):
    """Peak memory of `check DIR` over more and more generated fleets, and
    each against the first (`--memory`)."""
    rows = []
    for n in MEMORY_FLEETS:
        folder = os.path.join(tmp, f"fleets-{n}")
        gen_fleets(folder, n)
        rows.append((n, peak_rss([binary, "check", folder], 3)))
        shutil.rmtree(folder, ignore_errors=True)
    if rows[0][1] is None:
        sys.exit("error: peak memory needs GNU time: apt-get install time")
    first = rows[0][1]
    if markdown:
        print("| command | peak memory | against 1,000 fleets |")
        print("|---|---:|---:|")
    for n, m in rows:
        label = f"fleetcheck check <{n} generated fleets>"
        if markdown:
            print(f"| `{label}` | {m:.1f} MiB | {m / first:.2f} |")
        else:
            print(f"{label:56} {m:8.1f} MiB {m / first:6.2f}")
    print(f"(the most of 3 runs each; seed {SEED}; {provenance(given)})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--fleets", type=int, default=10000, help="generated fleets (default 10000)")
    ap.add_argument("--bin", help="measure this fleetcheck binary instead of building one")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    ap.add_argument("--write-docs", action="store_true",
                    help="write the table into docs/performance.md, between its markers")
    ap.add_argument("--against", metavar="OTHER_BINARY",
                    help="also run this fleetcheck binary, by turns, and print both figures")
    ap.add_argument("--memory", action="store_true",
                    help="only the peak memory of check DIR over 1,000, 10,000 and 100,000 fleets")
    args = ap.parse_args()
    if args.memory and (args.write_docs or args.against):
        sys.exit("error: --memory prints its own table; leave out --write-docs and --against")
    if args.write_docs and args.against:
        sys.exit("error: --write-docs writes the figures of one build; leave out --against")
    if args.write_docs:
        # Fail before measuring, not after.
        with open(PERFORMANCE_DOC) as f:
            doc = f.read()
        if any(m not in doc for m in markers("run")):
            sys.exit(f"error: {PERFORMANCE_DOC} lacks the markers {' and '.join(markers('run'))}")
    reps = 21 if args.quick else 101
    binary = os.path.abspath(args.bin) if args.bin else build()
    tmp = tempfile.mkdtemp(prefix="fleetcheck-bench-")
    try:
        if args.memory:
            memory(binary, tmp, args.markdown, args.bin)
            return 0
        if args.against:
            this, other = os.path.join(tmp, "this"), os.path.join(tmp, "against")
            shutil.copy2(binary, this)
            shutil.copy2(os.path.abspath(args.against), other)
            gen = os.path.join(tmp, "fleets")
            gen_fleets(gen, args.fleets)
            dirs = 3 if args.quick else 11
            compare(this, other, [
                ("fleetcheck card T240", ["card", "T240"], reps),
                (f"fleetcheck check {ONE_FLEET}", ["check", ONE_FLEET], reps),
                (f"fleetcheck options {ONE_FLEET} --ship 1",
                 ["options", ONE_FLEET, "--ship", "1"], reps),
                (f"fleetcheck check <{args.fleets} generated fleets>", ["check", gen], dirs),
                (f"fleetcheck check -o json <{args.fleets} generated fleets>",
                 ["check", "-o", "json", gen], dirs),
            ], args.markdown)
            print(f"(median of {reps} runs of each by turns; {dirs} for the directory; seed {SEED}; "
                  f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end)")
            return 0
        hello = build_hello(tmp)
        base, base_cpu, base_rss, _ = measure([hello], reps)
        rows = [("hello-world (baseline)", base, base_cpu, base_rss, 0, "")]
        cases = [
            ("fleetcheck card T240", [binary, "card", "T240"], reps, ""),
            (f"fleetcheck check {ONE_FLEET}", [binary, "check", ONE_FLEET], reps,
             "<= 3x, <= 20 MiB"),
            (f"fleetcheck options {ONE_FLEET} --ship 1",
             [binary, "options", ONE_FLEET, "--ship", "1"], reps, "<= 10x"),
        ]
        gen = os.path.join(tmp, "fleets")
        gen_fleets(gen, args.fleets)
        cases.append((f"fleetcheck check <{args.fleets} generated fleets>",
                      [binary, "check", gen], 3 if args.quick else 11, "<= 1 s"))
        cases.append((f"fleetcheck check -o json <{args.fleets} generated fleets>",
                      [binary, "check", "-o", "json", gen], 3 if args.quick else 11, ""))
        for label, cmd, n, target in cases:
            t, cpu, m, code = measure(cmd, n)
            rows.append((label, t, cpu, m, code, target))
        mib = lambda m: "n/a" if m is None else f"{m:.1f} MiB"
        if args.markdown or args.write_docs:
            lines = ["| command | median wall | x hello-world | median CPU | peak memory | exit | target |",
                     "|---|---:|---:|---:|---:|---:|---|"]
            for label, t, cpu, m, code, target in rows:
                lines.append(f"| `{label}` | {t * 1000:.2f} ms | {t / base:.1f} | {cpu * 1000:.1f} ms "
                             f"| {mib(m)} | {code} | {target} |")
            lines += ["", f"Median of {reps} runs ({3 if args.quick else 11} for the directories; "
                          f"generator seed {SEED}); {provenance(args.bin)}."]
            if args.write_docs:
                write_docs(PERFORMANCE_DOC, "run", "\n".join(lines))
            else:
                print("\n".join(lines))
            return 0
        else:
            print(f"{'command':56} {'wall':>10} {'x hello':>8} {'CPU':>10} {'peak RSS':>10} {'exit':>4}  target")
            for label, t, cpu, m, code, target in rows:
                print(f"{label:56} {t * 1000:8.2f}ms {t / base:8.1f} {cpu * 1000:8.1f}ms "
                      f"{mib(m):>10} {code:4}  {target}")
        load = os.getloadavg()[0]
        print(f"(median of {reps} runs; {3 if args.quick else 11} for the directory; seed {SEED}; "
              f"{os.cpu_count()} CPUs, load average {load:.1f} at the end"
              f"{'' if os.path.exists(GNU_TIME) else '; peak memory needs GNU time: apt-get install time'})")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
