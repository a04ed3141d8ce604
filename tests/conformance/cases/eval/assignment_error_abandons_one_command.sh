# An assignment to a readonly variable abandons the complete command it is
# in; eval and source go on with their text's next command, and eval's
# status is the last one's.
readonly x=1
eval 'x=2; echo not reached
echo "line two of eval"'
echo "eval: $?"
f() {
  eval 'x=3'
  echo "in f: $?"
}
f
echo "after f: $?"
printf '%s\n' 'x=4; echo not reached' 'echo "sourced line two"' > s.sh
. ./s.sh
echo "source: $?"
x=5 true
echo "prefix: $?"
