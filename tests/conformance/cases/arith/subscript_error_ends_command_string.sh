# check-stderr
a=(1)
( echo ${a[1+]}; echo "subshell goes on"
echo "subshell line 2" )
echo "after subshell $?"
x=$( echo ${a[1+]}; echo in )
echo "after substitution [$x]"
echo $(( 1 + )); echo "same line"
echo "after arithmetic expansion"
eval 'echo ${a[1+]}; echo in-eval'
echo "not reached"
