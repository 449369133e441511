#!/usr/bin/env bash
# Coverage-guided fuzzing of the package's readers: libFuzzer and the address sanitizer
# (swiftc -sanitize=fuzzer,address), outside the package's own build. Benchmarks/fuzz/README.md
# says what each target checks.
#
# Usage: Benchmarks/fuzz/fuzz.sh build [TARGET...]          build every target (or those named)
#        Benchmarks/fuzz/fuzz.sh run SECONDS [TARGET...]    build, then fuzz each SECONDS seconds
#        Benchmarks/fuzz/fuzz.sh check RUNS [TARGET...]     build, then RUNS inputs each, the same every time
#        Benchmarks/fuzz/fuzz.sh repro TARGET FILE...       run TARGET once on each FILE
#        Benchmarks/fuzz/fuzz.sh list                       the targets
#
# Everything is built in $ZHIXI_FUZZ_BUILD (default .build-fuzz at the package's root): the
# package's modules the targets need (compiled once, again only when their sources change),
# one executable per target, the corpus each run grows (corpus/TARGET, kept between runs),
# logs and findings. A finding (a crash, a sanitizer report, a differential mismatch, an input
# slower than 10 s, 2 GiB of memory) stops `run` with exit status 1 after printing the input
# that caused it (hex and base64) and the command that replays it. `check` is the deterministic
# form for CI: a fixed seed, the seeds of corpus/TARGET only (what it grows is thrown away),
# SWIFT_DETERMINISTIC_HASHING=1, a count of inputs instead of a time.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${ZHIXI_FUZZ_BUILD:-$root/.build-fuzz}
swiftc=${SWIFTC:-swiftc}

# One line per target: its name (the harness is Targets/NAME.swift, its seeds corpus/NAME/),
# the package's modules it imports (their dependencies are read from Package.swift), then
# libFuzzer options (a dictionary is named relative to this directory).
targets='
json-reader          ZhiXiModel                      -dict=json.dict
json-duplicate-keys  ZhiXiCore                       -dict=json.dict
workspace            ZhiXiModel                      -dict=workspace.dict
iso8601              ZhiXiCore                       -dict=iso8601.dict
review-log-csv       ZhiXiTraining                   -dict=csv.dict
review-archive-csv   ZhiXiScheduler ZhiXiTraining    -dict=csv.dict
zstandard            ZhiXiArchive
zip                  ZhiXiArchive
anki-sqlite          ZhiXiAnki                       -max_len=16384
'

usage() {
    sed -n '5,9p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 64
}

target_names() { awk 'NF { print $1 }' <<<"$targets"; }

target_line() {
    local line
    line=$(awk -v name="$1" '$1 == name' <<<"$targets")
    [ -n "$line" ] || { echo "fuzz.sh: no target '$1' (targets: $(target_names | tr '\n' ' '))" >&2; exit 64; }
    echo "$line"
}

target_modules() { target_line "$1" | awk '{ for (i = 2; i <= NF; i++) if ($i !~ /^-/) print $i }'; }
target_options() { target_line "$1" | awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^-/) print $i }'; }

flags=(-swift-version 6 -O -g -sanitize=fuzzer,address -package-name zhixi_review
       -module-cache-path "$build/module-cache" -I "$build/modules")

# The modules NAME... need, dependencies first, as lines "NAME KIND DIRECTORY DEPENDENCIES"
# (DEPENDENCIES: the modules it imports, comma-separated, or "-"), from the
# package's manifest (swift package dump-package, read once per build).
module_order() {
    if [ ! -s "$build/package.json" ] || [ "$root/Package.swift" -nt "$build/package.json" ]; then
        (cd "$root" && swift package --scratch-path "$build/manifest" dump-package) > "$build/package.json.new"
        mv "$build/package.json.new" "$build/package.json"
    fi
    python3 - "$build/package.json" "$@" <<'PYTHON'
import json, sys
package = json.load(open(sys.argv[1]))
targets = {target["name"]: target for target in package["targets"]}
order, seen = [], set()
def visit(name):
    if name in seen:
        return
    seen.add(name)
    target = targets[name]
    dependencies = []
    for dependency in target["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dependency:
                visit(dependency[kind][0])
                dependencies.append(dependency[kind][0])
        if "product" in dependency:
            sys.exit(f"fuzz.sh: {name} depends on a product of another package, which this build cannot compile")
    kind = {"regular": "swift", "system": "system"}.get(target["type"])
    if kind is None:
        sys.exit(f"fuzz.sh: {name} is a {target['type']} target, which this build cannot compile")
    path = target.get('path') or 'Sources/' + name
    # Resources (processed or copied): the folder of the first, relative to the package, for
    # the module's Bundle.module (fuzz builds read them where they are in the sources).
    resources = [r["path"] for r in target.get("resources", [])]
    order.append(f"{name} {kind} {path} {','.join(dependencies) or '-'} {path + '/' + resources[0] if resources else '-'}")
for name in sys.argv[2:]:
    visit(name)
print("\n".join(order))
PYTHON
}

# Compiles one Swift module of the package (whole-module, optimized, instrumented, with its
# internal declarations visible to @testable import) unless its object is newer than its
# sources and the modules it imports (DEPENDENCIES, comma-separated).
build_module() {
    local name=$1 directory=$root/$2 object=$build/objects/$1.o dependencies=() dependency resources=${4:--}
    [ "$3" = - ] || IFS=, read -r -a dependencies <<<"$3"
    if [ -f "$object" ] && [ -z "$(find "$directory" -name '*.swift' -newer "$object" -print -quit)" ]; then
        local stale=
        for dependency in "${dependencies[@]}"; do
            [ "$build/objects/$dependency.o" -nt "$object" ] && stale=yes
        done
        [ -z "$stale" ] && return
    fi
    echo "fuzz.sh: compiling $name" >&2
    local sources=()
    while IFS= read -r -d '' source; do sources+=("$source"); done \
        < <(find "$directory" -name '*.swift' -print0 | sort -z)
    if [ "$resources" != - ]; then
        # SwiftPM writes Bundle.module for a module with resources; outside it, this does: the
        # resources as they are in the package's sources.
        mkdir -p "$build/accessors"
        printf 'import Foundation\n\nextension Foundation.Bundle {\n    static let module: Bundle = Bundle(path: "%s") ?? Bundle.main\n}\n' \
            "$root/$resources" > "$build/accessors/$name.swift"
        sources+=("$build/accessors/$name.swift")
    fi
    # includes: the system modules' module maps, gathered by build_target (dependencies first).
    "$swiftc" "${flags[@]}" "${includes[@]}" -wmo -parse-as-library -enable-testing -module-name "$name" \
        -emit-module -emit-module-path "$build/modules/$name.swiftmodule" \
        -c -o "$object.new" "${sources[@]}"
    mv "$object.new" "$object"
}

build_target() {
    local name=$1 objects=() includes=() modules
    mapfile -t modules < <(target_modules "$name")
    while read -r module kind directory dependencies resources; do
        case $kind in
            swift) build_module "$module" "$directory" "$dependencies" "$resources"; objects+=("$build/objects/$module.o") ;;
            system) includes+=(-I "$root/$directory") ;;
        esac
    done < <(module_order "${modules[@]}")
    local binary=$build/bin/$name harness=$here/Targets/$name.swift
    [ -f "$harness" ] || { echo "fuzz.sh: $harness is missing" >&2; exit 66; }
    local newest
    newest=$(find "$harness" "$here/Targets/Support" "${objects[@]}" -newer "$binary" -print -quit 2>/dev/null || echo new)
    if [ -f "$binary" ] && [ -z "$newest" ]; then return; fi
    echo "fuzz.sh: linking $name" >&2
    "$swiftc" "${flags[@]}" "${includes[@]}" -warnings-as-errors -use-ld=lld -parse-as-library -module-name "fuzz_${name//-/_}" \
        "$harness" "$here"/Targets/Support/*.swift "${objects[@]}" -o "$binary.new"
    mv "$binary.new" "$binary"
}

build_all() {
    mkdir -p "$build/modules" "$build/objects" "$build/bin" "$build/module-cache"
    local name
    for name in "$@"; do build_target "$name"; done
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:symbolize=1}
# The Swift runtime's own crash backtracer reads memory that the address sanitizer then reports.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer || true)}

# Prints a finding: the end of the log, then each input libFuzzer saved, and how to replay it.
report_finding() {
    local name=$1 log=$2 artifacts=$3
    echo "fuzz.sh: FINDING in $name; the end of $log:" >&2
    tail -n 60 "$log" >&2
    local file
    for file in "$artifacts"/*; do
        [ -f "$file" ] || continue
        echo "fuzz.sh: the input ($(wc -c < "$file") bytes) is $file" >&2
        echo "--- hex (first 1 KiB)" >&2
        head -c 1024 "$file" | od -A d -t x1z -v >&2
        echo "--- base64 (first 16 KiB)" >&2
        head -c 16384 "$file" | base64 >&2
        echo "--- replay: Benchmarks/fuzz/fuzz.sh repro $name $file" >&2
    done
}

summary=()

# Fuzzes one target from its seeds: `run` for SECONDS seconds, growing the corpus of earlier
# runs; `check` for RUNS inputs with seed 1, from the seeds alone, into a corpus thrown away.
run_target() {
    local mode=$1 name=$2 amount=$3
    local corpus=$build/corpus/$name artifacts=$build/findings/$name log=$build/logs/$name.log
    local limit=(-max_total_time="$amount") seconds=$amount
    if [ "$mode" = check ]; then
        corpus=$build/check-corpus/$name
        rm -rf "$corpus"
        limit=(-runs="$amount" -seed=1)
    fi
    mkdir -p "$corpus" "$artifacts" "$build/logs"
    rm -f "$artifacts"/*
    local options
    mapfile -t options < <(target_options "$name")
    echo "fuzz.sh: fuzzing $name ($mode, ${limit[*]})" >&2
    local status=0 started=$SECONDS
    (cd "$here" && "$build/bin/$name" "${limit[@]}" -print_final_stats=1 -timeout=10 \
        -rss_limit_mb=2048 -max_len=8192 -artifact_prefix="$artifacts/" "${options[@]}" \
        "$corpus" "$here/corpus/$name") > "$log" 2>&1 || status=$?
    [ "$mode" = check ] && { seconds=$((SECONDS - started)); rm -rf "$corpus"; }
    if [ "$status" -ne 0 ] || ls "$artifacts"/* > /dev/null 2>&1; then
        report_finding "$name" "$log" "$artifacts"
        return 1
    fi
    local done_line executions rate
    done_line=$(grep -E '^#[0-9]+[[:space:]].*cov: ' "$log" | tail -n 1 || true)
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    summary+=("$(printf '%-20s %6s s %12s runs %8s/s  %s' "$name" "$seconds" "$executions" "$rate" \
        "$(sed -E 's/^#[0-9]+[[:space:]]+[A-Z]+[[:space:]]+//; s/[[:space:]]+(lim|exec\/s|rss|L):.*//' <<<"$done_line")")")
}

command=${1:-}
[ -n "$command" ] || usage
shift
case $command in
    list)
        target_names
        ;;
    build)
        [ $# -gt 0 ] || set -- $(target_names)
        build_all "$@"
        ;;
    run | check)
        amount=${1:-}
        [[ $amount =~ ^[0-9]+$ ]] && [ "$amount" -gt 0 ] || usage
        shift
        [ $# -gt 0 ] || set -- $(target_names)
        for name in "$@"; do target_line "$name" > /dev/null; done
        build_all "$@"
        [ "$command" = check ] && export SWIFT_DETERMINISTIC_HASHING=1
        findings=0
        for name in "$@"; do run_target "$command" "$name" "$amount" || findings=$((findings + 1)); done
        echo "fuzz.sh: target, time, executions, executions per second, coverage (cov: edges, ft: features, corp: inputs/bytes)"
        printf '%s\n' "${summary[@]}"
        if [ "$findings" -gt 0 ]; then
            echo "fuzz.sh: $findings target(s) found something (see above)" >&2
            exit 1
        fi
        ;;
    repro)
        [ $# -ge 2 ] || usage
        name=$1
        shift
        target_line "$name" > /dev/null
        build_all "$name"
        "$build/bin/$name" "$@"
        ;;
    *)
        usage
        ;;
esac
