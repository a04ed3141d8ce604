# check-stderr
mkdir a b
HOME=$PWD
dirs -clp
echo "st=$?"
pushd -n ~/a >/dev/null
pushd -- ~/b >/dev/null
dirs -v
dirs +2 -l | sed 's|.*/||'
dirs -Q
echo "st=$?"
dirs +9
echo "st=$?"
dirs --
dirs x
echo "st=$?"
