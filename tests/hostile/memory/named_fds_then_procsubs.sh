# `{f[i]}>file` fills the descriptor table (10 to 1023), then process
# substitutions and a coprocess ask the same table for one (from 63
# downwards): each is refused with a message, nothing blocks or grows, and
# once two named descriptors are closed a process substitution works again.
# limit: max_commands=20000
# expect-stop: none
# expect-stdout: stopped at 1015
# expect-stdout: again
# expect-stderr-contains: f[i]: cannot allocate file descriptor
# expect-stderr-contains: Too many open files
for i in {1..5000}; do exec {f[i]}>/dev/null || { echo "stopped at $i"; break; }; done
for i in {1..200}; do cat <(echo never); done
coproc cat
exec {f[1]}>&- {f[2]}>&-
cat <(echo again)
