# `xargs -P 10000` asks for ten thousand commands at once. sandbash runs
# them one after another on the shell's runner (no threads are started),
# so it costs what `-P 1` costs: the command limit ends the endless input.
# expect-stop: commands
# expect-stdout-prefix: y\ny\n
# expect-max-seconds: 4
yes | xargs -P 10000 -n 1 echo
