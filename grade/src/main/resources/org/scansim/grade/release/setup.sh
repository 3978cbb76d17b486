#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu): it installs
# a Java runtime unless one of version 17 or newer is there already. Nothing else is needed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
has_java() {
  command -v java >/dev/null 2>&1 || return 1
  local v
  v="$(java -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\).*/\1/p' | head -n 1)"
  [ -n "$v" ] && [ "$v" -ge 17 ]
}
if has_java; then
  echo "scansim autograder: Java found ($(java -version 2>&1 | head -n 1))"
else
  echo "scansim autograder: installing a Java runtime"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends openjdk-17-jre-headless
fi
chmod +x "$here/run_autograder" "$here/scansim/bin/scansim"
"$here/scansim/bin/scansim" --version
