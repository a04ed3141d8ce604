mkdir sub; f=$(mktemp sub/aXXXXX)
case $f in sub/a?????) echo ok;; *) echo bad;; esac; [ -f "$f" ] && echo exists
