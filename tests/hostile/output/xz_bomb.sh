# An xz bomb: 1024 concatenated xz streams of 1 MiB of zeros each (about
# 100 KiB compressed, 1 GiB decoded). xzcat streams it, so the output
# limit stops the run with what was decoded until then, holding only
# the decoder's dictionary and buffers.
# limit: max_output=1M wall_clock=3
# expect-stop: output
# expect-stdout-bytes: 512K..1M
head -c 1M /dev/zero | xz > m.xz
for i in 1 2 3 4 5 6 7 8 9 10; do cat m.xz m.xz > n.xz; mv n.xz m.xz; done
xzcat m.xz
