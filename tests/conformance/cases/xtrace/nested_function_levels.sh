# check-stderr
inner() { echo inner; }
outer() { inner; }
set -x
outer
