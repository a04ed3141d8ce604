f() { local -; set -f; echo "in f: $-"; }
f
echo "after: $-"
