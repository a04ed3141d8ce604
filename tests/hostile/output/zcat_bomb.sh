# A decompression bomb: 1024 concatenated gzip members of 1 MiB of zeros
# each (about 1 MiB compressed, 1 GiB inflated). zcat streams it, so the
# output limit stops the run with what was inflated until then, holding
# only the codec's fixed buffers.
# limit: max_output=1M wall_clock=3
# expect-stop: output
# expect-stdout-bytes: 512K..1M
head -c 1M /dev/zero | gzip > m.gz
for i in 1 2 3 4 5 6 7 8 9 10; do cat m.gz m.gz > n.gz; mv n.gz m.gz; done
zcat m.gz
