trap 'echo caught' USR1
trap - USR1
trap -p USR1
echo "[$(trap -p USR1)]"
