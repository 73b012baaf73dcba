#!/usr/bin/env bash
# Records, or checks against a record, every byte the compiler and the three
# kernel backends emit for the Codegen lit inputs and the benchmark models:
# Output IR containers and plan.json of `opencgc compile` per target (vulkan,
# cuda, dxil-host), and the SPIR-V, NVVM IR bitcode and DXIL containers of
# `opencgc-codegen -o` (for the models, of the vulkan target's subgraphs,
# which the other GPU targets share); and,
# where opencgc-opt has the compiler's passes, that its pipeline writes the
# models' Output IR exactly as `opencgc compile` does.
# Refactors that must not change code generation are checked with it:
#
#   scripts/compare-kernels.sh record MANIFEST   # before the change
#   scripts/compare-kernels.sh check MANIFEST    # after: exit 1 on any change
#
# Environment: BUILD_DIR (default: build), MODELS (default: every benchmark
# network opencgc-make-models writes), KEEP=DIR to keep the emitted files.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
BIN="$(realpath -m "$BUILD_DIR")/bin"

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'
  exit 2
}
[[ $# -eq 2 && ( $1 == record || $1 == check ) ]] || usage
MODE=$1
MANIFEST=$(realpath -m "$2")

for tool in opencgc opencgc-opt opencgc-codegen opencgc-make-models; do
  [[ -x "$BIN/$tool" ]] || { echo "error: $BIN/$tool is not built" >&2; exit 2; }
done

WORK="${KEEP:-$(mktemp -d)}"
mkdir -p "$WORK"
WORK=$(realpath "$WORK")
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$WORK"' EXIT
# Paths inside the work folder are relative from here on, so that the
# importer's locations (the model's path) and messages are the same in
# every record.
cd "$WORK"
# Partitions must be generated, never read from a cache of another build.
export OPENCGC_CACHE_DIR="$WORK/cache"

# Every backend's files for one Output or Partition IR file; a subgraph a
# backend cannot generate is part of the record (its message, not an error).
emit_kernels() {
  local input=$1 out=$2
  local stage
  for stage in spirv nvvm-bc dxil; do
    mkdir -p "$out/$stage"
    "$BIN/opencgc-codegen" "$input" --emit="$stage" -o "$out/$stage" \
      > "$out/$stage.summary" 2> "$out/$stage.raw-errors" || true
    sed "s|$ROOT/||g" "$out/$stage.raw-errors" > "$out/$stage.errors"
    rm "$out/$stage.raw-errors"
  done
}

echo "==> Codegen lit inputs" >&2
for input in "$ROOT"/test/lit/Codegen/Inputs/*.mlir; do
  emit_kernels "$input" "lit/$(basename "$input" .mlir)"
done

echo "==> benchmark models" >&2
read -r -a models <<< "${MODELS:-}"
"$BIN/opencgc-make-models" models "${models[@]}" > /dev/null
# Where opencgc-opt has the compiler's passes, the pipeline it runs must
# write the Output IR `opencgc compile` writes, byte for byte.
pipeline_check=0
opt_help=$("$BIN/opencgc-opt" --help 2> /dev/null || true)
if [[ $opt_help == *cgc-build-output-ir* ]]; then
  pipeline_check=1
fi
for model in models/*.onnx; do
  name=$(basename "$model" .onnx)
  # Bytecode keeps the importer's locations, so both paths see the same.
  input="models/$name.mlirbc"
  "$BIN/opencgc" import "$model" -o "$input" > /dev/null
  for target in vulkan cuda dxil-host; do
    echo "    $name for $target" >&2
    out="compiled/$name/$target"
    "$BIN/opencgc" compile "$input" --target "$target" -o "$out" 2> /dev/null
    rm -f "$out/weights.cgcw" # the model's own bytes, not the compiler's
    # The GPU targets declare the same patterns: one target's partitions
    # give every kernel (the others' Output IR is compared above).
    if [[ $target == vulkan ]]; then
      emit_kernels "$out/output.cgc" "kernels/$name"
    fi
    if [[ $pipeline_check == 1 ]]; then
      "$BIN/opencgc" convert "$out/output.cgc" -o compiled.mlirbc
      "$BIN/opencgc-opt" "$input" --emit-bytecode -o pipeline.mlirbc \
        --pass-pipeline="cgc.module(cgc-compile{target=$target})"
      cmp compiled.mlirbc pipeline.mlirbc || {
        echo "error: opencgc-opt's pipeline and opencgc compile differ on" \
          "$name for $target" >&2; exit 1; }
      # Stage by stage, in two processes: what the first half leaves in the
      # IR is all the second half knows.
      "$BIN/opencgc-opt" "$input" --emit-bytecode -o formed.mlirbc \
        --pass-pipeline="cgc.module(cgc-prepare-entry-point,cgc-place-views{target=$target},cgc-form-subgraphs{target=$target})"
      "$BIN/opencgc-opt" formed.mlirbc --emit-bytecode -o staged.mlirbc \
        --pass-pipeline="cgc.module(cgc-partition,cgc-plan-memory,cgc-schedule,cgc-build-output-ir)"
      cmp compiled.mlirbc staged.mlirbc || {
        echo "error: the stages run one by one and opencgc compile differ" \
          "on $name for $target" >&2; exit 1; }
    fi
  done
done
if [[ $pipeline_check == 1 ]]; then
  echo "==> opencgc-opt's pipeline wrote every model's Output IR as" \
    "opencgc compile did" >&2
fi

find lit compiled kernels -type f ! -name '*.ll' -print0 |
  sort -z | xargs -0 sha256sum > manifest
count=$(wc -l < manifest)
if [[ $MODE == record ]]; then
  cp manifest "$MANIFEST"
  echo "recorded $count files in $MANIFEST" >&2
  exit 0
fi
if diff -u "$MANIFEST" manifest; then
  echo "all $count files byte-identical to $MANIFEST" >&2
  exit 0
fi
echo "error: emitted files differ from $MANIFEST (lines above)" >&2
exit 1
