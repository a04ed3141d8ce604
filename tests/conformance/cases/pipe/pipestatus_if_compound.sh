if false; then :; fi
echo "$? ${PIPESTATUS[@]}"
