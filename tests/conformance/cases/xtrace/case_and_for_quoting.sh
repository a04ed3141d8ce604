# check-stderr
set -x
for w in "a b" c ''; do :; done
case "$w" in '') echo empty;; *) echo other;; esac
