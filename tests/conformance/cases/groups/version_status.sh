groups --version >/dev/null; echo "[$?]"
