# Under `set -T` the DEBUG trap also runs as a function starts, with
# `$BASH_COMMAND` the call and `$LINENO` the line its body starts on.
trap 'echo "D: $BASH_COMMAND ($LINENO)"' DEBUG
set -T
f()
{

    :
}
g() { :; }
function h
{ echo "in h $LINENO"; }
f
g
h
trap - DEBUG
