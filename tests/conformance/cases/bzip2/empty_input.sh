: > e
bzip2 -c e | bzip2 -dc | wc -c
