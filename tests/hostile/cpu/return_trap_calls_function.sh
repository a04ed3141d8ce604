# A RETURN trap that calls a function under `set -T`: the call would fire
# the trap again as it returns, and so on without end; bash runs no RETURN
# trap from inside the trap, so the chain is one call deep.
# expect-stop: none
# expect-stdout: f
# expect-stdout: f
# expect-stdout: done
set -T
f() { echo f; }
trap 'f' RETURN
f
trap - RETURN
echo done
