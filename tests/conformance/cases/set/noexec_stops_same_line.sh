# set -n stops execution at once, even later on the line that set it, in
# a function and in a command substitution.
echo before
x=$(set -n; echo sub)
echo "[$x]"
f() { set -n; echo in f; }
false; f; echo after f
echo never
