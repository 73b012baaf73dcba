#!/usr/bin/env bash
# Every NVVM IR module generated from the Codegen test inputs, configured for
# each NVIDIA kernel target (opencgc-codegen picks it from --arch:
# nvidia-sm70, -sm80, -sm90), passes the consumers that matter: libNVVM
# (nvvmVerifyProgram + nvvmCompileProgram for compute_75, compute_80 and
# compute_90) and ptxas (sm_75 from the compute_75 PTX; sm_80, sm_86, sm_89
# from the compute_80 PTX; sm_90 from the compute_90 PTX); the products of
# the matmul and convolution inputs also with --precision tf32 and tf32x3
# (tensor cores) for compute_80 and compute_90.
#
#   check-nvvm-kernels.sh OPENCGC_CODEGEN INPUT_DIR OUTPUT_DIR
#
# Exits 77 (ctest: skipped) saying why where libNVVM or ptxas is absent.
set -u
shopt -s nullglob
codegen=$1 inputs=$2 out=$3
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
if [[ ! -x $ptxas ]]; then
  echo "SKIP: ptxas not found at $ptxas (set PTXAS)"
  exit 77
fi
rm -rf "$out" && mkdir -p "$out"
kernels=0 matrixKernels=0 assembled=0 failures=0
for input in "$inputs"/*.mlir; do
  # Inputs that error tests feed on purpose: subgraphs without a kernel
  # generator, and malformed Kernel IR modules for the code generation passes.
  [[ $input == *-unsupported.mlir || $(basename "$input") == bad-* ]] && continue
  name=$(basename "$input" .mlir)
  # Products also on tensor cores (--precision: inline-assembly mma.sync,
  # sm_80 and newer).
  variants=(compute_75 compute_80 compute_90)
  if [[ $name == matmul || $name == convolution ]]; then
    variants+=(compute_80:tf32 compute_90:tf32 compute_80:tf32x3
      compute_90:tf32x3)
  fi
  for variant in "${variants[@]}"; do
    arch=${variant%%:*}
    precision=fp32
    [[ $variant == *:* ]] && precision=${variant#*:}
    dir=$out/$name/$arch-$precision
    mkdir -p "$dir"
    if ! "$codegen" "$input" --emit=ptx --arch=$arch --precision=$precision \
      -o "$dir" >"$dir.log" 2>&1; then
      if grep -q "libNVVM not found" "$dir.log"; then
        echo "SKIP: $(grep -m1 -A3 'libNVVM not found' "$dir.log")"
        exit 77
      fi
      # Subgraphs the Kernel IR generator refuses (unsupported.mlir) are
      # not NVVM failures; every other error is.
      if grep "error:" "$dir.log" |
        grep -v -e "has no kernel generator yet" -e "no subgraph in" \
          -e "stays on the reference device"; then
        echo "FAIL: NVVM on $input for $arch ($precision):" && cat "$dir.log"
        failures=$((failures + 1))
      fi
    fi
    case $arch in
    compute_75) targets=(sm_75) ;;
    compute_80) targets=(sm_80 sm_86 sm_89) ;;
    *) targets=(sm_90) ;;
    esac
    for ptx in "$dir"/*.ptx; do
      [[ $variant == compute_75 ]] && kernels=$((kernels + 1))
      if [[ $variant == *:* ]] && grep -q "mma.sync.aligned.m16n8k8" "$ptx"; then
        matrixKernels=$((matrixKernels + 1))
      fi
      for sm in "${targets[@]}"; do
        if "$ptxas" -arch=$sm "$ptx" -o "${ptx%.ptx}.$sm.cubin" 2>"$dir/ptxas.err"; then
          assembled=$((assembled + 1))
        else
          echo "FAIL: ptxas -arch=$sm $ptx:" && cat "$dir/ptxas.err"
          failures=$((failures + 1))
        fi
      done
    done
  done
done
echo "$kernels NVVM kernels: libNVVM verified and compiled each for" \
  "compute_75, compute_80 and compute_90; ptxas assembled $assembled cubins" \
  "(sm_75 sm_80 sm_86 sm_89 sm_90); $matrixKernels with mma.sync (tf32 or" \
  "tf32x3 products, compute_80 and compute_90); $failures failures"
[[ $kernels -gt 0 && $matrixKernels -gt 0 && $failures -eq 0 ]]
