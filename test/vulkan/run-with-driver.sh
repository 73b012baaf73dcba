#!/bin/sh
# run-with-driver.sh <icd.json> <device name> <package> FAIL|SKIP <command...>
#
# Runs <command> with the Vulkan loader restricted to one driver, and makes
# the tests check they really got that device (OPENCGC_VULKAN_EXPECT_DEVICE).
# A missing driver file fails, or with SKIP exits 77 (ctest SKIP_RETURN_CODE).
icd=$1 device=$2 package=$3 missing=$4
shift 4
if [ ! -f "$icd" ]; then
  if [ "$missing" = SKIP ]; then
    echo "SKIPPED: $device Vulkan driver file $icd not found (install $package)"
    exit 77
  fi
  echo "FAILED: $device Vulkan driver file $icd not found (install $package)"
  exit 1
fi
VK_ICD_FILENAMES=$icd VK_DRIVER_FILES=$icd OPENCGC_VULKAN_EXPECT_DEVICE=$device \
  exec "$@"
