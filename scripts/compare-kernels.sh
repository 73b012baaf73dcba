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
BIN="$BUILD_DIR/bin"

usage() { sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 2; }
[[ $# -eq 2 && ( $1 == record || $1 == check ) ]] || usage
MODE=$1
MANIFEST=$(realpath -m "$2")

for tool in opencgc opencgc-opt opencgc-codegen opencgc-make-models; do
  [[ -x "$BIN/$tool" ]] || { echo "error: $BIN/$tool is not built" >&2; exit 2; }
done

WORK="${KEEP:-$(mktemp -d)}"
mkdir -p "$WORK"
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$WORK"' EXIT
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
      > "$out/$stage.summary" 2> "$out/$stage.errors" || true
  done
}

echo "==> Codegen lit inputs" >&2
for input in "$ROOT"/test/lit/Codegen/Inputs/*.mlir; do
  emit_kernels "$input" "$WORK/lit/$(basename "$input" .mlir)"
done

echo "==> benchmark models" >&2
read -r -a models <<< "${MODELS:-}"
"$BIN/opencgc-make-models" "$WORK/models" "${models[@]}" > /dev/null
# Where opencgc-opt has the compiler's passes, the pipeline it runs must
# write the Output IR `opencgc compile` writes, byte for byte.
pipeline_check=0
if "$BIN/opencgc-opt" --help 2>/dev/null | grep -q cgc-compile-to-output-ir; then
  pipeline_check=1
fi
for model in "$WORK"/models/*.onnx; do
  name=$(basename "$model" .onnx)
  # Bytecode keeps the importer's locations, so both paths see the same.
  input="$WORK/models/$name.mlirbc"
  "$BIN/opencgc" import "$model" -o "$input" > /dev/null
  for target in vulkan cuda dxil-host; do
    echo "    $name for $target" >&2
    out="$WORK/compiled/$name/$target"
    "$BIN/opencgc" compile "$input" --target "$target" -o "$out" 2> /dev/null
    rm -f "$out/weights.cgcw" # the model's own bytes, not the compiler's
    # The GPU targets declare the same patterns: one target's partitions
    # give every kernel (the others' Output IR is compared above).
    [[ $target == vulkan ]] &&
      emit_kernels "$out/output.cgc" "$WORK/kernels/$name"
    if [[ $pipeline_check == 1 ]]; then
      "$BIN/opencgc" convert "$out/output.cgc" -o "$WORK/compiled.mlirbc"
      "$BIN/opencgc-opt" "$input" --emit-bytecode -o "$WORK/pipeline.mlirbc" \
        --pass-pipeline="cgc.module(cgc-prepare-entry-point,cgc-compile-to-output-ir{target=$target})"
      cmp "$WORK/compiled.mlirbc" "$WORK/pipeline.mlirbc" || {
        echo "error: opencgc-opt's pipeline and opencgc compile differ on" \
          "$name for $target" >&2; exit 1; }
    fi
  done
done
[[ $pipeline_check == 1 ]] &&
  echo "==> opencgc-opt's pipeline wrote every model's Output IR as opencgc compile did" >&2

# Paths relative to the work folder, so two records compare line by line.
(cd "$WORK" && find lit compiled kernels -type f ! -name '*.ll' -print0 |
  sort -z | xargs -0 sha256sum) > "$WORK/manifest"
count=$(wc -l < "$WORK/manifest")
if [[ $MODE == record ]]; then
  cp "$WORK/manifest" "$MANIFEST"
  echo "recorded $count files in $MANIFEST" >&2
  exit 0
fi
if diff -u "$MANIFEST" "$WORK/manifest"; then
  echo "all $count files byte-identical to $MANIFEST" >&2
  exit 0
fi
echo "error: emitted files differ from $MANIFEST (lines above)" >&2
exit 1
