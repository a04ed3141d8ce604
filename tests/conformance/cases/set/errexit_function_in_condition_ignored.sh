set -e
f() { false; echo "continues in f"; }
if f; then echo "f ok"; fi
