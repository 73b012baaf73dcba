#!/usr/bin/env bash
# Every DXIL container generated from the Codegen test inputs, at shader
# models 6.0, 6.2 and 6.6, passes Microsoft's DXIL validator with its digest
# (dxil-validate --hash): an outside judge of what opencgc's own validator
# and host grid accept. Fails at the first input with a rejected container,
# listing the validator's messages.
#
#   check-dxil-containers.sh OPENCGC_CODEGEN INPUT_DIR OUTPUT_DIR DXIL_VALIDATE
set -u
shopt -s nullglob
codegen=$1 inputs=$2 out=$3 validate=$4
if [[ ! -x $validate ]]; then
  echo "FAIL: Microsoft's DXIL validator not found at $validate"
  exit 1
fi
rm -rf "$out" && mkdir -p "$out"
containers=0
for input in "$inputs"/*.mlir; do
  # Inputs that error tests feed on purpose (no kernel generator, malformed
  # Kernel IR): their other subgraphs are still generated and checked.
  name=$(basename "$input" .mlir)
  for model in 6.0 6.2 6.6; do
    dir=$out/$name/$model
    mkdir -p "$dir"
    "$codegen" "$input" --emit=dxil --shader-model=$model -o "$dir" \
      >"$dir.log" 2>&1
    files=("$dir"/*.dxil)
    [[ ${#files[@]} -eq 0 ]] && continue
    if ! "$validate" --hash "${files[@]}" >"$dir.validation" 2>&1; then
      echo "FAIL: Microsoft's validator rejects DXIL of $input at SM $model:"
      grep -v ": OK$" "$dir.validation" | grep -v "hash: matches"
      exit 1
    fi
    containers=$((containers + ${#files[@]}))
  done
done
if [[ $containers -eq 0 ]]; then
  echo "FAIL: no DXIL container was generated from $inputs"
  exit 1
fi
echo "$containers DXIL containers from $inputs pass Microsoft's validator" \
  "(--hash), shader models 6.0, 6.2 and 6.6"
