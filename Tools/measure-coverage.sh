#!/usr/bin/env bash
# Line coverage of Sources/ by the test suites (the toolchain's llvm-cov;
# Debian's older llvm-cov cannot read the profile). Builds in .build-cov.
set -euo pipefail
cd "$(dirname "$0")/.."
swift test --enable-code-coverage --scratch-path .build-cov >/dev/null
bin=$(swift build --scratch-path .build-cov --show-bin-path)
llvm_cov=$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov
"$llvm_cov" report "$bin/PointerSimPackageTests.xctest" -instr-profile="$bin/codecov/default.profdata" \
  -ignore-filename-regex='\.build|Tests/' "$@"
