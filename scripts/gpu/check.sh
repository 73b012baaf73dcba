#!/usr/bin/env bash
# Runs the cuda device's checks on a machine with an NVIDIA GPU, from the
# folder where bundle.sh's two archives were unpacked (docs/devices.md),
# our figures and their anchors in one run (issue 27):
# the CUDA unit tests, the conformance-nvvm-host subset on --device cuda,
# the gemm micro-benchmark against cuBLAS at 1024^3 and 4096^3, the four
# benchmark CNNs against ONNX Runtime (outputs, first run with an empty
# cache and partitions from the cache, bench), and PyTorch on the same GPU
# (anchors.py: the same CNNs eager and from a CUDA graph, cuBLAS fp32 and
# TF32), and the transformers of issue 29 (BERT-base, GPT-2 prefill and
# decode, ViT-B/16, BERT with Attention-23) against ONNX Runtime, with
# PyTorch's own (anchors.py) in the anchors. Needs python3 with numpy and
# onnxruntime, and torch (torchvision for the CNN and ViT anchors). Logs go
# to $OUT (default: ./out).
# SKIP=conformance (or unit, gemm, models, transformers, anchors;
# comma-separated) leaves checks out. On the H200 of 2026-11-27 the first four took about 6 minutes.
# gemm and models also time lavapipe's kernels (--kernel-target lavapipe)
# on the same GPU, against the GPU's own configuration, and the tensor-core
# kernels (--precision tf32 against cuBLAS with TF32, tf32x3 against its
# float32 SGEMM; ResNet-50 both ways, with the outputs' error).
set -u
cd "$(dirname "${BASH_SOURCE[0]}")" || exit 1
OUT="${OUT:-$PWD/out}"; mkdir -p "$OUT"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OPENCGC_LIBNVVM="$PWD/lib/libnvvm.so.4" OPENCGC_LIBDEVICE="$PWD/lib/libdevice.10.bc"
export OPENCGC_CACHE_DIR="${OPENCGC_CACHE_DIR:-/tmp/opencgc-gpu-cache}"
# Empty, so that each model's first run is timed cold.
rm -rf "$OPENCGC_CACHE_DIR"
skip() { [[ ",${SKIP:-}," == *",$1,"* ]] && echo "(skipped: SKIP=$1)"; }
if ldd bin/opencgc | grep "not found"; then exit 1; fi
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader

echo "== unit tests"
if ! skip unit; then
  timeout 300 bin/opencgc-unit-tests --gtest_filter='*Cuda*' > "$OUT/unit.txt" 2>&1
  echo "rc $?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) |FAILED  \]" "$OUT/unit.txt"
fi

echo "== conformance, --device cuda"
if ! skip conformance; then
  timeout 600 python3 run_conformance.py --device cuda --require-device \
    --filter '^test_' --opencgc bin/opencgc --pass-list reference-pass-list.txt \
    --json "$OUT/cuda.json" data/node data/pytorch-converted > "$OUT/conformance.txt" 2>&1
  echo "rc $?"; tail -4 "$OUT/conformance.txt"
fi

echo "== bench --micro gemm --device cuda"
if ! skip gemm; then
  for size in 1024 4096; do
    timeout 180 bin/opencgc bench --micro gemm --device cuda --size $size 2>&1 | tail -8
    # The same product with lavapipe's kernels (no shared-memory tiles):
    # what the GPU's own configuration gains, on this GPU.
    echo "-- --kernel-target lavapipe"
    timeout 180 bin/opencgc bench --micro gemm --device cuda --size $size \
      --kernel-target lavapipe 2>&1 | tail -3
    for precision in tf32 tf32x3; do
      echo "-- --precision $precision"
      timeout 180 bin/opencgc bench --micro gemm --device cuda --size $size \
        --precision $precision 2>&1 | tail -5
    done
  done
fi

echo "== models against ONNX Runtime (first run cold, then bench from the cache)"
if ! skip models; then
  mkdir -p models
  timeout 120 bin/opencgc-make-models models squeezenet resnet50 mobilenetv2 \
    densenet121 > /dev/null
  # More models: MODELS="det.onnx:1x3x640x640 ..." (DIMS where the input's
  # dimensions are symbolic).
  read -r -a extra <<< "${MODELS:-}"
  timeout 900 python3 models.py "$PWD" models/*.onnx "${extra[@]}" 2>&1 |
    tee "$OUT/models.txt"
fi

echo "== ResNet-50 with lavapipe's kernels on this GPU (the GPU's own above)"
if ! skip models; then
  timeout 300 bin/opencgc bench models/resnet50.onnx --device cuda \
    --kernel-target lavapipe 2>&1 | tail -4
  # Tensor cores: outputs against ONNX Runtime, first run and bench.
  for precision in tf32x3 tf32; do
    PRECISION=$precision timeout 300 python3 models.py "$PWD" \
      models/resnet50.onnx 2>&1 | tee -a "$OUT/models.txt"
  done
fi

echo "== transformers against ONNX Runtime (first run cold, then bench)"
if ! skip transformers; then
  mkdir -p models
  timeout 300 bin/opencgc-make-models models bert gpt2 gpt2-decode vit \
    bert-attention23 > /dev/null
  timeout 1200 python3 models.py "$PWD" models/bert.onnx models/gpt2.onnx \
    models/gpt2-decode.onnx models/vit.onnx models/bert-attention23.onnx \
    2>&1 | tee "$OUT/transformers.txt"
fi

echo "== PyTorch anchors, same GPU"
skip anchors || timeout 300 python3 anchors.py 2>&1 | tee "$OUT/anchors.txt"
