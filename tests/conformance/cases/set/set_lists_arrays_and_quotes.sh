# `set` with no arguments lists scalars quoted only when they need it
# (single quotes for shell metacharacters, $'...' for control characters),
# and arrays and associative arrays as declare -p shows their values.
_empty=
_plain=a=b:c/d.e
_space='a b'
_sq="it's"
_tab=$'a\tb'
_tilde='~user'
_midtilde='a~b'
_hash='#x'
_midhash='a#b'
_glob='*.txt'
declare -a _arr=(1 2 '3 4')
_arr[7]='x"y'
declare -a _noarr=()
declare -A _map=([k]=v ['k e y']='v a l' [@]=at [~]=tilde ['$x']=dollar)
declare -A _nomap=()
declare _declared
set | grep '^_[a-z]'
eval "$(set | grep '^_sq=')"
echo "round trip: $_sq"
