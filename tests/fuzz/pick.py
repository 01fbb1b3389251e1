#!/usr/bin/env python3
"""Picks the few inputs of a fuzz run worth committing to a seed corpus.

`-merge=1` keeps every input that adds a feature: hundreds after a
10-minute run. This reads the control file of a merge run with
`-merge=1 -use_counters=0 -merge_control_file=CTL SEEDS NEW` (SEEDS the
committed corpus) and prints, one a line, the inputs of NEW that add the
most coverage edges to the seeds, chosen greedily (each time the input
that adds the most edges not yet covered), at most LIMIT of them, each
with the edges it adds; the totals go to standard error.

    python3 tests/fuzz/pick.py CTL 40
"""

import sys


def main():
    ctl, limit = sys.argv[1], int(sys.argv[2])
    lines = open(ctl).read().split("\n")
    n, first = int(lines[0]), int(lines[1])
    files = lines[2 : 2 + n]
    cov = {}
    for line in lines[2 + n :]:
        parts = line.split()
        if parts and parts[0] == "COV":
            cov[int(parts[1])] = set(parts[2:])
    have = set()
    for i in range(first):
        have |= cov.get(i, set())
    seeds = len(have)
    candidates = {i: c for i, c in cov.items() if i >= first}
    picked = []
    while candidates and len(picked) < limit:
        best = max(candidates, key=lambda i: (len(candidates[i] - have), -i))
        gain = len(candidates[best] - have)
        if gain == 0:
            break
        picked.append((files[best], gain))
        have |= candidates.pop(best)
    every = set().union(*cov.values()) if cov else set()
    print(
        f"seeds: {seeds} edges; {len(picked)} inputs picked add {len(have) - seeds}"
        f" of the {len(every) - seeds} the new inputs add",
        file=sys.stderr,
    )
    for f, gain in picked:
        print(f, gain)


if __name__ == "__main__":
    main()
