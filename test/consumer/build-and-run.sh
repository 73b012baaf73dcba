#!/bin/sh
# Installs opencgc's devel component from BUILD into a prefix, builds the
# consumer project against it with find_package(opencgc), and runs a
# libonnx-testdata model through it on the reference device and nvvm-host.
#   build-and-run.sh CMAKE CXX BUILD SOURCE WORK TESTDATA
set -eu
cmake=$1 cxx=$2 build=$3 source=$4 work=$5 testdata=$6
rm -rf "$work"
"$cmake" --install "$build" --component devel --prefix "$work/prefix" > /dev/null
"$cmake" -S "$source" -B "$work/build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; exit 1; }
"$cmake" --build "$work/build" > "$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log"; exit 1; }
model=$testdata/pytorch-converted/test_Conv2d_padding
for device in reference nvvm-host; do
  "$work/build/consumer" "$model/model.onnx" $device \
    0="$model/test_data_set_0/input_0.pb" "$model/test_data_set_0/output_0.pb"
done
