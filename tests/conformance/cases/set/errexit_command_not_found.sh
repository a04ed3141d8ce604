set -e
nosuch_cmd_e 2>/dev/null
echo not reached
