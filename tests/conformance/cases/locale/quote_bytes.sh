# printf %q and ${v@Q}: under LC_ALL=C a byte past ASCII is unprintable and quoted in octal
for loc in C C.UTF-8; do
  LC_ALL=$loc
  v='héllo wörld'
  printf '%s: %q %q %q\n' "$loc" é "$v" 'a b'
  echo "${v@Q}"
done
