HOME=$PWD; mkdir a b
pushd a >/dev/null; pushd ../b >/dev/null
DIRSTACK[1]=~/zzz; dirs
DIRSTACK[1]+=q; dirs
DIRSTACK[0]=/elsewhere; DIRSTACK[7]=x; echo "status $?"; dirs
[ "$PWD" = "$HOME/b" ] && echo "still in b"
echo "${#DIRSTACK[@]}"
