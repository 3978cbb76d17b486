#!/usr/bin/env bash
# A hostile-input campaign beyond CI's: the generators of cli/src/test/java/org/scansim/cli/HostileInputs.java
# with another seed and more cases, each a test as in CI (an answer from 0 to 3, no stack trace, inputs
# unchanged, the same answer twice). Run it nightly, or before a release:
#   tools/hostile/campaign.sh SEED CASES_PER_KIND      (4 kinds: kernels, grading specs, sweep specs, sources)
#   tools/hostile/campaign.sh 20261129 500             (2,000 inputs)
# Exit code 0 when every case passes; the failing cases are listed in cli/target/surefire-reports.
set -euo pipefail
seed="${1:?usage: campaign.sh SEED CASES_PER_KIND}"
cases="${2:?usage: campaign.sh SEED CASES_PER_KIND}"
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
cd "$root"
mvn -B -q -DskipTests install >/dev/null
mvn -B -pl cli test -Dtest=HostileCampaignTest -Dsurefire.failIfNoSpecifiedTests=false -Dhostile.seed="$seed" -Dhostile.cases="$cases" \
  | grep -E "Tests run:|FAIL|ERROR\]" || true
grep -q 'failures="0"' cli/target/surefire-reports/TEST-org.scansim.cli.HostileCampaignTest.xml \
  && grep -q 'errors="0"' cli/target/surefire-reports/TEST-org.scansim.cli.HostileCampaignTest.xml
