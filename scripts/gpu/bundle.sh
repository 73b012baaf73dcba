#!/usr/bin/env bash
# Packs a built opencgc for a machine with an NVIDIA GPU but without this
# project's Debian packages (LLVM/MLIR 22, libonnx, OpenBLAS): the binaries
# the GPU check runs, every shared library they load but the C and C++
# runtimes, libNVVM and libdevice from the CUDA toolkit, and the ONNX test
# folders of the conformance-nvvm-host subset (docs/devices.md).
#
#   scripts/gpu/bundle.sh OUTDIR
#
# writes OUTDIR/large.tar.xz (libLLVM, OpenBLAS, ICU data, Z3: about 47 MB)
# and OUTDIR/opencgc.tar.xz (the rest, about 54 MB), two parts so that each
# fits a 64 MiB transfer. Unpack both into one folder and run check.sh there.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${BUILD_DIR:-$ROOT/build}"
CUDA="${CUDA_HOME:-/usr/local/cuda}"
OUT="$(mkdir -p "${1:?usage: bundle.sh OUTDIR}" && cd "$1" && pwd)"
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
mkdir -p "$STAGE"/{bin,lib,data}

BINARIES=(opencgc opencgc-unit-tests opencgc-make-models)
for b in "${BINARIES[@]}"; do cp "$BUILD/bin/$b" "$STAGE/bin/"; done
for b in "${BINARIES[@]}"; do ldd "$BUILD/bin/$b"; done | awk '$3 ~ /^\// {print $3}' |
  grep -v -E '/(libc|libm|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so' | sort -u |
  xargs -I{} cp -L {} "$STAGE/lib/"
for f in "$CUDA/lib/libnvvm.so.4" "$CUDA/nvvm/lib64/libnvvm.so.4"; do
  [[ -f "$f" ]] && cp -L "$f" "$STAGE/lib/" && break
done
[[ -f "$STAGE/lib/libnvvm.so.4" ]] || { echo "error: no libnvvm.so.4 under $CUDA" >&2; exit 1; }
cp "$CUDA/nvvm/libdevice/libdevice.10.bc" "$STAGE/lib/"

# The tests conformance-nvvm-host runs: its folders and --filter, read from
# ctest so test/conformance/CMakeLists.txt stays their one home.
ctest --test-dir "$BUILD" --show-only=json-v1 |
python3 -c '
import json, os, re, shutil, sys
dst = sys.argv[1]
(command,) = [t["command"] for t in json.load(sys.stdin)["tests"]
              if t["name"] == "conformance-nvvm-host"]
keep = re.compile(command[command.index("--filter") + 1])
for root in (a for a in command if os.path.isdir(a)):
    for name in os.listdir(root):
        if keep.search(name):
            shutil.copytree(os.path.join(root, name),
                            os.path.join(dst, os.path.basename(root), name))
' "$STAGE/data"
cp "$ROOT/test/conformance/run_conformance.py" \
   "$ROOT/test/conformance/reference-pass-list.txt" \
   "$ROOT/scripts/gpu/check.sh" "$ROOT/scripts/gpu/models.py" \
   "$ROOT/scripts/gpu/anchors.py" "$STAGE/"

LARGE=(lib/libLLVM.so.22.1 lib/libopenblas.so.0 lib/libicudata.so.72 lib/libz3.so.4)
(cd "$STAGE" && tar cf - "${LARGE[@]}" | xz -T0 -9 > "$OUT/large.tar.xz")
(cd "$STAGE" && rm "${LARGE[@]}" && tar cf - . | xz -T0 -9 > "$OUT/opencgc.tar.xz")
ls -l "$OUT"
