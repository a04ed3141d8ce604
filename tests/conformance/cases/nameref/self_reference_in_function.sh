# check-stderr
# In a function `local -n x=$1` with $1 = x only warns (twice); reading or
# setting x then warns once each and reaches the global x, not following
# it, skipping the locals of the callers.
f() {
    local -n x=$1
    echo "status $?"
    echo "[$x]"
    x=5
    echo "now $x"
    declare -p x
}
x=7
f x
declare -p x
g() { local -n y=y; echo "[$y]"; y=9; }
h() { local y=3; g; echo "h: $y"; }
y=1
h
echo "top: $y"
k() { declare -n z=z; echo "status $?"; z=new; }
k
echo "z=$z"
