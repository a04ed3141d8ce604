# Background jobs that signal the shell and each other as fast as they
# can while the shell keeps trapping: the traps and the jobs' loops count
# against the run's budgets, so it ends on a limit, and the session
# survives with its own traps and no job left running.
# limit: max_loop_iterations=20000
# expect-stop: loop_iterations|commands
# expect-max-seconds: 4
# after: kill -0 $$ && echo alive
# after-stdout: alive
trap 'n=$((n+1))' USR1 USR2
for i in 1 2 3; do
  ( while :; do kill -USR1 $$; kill -USR2 $$ 2>/dev/null; done ) &
done
while :; do kill -USR2 $$; done
