f() { return 6; }
f | f
echo "${PIPESTATUS[@]}"
