(exit 4)
echo "${PIPESTATUS[@]}"
