# check-stderr
# A here-document the end of the script cuts short: bash warns and uses
# the lines it has (<<- strips tabs, a quoted delimiter may hold blanks).
echo start
cat <<A <<"B C"
a
A
$b
	c