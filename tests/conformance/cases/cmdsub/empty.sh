echo "[$(true)]"
