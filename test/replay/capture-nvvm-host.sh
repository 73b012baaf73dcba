#!/usr/bin/env bash
# capture-nvvm-host.sh OPENCGC OPENCGC_REPLAY ONNX_TESTDATA WORKDIR
#
# nvvm-host records CUDA captures (docs/capture.md): PTX from libNVVM for
# compute_90 with the bytes the host grid computed, for opencgc-replay on a
# machine with a GPU. Checks the manifest, that ptxas assembles every PTX
# kernel for sm_90, and that the replayer reads every capture, an empty
# tensor's zero-byte region included (it failed on those before). Where
# libcuda.so.1 is present the replay itself must agree within 1024 ULPs.
# Exits 77 (skipped) where libNVVM or ptxas is absent.
set -u
opencgc=$1 replay=$2 testdata=$3 work=$4
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$ptxas" ] || { echo "SKIP: ptxas not found at $ptxas (set PTXAS)"; exit 77; }
rm -rf "$work" && mkdir -p "$work"
tests='^test_(add|conv_with_strides_padding|softmax_axis_1|reshape_allowzero_reordered)$'
"$opencgc" conformance "$testdata/node" --filter "$tests" --device nvvm-host \
  --capture "$work/caps" > "$work/conformance.txt" 2>&1
status=$?
cat "$work/conformance.txt"
if grep -q "libNVVM not found" "$work/conformance.txt"; then
  echo "SKIP: libNVVM not found"; exit 77
fi
[ "$status" -eq 0 ] || fail "opencgc conformance exited $status"
grep -qx "4 passed, of which 4 ran kernels on nvvm-host" "$work/conformance.txt" ||
  fail "expected 4 tests passed with nvvm-host kernels"
for capture in "$work"/caps/*; do
  manifest=$capture/capture.txt
  sed -n 2p "$manifest" | grep -qx "device cuda nvvm-host" ||
    fail "$manifest: expected 'device cuda nvvm-host' on line 2"
  grep -q "^dispatch " "$manifest" || fail "$manifest: no dispatch recorded"
  while read -r _ id language file entry _ block x y z; do
    [ "$language" = ptx ] || fail "$manifest: kernel $id is $language, not ptx"
    [ "$block" = block ] || fail "$manifest: kernel $id has no block size"
    grep -q "^.visible .entry $entry(" "$capture/$file" ||
      fail "$capture/$file does not define .entry $entry"
    "$ptxas" -arch=sm_90 "$capture/$file" -o "$work/k.cubin" ||
      fail "ptxas -arch=sm_90 rejected $capture/$file"
  done < <(grep "^kernel " "$manifest")
  "$replay" "$capture" --tolerance 1024 > "$work/replay.txt" 2>&1
  status=$?
  cat "$work/replay.txt"
  if [ "$status" -eq 2 ]; then
    grep -q "cannot load the CUDA driver libcuda.so.1" "$work/replay.txt" ||
      fail "opencgc-replay could not read $capture"
  else
    [ "$status" -eq 0 ] || fail "the GPU's results differ from nvvm-host's"
  fi
done
grep -q "bytes 0 " "$work"/caps/test_reshape_allowzero_reordered/capture.txt ||
  fail "expected the empty tensor's zero-byte region in the reshape capture"
echo "PASSED"
