# A hundred coprocesses: each is a job holding two descriptors, so past
# `max_jobs` or the descriptors left they are refused with an error, and
# the script goes on.
# expect-stop: none
# expect-stdout: survived
for i in {1..100}; do coproc sleep 1000; done 2>/dev/null
for i in {1..100}; do coproc true; done 2>/dev/null
echo survived
