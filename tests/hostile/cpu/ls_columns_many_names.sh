# `ls -C` with a huge width over thousands of names: GNU sizes every
# candidate column count at once (memory quadratic in the names);
# sandbash tries one candidate at a time, so this fits on one line at
# once and in little memory.
# expect-stop: none
# expect-stdout: 1
# expect-max-seconds: 3
touch $(seq 1 4000)
ls -C -w 1000000000 | wc -l
