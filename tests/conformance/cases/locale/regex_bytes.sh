# [[ =~ ]] matches bytes under LC_ALL=C: . is one byte; BASH_REMATCH holds the bytes
for loc in C C.UTF-8; do
  LC_ALL=$loc
  [[ é =~ ^.$ ]] && echo "$loc: one ." || echo "$loc: not one ."
  [[ é =~ ^..$ ]] && echo "$loc: two ." || echo "$loc: not two ."
  [[ xéy =~ x(.*)y ]] && printf '%s' "${BASH_REMATCH[1]}" | od -An -tx1
  [[ héllo =~ h(.) ]] && printf '%s' "${BASH_REMATCH[1]}" | od -An -tx1
done
