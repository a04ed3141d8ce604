# A gzip bomb inflated into /dev/null: 16384 members of 1 MiB of zeros
# (16 GiB from about 16 MiB). No output limit applies, so only the wall
# clock stops it: the decoder checks the cancel signal on its writes as
# well as its reads (one buffered read inflates to megabytes).
# limit: wall_clock=2
# expect-stop: timeout
head -c 1M /dev/zero | gzip > m.gz
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do cat m.gz m.gz > n.gz; mv n.gz m.gz; done
zcat m.gz > /dev/null
