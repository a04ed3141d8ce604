# `read -t 1000` from a silent pipe: the wall clock comes first.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
sleep 1000 | { read -r -t 1000 x; echo "read gave $?"; }
