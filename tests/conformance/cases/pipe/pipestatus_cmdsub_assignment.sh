x=$(exit 5)
echo "$? ${PIPESTATUS[@]}"
