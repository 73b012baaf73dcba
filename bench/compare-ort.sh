#!/usr/bin/env bash
# compare-ort.sh [MODEL...]: the benchmark models on opencgc (--device
# vulkan) and on ONNX Runtime (CPU, 2 threads, all optimizations), in the
# same run, with the same input (docs/benchmarks.md).
#
# Installs onnxruntime-node from npm into $OPENCGC_BENCH_CACHE (default
# ~/.cache/opencgc-bench) on first use: never during the build or the tests.
# Models are opencgc-make-models' (resnet50 mobilenetv2 squeezenet
# densenet121 by default). Prints per model both medians, the ratio
# opencgc / ONNX Runtime, opencgc's partitions and command-list submissions
# per run, and the largest difference between the two outputs (the run
# fails where it exceeds 1e-3 of the output's largest magnitude).
#
# Environment: BUILD_DIR (default: build), ITERATIONS (default 10).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
CACHE="${OPENCGC_BENCH_CACHE:-$HOME/.cache/opencgc-bench}"
ITERATIONS="${ITERATIONS:-10}"
ORT_VERSION=1.30.0
OPENCGC="$BUILD_DIR/bin/opencgc"
MODELS=("$@")
[[ ${#MODELS[@]} -gt 0 ]] || MODELS=(resnet50 mobilenetv2 squeezenet densenet121)

install_onnxruntime() {
  local dir="$CACHE/npm"
  [[ -d "$dir/node_modules/onnxruntime-node" ]] && return
  echo "installing onnxruntime-node@$ORT_VERSION into $dir" >&2
  mkdir -p "$dir"
  [[ -f "$dir/package.json" ]] ||
    echo '{"name": "opencgc-bench-tools", "private": true}' > "$dir/package.json"
  # Its install script downloads CUDA providers from nuget.org, which these
  # machines cannot reach; the CPU runtime is in the package itself.
  (cd "$dir" && npm install --ignore-scripts --no-audit --no-fund \
    "onnxruntime-node@$ORT_VERSION" >&2)
}

# The same input for both: uniform in [-1, 1) from a fixed seed.
make_input() {
  python3 - "$1" <<'PY'
import random, struct, sys
random.seed(2026)
n = 3 * 224 * 224
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 3, 224, 224), }"
header = header.ljust(64 * ((10 + len(header) + 1 + 63) // 64) - 10 - 1) + "\n"
with open(sys.argv[1], "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%df" % n, *(random.uniform(-1, 1) for _ in range(n))))
PY
}

# Largest |a - b| of two float32 .npy files, and the largest |b|.
compare_outputs() {
  python3 - "$1" "$2" <<'PY'
import ast, struct, sys
def read(path):
    data = open(path, "rb").read()
    length = struct.unpack("<H", data[8:10])[0]
    body = data[10 + length:]
    return struct.unpack("<%df" % (len(body) // 4), body)
a, b = read(sys.argv[1]), read(sys.argv[2])
if len(a) != len(b):
    sys.exit("outputs differ in size: %d and %d" % (len(a), len(b)))
error = max(abs(x - y) for x, y in zip(a, b))
scale = max(abs(y) for y in b) or 1.0
print("%.3g %.3g" % (error, error / scale))
sys.exit(1 if error > 1e-3 * scale else 0)
PY
}

install_onnxruntime
work="$CACHE/run"
mkdir -p "$work" "$CACHE/models"
"$BUILD_DIR/bin/opencgc-make-models" "$CACHE/models" "${MODELS[@]}" >&2
make_input "$work/input.npy"
printf '%-12s %12s %12s %8s %10s %12s %10s\n' model opencgc_ms ort_ms ratio \
  partitions submissions max_error
status=0
for name in "${MODELS[@]}"; do
  model="$CACHE/models/$name.onnx"
  ort_ms=$(node "$ROOT/bench/ort-run.js" "$model" "$work/input.npy" \
    "$work/$name-ort.npy" "$ITERATIONS" \
    "$CACHE/npm/node_modules/onnxruntime-node" | awk '/^median/ {print $2}')
  rm -rf "$work/$name-opencgc"
  "$OPENCGC" run "$model" --device vulkan --input "input=$work/input.npy" \
    --output-dir "$work/$name-opencgc" > /dev/null 2>&1
  read -r error relative < <(compare_outputs \
    "$work/$name-opencgc/output.npy" "$work/$name-ort.npy") || status=1
  bench=$("$OPENCGC" bench "$model" --device vulkan \
    --iterations "$ITERATIONS" --warmup 1 2>&1)
  opencgc_ms=$(awk '/^run \(Output IR\)/ {print $5}' <<< "$bench")
  partitions=$(sed -n 's/.* on vulkan: \([0-9]*\) partitions.*/\1/p' <<< "$bench")
  submissions=$(awk '/command list\(s\) submitted per run/ {print $1}' <<< "$bench")
  ratio=$(awk -v a="$opencgc_ms" -v b="$ort_ms" 'BEGIN {printf "%.2f", a / b}')
  printf '%-12s %12s %12s %8s %10s %12s %10s\n' "$name" "$opencgc_ms" \
    "$ort_ms" "$ratio" "$partitions" "$submissions" "$relative"
done
exit $status
