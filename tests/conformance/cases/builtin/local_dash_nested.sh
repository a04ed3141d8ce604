inner() { local -; set -u; echo "inner: $-"; }
outer() { local -; set -f; inner; echo "outer: $-"; }
outer
echo "top: $-"
noopt() { set -f; }
noopt
echo "without local -: $-"
