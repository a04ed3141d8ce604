# A bzip2 bomb: 1024 concatenated bzip2 streams of 1 MiB of zeros each
# (about 50 KiB compressed, 1 GiB decoded). bzcat streams it, so the
# output limit stops the run with what was decoded until then, holding
# only the decoder's block buffers.
# limit: max_output=1M wall_clock=3
# expect-stop: output
# expect-stdout-bytes: 512K..1M
head -c 1M /dev/zero | bzip2 > m.bz2
for i in 1 2 3 4 5 6 7 8 9 10; do cat m.bz2 m.bz2 > n.bz2; mv n.bz2 m.bz2; done
bzcat m.bz2
