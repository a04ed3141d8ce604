whoami --help | head -n1
