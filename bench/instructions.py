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
each names its player, a 100 SP standard event), with its roster table,
and the same over 8 lists (an event of a club evening);
then `check fleets/dominion-keldons.toml` and `card T240`, the single runs
of bench/run.py, one generated fleet of 100 KiB and one of 1 MiB
(`run.gen_big_fleet`), `options` on its first ship (with and without
`--replace`), `import text` of a 12-card list, and the scale of the
other games and of an edit: an X-Wing damage state of 20,000 ships, a
Twilight Imperium game of 10,000 players, `remove` and `add` on a fleet of
4,600 ships, one ship listing 100,000 Systems Upgrades (`run.gen_xwing_state`,
`run.gen_ti4_game`, `run.gen_ships`, `run.gen_copies`), `import text` of a
pasted list of 100,000 lines (`run.gen_pasted_list`: 20,000 ships) and of
the text export of the 1 MiB fleet, `event` over 3,000 copies of one
player's list (`run.gen_identical_lists`: every list a duplicate of all the
others), and `import spacedock` of 5,000 squads into a folder
(`run.gen_spacedock_squads`; the count leaves out the time the file
system's syncs wait). Two programs that are not fleetcheck are counted
in the same run, so that its rows can be quoted beside them: a Rust hello
world (`run.build_hello`, built by the same rustc) and `cat` of the
generated fleets (reading every file, nothing more). Needs valgrind.

The language server's rows (`lsp_sessions`) are differences of two
sessions of `fleetcheck lsp` on standard input: one that opens the fleet
and exits, and the same with one more message. `lsp <one keystroke>` is
a didChange of one character (the diagnostics computed, written and
published); `lsp <one completion>` a completion list inside an upgrade
string of the fleet (`"Boheeka"` on the Koranak). What the server does
once per session (loading the database, the handshake, the first check)
is in both and cancels out.

The generated fleets are checked with a collection too (docs/collection.md),
against `check DIR` without one: every expansion once (`run.gen_collection`:
the cards are owned, a card used twice is not) and a small shelf
(`fleets/collections/federation-shelf.toml`: most cards are missing, each a
`not-owned` warning naming the expansions that hold it), with the table
and with `-o json` (the JSON rows compare the checking itself: the table
rows also draw every warning). `--only REGEX`
counts only the rows whose label it matches (never with `--write-docs`),
e.g. the collection rows of 10,000 fleets:

    python3 bench/instructions.py --fleets 10000 --only 'generated fleets>( --|$)'
"""
import argparse
import json
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

# The small collection of the collection rows.
SHELF = os.path.join("fleets", "collections", "federation-shelf.toml")


def instructions(binary, args, stdin=None):
    """Instructions executed by `binary ARGS` (with `stdin`, bytes), all threads."""
    p = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         binary, *args],
        input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=run.ROOT,
        env=dict(os.environ, FLEETCHECK_TODAY="2026-12-01"),
    )
    m = re.search(r"Collected : (\d+)", p.stderr.decode(errors="replace"))
    if not m:
        sys.exit(f"callgrind gave no count for {binary}:\n{p.stderr[-2000:]}")
    return int(m.group(1))


def lsp_sessions():
    """(label, base session, session with one more message) of the language
    server's rows: client streams for `fleetcheck lsp`."""
    uri = "file://" + os.path.join(run.ROOT, run.ONE_FLEET)
    with open(os.path.join(run.ROOT, run.ONE_FLEET)) as f:
        text = f.read()
    # One character typed at the end of the fleet's name.
    typed = text.replace('name = "Keldon strike"', 'name = "Keldon strikes"', 1)
    assert typed != text
    # Inside the upgrade string "Boheeka" (its line, after the quote and 2 letters).
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if l.strip() == '"Boheeka",')
    at = {"line": line, "character": lines[line].index('"') + 3}

    def stream(*msgs):
        out = b""
        for m in msgs:
            body = json.dumps(dict(jsonrpc="2.0", **m)).encode()
            out += b"Content-Length: %d\r\n\r\n" % len(body) + body
        return out

    opened = [
        {"id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"method": "initialized", "params": {}},
        {"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "toml", "version": 1, "text": text}}},
    ]
    end = [{"id": 99, "method": "shutdown"}, {"method": "exit"}]
    keystroke = {"method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": typed}]}}
    completion = {"id": 2, "method": "textDocument/completion", "params": {
        "textDocument": {"uri": uri}, "position": at}}
    # Just after the opening quote: nothing typed yet, every card that
    # fits is priced; the second such list of a session (the cards decoded
    # by the first) is what an editor meets from then on.
    empty_at = {"line": line, "character": lines[line].index('"') + 1}
    empty = {"id": 3, "method": "textDocument/completion", "params": {
        "textDocument": {"uri": uri}, "position": empty_at}}
    again = dict(empty, id=4)
    base = stream(*opened, *end)
    return [
        (f"lsp <one keystroke in {run.ONE_FLEET}: diagnostics>", base,
         stream(*opened, keystroke, *end)),
        (f"lsp <one completion in an upgrade string of {run.ONE_FLEET}>", base,
         stream(*opened, completion, *end)),
        (f"lsp <one completion with nothing typed in {run.ONE_FLEET}>", base,
         stream(*opened, empty, *end)),
        (f"lsp <a second completion with nothing typed in {run.ONE_FLEET}>",
         stream(*opened, empty, *end), stream(*opened, empty, again, *end)),
    ]


def lsp_count(binary, without, with_one):
    """The instructions of the one message `with_one` has more than `without`."""
    return instructions(binary, ["lsp"], with_one) - instructions(binary, ["lsp"], without)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", help="the binary to count (default: build this tree's release binary)")
    ap.add_argument("--against", help="a second binary, counted the same way (the baseline)")
    ap.add_argument("--fleets", type=int, default=1000, help="generated fleets (default 1000)")
    ap.add_argument("--write-docs", action="store_true",
                    help="write the table into docs/performance.md, between its markers")
    ap.add_argument("--only", metavar="REGEX",
                    help="count only the rows whose label matches REGEX")
    args = ap.parse_args()
    if args.write_docs and args.against:
        sys.exit("error: --write-docs writes the counts of one build; leave out --against")
    if args.write_docs and args.only:
        sys.exit("error: --write-docs writes every row; leave out --only")
    binary = args.bin or run.build()
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "fleets")
        run.gen_fleets(folder, args.fleets)
        event, lists = run.gen_event(os.path.join(tmp, "event"), args.fleets)
        event8, lists8 = run.gen_event(os.path.join(tmp, "event8"), 8)
        big = {kib: run.gen_big_fleet(os.path.join(tmp, f"fleet-{kib}k.toml"), kib * 1024)
               for kib in (100, 1024)}
        every = run.gen_collection(os.path.join(tmp, "every-expansion.toml"))
        xwing = run.gen_xwing_state(os.path.join(tmp, "xwing.toml"), 20000)
        ti4 = run.gen_ti4_game(os.path.join(tmp, "ti4.toml"), 10000)
        ships = run.gen_ships(os.path.join(tmp, "ships.toml"), 4600)
        copies = run.gen_copies(os.path.join(tmp, "copies.toml"), 100000)
        pasted = run.gen_pasted_list(os.path.join(tmp, "pasted.txt"), 20000)
        exported = os.path.join(tmp, "fleet-1024k.txt")
        # Exit 1: the fleet breaks rules (a unique card on every ship), and
        # is exported as it is.
        text = subprocess.run([binary, "export", big[1024], "--to", "text"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              cwd=run.ROOT).stdout
        assert text.startswith(b"big\n"), text[:200]
        with open(exported, "wb") as f:
            f.write(text)
        copies_event, copies_lists = run.gen_identical_lists(os.path.join(tmp, "copies"), 3000)
        squads = run.gen_spacedock_squads(os.path.join(tmp, "squads.spacedocksquads"), 5000)
        squads_out = os.path.join(tmp, "squads")
        edited = os.path.join(tmp, "edited.toml")
        rows = []
        for label, argv, n in (
            (f"check <{args.fleets} generated fleets>", ["check", folder], args.fleets),
            (f"check -o json <{args.fleets} generated fleets>", ["check", "-o", "json", folder],
             args.fleets),
            (f"check <{args.fleets} generated fleets> --collection <every expansion once>",
             ["check", folder, "--collection", every], args.fleets),
            (f"check <{args.fleets} generated fleets> --collection {SHELF}",
             ["check", folder, "--collection", SHELF], args.fleets),
            (f"check -o json <{args.fleets} generated fleets> --collection <every expansion once>",
             ["check", "-o", "json", folder, "--collection", every], args.fleets),
            (f"check -o json <{args.fleets} generated fleets> --collection {SHELF}",
             ["check", "-o", "json", folder, "--collection", SHELF], args.fleets),
            (f"event <{args.fleets} generated lists>", ["event", event, lists], args.fleets),
            ("event <8 generated lists>", ["event", event8, lists8], 8),
            (f"check {run.ONE_FLEET}", ["check", run.ONE_FLEET], 1),
            ("check <one fleet of 100 KiB>", ["check", big[100]], 1),
            ("check <one fleet of 1 MiB>", ["check", big[1024]], 1),
            ("card T240", ["card", "T240"], 1),
            (f"options {run.ONE_FLEET} --ship 1", ["options", run.ONE_FLEET, "--ship", "1"], 1),
            (f"options {run.ONE_FLEET} --ship 1 --replace Boheeka",
             ["options", run.ONE_FLEET, "--ship", "1", "--replace", "Boheeka"], 1),
            (f"import text {IMPORT_TEXT}",
             ["import", "text", IMPORT_TEXT, "-O", os.path.join(tmp, "x.toml"), "--force"], 1),
            ("import text <pasted list of 100,000 lines: 20,000 ships> (its fleet file over 1 MiB: refused)",
             ["import", "text", pasted, "-O", os.path.join(tmp, "pasted.toml"), "--force"], 1),
            ("import text <text export of the fleet of 1 MiB> (its fleet file over 1 MiB: refused)",
             ["import", "text", exported, "-O", os.path.join(tmp, "exported.toml"), "--force"], 1),
            ("event <3,000 copies of one player's list>", ["event", copies_event, copies_lists], 3000),
            ("import spacedock <5,000 squads> -O DIR",
             ["import", "spacedock", squads, "-O", squads_out], 5000),
            ("check <X-Wing damage state of 20,000 ships>", ["check", xwing], 1),
            ("check <Twilight Imperium game of 10,000 players>", ["check", ti4], 1),
            ("check <one ship with 100,000 Systems Upgrades>", ["check", copies], 1),
            ("remove <fleet of 4,600 ships> ship 1", ["remove", edited, "ship", "1"], 1),
            ("add <fleet of 4,600 ships> ship S207", ["add", edited, "ship", "S207"], 1),
        ):
            if args.only and not re.search(args.only, label):
                continue
            # An edit edits a fresh copy of the fleet at each count, an
            # import writes into an empty folder.
            def fresh():
                shutil.copyfile(ships, edited)
                shutil.rmtree(squads_out, ignore_errors=True)
            fresh()
            this = instructions(binary, argv)
            fresh()
            base = instructions(args.against, argv) if args.against else None
            rows.append((label, this, n, base))
        # Not fleetcheck: counted once (the same for both builds), to quote
        # beside its rows.
        hello = run.build_hello(tmp)
        fleet_files = sorted(os.path.join(folder, f) for f in os.listdir(folder))
        for label, program, argv, n in (
            ("<hello world: a Rust binary, rustc -O> (not fleetcheck)", hello, [], 1),
            (f"<cat of the {args.fleets} generated fleets> (not fleetcheck)",
             shutil.which("cat"), fleet_files, args.fleets),
        ):
            if args.only and not re.search(args.only, label):
                continue
            rows.append((label, instructions(program, argv), n, None))
        for label, without, with_one in lsp_sessions():
            if args.only and not re.search(args.only, label):
                continue
            this = lsp_count(binary, without, with_one)
            base = lsp_count(args.against, without, with_one) if args.against else None
            rows.append((label, this, 1, base))
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
