# check-stderr
mkdir a b
cd a
cd ../b
cd - >/dev/null
echo "${PWD##*/}"
cd -- - >/dev/null
echo "${PWD##*/}"
echo "status=$?"
