# ... nor in /tmp or the home directory, by name or by glob.
# peer: echo peer-secret-file-2 > /tmp/t.txt; echo peer-secret-file-2 > ~/.bash_history
# expect-stop: none
# expect-stdout: []
# forbid: peer-secret-file-2
shopt -s nullglob dotglob
f=(/tmp/* ~/*)
echo "[${f[*]}]"
cat /tmp/t.txt ~/.bash_history 2>/dev/null
true
