#!/usr/bin/env bash
# Registers and spills of a compiled model's NVIDIA kernels, as ptxas reports
# them: what a kernel target's configuration costs on a GPU, measured
# without one (docs/kernel-ir.md, "Kernel targets").
#
#   scripts/ptxas-usage.sh OUTPUT_IR ARCH [KERNEL_TARGET]
#
# ARCH is an sm_NN that ptxas assembles for (PTX from libNVVM's compute_NN);
# KERNEL_TARGET (default: the one the cuda device uses for ARCH) names
# another configuration to compare. Prints one line per kernel (registers,
# spill stores and loads in bytes) and a total line.
# Environment: BUILD_DIR (default: build), PTXAS (default: CUDA's).
set -euo pipefail
[[ $# -ge 2 ]] || { sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 2; }
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$(realpath -m "${BUILD_DIR:-$ROOT/build}")/bin"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
input=$1 sm=$2 target=${3:-}
[[ $sm =~ ^sm_([0-9]+a?)$ ]] || { echo "ARCH must be sm_NN, not $sm" >&2; exit 2; }
arch=compute_${BASH_REMATCH[1]}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$BIN/opencgc-codegen" "$input" --emit=ptx --arch="$arch" -o "$work" \
  ${target:+--kernel-target="$target"} | grep "configured for" | sort | uniq -c |
  sed 's/^ */  /' || true
total=0 spilling=0 stores=0 loads=0 maxRegisters=0
for ptx in "$work"/*.ptx; do
  report=$("$PTXAS" -v -arch="$sm" "$ptx" -o /dev/null 2>&1)
  registers=$(grep -o 'Used [0-9]* registers' <<<"$report" | grep -o '[0-9]*')
  store=$(grep -o '[0-9]* bytes spill stores' <<<"$report" | grep -o '^[0-9]*')
  load=$(grep -o '[0-9]* bytes spill loads' <<<"$report" | grep -o '^[0-9]*')
  printf '%-40s %3d registers, %5d/%5d bytes spilled/reloaded\n' \
    "$(basename "$ptx" .ptx)" "$registers" "$store" "$load"
  total=$((total + 1)) stores=$((stores + store)) loads=$((loads + load))
  ((store > 0)) && spilling=$((spilling + 1))
  ((registers > maxRegisters)) && maxRegisters=$registers
done
echo "total: $total kernels for $sm, at most $maxRegisters registers;" \
  "$spilling spill, $stores bytes stored and $loads reloaded"
