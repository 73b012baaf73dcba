#!/bin/bash
# A fuzz target's bounded smoke run: ARTIFACTS is its -artifact_prefix
# folder. Fails when the fuzzer fails, and also when it exits 0 but a crash,
# leak, timeout or oom file was written (slow-unit files are not findings): a process the target forks (the
# DXIL validator's child) inherits libFuzzer's handlers, which
# reported the parent's input while the parent ran on.
# Usage: run-smoke.sh ARTIFACTS FUZZER ARGS...
set -u
artifacts=$1
shift
mkdir -p "$artifacts"
find "$artifacts" -mindepth 1 -delete
"$@"
status=$?
if [ "$status" -ne 0 ]; then
  exit "$status"
fi
written=$(find "$artifacts" -mindepth 1 -type f \( -name "crash-*" -o -name "leak-*" \
  -o -name "timeout-*" -o -name "oom-*" \))
if [ -n "$written" ]; then
  echo "FAIL: the fuzzer exited 0 but wrote:" $written
  exit 1
fi
