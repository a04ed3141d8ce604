#!/usr/bin/env bash
# Exports a frozen copy of the sources to fuzz: the committed workspace
# (git HEAD, or the revision given as $1) with the current fuzz/ files on
# top, into fuzz/target/src (gitignored). Prints the fuzz dir of the copy.
#
# Why: other developers edit the working tree while long fuzz runs go on;
# building from a snapshot means a half-edited file never breaks a run and
# every finding is tied to one commit (recorded in fuzz/target/src/REVISION).
# Re-exporting the same commit keeps file mtimes (git archive stamps the
# commit time), so cargo does not rebuild what did not change.
set -euo pipefail

fuzz_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$fuzz_dir")
rev=$(git -C "$root" rev-parse "${1:-HEAD}")
dest=$fuzz_dir/target/src

rm -rf "$dest.new"
mkdir -p "$dest.new"
git -C "$root" archive "$rev" | tar -x -C "$dest.new"
rm -rf "$dest.new/fuzz"
mkdir "$dest.new/fuzz"
tar -C "$fuzz_dir" --exclude=./target --exclude=./corpus --exclude=./artifacts \
    --exclude=./logs --exclude=./coverage -cf - . | tar -x -C "$dest.new/fuzz"
echo "$rev" >"$dest.new/REVISION"
rm -rf "$dest"
mv "$dest.new" "$dest"
echo "$dest/fuzz"
