#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu): it installs
# a Java runtime unless the one scansim would use (JAVA_HOME's, else the PATH's) is 17 or newer.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
chmod +x "$here/run_autograder" "$here/scansim/bin/scansim"
if "$here/scansim/bin/scansim" --version >/dev/null 2>&1; then
  echo "scansim autograder: Java found"
else
  echo "scansim autograder: installing a Java runtime"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends openjdk-17-jre-headless
  # Ubuntu's Java, whatever JAVA_HOME said before
  unset JAVA_HOME
fi
"$here/scansim/bin/scansim" --version
