# What the side-by-side benchmark scripts share (sourced by side-by-side.sh and process-table.sh):
# the repository's root and a work folder with the code at REV checked out in it, both removed when
# the script exits, and the median of a column of numbers.

# base_worktree REV: sets root and work, and checks REV out in $work/base.
base_worktree() {
  root="$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)"
  work="$(mktemp -d)"
  trap 'git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
  git -C "$root" worktree add -q "$work/base" "$1"
}

# The median of the numbers on standard input, one a line.
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
