# A USR1 trap that sends USR1 to its own shell: every delivery raises the
# next, forever (bash loops the same way). A trap's commands count like any
# others, so the command limit ends it; signals raised inside a trap wait
# for its end, so the loop never nests and the stack stays flat.
# limit: max_commands=5000
# expect-stop: commands
# expect-max-seconds: 3
# after: trap - USR1; kill -USR1 $$ 2>/dev/null; echo "after $?"
# after-status: 138
trap 'kill -USR1 $$' USR1
kill -USR1 $$
