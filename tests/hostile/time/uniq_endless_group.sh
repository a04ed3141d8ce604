# uniq -c over an endless run of one line: the group never ends, so
# nothing is printed, and uniq holds only the previous line: the wall
# clock stops it, in bounded memory.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
yes | uniq -c
