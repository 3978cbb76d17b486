#!/usr/bin/env bash
# Differential check for a refactoring: the reports of every catalog kernel (three sizes on
# hopper and g80, with and without --check all) and of every faulty-corpus run, from the code at
# REV and from the working tree, must be byte-identical.
#   tools/differential/compare.sh REV        (run from anywhere inside the repository)
# BEFORE_ARGS / AFTER_ARGS add options to every run of one side, for an option only one side knows:
#   AFTER_ARGS=--no-timing tools/differential/compare.sh REV   (the functional reports alone)
# BEFORE_JAVA_OPTS / AFTER_JAVA_OPTS add options to one side's Java, such as every host loop compiled at once:
#   AFTER_JAVA_OPTS=-Dscansim.hostLoops=1 tools/differential/compare.sh REV
# Exit code 0 when they are identical; otherwise diff's output and 1.
set -euo pipefail
rev="${1:?usage: compare.sh REV}"
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
work="$(mktemp -d)"
trap 'git -C "$root" worktree remove --force "$work/before" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add -q "$work/before" "$rev"
build() { mvn -B -q -f "$1/pom.xml" -DskipTests -pl cli -am package >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 2; }; }
build "$work/before"
build "$root"
# The same tool for both sides: this tree's Reports.java, run against each side's jar and files.
cp "$root/tools/differential/Reports.java" "$work/Reports.java"
(cd "$work/before" && java -XX:+UseParallelGC ${BEFORE_JAVA_OPTS:-} -cp cli/target/scansim.jar "$work/Reports.java" "$work/out-before" ${BEFORE_ARGS:-})
(cd "$root" && java -XX:+UseParallelGC ${AFTER_JAVA_OPTS:-} -cp cli/target/scansim.jar "$work/Reports.java" "$work/out-after" ${AFTER_ARGS:-})
if diff -r "$work/out-before" "$work/out-after"; then
  echo "identical: $(ls "$work/out-after" | wc -l) files"
else
  exit 1
fi
