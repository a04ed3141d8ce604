x=1
echo "${PIPESTATUS[@]}"
