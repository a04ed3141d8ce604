ionice --version >/dev/null; echo "[$?]"
