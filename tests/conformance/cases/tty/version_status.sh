tty --version >/dev/null; echo "[$?]"
tty --help >/dev/null; echo "[$?]"
