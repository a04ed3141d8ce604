yes | tee f | head -n 2
echo "[${PIPESTATUS[@]}]"
