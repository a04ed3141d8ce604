# tee given 100000 files to open (fuzz F19, where it ran 11 s past a 1 s
# wall clock): creating files in one directory is linear again, and the
# entry limit refuses those past it, all well within the wall clock.
# limit: wall_clock=1
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: tee: 99999aa: No space left on device
# expect-max-seconds: 1.5
tee {0..99999}aa < /dev/null
