#!/usr/bin/env bash
# Runs the cuda device's checks on a machine with an NVIDIA GPU, from the
# folder where bundle.sh's two archives were unpacked (docs/devices.md):
# the CUDA unit tests, the conformance-nvvm-host subset on --device cuda,
# the gemm micro-benchmark against cuBLAS, and models against ONNX Runtime
# (python3 with numpy and onnxruntime). Logs go to $OUT (default: ./out).
# On the H200 of 2026-11-27 it all took about 6 minutes.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")" || exit 1
OUT="${OUT:-$PWD/out}"; mkdir -p "$OUT"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OPENCGC_LIBNVVM="$PWD/lib/libnvvm.so.4" OPENCGC_LIBDEVICE="$PWD/lib/libdevice.10.bc"
export OPENCGC_CACHE_DIR="${OPENCGC_CACHE_DIR:-/tmp/opencgc-gpu-cache}"
if ldd bin/opencgc | grep "not found"; then exit 1; fi
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader

echo "== unit tests"
timeout 300 bin/opencgc-unit-tests --gtest_filter='*Cuda*' > "$OUT/unit.txt" 2>&1
echo "rc $?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) |FAILED  \]" "$OUT/unit.txt"

echo "== conformance, --device cuda"
timeout 600 python3 run_conformance.py --device cuda --require-device \
  --filter '^test_' --opencgc bin/opencgc --pass-list reference-pass-list.txt \
  --json "$OUT/cuda.json" data/node data/pytorch-converted > "$OUT/conformance.txt" 2>&1
echo "rc $?"; tail -4 "$OUT/conformance.txt"

echo "== bench --micro gemm --device cuda"
timeout 120 bin/opencgc bench --micro gemm --device cuda 2>&1 | tail -8

echo "== models against ONNX Runtime"
mkdir -p models
timeout 120 bin/opencgc-make-models models squeezenet resnet50 > /dev/null
# More models: MODELS="det.onnx:1x3x640x640 ..." (DIMS where the input's
# dimensions are symbolic).
read -r -a extra <<< "${MODELS:-}"
timeout 900 python3 models.py "$PWD" models/*.onnx "${extra[@]}" 2>&1 | tee "$OUT/models.txt"
