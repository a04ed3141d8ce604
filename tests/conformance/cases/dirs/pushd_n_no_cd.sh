HOME=$PWD; mkdir a b
pushd -n a >/dev/null; dirs; [ "$PWD" = "$HOME" ] && echo "not moved"
pushd -n b >/dev/null; dirs
popd -n >/dev/null; dirs
