# umask and readonly variables of the other session do not apply here.
# peer: umask 077; readonly PATH HOME; readonly PEER_RO=1
# expect-stop: none
# expect-stdout: 0022
# expect-stdout: /x
# expect-stdout: two
umask
PATH=/x; echo "$PATH"
PEER_RO=two; echo "$PEER_RO"
