set -T
trap 'echo "RETURN from ${FUNCNAME[0]} sees $?"' RETURN
g() { return 3; }
g
echo "g gave $?"
h() { false; }
h
echo "h gave $?"
