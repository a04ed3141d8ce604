! true | false
echo "$? ${PIPESTATUS[@]}"
