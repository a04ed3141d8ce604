# check-stderr
export A=1 B=2
env -u A env | grep -c '^A='
env --unset=B env | grep -c '^B='
env -u A -u B sh -c 'echo "[${A-u}${B-u}]"'
env -u 'A=1' true; echo "[$?]"
