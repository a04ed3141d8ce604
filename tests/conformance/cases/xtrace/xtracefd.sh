# check-stderr
exec 3> trace.log
BASH_XTRACEFD=3
set -x
echo visible
set +x
exec 3>&-
sed 's/^/log: /' trace.log
