# ${v#p} ${v%p} ${v/p/r} ${v//p/r} match bytes under LC_ALL=C, characters in UTF-8
for loc in C C.UTF-8; do
  LC_ALL=$loc
  echo "$loc:"
  v=héllo
  printf '%s' "${v#h?}" | od -An -tx1
  printf '%s' "${v%?llo}" | od -An -tx1
  printf '%s' "${v##*[!a-z]}" | od -An -tx1
  printf '%s' "${v/?/X}" | od -An -tx1
  printf '%s' "${v//[^a-z]/_}" | od -An -tx1
  printf '%s' "${v/é/E}" | od -An -tx1
  a=(é xé)
  printf '%s' "${a[@]/%?/Y}" | od -An -tx1
done
