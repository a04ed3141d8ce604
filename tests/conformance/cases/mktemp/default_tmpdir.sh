unset TMPDIR
d=$(mktemp -d); case $d in /tmp/tmp.??????????) echo ok;; *) echo bad;; esac
[ -d "$d" ] && echo dir; rm -r "$d"
