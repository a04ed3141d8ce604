# The other session's traps do not fire here.
# peer: trap 'echo peer-secret-trap' EXIT ERR DEBUG RETURN; true
# expect-stop: none
# expect-stdout: ok
# forbid: peer-secret-trap
trap -p
false
f() { :; }
f
echo ok
