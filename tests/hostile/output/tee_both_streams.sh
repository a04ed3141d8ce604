# tee copies a flood to stderr too: both streams together are bounded.
# limit: max_output=1M
# expect-stop: output
# expect-stdout-bytes: ..1M
# expect-stderr-bytes: ..1100K
cat /dev/zero | tee /dev/stderr
