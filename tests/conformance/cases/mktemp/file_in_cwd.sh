f=$(mktemp -p .); [ -f "$f" ] && echo file; [ -s "$f" ] || echo empty
