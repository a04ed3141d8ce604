stdbuf --version | head -n1 | cut -d' ' -f1; echo "[${PIPESTATUS[0]}]"
