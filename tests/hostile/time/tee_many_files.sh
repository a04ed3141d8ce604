# tee given 100000 files to open (fuzz F19): each open is a filesystem
# operation, and the run ends at its wall clock even before tee reads
# any input.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 1.5
tee {0..99999}aa < /dev/null
