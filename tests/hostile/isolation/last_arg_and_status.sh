# `$_`, `$?`, `$!` and PIPESTATUS carry nothing from the other session.
# peer: sleep 0.01 & echo peer-secret-last-arg; false | false
# expect-stop: none
# expect-stdout-contains: \n0 [] []\n
# forbid: peer-secret-last-arg
s="$? [$!] [${PIPESTATUS[*]}]"
echo "[$_]"
echo "$s"
