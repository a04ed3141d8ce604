# ... not even their names.
# peer: PEER_NAME_ONLY=1; declare -A PEER_ASSOC=([k]=v); declare -a PEER_ARR=(1 2)
# expect-stop: none
# expect-stdout: []
# expect-stdout-not-contains: PEER_
echo "[${!PEER*}]"
set | grep PEER_
declare -p | grep PEER_
true
