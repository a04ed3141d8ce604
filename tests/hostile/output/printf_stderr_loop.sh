# A loop flooding stderr with printf.
# limit: max_output=1M max_commands=1G max_loop_iterations=1G
# expect-stop: output
# expect-stdout-empty:
# expect-stderr-prefix: err\nerr\n
while :; do printf 'err\n' >&2; done
