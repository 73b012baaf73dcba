#!/bin/sh
# replay-vulkan.sh <opencgc> <opencgc-replay> <python> <source dir>
#                  <onnx test data dir> <work dir>
#
# Captures `opencgc run --device vulkan` of the specification's example
# (a convolution fused with relu and add, then an upsample: two kernels,
# three dispatches) and of ONNX test_GLU (an elementwise kernel beside a
# reference partition), replays each capture and requires every dispatch
# identical; then changes one recorded byte and requires exit status 1 and
# the dispatch named. Run through test/vulkan/run-with-driver.sh, so the
# loader sees one driver and OPENCGC_VULKAN_EXPECT_DEVICE names it.
opencgc=$1 replay=$2 python=$3 source=$4 onnx=$5 work=$6

fail() {
  echo "FAILED: $*"
  exit 1
}

# replay_identical DIR: exit 0 and "N dispatches replayed, N identical", N>0.
replay_identical() {
  OPENCGC_REPLAY_DEVICE=$OPENCGC_VULKAN_EXPECT_DEVICE "$replay" "$1" \
    > "$1.txt"
  status=$?
  cat "$1.txt"
  [ "$status" -eq 0 ] || fail "opencgc-replay $1 exited with $status"
  summary=$(tail -n 1 "$1.txt")
  replayed=${summary%% dispatches replayed, *}
  identical=$(echo "$summary" | sed -n 's/^.* dispatches replayed, \([0-9]*\) identical$/\1/p')
  [ -n "$identical" ] || fail "no summary line in '$summary'"
  [ "$replayed" -gt 0 ] || fail "nothing replayed: '$summary'"
  [ "$identical" -eq "$replayed" ] || fail "not all identical: '$summary'"
}

rm -rf "$work" && mkdir -p "$work" || exit 1
"$python" "$source/test/lit/Tools/Inputs/spec-tensors.py" "$work" || exit 1

"$opencgc" run "$source/examples/spec-input-ir.mlir" \
  --weights "$work/weights.cgcw" --input input0="$work/in.npy" \
  --output-dir "$work/spec-out" --device vulkan --no-cache \
  --capture "$work/spec" || fail "opencgc run --capture (spec example)"
kernels=$(grep -c '^kernel ' "$work/spec/capture.txt")
[ "$kernels" -ge 2 ] || fail "expected at least 2 kernels captured, found $kernels"
replay_identical "$work/spec"
spec_dispatches=$replayed

glu=$onnx/pytorch-converted/test_GLU
"$opencgc" run "$glu/model.onnx" \
  --input 0="$glu/test_data_set_0/input_0.pb" \
  --output-dir "$work/glu-out" --device vulkan --no-cache \
  --capture "$work/glu" || fail "opencgc run --capture (test_GLU)"
replay_identical "$work/glu"

# One recorded byte changed: the dispatch is reported, exit status 1.
cp -r "$work/spec" "$work/changed" || exit 1
"$python" -c "
import sys
path = sys.argv[1]
data = bytearray(open(path, 'rb').read())
data[4] ^= 0x01
open(path, 'wb').write(bytes(data))" "$work/changed/dispatches/1/0.after"
"$replay" "$work/changed" > "$work/changed.txt"
status=$?
cat "$work/changed.txt"
[ "$status" -eq 1 ] || fail "a changed byte gave exit status $status, expected 1"
grep -qE "^dispatch 1 kernel K[0-9]+: region 0 differs at byte 4, 1 bytes differ \(as float32: at most 1 ULPs apart, largest difference [0-9.e+-]+ where values reach [0-9.e+-]+\)$" \
  "$work/changed.txt" || fail "dispatch 1 not reported as differing at byte 4"
grep -qx "$spec_dispatches dispatches replayed, $((spec_dispatches - 1)) identical" \
  "$work/changed.txt" || fail "expected $((spec_dispatches - 1)) identical dispatches"
echo "PASSED"
