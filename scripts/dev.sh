#!/usr/bin/env bash
# opencgc developer entry point: installs Debian packages, builds, runs.
#
#   scripts/dev.sh example   install, build, run the main job on an example
#   scripts/dev.sh test      install, build, run every test (lit, gtest, fuzz)
#   scripts/dev.sh install   only install the Debian packages
#   scripts/dev.sh build     only configure and build
#
# Environment: BUILD_DIR (default: build), OPENCGC_SKIP_INSTALL=1 to skip apt.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"

# Every Debian 12 package the build and the tests need.
PACKAGES=(
  cmake ninja-build ccache git python3
  clang-22 libclang-rt-22-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libgtest-dev libgmock-dev
  libonnx-dev libprotobuf-dev protobuf-compiler libonnx-testdata
  graphviz spirv-tools valgrind
  mesa-vulkan-drivers libvulkan-dev chromium-common libopenblas-dev
  python3-dev pybind11-dev python3-numpy python3-pytest python3-onnx
  libboost-context-dev
)

# Debian's python3, which the Python module is built for and whose packages
# (numpy, pytest, onnx) the tests use, whatever else is first on PATH.
PYTHON=/usr/bin/python3

log() { printf '\n==> %s\n' "$*"; }

install_packages() {
  if [[ "${OPENCGC_SKIP_INSTALL:-0}" == 1 ]]; then
    log "skipping package installation (OPENCGC_SKIP_INSTALL=1)"
    return
  fi
  local sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null || {
      echo "error: installing packages needs root (or sudo)" >&2; exit 1; }
    sudo=(sudo)
  fi
  log "installing Debian packages: ${PACKAGES[*]}"
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q \
    --no-install-recommends "${PACKAGES[@]}"
}

build() {
  log "configuring in $BUILD_DIR"
  cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DPython3_EXECUTABLE="$PYTHON"
  log "building"
  local start=$SECONDS
  cmake --build "$BUILD_DIR"
  log "build finished in $((SECONDS - start)) s"
}

run_example() {
  local out="$BUILD_DIR/example"
  local opencgc="$BUILD_DIR/bin/opencgc"
  mkdir -p "$out"
  log "the specification's Input IR example -> CGC_INPUT container"
  "$opencgc" convert "$ROOT/examples/spec-input-ir.mlir" -o "$out/spec-input-ir.cgc"
  "$opencgc" inspect "$out/spec-input-ir.cgc"
  log "the specification's Output IR example -> CGC_OUTPUT container"
  "$opencgc" convert "$ROOT/examples/spec-output-ir.mlir" -o "$out/spec-output-ir.cgc"
  "$opencgc" inspect "$out/spec-output-ir.cgc"
  log "round trip: container -> text"
  "$opencgc" convert "$out/spec-output-ir.cgc" -o "$out/spec-output-ir.roundtrip.mlir"
  echo "wrote $out/spec-output-ir.roundtrip.mlir"
  log "compile the specification's Input IR with a driver target that fuses" \
      "convolution -> relu -> add: Output IR, partitions, plan.json"
  "$opencgc" compile "$ROOT/examples/spec-input-ir.mlir" --target test \
    --declarations "$ROOT/test/lit/Compiler/Inputs/conv-relu-add.mlir" \
    -o "$out/spec-compiled"
  "$opencgc" show "$out/spec-compiled" -o "$out/spec-compiled/pictures"
  log "the specification's Input IR on the default device, Vulkan (lavapipe):" \
      "conv+relu+add and upsample as SPIR-V kernels"
  mkdir -p "$out/spec-tensors"
  python3 "$ROOT/test/lit/Tools/Inputs/spec-tensors.py" "$out/spec-tensors"
  "$opencgc" run "$ROOT/examples/spec-input-ir.mlir" \
    --weights "$out/spec-tensors/weights.cgcw" \
    --input input0="$out/spec-tensors/in.npy" --output-dir "$out/spec-out"
  log "an ONNX model (pytorch-converted Conv2d from libonnx-testdata):" \
      "import, compile for the Vulkan target, run the Output IR on Vulkan"
  local model=/usr/share/libonnx-testdata/data/pytorch-converted/test_Conv2d
  "$opencgc" import "$model/model.onnx" -o "$out/conv2d.mlir"
  "$opencgc" compile "$out/conv2d.mlir" --target vulkan -o "$out/conv2d-compiled"
  "$opencgc" run "$out/conv2d-compiled" \
    --input 0="$model/test_data_set_0/input_0.pb" --output-dir "$out/conv2d-out"
  log "an elementwise ONNX model on the default device, Vulkan (lavapipe)"
  model=/usr/share/libonnx-testdata/data/node/test_add
  "$opencgc" run "$model/model.onnx" --input x="$model/test_data_set_0/input_0.pb" \
    --input y="$model/test_data_set_0/input_1.pb"
  "$opencgc" bench "$model/model.onnx" --iterations 20
  log "the same model from Python (opencgc.InferenceSession, docs/api.md)"
  PYTHONPATH="$BUILD_DIR/python" "$PYTHON" "$ROOT/examples/python-session.py" \
    "$model/model.onnx"
  link_python_module
}

# Makes `import opencgc` find build/python without PYTHONPATH: a .pth file
# in python3's site directory names it (as an editable install does), so
# the module stays the one the last build made.
link_python_module() {
  local site
  site=$("$PYTHON" -c "import sysconfig; print(sysconfig.get_path('purelib'))")
  if mkdir -p "$site" 2>/dev/null &&
     echo "$(realpath "$BUILD_DIR")/python" > "$site/opencgc-build.pth" 2>/dev/null; then
    log "import opencgc now finds $(realpath "$BUILD_DIR")/python ($site/opencgc-build.pth)"
  else
    log "not linking the Python module into $site (not writable): use" \
        "PYTHONPATH=$(realpath "$BUILD_DIR")/python"
  fi
}

run_tests() {
  log "running all tests"
  local start=$SECONDS
  ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)"
  log "tests finished in $((SECONDS - start)) s"
}

case "${1:-}" in
  install) install_packages ;;
  build) build ;;
  example) install_packages; build; run_example ;;
  test) install_packages; build; run_tests ;;
  *) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 1 ;;
esac
