{ false; }
echo "${PIPESTATUS[@]}"
