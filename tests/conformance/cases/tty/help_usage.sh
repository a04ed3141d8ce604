tty --help | head -n1; echo "[${PIPESTATUS[0]}]"
