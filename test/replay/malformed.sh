#!/bin/sh
# malformed.sh <opencgc-replay> <inputs dir>
#
# Every inputs/<case>/ is a deliberately broken capture. opencgc-replay must
# refuse each with exit status 2 and a message holding every line of
# <case>/expected-error (the manifest line and what was expected).
replay=$1 inputs=$2
failed=0
for dir in "$inputs"/*/; do
  dir=${dir%/}
  name=$(basename "$dir")
  output=$("$replay" "$dir" 2>&1)
  status=$?
  if [ "$status" -ne 2 ]; then
    echo "FAIL $name: exit status $status, expected 2: $output"
    failed=1
    continue
  fi
  verdict="ok $name: $output"
  while IFS= read -r expected; do
    if ! printf '%s\n' "$output" | grep -qF -- "$expected"; then
      verdict="FAIL $name: expected '$expected' in: $output"
      failed=1
    fi
  done < "$dir/expected-error"
  echo "$verdict"
done
exit $failed
