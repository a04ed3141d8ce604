# check-stderr
# exec's options: -c empties the environment, -l and -a only change
# argv[0]; options group, -aNAME takes its name attached, -- ends them.
export ZZ_SEEN=1
( exec -c env ); echo "c $?"
( exec -cl -a name env ); echo "cla $?"
( exec -anm -- echo grouped ); echo "a $?"
( exec env ) | grep -c ZZ_SEEN
( exec -x echo no; echo "usage $?" )
( exec -a; echo "missing $?" )
( f() { echo function; }; exec f; echo no ); echo "function $?"
( exec -- -l ); echo "dashdash $?"
( exec -l ); echo "no command $?"
