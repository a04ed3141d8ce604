# check-stderr
ionice --no-such-option-xyz 2>&1 | head -n1; echo "[${PIPESTATUS[0]}]"
