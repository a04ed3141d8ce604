d=$(mktemp -d -p .); [ -d "$d" ] && echo dir
case ${d##*/} in tmp.??????????) echo name-ok;; *) echo "bad name";; esac
ls | wc -l
