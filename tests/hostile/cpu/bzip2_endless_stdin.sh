# bzip2 compressing an endless stream into the void: no output limit is
# reached, so only the wall clock stops it; the compressor checks the
# cancel signal on its reads (its 900k blocks fit the strict budget).
# limit: wall_clock=1
# expect-stop: timeout
yes | bzip2 > /dev/null
