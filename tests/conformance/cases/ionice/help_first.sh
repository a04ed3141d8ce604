ionice --help | head -n 3 | tail -n 1; echo "[${PIPESTATUS[0]}]"
