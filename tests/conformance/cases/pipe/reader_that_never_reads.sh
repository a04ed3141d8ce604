# A reader that exits without reading: what the writer wrote first fits
# in the pipe (status 0: bash races here, and this is its usual result);
# a writer that goes on past the pipe's room gets SIGPIPE (141 always).
echo hi | true
echo "echo: ${PIPESTATUS[*]}"
printf '%s\n' a b c | :
echo "printf: ${PIPESTATUS[*]}"
{ echo a; echo b; } | (exit 3)
echo "group: ${PIPESTATUS[*]}"
yes | true
echo "yes: ${PIPESTATUS[*]}"
seq 1 100000 | true
echo "seq: ${PIPESTATUS[*]}"
set -o pipefail
echo x | true
echo "pipefail: $?"
yes | head -n 1
echo "head: ${PIPESTATUS[*]}"
