# `{f}>file` in a loop opens a new descriptor each time and never closes
# any. The table ends at descriptor 1023 (bash's default `ulimit -n`), so
# the 1015th (10 to 1023 taken) fails with a message and the script goes
# on; no table grows without bound.
# limit: max_commands=10000
# expect-stop: none
# expect-stdout: stopped at 1015
# expect-stderr-contains: f: cannot allocate file descriptor
for i in {1..5000}; do exec {f}>/dev/null || { echo "stopped at $i"; break; }; done
