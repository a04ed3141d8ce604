sync --help | head -n1
