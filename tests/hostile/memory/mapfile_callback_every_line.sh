# `mapfile -C` runs a callback for each line of an endless stream: the
# callback's commands are counted, so the command limit stops it long
# before the array fills the memory budget.
# limit: max_commands=20000
# expect-stop: commands
yes | { mapfile -t -c 1 -C : arr; echo "not reached"; }
