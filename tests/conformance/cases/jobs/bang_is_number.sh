true &
case $! in ''|*[!0-9]*) echo bad;; *) echo numeric;; esac
wait
