echo "[${!-none}]"
