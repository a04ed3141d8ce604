# check-stderr
set -x
a+=(x "y z")
declare -a b=([3]=q r)
declare c=(1) d=2
f() { local -a l=('it''s'); }
f
