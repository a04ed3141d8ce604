# check-stderr
command time -p sh -c 'exit 2' 2>&1 | awk '{print $1}'; echo "[${PIPESTATUS[0]}]"
