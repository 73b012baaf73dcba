#!/usr/bin/env bash
# check-corpus.sh OPENCGC SUBCOMMAND EXPECTED FILES_DIR [--valgrind]
#
# EXPECTED lists files and the error each must give (file, tab, error text).
# Every file in FILES_DIR but README.md and EXPECTED must be listed, and
# every listed file there must make `opencgc SUBCOMMAND FILE` (inspect,
# validate) exit 1 with its error, no crash, no hang. With
# --valgrind the run must also show no invalid memory access (valgrind
# exits 99 on one). Listed files absent from FILES_DIR are not run, so
# ../shared/repro (a subset) can be checked against the same list.
set -u
opencgc=$1 subcommand=$2 expected=$3 dir=$4 valgrind=${5:-}
fail=0 checked=0
run=("$opencgc" "$subcommand")
if [[ $valgrind == --valgrind ]]; then
  command -v valgrind >/dev/null || {
    echo "FAIL: valgrind not found (scripts/dev.sh install installs it)"; exit 1; }
  run=(valgrind -q --error-exitcode=99 --errors-for-leak-kinds=none "${run[@]}")
fi
for file in "$dir"/*; do
  [[ $(basename "$file") == README.md || $file -ef $expected ]] && continue
  grep -q "^$(basename "$file")"$'\t' "$expected" ||
    { echo "FAIL: $file has no expected error in $expected"; fail=1; }
done
while IFS=$'\t' read -r file error; do
  [[ -z $file || ! -e $dir/$file ]] && continue
  output=$(timeout 120 "${run[@]}" "$dir/$file" 2>&1)
  status=$?
  checked=$((checked + 1))
  if [[ $status -ne 1 ]]; then
    echo "FAIL: $file: exit status $status, expected 1"; echo "$output"; fail=1
  elif ! grep -qF -- "error: $error" <<<"$output"; then
    echo "FAIL: $file: expected 'error: $error', got:"; echo "$output"; fail=1
  fi
done <"$expected"
echo "$checked files checked in $dir"
[[ $checked -gt 0 ]] || { echo "FAIL: no file checked"; exit 1; }
[[ $fail -eq 0 ]] && echo PASSED
exit $fail
