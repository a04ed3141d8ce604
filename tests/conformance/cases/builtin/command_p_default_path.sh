PATH=/nonexistent
command -p cat <<< "found via -p"
