printf 'no newline' | { read -r x; echo "status=$? x=$x"; }
