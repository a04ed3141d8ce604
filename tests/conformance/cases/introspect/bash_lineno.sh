f() { echo "called from line ${BASH_LINENO[0]}"; }
echo start
f
