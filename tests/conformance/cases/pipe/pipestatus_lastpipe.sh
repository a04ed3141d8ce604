shopt -s lastpipe
echo x | (exit 2) | read v
echo "${PIPESTATUS[@]}"
