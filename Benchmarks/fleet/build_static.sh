#!/usr/bin/env bash
# Builds release binaries of zhixi-review and zhixi-bench with the Swift runtime and
# Foundation linked in (--static-swift-stdlib), for Spark executors that have no Swift
# toolchain. What they still load from the system: glibc, libstdc++, libgcc_s and libcurl
# (FoundationNetworking, used by the auth commands, links libcurl; any Linux with the libcurl4
# package has it). Time zones come from the ICU data inside the binary, not from tzdata.
#
# libcurl is linked through the runtime library libcurl.so.4 (a link in .build/static-link),
# so the development package is not needed.
#
# Usage: Benchmarks/fleet/build_static.sh   (from anywhere; prints the binary's path)
set -euo pipefail
cd "$(dirname "$0")/../.."
curl_library=$(ldconfig -p | awk '/libcurl\.so\.4 / {print $NF; exit}')
if [ -z "$curl_library" ]; then
    echo "build_static: libcurl.so.4 not found; install the libcurl4 package" >&2
    exit 1
fi
mkdir -p .build/static-link
ln -sf "$curl_library" .build/static-link/libcurl.so
swift build -c release --static-swift-stdlib -Xlinker -L"$PWD/.build/static-link" >&2
echo "$PWD/.build/release/zhixi-review"
