f=$(mktemp -u -p . tXXXXXX); [ -e "$f" ] && echo exists || echo "not created"
