#!/bin/sh
# build-standalone.sh <cmake> <c++ compiler> <tools/opencgc-replay> <build dir>
#
# Builds opencgc-replay as its own CMake project, outside the opencgc build
# (no LLVM, MLIR or opencgc header in reach of its CMakeLists), as it would
# be built on a GPU machine.
cmake=$1 cxx=$2 source=$3 build=$4
"$cmake" -G Ninja -S "$source" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" &&
  "$cmake" --build "$build"
