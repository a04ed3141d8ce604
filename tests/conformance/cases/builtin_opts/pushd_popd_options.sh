# check-stderr
mkdir a b
HOME=$PWD
cd a
pushd -n ~/b >/dev/null
dirs
popd -n +1 >/dev/null
dirs
popd -Q
echo "st=$?"
popd --
echo "st=$?"
pushd -Q
echo "st=$?"
pushd +Z
echo "st=$?"
pushd -nQ
echo "st=$?"
