chown --version >/dev/null; echo "[$?]"
