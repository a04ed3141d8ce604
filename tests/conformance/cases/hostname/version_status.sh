hostname --version > /dev/null 2>&1; echo "[$?]"
