#!/usr/bin/env python3
"""Runs `opencgc conformance` over the ONNX backend test folders and checks
the results against the recorded pass list.

Fails when a test on the pass list does not pass (a regression). Tests that
pass but are not on the list are reported so the list can be extended with
--update (which adds passes, and drops only the failing tests --drop names).
Prints the pass rates of the node tests and of the other folders.
"""
import argparse
import json
import re
import os
import subprocess
import sys


def read_pass_list(path):
    with open(path) as f:
        return {line.strip() for line in f
                if line.strip() and not line.startswith("#")}


def folder_of(name, folders):
    return folders.get(name, "?")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--opencgc", required=True)
    parser.add_argument("--pass-list", required=True)
    parser.add_argument("--json", required=True)
    parser.add_argument("--update", action="store_true",
                        help="add today's new passes to the pass list; a "
                        "listed test that no longer passes stops the update "
                        "unless --drop names it")
    parser.add_argument("--drop", action="append", default=[],
                        help="with --update: a listed test that no longer "
                        "passes and may leave the list (repeatable)")
    parser.add_argument("--device", default="reference")
    parser.add_argument("--compiled", action="store_true",
                        help="also compile each test to Output IR and run "
                        "it with the program executor")
    parser.add_argument("--filter", default="",
                        help="only tests matching this regex (and only those "
                        "of the pass list)")
    parser.add_argument("--require-device", action="store_true",
                        help="fail when a passing test ran no partition on "
                        "--device (a subset must reach the device it names)")
    parser.add_argument("--exempt", action="append", default=[],
                        help="with --require-device: a file naming, one per "
                        "line (# starts a comment), the tests that may pass "
                        "on the reference device instead; each must, and "
                        "must still need to (repeatable)")
    parser.add_argument("--shader-model", default="",
                        help="dxil-host: the DXIL shader model, 6.0 to 6.6")
    parser.add_argument("roots", nargs="+")
    args = parser.parse_args()

    for root in args.roots:
        if not os.path.isdir(root):
            sys.exit(f"error: test folder {root} does not exist "
                     "(install libonnx-testdata, or set the CMake cache "
                     "path that names it)")
    command = [args.opencgc, "conformance", "--device", args.device,
               "--json", args.json] + (["--compiled"] if args.compiled
                                       else []) + (
                   ["--filter", args.filter] if args.filter else []) + (
                   ["--shader-model", args.shader_model]
                   if args.shader_model else []) + args.roots
    completed = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    sys.stdout.write(completed.stdout)
    if completed.returncode != 0:
        sys.exit(f"error: opencgc conformance exited with "
                 f"{completed.returncode}")

    with open(args.json) as f:
        records = json.load(f)
    folders = {}
    for root in args.roots:
        for name in os.listdir(root):
            folders[name] = os.path.basename(os.path.normpath(root))
    passed = {r["name"] for r in records if r["status"] == "passed"}

    def rate(selected):
        total = [r for r in records if selected(r["name"])]
        ok = [r for r in total if r["status"] == "passed"]
        return len(ok), len(total)

    node_ok, node_total = rate(
        lambda n: folder_of(n, folders).startswith("node"))
    other_ok, other_total = rate(
        lambda n: not folder_of(n, folders).startswith("node"))
    print(f"pass rate: node {node_ok}/{node_total} "
          f"({100.0 * node_ok / max(node_total, 1):.1f}%), other folders "
          f"{other_ok}/{other_total} "
          f"({100.0 * other_ok / max(other_total, 1):.1f}%)")

    if args.update:
        update_pass_list(args, passed, folders)
        return

    expected = covered_by_run(read_pass_list(args.pass_list), args, folders)
    regressions = sorted(expected - passed)
    new = sorted(passed - expected)
    if new:
        print(f"{len(new)} tests pass but are not on the pass list "
              f"(run with --update to record them): {' '.join(new[:20])}"
              f"{' ...' if len(new) > 20 else ''}")
    if regressions:
        by_name = {r["name"]: r for r in records}
        print(f"{len(regressions)} tests on the pass list no longer pass:")
        for name in regressions:
            record = by_name.get(name)
            reason = record["reason"].splitlines()[0] if record else "not run"
            print(f"  {name}: {reason}")
        sys.exit(1)
    print(f"all {len(expected)} tests on the pass list pass")
    if args.device != "reference":
        on_device = sorted(r["name"] for r in records
                           if r["status"] == "passed"
                           and r.get("partitions", {}).get(args.device, 0) > 0)
        print(f"{len(passed)} passed, of which {len(on_device)} ran kernels "
              f"on {args.device}")
        off_device = passed - set(on_device)
        exempt = read_exemptions(args.exempt)
        missing = sorted(off_device - exempt)
        if args.require_device and missing:
            print(f"{len(missing)} passing tests ran no kernel on "
                  f"{args.device}: {' '.join(missing)}")
            sys.exit(1)
        # Exemptions by exact name, each still needed: one that now runs on
        # the device, or no longer passes here, must leave the list.
        stale = sorted(exempt - off_device)
        if stale:
            print(f"{len(stale)} exempt tests did not pass off {args.device} "
                  f"(ran kernels there, or did not pass in this run; remove "
                  f"them from {', '.join(args.exempt)}): {' '.join(stale)}")
            sys.exit(1)


def covered_by_run(listed, args, folders):
    """The listed tests this run answers for: all of them, or with --filter
    those it matches and could run (a subset run checks no others)."""
    if not args.filter:
        return set(listed)
    return {n for n in listed if re.search(args.filter, n) and n in folders}


def update_pass_list(args, passed, folders):
    """Adds today's passes to the pass list. Listed tests this run covers
    (covered_by_run) that no longer pass leave only when --drop names them;
    listed tests it does not cover stay."""
    listed = (read_pass_list(args.pass_list)
              if os.path.exists(args.pass_list) else set())
    failing = covered_by_run(listed, args, folders) - passed
    drops = set(args.drop)
    if drops - failing:
        print(f"--drop names tests that are not listed tests failing in "
              f"this run: {' '.join(sorted(drops - failing))}")
        sys.exit(1)
    if failing - drops:
        print(f"{len(failing - drops)} tests on the pass list no longer pass; "
              f"the list is unchanged (--drop NAME lets one go): "
              f"{' '.join(sorted(failing - drops))}")
        sys.exit(1)
    kept = (listed - drops) | passed
    with open(args.pass_list, "w") as f:
        f.write("# ONNX backend tests that pass on the reference device.\n"
                "# CI fails when one of them stops passing. Add new passes "
                "with run_conformance.py --update.\n")
        for name in sorted(kept):
            f.write(name + "\n")
    print(f"wrote {len(kept)} tests to {args.pass_list} "
          f"({len(kept - listed)} added, {len(drops)} dropped)")


def read_exemptions(paths):
    """The test names of the --exempt files."""
    names = set()
    for path in paths:
        with open(path) as file:
            lines = (line.split("#", 1)[0].strip() for line in file)
            names.update(line for line in lines if line)
    return names


if __name__ == "__main__":
    main()
