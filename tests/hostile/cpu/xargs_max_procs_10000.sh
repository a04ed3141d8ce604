# `xargs -P 10000` asks for ten thousand commands at once. sandbash runs
# at most the session's job limit (`max_jobs`) of them at once, each on a
# thread of its own, so it starts no more threads than background jobs
# could; the command limit ends the endless input.
# expect-stop: commands
# expect-stdout-prefix: y\ny\n
# expect-max-seconds: 4
yes | xargs -P 10000 -n 1 echo
