#!/bin/sh
# Encodes the textual ModelProtos here into the .onnx files the importer
# tests read, with protoc and libonnx-dev's onnx.proto. The .onnx files
# are committed; the tests only read them.
set -e
cd "$(dirname "$0")"
for text in *.textproto; do
  grep -v '^#' "$text" |
    protoc --encode=onnx.ModelProto -I/usr/include onnx/onnx.proto \
      >"${text%.textproto}.onnx"
done
