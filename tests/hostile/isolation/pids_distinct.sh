# Each session has its own fake `$$`; this one's differs from the other's
# (which the other wrote to its own /tmp, invisible here) and neither is
# the host's.
# peer: echo $$ > /tmp/pid
# expect-stop: none
# expect-stdout: no peer pid file
# expect-stdout: numeric
[ -e /tmp/pid ] || echo "no peer pid file"
[[ $$ =~ ^[0-9]+$ && $$ != "$PPID" ]] && echo numeric
