# md5sum -c reading an endless checksum list from standard input: the
# list on stdin is read whole before the files it names are opened (so
# that a `-` it names reads nothing, as in GNU), and that buffer is
# charged to the memory budget, so the memory limit stops it rather than
# the host growing without bound.
# limit: wall_clock=3
# expect-stop: memory
: > e
yes 'd41d8cd98f00b204e9800998ecf8427e  e' | md5sum -c
