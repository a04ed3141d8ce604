a=$(mktemp -p .); b=$(mktemp -p .); [ "$a" != "$b" ] && echo distinct; ls | wc -l
