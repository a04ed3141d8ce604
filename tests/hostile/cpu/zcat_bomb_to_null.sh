# A gzip bomb inflated into a pipe whose reader only counts: 4096 members
# of 8 MiB of zeros (32 GiB from about 32 MiB, under the normal profile's
# 256 MB file limit). No output limit applies (wc prints one line), so only
# the wall clock stops it: the decoder checks the cancel signal on its
# writes as well as its reads (one buffered read inflates to megabytes).
# Into /dev/null 8 GiB inflate in about half a second, too fast to show
# the clock's stop.
# profile: normal
# limit: wall_clock=2
# expect-stop: timeout
head -c 8M /dev/zero | gzip > m.gz
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do cat m.gz m.gz > n.gz; mv n.gz m.gz; done
zcat m.gz | wc -c
