# A DEBUG trap that calls a function under `set -T`: each command in the
# function (and its start) would run the trap again; the trap never fires
# from inside itself, so every command costs one trap run.
# expect-stop: none
# expect-stdout: done
set -T
f() { :; }
trap 'f' DEBUG
f
x=1
trap - DEBUG
echo done
