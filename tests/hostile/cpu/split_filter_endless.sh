# `split --filter` on endless input runs the filter for piece after piece
# (each held whole, within the memory budget): every filter is a command
# of the run, so the command budget stops it.
# limit: max_commands=1000
# expect-stop: commands
# expect-max-seconds: 2.5
yes | split -b 64K --filter='wc -c > /dev/null'
