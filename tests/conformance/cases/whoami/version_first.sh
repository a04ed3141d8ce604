whoami --version | head -n1 | cut -d' ' -f1
