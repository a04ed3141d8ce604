# `$*` and `${a[*]}` where nothing is split (an assignment, a `case`
# subject, `[[ ]]`) are joined with IFS's first character; `$@` with a
# space.
set -- x 'y z'
a=(p 'q r')
IFS=:
s=$*; echo "1 $s"
s=$@; echo "2 $s"
s=${a[*]}; echo "3 $s"
s=${a[@]}; echo "4 $s"
s=${*/x/X}; echo "5 $s"
s=${!a[*]}; echo "6 $s"
case $* in x:y*) echo "7 match";; *) echo "7 no";; esac
[[ $* == x:y* ]] && echo "8 match"
IFS=
s=$*; echo "9 $s"
unset IFS
s=$*; echo "10 $s"
