printf 'a\n' | while read -r l; do false; done
echo "${PIPESTATUS[@]}"
