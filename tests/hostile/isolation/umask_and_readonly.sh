# The umask, `ulimit -f` and readonly variables of the other session do not
# apply here.
# peer: umask 077; ulimit -f 1; readonly PATH HOME; readonly PEER_RO=1
# expect-stop: none
# expect-stdout: 0022
# expect-stdout: 644 2000
# expect-stdout: /x
# expect-stdout: two
umask
head -c 2000 /dev/zero > f; stat -c '%a %s' f
PATH=/x; echo "$PATH"
PEER_RO=two; echo "$PEER_RO"
