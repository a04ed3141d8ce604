# tar czf of a tree over three times the memory budget: members are read one at
# a time and the archive goes out through the compressor as it is made,
# so it packs (it used to hold every member, the whole archive and its
# compressed copy, and stopped at the memory limit where GNU tar, which
# streams, packs anything). The archive then tests good, streamed.
# profile: normal
# limit: max_memory=3M
# expect-stop: none
# expect-stdout: tar 0
# expect-stdout: gzip ok
# expect-stdout: 10489856
mkdir d
for i in 1 2 3 4 5; do head -c 2M /dev/zero | tr '\0' "$i" > d/f$i; done
tar czf a.tgz d; echo "tar $?"
gzip -t a.tgz && echo "gzip ok"
gzip -dc a.tgz | wc -c
