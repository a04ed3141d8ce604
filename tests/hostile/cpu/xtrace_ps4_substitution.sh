# `set -x` with a PS4 that runs two command substitutions calling a
# shell function for each traced line. Tracing is off while PS4 expands,
# so its commands are not traced in turn (no recursion), and an endless
# traced loop ends at the command budget.
# limit: max_commands=20000
# expect-stop: commands
# expect-max-seconds: 3
f() { echo x; }
PS4='+$(f)$(f) '
set -x
while :; do :; done 2>/dev/null
