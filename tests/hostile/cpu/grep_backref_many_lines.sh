# Each line costs the backtracker a few hundred thousand steps (under its
# per-search budget) and `yes` never ends: the run's clock must still stop
# grep, which looks at the stop signal inside the matcher too.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 2.5
s=$(printf '%0400d' 0)
s=${s//0/a}
yes "${s}cb" | grep -c '\(a*\)\1\1\1b'
