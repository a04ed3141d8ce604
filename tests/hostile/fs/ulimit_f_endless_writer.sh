# `yes` into a file under `ulimit -f 1`: the write past 1 KiB fails with
# `File too large` (bash's SIGXFSZ has no sandbox counterpart), `yes`
# ends, the file keeps exactly the 1024 bytes allowed and the script goes on.
# limit: max_commands=1G max_loop_iterations=1G
# expect-stop: none
# expect-stderr-contains: File too large
# expect-stdout: 1024
ulimit -f 1
yes > big
stat -c %s big
