nosuch_cmd_q 2>/dev/null | true
echo "${PIPESTATUS[@]}"
