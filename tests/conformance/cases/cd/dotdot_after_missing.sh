# check-stderr
# A `..` must follow a directory: `missing/..` fails though `.` exists.
mkdir -p top/d1/d2
cd top
touch ff
cd nonexistent_ZZ/..
echo "missing: $?"
cd ff/..
echo "file: $?"
cd d1/d2/../..
echo "dirs: $? ${PWD##*/}"
cd d1/nope/../d2
echo "inner missing: $?"
cd -P d1/nope/..
echo "physical: $?"
