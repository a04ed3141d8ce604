# sha256sum over an endless stream: nothing is printed until the end, so
# no output limit applies and only the wall clock stops it; the digest
# loop checks the cancel signal on every chunk it reads.
# limit: wall_clock=1
# expect-stop: timeout
# expect-stdout-empty:
yes | sha256sum
