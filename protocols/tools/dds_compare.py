#!/usr/bin/env python3
"""Same-run speed comparison of `turbobridge bench` with DDS (issue 21).

DDS 2.9 comes from `pip install endplay` (its libdds.so; never commit it).
Each part of the benchmark is run on the same fixture deals
(tests/fixtures/dd-200.pbn) by both solvers, one thread each, in turn:

- tables: the full 20-entry table of each deal (DDS's CalcDDtable);
- cards: an all-cards solve of the opening lead, East on lead, the strains
  clubs, diamonds, hearts, spades, notrump in turn from deal to deal
  (DDS's SolveBoard with solutions=3), as `turbobridge bench` does.

Both sides run as child processes and are measured in CPU seconds (user +
system, from the children's resource usage), which a loaded machine
disturbs far less than wall time: for DDS the CPU time spent inside the
calls (Python's own start-up left out), for ours the whole `turbobridge
bench --only PART` process (its start-up is a few milliseconds). The
wall-clock milliseconds `turbobridge bench` prints are shown beside them.
Each repeat runs DDS then ours for each part, so that both see the same
load; the summary gives the median and the best of the repeats.

    nice -n 5 python3 protocols/tools/dds_compare.py --repeat 3
"""

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "dd-200.pbn")

# turbobridge's Strain::ALL (clubs first) in DDS's numbering (spades = 0).
DDS_STRAIN = [3, 2, 1, 0, 4]
# The PBN DoubleDummyTricks order: declarers N, S, E, W; strains NT, S, H, D, C.
PBN_SEATS = [0, 2, 1, 3]
PBN_STRAINS = [4, 0, 1, 2, 3]


def fixture_deals(path, limit):
    deals = []
    deal = None
    for line in open(path, encoding="utf-8"):
        m = re.match(r'\[(\w+) "(.*)"\]', line.strip())
        if not m:
            continue
        if m.group(1) == "Deal":
            deal = m.group(2)
        elif m.group(1) == "DoubleDummyTricks" and deal:
            deals.append((deal, m.group(2)))
            deal = None
    return deals[:limit]


def dds_worker(part, limit, fixture):
    """Runs one part with DDS in this process; prints a JSON summary."""
    import ctypes

    from endplay import _dds

    _dds.SetMaxThreads(1)
    lib = _dds._dll
    deals = fixture_deals(fixture, limit)
    cpu = 0.0
    wall = 0.0
    wrong = 0
    solves = 0
    for i, (pbn, expected) in enumerate(deals):
        if part == "tables":
            dl = _dds.ddTableDealPBN()
            dl.cards = pbn.encode()
            res = _dds.ddTableResults()
            c0, w0 = time.process_time(), time.perf_counter()
            rc = lib.CalcDDtablePBN(dl, ctypes.byref(res))
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
            if rc != 1:
                sys.exit(f"CalcDDtablePBN failed on deal {i + 1}: {rc}")
            got = "".join(
                "%x" % res.resTable[strain][seat] for seat in PBN_SEATS for strain in PBN_STRAINS
            )
            wrong += got != expected
        else:
            d = _dds.dealPBN()
            d.trump = DDS_STRAIN[i % 5]
            d.first = 1  # East leads against North
            d.remainCards = pbn.encode()
            fut = _dds.futureTricks()
            c0, w0 = time.process_time(), time.perf_counter()
            rc = lib.SolveBoardPBN(d, -1, 3, 1, ctypes.byref(fut), 0)
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
            if rc != 1:
                sys.exit(f"SolveBoardPBN failed on deal {i + 1}: {rc}")
            solves += fut.cards > 0
    print(json.dumps({"cpu": cpu, "wall": wall, "wrong": wrong, "solves": solves}))


def child_cpu(cmd):
    """Runs `cmd`; returns its stdout and the CPU seconds it used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, cpu


def run_dds(part, deals, fixture):
    out, _ = child_cpu(
        [sys.executable, os.path.abspath(__file__), "--worker", part,
         "--deals", str(deals), "--fixture", fixture]
    )
    return json.loads(out)


def run_ours(binary, part, deals):
    out, cpu = child_cpu([binary, "--quiet", "bench", "--only", part, "--deals", str(deals)])
    line = next(line for line in out.splitlines() if line.startswith(
        "tables:" if part == "tables" else "all-cards"))
    ms = float(re.search(r"([\d.]+) ms", line).group(1))
    nodes = re.search(r"(\d+) nodes \((\d+) trick nodes\)", line)
    wrong = re.search(r"(\d+) differ from DDS", line)
    return {
        "cpu": cpu,
        "ms": ms,
        "nodes": int(nodes.group(1)),
        "trick_nodes": int(nodes.group(2)),
        "wrong": int(wrong.group(1)) if wrong else 0,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--turbobridge", default=os.path.join(ROOT, "target", "release", "turbobridge"))
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", choices=["tables", "cards"])
    ap.add_argument("--fixture", default=FIXTURE)
    ap.add_argument("--worker", choices=["tables", "cards"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        dds_worker(args.worker, args.deals, args.fixture)
        return
    n = len(fixture_deals(args.fixture, args.deals))
    parts = [args.only] if args.only else ["tables", "cards"]
    results = {part: {"dds": [], "ours": []} for part in parts}
    for rep in range(args.repeat):
        for part in parts:
            dds = run_dds(part, n, args.fixture)
            ours = run_ours(args.turbobridge, part, n)
            results[part]["dds"].append(dds)
            results[part]["ours"].append(ours)
            print(
                f"repeat {rep + 1} {part}: DDS {dds['cpu'] * 1000 / n:.1f} ms CPU "
                f"({dds['wall'] * 1000 / n:.1f} wall), ours {ours['cpu'] * 1000 / n:.1f} ms CPU "
                f"({ours['ms']:.1f} wall), ours/DDS {ours['cpu'] / dds['cpu']:.3f}",
                flush=True,
            )
    label = {"tables": "full table", "cards": "all-cards solve"}
    for part in parts:
        dds_cpu = [r["cpu"] * 1000 / n for r in results[part]["dds"]]
        our_cpu = [r["cpu"] * 1000 / n for r in results[part]["ours"]]
        ratios = [o / d for o, d in zip(our_cpu, dds_cpu)]
        last = results[part]["ours"][-1]
        wrong_dds = results[part]["dds"][-1]["wrong"]
        print(
            f"{label[part]}, {n} deals, {args.repeat} repeats: "
            f"DDS {statistics.median(dds_cpu):.1f} ms (best {min(dds_cpu):.1f}), "
            f"ours {statistics.median(our_cpu):.1f} ms (best {min(our_cpu):.1f}) CPU each; "
            f"ours/DDS median {statistics.median(ratios):.3f} "
            f"(range {min(ratios):.3f}-{max(ratios):.3f}); "
            f"ours {last['nodes']} nodes, {last['trick_nodes']} trick nodes"
            + (f"; tables differing from the fixture: DDS {wrong_dds}, ours {last['wrong']}"
               if part == "tables" else "")
        )


if __name__ == "__main__":
    main()
