false | true
echo "${PIPESTATUS[@]}"
echo "${PIPESTATUS[@]}"
