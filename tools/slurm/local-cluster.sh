#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine for the tests of the sweep's job-array path
# (examples/sweeps/slurm): munge, a controller and a node daemon, without systemd, state under
# target/slurm of the checkout. Installs Debian's slurm-wlm and munge where they are missing (as root).
#   source tools/slurm/local-cluster.sh    # exports SLURM_CONF; sinfo, sbatch and scontrol then work
# Tests that need it skip, saying so, where no cluster answers.
set -euo pipefail
if ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null
fi
# State, spool, logs and the config live in the checkout's target/slurm (ignored by git).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${SCANSIM_SLURM_DIR:-$root/target/slurm}"
mkdir -p "$dir"/{state,spool,log}
host="$(hostname -s)"
cpus="$(nproc)"
mem="$(awk '/MemTotal/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)"
cat >"$dir/slurm.conf" <<CONF
ClusterName=scansim
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MailProg=/bin/true
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
if ! pgrep -x munged >/dev/null; then
  [ -f /etc/munge/munge.key ] || (umask 077 && dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null && chown munge:munge /etc/munge/munge.key)
  mkdir -p /run/munge && chown munge:munge /run/munge
  runuser -u munge -- /usr/sbin/munged
fi
pgrep -x slurmctld >/dev/null || (slurmctld -i -f "$SLURM_CONF" &)
pgrep -x slurmd >/dev/null || (slurmd -f "$SLURM_CONF" &)
for _ in $(seq 1 30); do
  if sinfo -h -o %T 2>/dev/null | grep -q idle; then
    echo "slurm: one-node cluster up ($host, $cpus CPUs; SLURM_CONF=$SLURM_CONF)" >&2
    return 0 2>/dev/null || exit 0
  fi
  sleep 1
done
echo "slurm: the cluster did not come up; logs in $dir/log" >&2
return 1 2>/dev/null || exit 1
