# check-stderr
# Running a path that fails for a reason other than a missing file gives
# 126 (a file used as a directory, a name too long); a missing one 127.
echo hi > file
./file/x
echo "file as directory: $?"
./missing
echo "missing: $?"
./nodir/x
echo "missing directory: $?"
long=$(printf 'n%.0s' {1..300})
"./$long" 2>/dev/null
echo "name too long: $?"
