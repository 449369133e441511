#!/usr/bin/env python3
"""Plan (or fit parameters for) a whole fleet of learners on Apache Spark.

    spark_plan.py INPUT.jsonl OUTPUT_DIR [--master URL] [--command plan|optimize]
                  [--binary PATH] [--partitions N] [-- OPTIONS FOR zhixi-review...]

INPUT.jsonl holds one learner's workspace per line (what `zhixi-bench fleet` writes, or a
backend's export). The job
  1. reads the learners with PySpark (`SparkContext.textFile`, split into partitions),
  2. ships the `zhixi-review` binary to every executor (`SparkContext.addFile`),
  3. runs `zhixi-review plan --batch -` (or `optimize --batch -`) once per partition with
     `RDD.pipe`: the partition's lines go to its standard input, its output lines (one per
     learner, in the same order) come back,
  4. writes the output lines to OUTPUT_DIR (`saveAsTextFile`: part-00000, part-00001, …),
  5. checks that every input learner has exactly one output line (the learner ids of the
     input, counted, equal those of the output, counted; a line that is not a workspace counts
     under "no id" on both sides), and prints learners per second.

Options after `--` go to zhixi-review unchanged, e.g. `-- --now 2026-11-29T01:00:00Z`.

Exit status: 0 when every learner got exactly one line (error lines for learners that could
not be planned included; their count is printed), 1 when the check fails or a zhixi-review
process failed (any status but 0 and 65, e.g. a binary that cannot run on an executor), 2 for
a wrong command line.

On this machine (PySpark 4 and Java 17 installed; nothing else needed):

    Benchmarks/fleet/build_static.sh      # release binaries, Swift runtime linked in
    .build/release/zhixi-bench fleet --learners 10000 --out /tmp/fleet-10k.jsonl
    python3 Benchmarks/fleet/spark_plan.py /tmp/fleet-10k.jsonl /tmp/plans-10k \\
        --master 'local[2]' -- --now 2026-11-29T01:00:00Z

On a cluster, the same script through spark-submit; INPUT and OUTPUT_DIR on storage every
executor reaches (HDFS, S3, a shared file system):

    spark-submit --master spark://host:7077 Benchmarks/fleet/spark_plan.py \\
        hdfs:///fleet/learners.jsonl hdfs:///fleet/plans-2026-11-29 \\
        --binary .build/release/zhixi-review -- --now 2026-11-29T01:00:00Z

What to watch:
  * The binary runs on the executors as it is: build it for their architecture (the job
    prints the binary's and the executors' machine types and stops when they differ) and
    with `--static-swift-stdlib` (Benchmarks/fleet/build_static.sh), so executors need no
    Swift runtime: only glibc, libstdc++, libgcc_s and libcurl (the libcurl4 package), of a
    glibc at least as new as the build machine's.
  * Partition size: each partition starts one zhixi-review process, which plans its
    learners on all the executor's cores, a few in flight. Partitions of 16–128 MB (a few
    hundred to a few thousand learners) keep process starts negligible and leave enough
    partitions to spread over the executors; give `--partitions` at least 2–3 times the
    number of executor cores so a slow partition does not hold up the job. With several
    cores per executor, one task per executor (spark.task.cpus = cores) avoids running more
    planner threads than cores.
  * Java 17 or later for Spark 4 (`java -version`).
  * OUTPUT_DIR must not exist yet (Spark refuses to overwrite).

How the figures of docs/FLEET.md were run: on the project's 2-core machine, the binary built as above,
`--master local[2]`, the fleet from `zhixi-bench fleet` (seed 12); the same input through
`zhixi-review plan --batch` directly, one after the other (Benchmarks/fleet/fleet_benchmark.py).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shlex
import shutil
import sys
import time
from collections import Counter

# A learner's id as zhixi-review takes it: the workspace user's id, else the profile's. The
# profile and the user are objects without nested objects, so a regular expression finds
# them without decoding the whole workspace; a line it cannot read is decoded with json.
USER_ID = re.compile(r'"user"\s*:\s*\{[^{}]*?"id"\s*:\s*"((?:[^"\\]|\\.)*)"')
PROFILE_USER_ID = re.compile(r'"profile"\s*:\s*\{[^{}]*?"userId"\s*:\s*"((?:[^"\\]|\\.)*)"')
OUTPUT_USER_ID = re.compile(r'^\{(?:"line":\d+,)?"userId":(null|"(?:[^"\\]|\\.)*")')
NO_ID = "(no id)"

# Runs the shipped binary. Executors of a cluster find addFile's files in their working
# directory; in local mode the executors run inside the driver and find them in the driver's
# SparkFiles directory, passed as $1. Status 65 (some learners could not be planned; their
# error lines are in the output) counts as success; any other failure fails the task.
LAUNCHER = r'''
dir=$1; shift
if [ -x ./zhixi-review ]; then bin=./zhixi-review; else bin="$dir/zhixi-review"; fi
"$bin" "$@"
status=$?
if [ $status -ne 0 ] && [ $status -ne 65 ]; then
    echo "spark_plan: zhixi-review exited with status $status on $(hostname)" >&2
    exit $status
fi
exit 0
'''


def input_user_id(line: str) -> str:
    """The learner id of an input line, or NO_ID when the line is not a readable workspace."""
    import json

    user = USER_ID.search(line)
    if user:
        return json.loads('"' + user.group(1) + '"')
    profile = PROFILE_USER_ID.search(line)
    if profile:
        return json.loads('"' + profile.group(1) + '"')
    try:
        workspace = json.loads(line)
        if isinstance(workspace, dict):
            user_object = workspace.get("user")
            if isinstance(user_object, dict) and isinstance(user_object.get("id"), str):
                return user_object["id"]
            profile_object = workspace.get("profile")
            if isinstance(profile_object, dict) and isinstance(profile_object.get("userId"), str):
                return profile_object["userId"]
    except ValueError:
        pass
    return NO_ID


def output_user_id(line: str) -> tuple[str, bool]:
    """The learner id of an output line and whether it is an error line."""
    import json

    match = OUTPUT_USER_ID.match(line)
    if not match:
        return ("(unreadable output line)", True)
    value = match.group(1)
    return (NO_ID if value == "null" else json.loads(value), line.startswith('{"line":'))


def elf_machine(path: str) -> str:
    """The machine type in an ELF header ('x86_64', 'aarch64', …), or why there is none."""
    with open(path, "rb") as binary:
        header = binary.read(20)
    if header[:4] != b"\x7fELF":
        return "not an ELF binary (built on macOS? build it on Linux for Linux executors)"
    machine = int.from_bytes(header[18:20], "little" if header[5] == 1 else "big")
    return {0x3E: "x86_64", 0xB7: "aarch64", 0x03: "i386", 0x28: "arm"}.get(machine, f"ELF machine {machine:#x}")


def main() -> int:
    arguments = sys.argv[1:]
    passthrough: list[str] = []
    if "--" in arguments:
        cut = arguments.index("--")
        arguments, passthrough = arguments[:cut], arguments[cut + 1:]
    parser = argparse.ArgumentParser(
        prog="spark_plan.py", description="Plan a fleet of learners on Spark with zhixi-review --batch.",
        epilog="Options after -- go to zhixi-review, e.g. -- --now 2026-11-29T01:00:00Z")
    parser.add_argument("input", metavar="INPUT.jsonl", help="one learner workspace per line")
    parser.add_argument("output", metavar="OUTPUT_DIR", help="where the output lines are written (must not exist)")
    parser.add_argument("--master", default="local[*]", help="Spark master URL (default: local[*])")
    parser.add_argument("--command", choices=["plan", "optimize"], default="plan", help="what to run per learner")
    repository = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--binary", default=os.path.join(repository, ".build", "release", "zhixi-review"),
                        help="the zhixi-review binary to ship (default: .build/release/zhixi-review)")
    parser.add_argument("--jvm-pipe", action="store_true",
                        help="pipe in the JVM (the Scala RDD.pipe through PySpark's JavaSparkContext) instead of in "
                             "Python workers: the learners never pass through Python")
    parser.add_argument("--partitions", type=int, default=0,
                        help="minimum number of input partitions (default: Spark's split of the input, at least "
                             "twice the default parallelism)")
    options = parser.parse_args(arguments)

    if not os.path.isfile(options.binary) or not os.access(options.binary, os.X_OK):
        print(f"spark_plan: {options.binary}: no executable zhixi-review; build it with "
              "Benchmarks/fleet/build_static.sh or give --binary", file=sys.stderr)
        return 2
    if "://" not in options.output and os.path.exists(options.output):
        print(f"spark_plan: {options.output} exists; Spark does not overwrite: remove it or choose another",
              file=sys.stderr)
        return 2

    from pyspark import SparkFiles
    from pyspark.sql import SparkSession

    started = time.perf_counter()
    builder = (SparkSession.builder.master(options.master).appName(f"zhixi-review {options.command} --batch")
               .config("spark.ui.showConsoleProgress", "false").config("spark.ui.enabled", "false"))
    if options.master.startswith("local"):
        # Everything stays on this machine: the driver listens on the loopback address only.
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        builder = builder.config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    context = spark.sparkContext
    session_seconds = time.perf_counter() - started

    # The binary must run where the executors are.
    binary_machine = elf_machine(options.binary)
    executor_machines = sorted(set(
        context.parallelize(range(context.defaultParallelism), context.defaultParallelism)
        .map(lambda _: __import__("platform").machine()).collect()))
    print(f"spark_plan: binary {options.binary} is {binary_machine}; executors are {', '.join(executor_machines)}; "
          f"driver {platform.machine()}, Spark {context.version}, master {context.master}")
    if any(machine != binary_machine for machine in executor_machines):
        print("spark_plan: the binary's architecture differs from the executors'; build it on (or for) theirs",
              file=sys.stderr)
        spark.stop()
        return 1

    context.addFile(options.binary)
    launcher_arguments = ["/bin/sh", "-c", LAUNCHER, "zhixi-review-launcher", SparkFiles.getRootDirectory(),
                          options.command, "--batch", "-"] + passthrough
    command = " ".join(shlex.quote(argument) for argument in launcher_arguments)

    partitions = options.partitions or 2 * context.defaultParallelism
    learners = context.textFile(options.input, minPartitions=partitions)
    job_started = time.perf_counter()
    if options.jvm_pipe:
        # The same pipe, run by the executors' JVMs: lines go from the input split to the
        # process and from the process to the output file without a Python worker between.
        context._jsc.textFile(options.input, partitions).pipe(launcher_arguments).saveAsTextFile(options.output)
    else:
        learners.pipe(command, checkCode=True).saveAsTextFile(options.output)
    job_seconds = time.perf_counter() - job_started

    # The check reads the input again and the output as written.
    check_started = time.perf_counter()
    input_ids = Counter(learners.map(input_user_id).countByValue())
    output_counts = context.textFile(options.output).map(output_user_id).countByValue()
    check_seconds = time.perf_counter() - check_started
    output_ids: Counter[str] = Counter()
    failed = 0
    for (user_id, is_error), count in output_counts.items():
        output_ids[user_id] += count
        if is_error:
            failed += count
    learner_count = sum(input_ids.values())
    output_count = sum(output_ids.values())
    spark.stop()

    print(f"spark_plan: {learner_count} learners in {learners.getNumPartitions()} partitions → {output_count} lines "
          f"in {options.output} ({failed} error lines)")
    print(f"spark_plan: {options.command}: {job_seconds:.2f} s read → pipe → write, "
          f"{learner_count / job_seconds if job_seconds > 0 else 0:.1f} learners/s; check {check_seconds:.2f} s; "
          f"Spark session start {session_seconds:.2f} s")
    if input_ids != output_ids:
        missing = input_ids - output_ids
        extra = output_ids - input_ids
        print(f"spark_plan: CHECK FAILED: {sum(missing.values())} input learners without their line "
              f"(e.g. {list(missing)[:5]}), {sum(extra.values())} output lines without their learner "
              f"(e.g. {list(extra)[:5]})", file=sys.stderr)
        return 1
    print("spark_plan: check passed: every input learner has exactly one output line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
