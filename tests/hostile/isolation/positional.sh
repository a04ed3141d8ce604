# Positional parameters of the other session are not here.
# peer: set -- peer-secret-pos-1 peer-secret-pos-2
# expect-stop: none
# expect-stdout: 0 []
# forbid: peer-secret-pos
echo "$#" "[$*]"
