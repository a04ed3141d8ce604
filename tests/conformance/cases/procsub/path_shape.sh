p=<(true)
case $p in /dev/fd/*) echo fd path;; *) echo "other: $p";; esac
