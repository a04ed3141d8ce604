# A hundred process substitutions whose lists never end: each is a job,
# so past `max_jobs` they are refused with bash's fork error (the loop's
# command is abandoned), and the script goes on with its next command.
# expect-stop: none
# expect-stderr-contains: fork: retry: Resource temporarily unavailable
# expect-stdout: survived
for i in {1..100}; do : <(sleep 1000); done
echo survived
