false
echo "${PIPESTATUS[@]}"
