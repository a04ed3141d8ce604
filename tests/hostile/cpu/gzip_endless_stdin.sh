# gzip compressing an endless stream into the void: no output limit is
# reached, so only the wall clock can stop it; the compressor checks the
# cancel signal on every read and ends at once.
# limit: wall_clock=1
# expect-stop: timeout
yes | gzip > /dev/null
