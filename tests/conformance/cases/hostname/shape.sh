# check-stderr
hostname | wc -l
[ -n "$(hostname)" ] && echo nonempty
hostname -s | grep -c '\.'
[ "$(hostname -s)" = "$(hostname | cut -d. -f1)" ] && echo same
