# check-stderr
set -x
{ v=1; unset v; }
