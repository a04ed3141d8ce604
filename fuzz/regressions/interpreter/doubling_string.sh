x=$(printf '%0100000d' 0)
while :; do x=$x$x; done
